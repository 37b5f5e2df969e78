#!/usr/bin/env bash
# The benchmarks' part of the repository's test command: the scenarios' tests, then every
# benchmark for a couple of iterations (UNIFLOW_BENCH_SMOKE), so that a broken benchmark
# fails CI. No timing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."

UNIFLOW_BENCH_SMOKE=1 swift package benchmark --no-progress --quiet
echo "benchmarks: every benchmark ran (smoke)"
# Only what the tests need: a plain `swift test` would also build the benchmark executable
# and its harness in debug, minutes for nothing the tests run.
swift build --product UniflowBenchmarksPackageTests
swift test --skip-build
