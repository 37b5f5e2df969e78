#!/usr/bin/env bash
# Builds and tests Checks/MainActorApp, a small app package whose code defaults to the main
# actor (as a new Xcode 26 app target's does): a screen in each of Uniflow's shapes with its
# tester; the docs' code (the README's, the articles' and the snippets'), written into a
# plain test module and a main-actor one by scripts/write-doc-tests.py; and what `uniflow
# new` writes, in a plain module and a main-actor one (scripts/check-new-screens.sh generates
# it, then runs this). Warnings in the package's own code fail the run, as errors do.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 scripts/write-doc-tests.py
package=Checks/MainActorApp
# In the library's .build, beside Uniflow built with the same commands (scripts/test.sh).
scratch="$(pwd)/.build"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build --package-path "$package" --scratch-path "$scratch" --build-tests 2>&1 | tee "$log" | grep -E "error|warning:|Compiling|Build complete" || true
# Warnings of the packages it depends on are theirs (Quick and Nimble each ship a privacy
# manifest SwiftPM does not know, "found 1 file(s) which are unhandled").
if grep -E "(error|warning):" "$log" | grep -v "/checkouts/" \
  | grep -vE "^warning: '(quick|nimble)': found 1 file\(s\) which are unhandled"; then
  echo "error: Checks/MainActorApp does not build cleanly" >&2
  exit 1
fi
swift test --package-path "$package" --scratch-path "$scratch" --skip-build 2>&1 | tee "$log" | grep -E "✘" || true
if ! grep -q "Test run with .* passed" "$log"; then
  # No failure line was printed above when the run crashed or hung: its end says which.
  tail -n 40 "$log"
  echo "error: Checks/MainActorApp's tests failed" >&2
  exit 1
fi
# Every suite ran: the app's, and the docs' in both modes.
for suite in ShoppingListReactorTests ShoppingSearchStreamTests \
  ShoppingSearchStreamOffTheMainActorTests ShoppingListViewModelTests ItemDetailViewModelTests; do
  grep -q "Suite $suite passed" "$log" || { echo "error: $suite did not pass" >&2; exit 1; }
done
# The generated suites, when the scaffold wrote them: each passes in both modules (a
# suite's name is the same in both).
if ls "$package/Sources/Screens"/*ViewStream.swift > /dev/null 2>&1; then
  for suite in SearchViewStreamTests ProfileReactorTests SettingsViewModelTests \
    ProductsViewModelTests ProductsRepositoryTests; do
    passes=$(grep -c "Suite $suite passed" "$log" || true)
    [ "$passes" -eq 2 ] || { echo "error: $suite passed $passes time(s), not 2" >&2; exit 1; }
  done
fi
grep "Test run with" "$log" | tail -1
