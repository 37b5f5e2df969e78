#!/usr/bin/env bash
# Builds the library's Apple branch (`#if canImport(Combine)`) here on Linux: Uniflow,
# UniflowTesting and their tests, from the unchanged sources, against the stand-in
# `Combine` module in Checks/AppleBranch. Checks/AppleBranch/README.md says what this
# catches and what it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."

# The stand-in re-exports OpenCombine and its Dispatch and Foundation modules, so an
# import of OpenCombine would still build there; imports are checked by name instead.
# Exports.swift's `#else` branch is the one place that may name OpenCombineShim.
if grep -rnE --include='*.swift' '^\s*(@_exported\s+)?(public\s+|internal\s+)?import\s+OpenCombine' \
  Sources | grep -v '^Sources/Uniflow/Combine/Exports.swift:'; then
  echo "error: only Sources/Uniflow/Combine/Exports.swift may import OpenCombine" >&2
  exit 1
fi

cd Checks/AppleBranch
# The stand-in is built first, on its own. `canImport(Combine)` sees only modules that
# are already built, and SwiftPM would otherwise be free to build CombineSchedulers or
# OpenCombineShim before it. Its dependencies are built before it, so OpenCombineDispatch
# still sees no `Combine` and keeps its `DispatchQueue: Scheduler` conformance.
swift build --target Combine
swift build --build-tests
echo "apple branch: Uniflow, UniflowTesting and their tests build against the stand-in Combine"
