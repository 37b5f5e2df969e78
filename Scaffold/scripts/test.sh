#!/usr/bin/env bash
# Scaffold's test command: the generator's own tests, then the proof that what it
# generates is real code. One temporary package, depending on Uniflow by path, gets every
# kind (a stream, a reactor, a view model, and a view model with its repository layer)
# twice: in a plain module, and in one whose code defaults to the main actor, as a new
# Xcode 26 app target's does. Both are built without warnings and their tests must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
swift test

root="$(cd .. && pwd)"
# A package reached by path is named after its folder (a clone may be named anything).
identity="$(basename "$root" | tr '[:upper:]' '[:lower:]')"
uniflow="$(swift build --show-bin-path)/uniflow"
# Inside .build: ignored by git, and kept between local runs so the build is incremental.
work=".build/generated-package"
rm -rf "$work/Sources" "$work/Tests"
for module in Screens MainActorScreens; do
  mkdir -p "$work/Sources/$module" "$work/Tests/${module}Tests"
done
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Generated",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  dependencies: [.package(path: "$root")],
  targets: [
    .target(name: "Screens", dependencies: [.product(name: "Uniflow", package: "$identity")]),
    .testTarget(
      name: "ScreensTests",
      dependencies: ["Screens", .product(name: "UniflowTesting", package: "$identity")]),
    .target(
      name: "MainActorScreens", dependencies: [.product(name: "Uniflow", package: "$identity")],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .testTarget(
      name: "MainActorScreensTests",
      dependencies: [
        "MainActorScreens", .product(name: "UniflowTesting", package: "$identity"),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

for module in Screens MainActorScreens; do
  (
    cd "$work"
    "$uniflow" new Search --kind stream --module "$module"
    "$uniflow" new Profile --kind reactor --module "$module"
    "$uniflow" new Timer --kind reactor --clock --module "$module"
    "$uniflow" new Settings --kind viewmodel --module "$module"
    "$uniflow" new Products --kind viewmodel --repository --module "$module"
  )
done

# What a team gets passes the repository's own format check.
swift format lint --strict --configuration "$root/.swift-format" --recursive \
  "$work/Sources" "$work/Tests"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build --package-path "$work" --build-tests 2>&1 | tee "$log"
if grep "warning:" "$log" | grep -v "/checkouts/" ; then
  echo "error: the generated code has warnings" >&2
  exit 1
fi
swift test --package-path "$work" --skip-build 2>&1 | tee "$log"
# Every generated suite ran and passed, in both modules (a suite's name is the same in
# both, so each must pass twice).
for suite in SearchViewStreamTests ProfileReactorTests SettingsViewModelTests \
  ProductsViewModelTests ProductsRepositoryTests; do
  passes=$(grep -c "Suite $suite passed" "$log" || true)
  [ "$passes" -eq 2 ] || { echo "error: $suite passed $passes time(s), not 2" >&2; exit 1; }
done
grep "Test run with" "$log" | tail -1
