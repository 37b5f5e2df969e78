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
#      stand-in Combine (Checks/AppleBranch, in the background, reported near the end), and
#      the library's tests, under the thread sanitizer (their one build in a full run), whose
#      build also reports the functions of ours slow to type-check (and fails on one far
#      over the limit); and no "seed 00x" in what a user reads;
#   3. Examples/: their tests, which keep the two sessions the later steps start from; then
#      `uniflow mutate` over the todo app's two screens (every mutant killed or marked
#      equivalent);
#   4. new screens: `swift package uniflow new` generates every kind of screen into
#      Checks/MainActorApp, a main-actor app package that holds a screen of each shape and
#      the docs' code too, and builds and tests it: plain and main-actor modules alike
#      (scripts/check-new-screens.sh); the Quick specs;
#   5. `uniflow migrate` (Tools/Migrate, built in the background once the library's own
#      build is done): its tests, and the plugin's rewrites of its fixtures, which are the
#      golden files that Checks/MainActorApp compiled and tested in step 4
#      (scripts/check-migrate.sh); and `uniflow mutate` over a ported reactor's Quick specs;
#   6. the recording loop: `todo --record`'s session, `uniflow test-from-recording`, the
#      written test built and passing, and failing once `reduce` is broken
#      (scripts/check-recording-loop.sh);
#   7. the session viewer: `uniflow view`'s pages driven in headless Chromium, hostile and
#      100,000-step sessions included (scripts/check-viewer.sh);
#   8. `uniflow mutate` over its fixture (a suite that asserts nothing lets every mutant
#      live, a real one kills 90%), its refusals, and the report page in Chromium
#      (scripts/check-mutate.sh, in three parts: steps 3, 5 and this one);
#   9. the benchmarks' tests (Benchmarks/scripts/test.sh also runs each benchmark briefly,
#      as a smoke test);
#  10. the benchmarks' instruction counts under valgrind against the committed baseline
#      (Benchmarks/scripts/instructions.py; its release build runs in the background after
#      the Apple branch's); and the fuzz targets' check (Fuzz/: deep links, session files, the
#      viewer's page, the Swift literals of written tests, migrate's rewriter, mutate's),
#      which runs in the background from the moment they are built: each replays its
#      committed corpus, then fuzzes 20 s with a fixed seed (Fuzz/scripts/fuzz.sh check).
#
# Every debug build of steps 3 to 9 goes into the library's .build (see there), and the run
# fails if one of them compiles Uniflow again.
# The run ends by printing how long each section took, the whole run, and its processor
# time.
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
  # The processor time of every process the run started and waited for (bash's `times`:
  # its second line is the children's user and system time). The run keeps every core busy,
  # so its wall time is about this over the cores. With the same work, this follows the
  # machine's speed, which has differed by over a third between runs: in December 2026 the
  # `swift` commands of two runs of nearly the same tree took 1,065 and 1,473 s of it.
  local cores cpu times_file
  cores="$(nproc)"
  # `times` in the shell itself: in a command substitution it would speak for a subshell.
  times_file="$(mktemp)"
  times > "$times_file"
  cpu="$(awk 'NR == 2 {
    total = 0
    for (field = 1; field <= 2; field++) { split($field, part, "m"); total += part[1] * 60 + part[2] }
    printf "%d", total
  }' "$times_file")"
  rm -f "$times_file"
  printf '  %7s  processor time: %d%% of the %s cores over the run\n' "${cpu} s" \
    "$((100 * cpu / (cores * (SECONDS > 0 ? SECONDS : 1))))" "$cores"
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
# Every later debug build in this folder reuses the Uniflow just compiled (see below, where
# the folder is shared); the run's end checks that none compiled it again.
library_built="$(mktemp)"
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

# What no later step shares runs in the background, in two chains of one job at a time,
# beside the steps in front, so that no core idles while one of them waits (the
# documentation, the terminal tests, the browser, a single-threaded replay):
#   - uniflow migrate's rewriter (Tools/Migrate, on swift-syntax); then the fuzz targets
#     (Fuzz/, libFuzzer and AddressSanitizer over their own build of the library, the
#     products example and swift-syntax); then their check: each target replays its
#     committed corpus and fuzzes 20 s with a fixed seed (a target judges a hang by its CPU
#     time, which the machine's load does not stretch);
#   - once the thread sanitizer's tests have run, the Apple branch, Uniflow built against a
#     stand-in Combine (Checks/AppleBranch, a build folder of its own); then the instruction
#     counts' release build.
# They do not yield to the steps in front: SwiftPM starts the compilers at normal priority
# whatever the niceness or scheduling class it was started with, so a `nice` here would
# change nothing. They start after the library's own build, whose packages they would
# contend with when they are fetched and built. Each step that needs one waits for it
# (`waited`), and a failed one shows its log there.
background_log="$(mktemp -d)"
# Runs NAME's command with its output in the log, and notes how it ended.
in_background() {
  local name="$1" status=0
  shift
  "$@" > "$background_log/$name" 2>&1 || status=$?
  echo "$status" > "$background_log/$name.status"
  return "$status"
}
(
  in_background migrate bash scripts/check-migrate.sh --build-only
  in_background fuzz bash Fuzz/scripts/fuzz.sh build &&
    in_background fuzz-check bash Fuzz/scripts/fuzz.sh check 20
) &
background=($!)
# A run that stops early stops what it started in the background too.
descendants() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do
    descendants "$child"
    echo "$child"
  done
}
stop_background() {
  local chain
  for chain in "${background[@]}"; do
    kill $(descendants "$chain") "$chain" 2>/dev/null || true
  done
}
trap stop_background EXIT
# Waits until the background job NAME has ended; fails the run, with its log, if it failed.
waited() {
  local name="$1" chain running
  while [ ! -f "$background_log/$name.status" ]; do
    running=false
    for chain in "${background[@]}"; do
      if kill -0 "$chain" 2>/dev/null; then running=true; fi
    done
    $running || break
    sleep 1
  done
  if [ "$(cat "$background_log/$name.status" 2>/dev/null)" != 0 ]; then
    tail -60 "$background_log/$name" 2>/dev/null || true
    echo "error: '$name', run in the background, failed or did not run (its log is above)" >&2
    exit 1
  fi
}

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
# that nothing else builds in; a race's report still names its functions. (The index stays:
# on Linux, SwiftPM finds the tests from it.)
UNIFLOW_LIBRARY_ONLY=1 swift test --sanitize=thread --scratch-path .build-tsan -Xswiftc -gnone \
  -Xswiftc -Xfrontend -Xswiftc -warn-long-function-bodies=100 \
  -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=100 2>&1 | tee "$tsan_log"
bash scripts/check-type-check-times.sh "$tsan_log"

section "User-facing text: no 'seed 00x', name the article or the library"
bash scripts/check-user-text.sh

# The second chain (above) starts once the thread sanitizer's tests are done: their run
# waits on timers and other threads, and beside two more builds its section took 3m31s
# against 2m11s (2026-12-05).
(
  in_background apple-branch bash scripts/check-apple-branch.sh
  in_background instructions python3 Benchmarks/scripts/instructions.py --build-only
) &
background+=($!)

# From here on every debug build of the repository's packages goes into the library's own
# .build: the examples, Checks/MainActorApp, the benchmarks, and the packages the checks
# make (the recording loop's, mutate's copies), so that Uniflow, its dependencies and the
# `uniflow` command are compiled once. A package's dependencies that the next package to
# resolve there does not use are removed from the folder, and compiled again if they come
# back, so the steps go in an order where none comes back: everything on the examples
# (GRDB, FlyingFox), then everything on Checks/MainActorApp (Quick, Nimble), then the
# packages that need Uniflow alone, and the benchmarks last.
export UNIFLOW_BUILD_FOLDER="$(pwd)/.build"

# The examples need SQLite's headers: from the installs above, when they were missing.
section "Examples: scripts/test.sh"
[ -f /usr/include/sqlite3.h ] || installed
# Their tests keep the two sessions that the recording loop and the viewer start from: the
# todo app's, recorded in a terminal, and a GitHub search's, against the fixture server.
recordings="$(pwd)/.build/recordings"
mkdir -p "$recordings"
export UNIFLOW_TODO_SESSION="$recordings/todo.jsonl"
export UNIFLOW_GITHUB_SESSION="$recordings/github.jsonl"
rm -f "$UNIFLOW_TODO_SESSION" "$UNIFLOW_GITHUB_SESSION"
UNIFLOW_KEEP_RECORDING="$UNIFLOW_TODO_SESSION" \
  UNIFLOW_KEEP_GITHUB_RECORDING="$UNIFLOW_GITHUB_SESSION" Examples/scripts/test.sh

section "uniflow mutate, on the todo app: every mutant of its two screens killed"
# mutate runs from migrate's package, built in the background since the library's build.
waited migrate
bash scripts/check-mutate.sh todo

section "New screens: swift package uniflow new, every kind, built and tested in an app"
bash scripts/check-new-screens.sh

section "Quick specs: the testers inside Quick and Nimble specs, run through XCTest"
bash scripts/check-quick-specs.sh

section "uniflow migrate: its tests, and the plugin's rewrites of the fixtures"
bash scripts/check-migrate.sh

section "uniflow mutate, on Checks/MainActorApp: Quick specs kill a ported reactor's mutants"
bash scripts/check-mutate.sh specs

section "Recording loop: record in the app, write a test, break reduce under it"
bash scripts/check-recording-loop.sh

section "Session viewer: uniflow view's pages in headless Chromium"
installed
bash scripts/check-viewer.sh

section "uniflow mutate, on its fixture: a hollow suite lets every mutant live, a real one kills them"
bash scripts/check-mutate.sh fixture

section "Benchmarks: scripts/test.sh"
Benchmarks/scripts/test.sh

section "Apple branch: Uniflow built against a stand-in Combine (built in the background)"
waited apple-branch
tail -1 "$background_log/apple-branch"

section "Instruction counts against the committed baseline; the fuzz targets' check"
# valgrind's callgrind counts each scenario's instructions per operation in a release
# build: the same for the same binary however busy the machine is. A scenario more than 3%
# over Benchmarks/instructions-baseline.json fails the run, naming both counts. The fuzz
# targets' check has been running in the background since they were built (above).
waited instructions
python3 Benchmarks/scripts/instructions.py
waited fuzz
waited fuzz-check
cat "$background_log/fuzz-check"
wait "${background[@]}"
# A build in the shared folder with other flags, or a package that dropped Uniflow from it,
# compiles Uniflow again: the run still passes, only slower, so it is caught here.
recompiled="$(find .build/debug/Uniflow.build -name '*.o' -newer "$library_built" | head -3)"
if [ -n "$recompiled" ]; then
  echo "$recompiled"
  echo "error: a step compiled Uniflow again in .build after the library's build (above):" \
    "every build there must pass the same flags as that one" >&2
  exit 1
fi
echo "builds: Uniflow compiled once in .build, by the library's build"

finished "Every check passed"
summary
