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
# Every build here type-checks and compiles; none links a test runner, so none needs the
# index that test discovery reads (and indexing is a tenth of a debug build's time), and
# nothing here is debugged, so none writes debug information (a fifth of the compiling).
build() { swift build --disable-index-store -Xswiftc -gnone "$@"; }
# The stand-in is built first, on its own. `canImport(Combine)` sees only modules that
# are already built, and SwiftPM would otherwise be free to build CombineSchedulers or
# OpenCombineShim before it. Its dependencies are built before it, so OpenCombineDispatch
# still sees no `Combine` and keeps its `DispatchQueue: Scheduler` conformance.
build --target Combine
# The stand-in UIKit, SwiftUI and os come next, and must come after every dependency that
# has UIKit, SwiftUI or os code of its own behind `canImport`: the stand-ins declare only what
# Uniflow uses, so such a dependency must not see them. Those targets are found in the
# checkouts (each is the folder under a package's Sources/) and built first.
early=$(grep -rlE --include='*.swift' 'canImport\((UIKit|SwiftUI|os)\)' .build/checkouts/*/Sources \
  | awk -F/ '{ print $5 }' | sort -u)
for target in $early; do
  build --target "$target"
done
build --target UIKit
build --target SwiftUI
build --target os
# Warnings in our code fail too: SwiftUI's `Binding` takes `@preconcurrency` closures, so
# what would be an isolation error elsewhere is only a warning there, and no less wrong.
log="$(mktemp)"
# The test modules are compiled, not linked: what they can catch here is a use of an operator
# that only the Linux build's polyfills give.
for target in UniflowTests UniflowTestingTests AppleUses; do
  build --target "$target" 2>&1
done | tee "$log" | grep -E "error|warning:|complete!" || true
if grep -E "(error|warning):" "$log" | grep -vE "/(\.build|checkouts)/" | grep .; then
  echo "error: the Apple branch builds with the errors or warnings above" >&2
  exit 1
fi
[ "$(grep -c "complete!" "$log")" -eq 3 ] || { echo "error: the Apple branch did not build" >&2; exit 1; }
echo "apple branch: Uniflow, UniflowTesting and their tests build against the stand-in" \
  "Combine; the UIKit and SwiftUI code, and the docs' examples of it (AppleUses), against" \
  "the stand-in UIKit and SwiftUI; the signposts against the stand-in os"
