#!/usr/bin/env bash
# Scaffold's test command: the generator's own tests, then the proof that what it
# generates is real code. Every kind (a stream, a reactor, a view model, and a view model
# with its repository layer) is generated twice into Checks/MainActorApp: into a plain
# module, and into one whose code defaults to the main actor, as a new Xcode 26 app
# target's does. Both are built without warnings and their tests must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
swift test

root="$(cd .. && pwd)"
uniflow="$(swift build --show-bin-path)/uniflow"
# The generated screens go into the repository's main-actor app package, which has a
# plain module for them and one whose code defaults to the main actor, each with its
# tests; scripts/check-main-actor-app.sh builds and tests that package once, with the
# docs' code, instead of a second package of its own (each costs a build of Uniflow's
# dependencies). The generated files are not committed (see its .gitignore).
work="$root/Checks/MainActorApp"
for module in Screens MainActorScreens; do
  find "$work/Sources/$module" "$work/Tests/${module}Tests" -name '*.swift' \
    ! -name 'Placeholder.swift' -delete
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
  "$work/Sources/Screens" "$work/Sources/MainActorScreens" "$work/Tests/ScreensTests" \
  "$work/Tests/MainActorScreensTests"

# Built without a warning, and every generated suite passes, in both modules.
bash "$root/scripts/check-main-actor-app.sh"
