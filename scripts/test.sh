#!/usr/bin/env bash
# The one test command: builds and tests every package in the repository.
#
#   bash scripts/test.sh           everything, as CI runs it
#   bash scripts/test.sh --quick   the inner loop: the library's build, its tests and the
#                                  compile-fail checks (a few minutes from a warm build)
#
# In order, so that the checks a change most often breaks report first:
#   1. the library and its tools (Tools/: `uniflow` and the package plugin): the tracked
#      files (no build output, nothing large), their build and the tools' tests, the
#      compile-fail checks; the format of every package's Swift code (swift format lint
#      --strict);
#   2. the documentation (DocC, warnings as errors; the pictures against their Graphviz
#      sources), a check that APIs newer than the
#      declared platforms are gated with @available, the Apple branch built against a
#      stand-in Combine (Checks/AppleBranch), and the library's tests, under the thread
#      sanitizer (their one build in a full run), whose build also reports the functions of
#      ours slow to type-check (and fails on one far over the limit); and no "seed 00x" in
#      what a user reads;
#   3. new screens: `swift package uniflow new` generates every kind of screen into
#      Checks/MainActorApp, a main-actor app package that holds a screen of each shape and
#      the docs' code too, and builds and tests it: plain and main-actor modules alike
#      (scripts/check-new-screens.sh); the Quick specs; then Examples/ and Benchmarks/:
#      their tests (the benchmarks also run each benchmark briefly, as a smoke test, through
#      their own script);
#   4. the recording loop: `todo --record`, `uniflow test-from-recording`, the written
#      test built and passing, and failing once `reduce` is broken
#      (scripts/check-recording-loop.sh);
#   5. the session viewer: `uniflow view`'s pages driven in headless Chromium, hostile and
#      100,000-step sessions included (scripts/check-viewer.sh);
#   6. `uniflow migrate` (Tools/Migrate, built in the background once the library's own
#      build is done): its tests, and the plugin's rewrites of its fixtures, which are the
#      golden files that Checks/MainActorApp compiled and tested in step 3
#      (scripts/check-migrate.sh); then `uniflow mutate` over its fixture (a suite that
#      asserts nothing lets every mutant live, a real one kills 90%), the todo app's two
#      screens (every mutant killed or marked equivalent) and the report page in Chromium
#      (scripts/check-mutate.sh);
#   7. the fuzz targets (Fuzz/: deep links, session files, the viewer's page, the Swift
#      literals of written tests, migrate's rewriter; built in the background like migrate's):
#      each replays its committed corpus, then fuzzes 20 s with a fixed seed
#      (Fuzz/scripts/fuzz.sh check);
#   8. the benchmarks' instruction counts under valgrind against the committed baseline
#      (Benchmarks/scripts/instructions.py; its release build runs in the background from
#      step 4 on).
#
# The run ends by printing how long each section took, and the whole run.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=false
case "${1:-}" in
  --quick) quick=true ;;
  "") ;;
  *)
    echo "usage: bash scripts/test.sh [--quick]" >&2
    exit 2
    ;;
esac

# Each section header says how long the run has taken so far, and the end of the run lists
# each section's own time and the total, so that the slow parts show in CI's log (the whole
# run must stay well under CI's limit).
section_names=()
section_starts=()
minutes() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
section() {
  section_names+=("$*")
  section_starts+=("$SECONDS")
  printf '\n==> %s (at %s)\n' "$*" "$(minutes "$SECONDS")"
}
finished() {
  printf '\n==> %s in %s\n' "$*" "$(minutes "$SECONDS")"
  printf '\nEach section, from its start to the next one'"'"'s (the builds in the background run\n'
  printf 'beside them, so a section that waits for one shows that wait):\n'
  local index end
  for index in "${!section_names[@]}"; do
    end="${section_starts[$((index + 1))]:-$SECONDS}"
    printf '  %7s  %s\n' "$(minutes $((end - section_starts[index])))" "${section_names[$index]}"
  done
  printf '  %7s  in all\n' "$(minutes "$SECONDS")"
}

section "Tracked files: no build output, nothing over 2 MB; no tester machinery in Sources/Uniflow"
python3 scripts/check-tracked-files.py
bash scripts/check-seam.sh

# The full run builds the library's own tests once, under the thread sanitizer (below): here
# it builds and runs the tools' tests (UNIFLOW_TOOL_TESTS_ONLY, Package.swift). The quick
# run has no sanitizer run, so it builds and runs them all here.
if $quick; then
  section "Library: build, tests, compile-fail checks"
  unset UNIFLOW_TOOL_TESTS_ONLY
else
  section "Library and tools: build, the tools' tests, compile-fail checks"
  export UNIFLOW_TOOL_TESTS_ONLY=1
fi
swift build --build-tests
library_log="$(mktemp)"
swift test --skip-build 2>&1 | tee "$library_log"
unset UNIFLOW_TOOL_TESTS_ONLY
bash scripts/compile-fail.sh

# The closing line CI reads: the package's tests, counted by Swift Testing's summaries (the
# plain run's, and the thread sanitizer's in a full run).
tsan_log=""
summary() {
  local tests=0 count log
  for log in "$library_log" $tsan_log; do
    count="$(grep -Eo 'Test run with [0-9]+ tests' "$log" | tail -1 | grep -Eo '[0-9]+' || true)"
    tests=$((tests + ${count:-0}))
  done
  printf '\nUniflow: %s passed, 0 failed\n' "$tests"
}
if $quick; then
  finished "Quick checks passed"
  summary
  exit 0
fi

# What the run installs (YAML for Python, SQLite's headers, the browser the session
# viewer's checks drive), downloaded while everything builds; the steps that need it wait
# for it, and its log is shown then.
installs_log="$(mktemp)"
bash scripts/install-tools.sh > "$installs_log" 2>&1 &
installs=$!
installed() {
  if [ -n "${installs:-}" ]; then
    local status=0
    wait "$installs" || status=$?
    cat "$installs_log"
    installs=""
    if [ "$status" -ne 0 ]; then
      echo "error: installing the tools the tests need failed" >&2
      exit 1
    fi
  fi
}

# uniflow migrate's rewriter (Tools/Migrate: swift-syntax, some three minutes of CPU) builds
# in the background from here on, to use the time the other steps leave a core idle (the
# documentation, the examples' terminal tests, the browser); its step waits for it. It does
# not yield to the steps in front: SwiftPM starts the compilers at normal priority whatever
# the niceness or scheduling class it was started with, so a `nice` here would change
# nothing. It starts after the library's own build, whose packages it would contend with
# when they are fetched and built.
migrate_log="$(mktemp)"
bash scripts/check-migrate.sh --build-only > "$migrate_log" 2>&1 &
migrate_build=$!
# The fuzz targets (Fuzz/, libFuzzer and AddressSanitizer over their own build of the
# library, the products example and swift-syntax) build the same way, after migrate's.
fuzz_log="$(mktemp)"
(wait_for_migrate() { while kill -0 "$migrate_build" 2>/dev/null; do sleep 2; done; }
  wait_for_migrate
  bash Fuzz/scripts/fuzz.sh build) > "$fuzz_log" 2>&1 &
fuzz_build=$!

section "Format: swift format lint --strict over every package"
bash scripts/check-format.sh

section "Documentation: both catalogs, warnings as errors, every symbol in a topic; the pictures match their sources"
bash scripts/check-docs.sh
bash scripts/check-diagrams.sh

section "Availability: newer-OS APIs behind @available"
# The library, the snippets, the templates a team generates from, and the examples'
# platform-neutral cores (what a team copies into an iOS app).
python3 scripts/check-availability.py Sources Snippets \
  Tools/NewScreens Tools/Sessions Tools/Support Examples/Sources/*Core

section "Apple branch: Uniflow built against a stand-in Combine"
bash scripts/check-apple-branch.sh

section "Apple workflows: valid YAML, and what they run exists"
# The workflows run only on GitHub's macOS runners; here they are parsed and checked.
python3 -c "import yaml" 2>/dev/null || installed
if ! python3 -c "import yaml" 2>/dev/null; then
  echo "Installing python3-yaml (to parse the workflows)…"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq python3-yaml
fi
python3 scripts/check-workflows.py

section "Library: its tests, under the thread sanitizer; no function of ours slow to type-check"
# The same build also times the type checker: a function or an expression of the
# libraries that takes over 100 ms to type-check costs every app that builds them, on every
# clean build. It is reported; one far over the limit, more than a busy machine explains,
# fails the run (scripts/check-type-check-times.sh).
tsan_log="$(mktemp)"
# The tools are left out of this build (UNIFLOW_LIBRARY_ONLY, Package.swift): the other runs
# test them, and this one is about the library's threads.
# Without debug information (-gnone): a fifth less compiling, in a build folder of its own
# that nothing else builds in; a race's report still names its functions.
UNIFLOW_LIBRARY_ONLY=1 swift test --sanitize=thread --scratch-path .build-tsan -Xswiftc -gnone \
  -Xswiftc -Xfrontend -Xswiftc -warn-long-function-bodies=100 \
  -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=100 2>&1 | tee "$tsan_log"
bash scripts/check-type-check-times.sh "$tsan_log"

section "User-facing text: no 'seed 00x', name the article or the library"
bash scripts/check-user-text.sh

section "New screens: swift package uniflow new, every kind, built and tested in an app"
bash scripts/check-new-screens.sh

section "Quick specs: the testers inside Quick and Nimble specs, run through XCTest"
bash scripts/check-quick-specs.sh


# The examples need SQLite's headers: from the installs above, when they were missing.
[ -f /usr/include/sqlite3.h ] || installed
for package in Examples Benchmarks; do
  if [ -f "$package/Package.swift" ]; then
    if [ -x "$package/scripts/test.sh" ]; then
      section "$package: scripts/test.sh"
      if [ "$package" = Benchmarks ]; then
        # The benchmarks build in the library's build folder, beside Uniflow and its
        # dependencies built with the same commands (a minute of CPU saved). Examples keep
        # their own: the recording loop and mutate build there after them, and the
        # library's resolution would drop GRDB's checkout, to be compiled again.
        UNIFLOW_BUILD_FOLDER="$(pwd)/.build" "$package/scripts/test.sh"
      else
        "$package/scripts/test.sh"
      fi
    else
      section "$package: tests"
      swift test --package-path "$package"
    fi
  fi
done

# The instruction counts' release build runs in the background while the recording loop
# and the browser leave a core idle (at normal priority, as above); its check comes last but
# one.
instructions_log="$(mktemp)"
python3 Benchmarks/scripts/instructions.py --build-only > "$instructions_log" 2>&1 &
instructions_build=$!

section "Recording loop: record in the app, write a test, break reduce under it"
# It also records the GitHub search's session that the viewer's check opens (see there).
mkdir -p .build/viewer
export UNIFLOW_GITHUB_SESSION="$(pwd)/.build/viewer/github.jsonl"
bash scripts/check-recording-loop.sh

section "Session viewer: uniflow view's pages in headless Chromium"
installed
bash scripts/check-viewer.sh

section "uniflow migrate: its tests, and the plugin's rewrites of the fixtures"
# Its rewriter has been building in the background since the library's build (above).
if ! wait "$migrate_build"; then
  cat "$migrate_log"
  echo "error: uniflow migrate's rewriter did not build" >&2
  exit 1
fi
bash scripts/check-migrate.sh

section "uniflow mutate: a hollow suite lets every mutant live, a real one kills them"
bash scripts/check-mutate.sh

section "Fuzzing: every target replays its corpus, then fuzzes 20 s with a fixed seed"
# Built in the background since migrate's rewriter was (above).
if ! wait "$fuzz_build"; then
  tail -40 "$fuzz_log"
  echo "error: the fuzz targets did not build" >&2
  exit 1
fi
bash Fuzz/scripts/fuzz.sh check 20

section "Benchmarks: instruction counts against the committed baseline"
# valgrind's callgrind counts each scenario's instructions per operation in a release
# build: the same for the same binary however busy the machine is. A scenario more than 3%
# over Benchmarks/instructions-baseline.json fails the run, naming both counts.
if ! wait "$instructions_build"; then
  cat "$instructions_log"
  echo "error: the instruction counts' release build failed" >&2
  exit 1
fi
python3 Benchmarks/scripts/instructions.py

finished "Every check passed"
summary
