#!/usr/bin/env bash
# Renders the documentation's diagrams from their Graphviz sources in docs/diagrams/ into
# the Uniflow catalog's Resources. The images are committed; run this after editing a .dot.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v dot > /dev/null; then
  apt-get update -qq && apt-get install -y -qq --no-install-recommends graphviz > /dev/null
fi
for source in docs/diagrams/*.dot; do
  name="$(basename "$source" .dot)"
  # Twice the pixels, named @2x so DocC shows it at its natural size on any screen.
  dot -Tpng -Gdpi=144 "$source" -o "Sources/Uniflow/Uniflow.docc/Resources/$name@2x.png"
  echo "rendered $name@2x.png"
done
