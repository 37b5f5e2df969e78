#!/usr/bin/env bash
# Builds the benchmarks in release, runs every scenario next to its baselines in one
# process, and prints a table: scenario, median ns/op and mallocs/op, its baseline's
# median ns/op, and the ratio. Extra arguments go to `swift package benchmark`
# (for example `--filter "reactor.*"`).
set -euo pipefail
cd "$(dirname "$0")/.."

raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
swift package benchmark --no-progress "$@" | tee "$raw" >&2
python3 scripts/table.py "$raw"
