#!/usr/bin/env bash
# Checks that the documentation's pictures were rendered from their Graphviz sources as they
# are now: docs/diagrams/rendered.sha256, written by scripts/render-diagrams.sh, names each
# source and the picture made from it. A .dot edited without rendering again, a picture
# edited by hand, a source without a picture or a picture without a source fails.
set -euo pipefail
cd "$(dirname "$0")/.."
record=docs/diagrams/rendered.sha256
sha256sum --quiet --check "$record" || {
  echo "error: a diagram and its source disagree; run scripts/render-diagrams.sh" >&2
  exit 1
}
for source in docs/diagrams/*.dot; do
  name="$(basename "$source" .dot)"
  grep -q " $source\$" "$record" || { echo "error: $source was never rendered; run scripts/render-diagrams.sh" >&2; exit 1; }
  grep -q " Sources/Uniflow/Uniflow.docc/Resources/$name@2x.png\$" "$record" \
    || { echo "error: $name@2x.png is not in $record" >&2; exit 1; }
done
for picture in Sources/Uniflow/Uniflow.docc/Resources/*@2x.png; do
  name="$(basename "$picture" @2x.png)"
  [ -f "docs/diagrams/$name.dot" ] || { echo "error: $picture has no source docs/diagrams/$name.dot" >&2; exit 1; }
done
# Where Graphviz is installed, render again and compare bytes too (its output is the same
# for the same source and version).
if command -v dot > /dev/null; then
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  for source in docs/diagrams/*.dot; do
    name="$(basename "$source" .dot)"
    dot -Tpng -Gdpi=144 "$source" -o "$scratch/$name.png"
    cmp -s "$scratch/$name.png" "Sources/Uniflow/Uniflow.docc/Resources/$name@2x.png" \
      || echo "note: $name@2x.png differs from this machine's rendering (Graphviz $(dot -V 2>&1 | awk '{print $5}'))"
  done
fi
echo "diagrams: $(ls docs/diagrams/*.dot | wc -l) pictures match their sources"
