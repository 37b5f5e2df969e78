#!/usr/bin/env bash
# The benchmarks' part of the repository's test command: every benchmark for a couple of
# iterations (UNIFLOW_BENCH_SMOKE), so that a broken benchmark fails CI, then the
# scenarios' tests. No timing is asserted.
#
# Both run from one debug build: the smoke run calls the benchmark executable itself
# rather than `swift package benchmark`, whose release build of the whole harness would
# cost minutes for a run that measures nothing. `scripts/bench.sh` measures, in release.
#
# UNIFLOW_BUILD_FOLDER, when set, is the build folder to use: the repository's test command
# gives the library's, where Uniflow and its dependencies are built with the same commands,
# so only the harness and the benchmarks compile.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=()
if [ -n "${UNIFLOW_BUILD_FOLDER:-}" ]; then scratch=(--scratch-path "$UNIFLOW_BUILD_FOLDER"); fi
swift build --build-tests "${scratch[@]}"
UNIFLOW_BENCH_SMOKE=1 "$(swift build --show-bin-path "${scratch[@]}")/UniflowBenchmarks" --quiet true \
  > /dev/null
echo "benchmarks: every benchmark ran (smoke)"
swift test --skip-build "${scratch[@]}"
