#!/usr/bin/env bash
# Tests that teams keep: Uniflow's testers inside Quick specs with Nimble's matchers
# (Checks/MainActorApp/Sources/QuickSpecsRunner), run through XCTest as a ReactorKit or
# RxSwift app's specs are. Run after scripts/check-main-actor-app.sh, which builds them.
#
# SwiftPM finds XCTest's tests on Linux by reading the code, and Quick makes its examples
# when the specs run, so `swift test` would find none of them: the specs are an executable
# that calls XCTMain, as Quick's Linux setup has it. It runs under a name ending in .xctest,
# as an XCTest bundle runs on Linux, which is how IssueReporting (which the testers report
# through) knows a test process and turns a tester's failure into an XCTest failure.
#
# Three runs: the specs pass; then, with UNIFLOW_QUICK_MADE_TO_FAIL=1, two more specs made to
# fail (a wrong state, a value never asserted) must fail the run, each with the tester's
# message at the spec's line; and the migrated specs again, in a main-actor-by-default module
# (MainActorSpecsRunner).
set -euo pipefail
cd "$(dirname "$0")/../Checks/MainActorApp"
# In the library's .build, where scripts/check-main-actor-app.sh built the package.
scratch="$(cd ../.. && pwd)/.build"

bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
log="$(mktemp)"
# Builds the runner PRODUCT, as NAME.xctest, and runs it: it must pass with COUNT specs run.
# WHERE says which specs they are, for the messages.
passes() {
  local product="$1" name="$2" count="$3" where="$4"
  swift build --scratch-path "$scratch" --product "$product" 2>&1 | grep -E "error|warning:|Build of product" \
    | grep -v "/checkouts/" || true
  local runner="$bin/$name.xctest"
  cp "$bin/$product" "$runner"
  if ! "$runner" > "$log" 2>&1; then
    cat "$log"
    echo "error: the Quick specs $where failed" >&2
    exit 1
  fi
  grep -q "Executed $count tests, with 0 failures" "$log" || {
    cat "$log"
    echo "error: the Quick specs $where did not all run" >&2
    exit 1
  }
}

passes QuickSpecsRunner QuickSpecs 12 "of QuickSpecsRunner"
echo "quick specs: 12 passed (3 written for Uniflow, 9 migrated into AsyncSpecs: 6 from a ReactorKit app, two of them awaiting a main-queue delay and two sharing vars of one name, 2 from a spec with an instance property and a helper, 1 defined in a helper in an extension in another file)"

if UNIFLOW_QUICK_MADE_TO_FAIL=1 "$bin/QuickSpecs.xctest" > "$log" 2>&1; then
  cat "$log"
  echo "error: specs made to fail passed: a tester's failure is not reported in a Quick spec" >&2
  exit 1
fi
for expected in "Executed 14 tests, with 2 failures" \
  "CounterSpec.swift" "State after sending increase differs from the expected state" \
  "output value(s) were not asserted"; do
  grep -qF "$expected" "$log" || {
    cat "$log"
    echo "error: the failing specs' output lacks: $expected" >&2
    exit 1
  }
done
echo "quick specs: the 2 made to fail failed, each with the tester's message"

# The migrated specs once more, in a module whose default isolation is the main actor (an
# Xcode 26 app's test target): migrate makes each spec and its extensions `nonisolated`,
# without which they do not build there.
passes MainActorSpecsRunner MainActorSpecs 9 "in a main-actor-by-default module"
echo "quick specs: the 9 migrated ones pass in a main-actor-by-default module too"
