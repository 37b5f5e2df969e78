#!/usr/bin/env bash
# Renders the documentation's diagrams from their Graphviz sources in docs/diagrams/ into
# the Uniflow catalog's Resources. The images are committed; run this after editing a .dot
# (it also writes docs/diagrams/rendered.sha256, which the test command checks).
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
# What was rendered from what: scripts/check-diagrams.sh fails the test command when a
# source or a picture changes without the other being rendered again.
(
  for source in docs/diagrams/*.dot; do
    name="$(basename "$source" .dot)"
    sha256sum "$source" "Sources/Uniflow/Uniflow.docc/Resources/$name@2x.png"
  done
) > docs/diagrams/rendered.sha256
