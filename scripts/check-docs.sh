#!/usr/bin/env bash
# Builds the DocC catalogs of Uniflow and UniflowTesting with warnings as errors (a broken
# symbol link or article link fails), then checks that every public symbol sits in a topic
# of its module's landing page: DocC files uncurated symbols under generated groups, and
# only "Extended Modules" (Combine's types that Uniflow extends) may be generated.
# The snippets in Snippets/ are built by `swift build`, which the test command runs first.
set -euo pipefail
cd "$(dirname "$0")/.."

# Both catalogs in one run of the plugin: one load of the package, one build for the symbols.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# What an earlier run wrote is removed, so that only this run's archives are read below.
rm -rf .build/plugins/Swift-DocC/outputs/Uniflow.doccarchive \
  .build/plugins/Swift-DocC/outputs/UniflowTesting.doccarchive
swift package --disable-sandbox generate-documentation --target Uniflow --target UniflowTesting \
  --warnings-as-errors > "$log" 2>&1 || { cat "$log"; exit 1; }
for target in Uniflow UniflowTesting; do
  archive=".build/plugins/Swift-DocC/outputs/$target.doccarchive"
  python3 - "$archive" "$(echo "$target" | tr '[:upper:]' '[:lower:]')" <<'PY'
import json, sys
archive, module = sys.argv[1], sys.argv[2]
page = json.load(open(f"{archive}/data/documentation/{module}.json"))
uncurated = [
    section["title"] for section in page.get("topicSections", [])
    if section.get("generated") and section.get("title") != "Extended Modules"
]
if uncurated:
    sys.exit(f"error: {module}: symbols outside any topic, in: {', '.join(uncurated)}")
print(f"{module}: documentation built, every symbol in a topic")
PY
done
