#!/usr/bin/env bash
# `uniflow mutate` (Tools/Migrate's UniflowMutate, on swift-syntax beside migrate), run as
# a user runs it, on two packages:
#
#   1. its fixture (Tools/Migrate/Tests/UniflowMutateTests/Fixtures/Counter): one reactor,
#      a suite that asserts nothing (assertions in a discarded sink, a test with no
#      expectation, a test of the initial state) under which every mutant must survive,
#      and a real suite that must score at least 90%;
#   2. the todo app's two screens (its list and edit reactors), whose every mutant is
#      killed or marked equivalent: 100%; and a ported reactor's Quick specs, run alone
#      from Checks/MainActorApp's spec runner, which must kill some of its mutants;
#   3. its refusals of a package that does not build and of a red suite;
#   4. the report page in headless Chromium, made from a file (written into the fixture for
#      the run, then removed) whose surviving lines hold markup, ESC and U+202E
#      (scripts/check-mutate-page.py; its screenshot is .build/mutate/report.png);
#   5. that the packages' own files are as git has them afterwards.
#
# Its operators, schemata, runner and reports have their own tests, run with migrate's
# (scripts/check-migrate.sh). The binary is the one that build made.
#
#   bash scripts/check-mutate.sh [specs|todo|fixture]
#
# runs one part: the Quick specs (2), the todo screens (2) or the fixture (1, 3, 4); with no
# argument, all three. The test command runs each where its packages are built: the todo
# screens after the examples, the specs after Checks/MainActorApp, the fixture last.
set -euo pipefail
cd "$(dirname "$0")/.."

mutate="Checks/MainActorApp/.build/uniflow-migrate/debug/uniflow-mutate"
part="${1:-all}"
case "$part" in
  specs | todo | fixture | all) ;;
  *)
    echo "usage: bash scripts/check-mutate.sh [specs|todo|fixture]" >&2
    exit 2
    ;;
esac
[ -x "$mutate" ] || swift build --package-path Tools/Migrate \
  --scratch-path Checks/MainActorApp/.build/uniflow-migrate --product uniflow-mutate \
  -Xswiftc -gnone
fixture="Tools/Migrate/Tests/UniflowMutateTests/Fixtures/Counter"
# Each copy builds where its dependencies are built already, with the same commands: in the
# library's .build, where the test command builds Uniflow, Checks/MainActorApp and the
# examples (scripts/test.sh). Only the mutated targets and their tests compile.
build_folder="$(pwd)/.build"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

check_specs() {
  # Quick specs: on Linux they run from an executable of their own (Checks/MainActorApp's
  # QuickSpecsRunner), which mutate runs against each mutant of the code it reaches. Alone,
  # its spec of a ported reactor must kill some mutants, each reported as run by the specs.
  "$mutate" --package-path Checks/MainActorApp --scratch-path "$build_folder" \
    --file Sources/PortedApp/FollowersReactor+Mutate.swift --tests QuickSpecsRunner \
    --json "$work/specs.json" --quiet > "$work/specs.log" 2>&1 || {
    cat "$work/specs.log"
    echo "error: uniflow mutate did not run the Quick specs of Checks/MainActorApp" >&2
    exit 1
  }
  python3 - "$work/specs.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
mutants = [m for f in report["files"].values() for m in f["mutants"]]
killed = [m for m in mutants if m["status"] == "Killed"]
ran = {t for m in mutants for t in m.get("coveredBy", [])}
if not killed or ran != {"QuickSpecsRunner (Quick specs)"}:
    sys.exit(f"error: the Quick specs alone killed {len(killed)} of {len(mutants)} mutants, "
             f"run by {sorted(ran)}; they should kill some, and be all that ran")
print(f"mutate: the Quick specs alone kill {len(killed)} of {len(mutants)} mutants of a ported reactor")
PY
}

check_todo() {
  "$mutate" --package-path Examples --scratch-path "$build_folder" --file Sources/TodoCore/Reactors/TaskEditViewReactor.swift \
    --file Sources/TodoCore/Reactors/TaskListViewReactor.swift \
    --tests '^TodoCoreTests\.' --fail-under 100 --quiet > "$work/todo.log" 2>&1 || {
    cat "$work/todo.log"
    echo "error: a mutant of the todo app's screens survived their tests" >&2
    exit 1
  }
  head -1 "$work/todo.log"
  grep -q 'class="survivor"\|None: the tests noticed every mutant' \
    Examples/.build/uniflow-mutate/report.html || {
    echo "error: uniflow mutate wrote no page for the todo screens" >&2
    exit 1
  }
}

check_fixture() {
  # The hollow suite: every mutant that ran survived.
  if ! "$mutate" --package-path "$fixture" --scratch-path "$build_folder" --tests '^HollowTests\.' --json "$work/hollow.json" \
    > "$work/hollow.log" 2>&1; then
    cat "$work/hollow.log"
    echo "error: uniflow mutate did not run over the fixture's hollow suite" >&2
    exit 1
  fi
  python3 - "$work/hollow.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
statuses = [m["status"] for f in report["files"].values() for m in f["mutants"]]
ran = [s for s in statuses if s in ("Killed", "Survived", "Timeout")]
if len(ran) < 15 or any(s != "Survived" for s in ran):
    sys.exit(f"error: under a suite that asserts nothing, {len(ran)} mutants ran and "
             f"{sum(s != 'Survived' for s in ran)} were killed; every one should survive")
print(f"mutate: all {len(ran)} mutants of the fixture survive the suite that asserts nothing")
PY

  # The real suite on the same reactor.
  "$mutate" --package-path "$fixture" --scratch-path "$build_folder" --tests '^CounterTests\.' --fail-under 90 --quiet \
    > "$work/real.log" 2>&1 || {
    cat "$work/real.log"
    echo "error: the fixture's real suite scores under 90%" >&2
    exit 1
  }
  head -1 "$work/real.log"
  # Refusals, each with a file written into the fixture for this check only: a package that
  # does not build (the compiler's error, no run) and a red suite (the failing test named).
  hostile="$fixture/Sources/CounterCore/HostileLabels.swift"
  broken="$fixture/Sources/CounterCore/Broken.swift"
  red="$fixture/Tests/HollowTests/Red.swift"
  trap 'rm -rf "$work" "$hostile" "$broken" "$red"' EXIT
  refused() { # NAME EXPECTED-TEXT…: the run over the fixture fails, saying each text.
    local name="$1"
    shift
    if "$mutate" --package-path "$fixture" --scratch-path "$build_folder" --tests '^HollowTests\.' --quiet \
      ${through_swift_test:-} > "$work/$name.log" 2>&1; then
      cat "$work/$name.log"
      echo "error: uniflow mutate ran over $name instead of refusing it" >&2
      exit 1
    fi
    for text in "$@"; do
      grep -qF -- "$text" "$work/$name.log" || {
        cat "$work/$name.log"
        echo "error: uniflow mutate's refusal of $name does not say: $text" >&2
        exit 1
      }
    done
  }
  echo 'let broken: Int = "not a number"' > "$broken"
  refused "a package that does not build" "does not build as it is" "Broken.swift:1"
  rm "$broken"
  printf '%s\n' 'import Testing' '@Test func alwaysRed() { #expect(1 == 2) }' > "$red"
  refused "a red suite" "the tests fail before any mutation" "alwaysRed()"
  # The same through `swift test --skip-build`, as on macOS, where the test program is a
  # bundle: a launch that listed or ran no test would let the red suite through.
  through_swift_test=--through-swift-test refused "a red suite, run through swift test" \
    "the tests fail before any mutation" "alwaysRed()"
  rm "$red"
  echo "mutate: a package that does not build and a red suite are refused, each named"

  # The page, with hostile source in its survivors: written for this run only.
  printf '%s\n' \
    '/// Labels whose source is hostile to a page and a terminal (scripts/check-mutate.sh).' \
    'public enum HostileLabels {' \
    '  public static func label(_ flag: Bool) -> String {' \
    "    flag ? \"<script>alert(1)</script>\" : \"<img src=x onerror=alert(2)>$(printf '\xe2\x80\xae')gnp.exe\"  // $(printf '\x1b')[31m" \
    '  }' '}' > "$hostile"
  "$mutate" --package-path "$fixture" --scratch-path "$build_folder" --file Sources/CounterCore/HostileLabels.swift \
    --tests '^HollowTests\.' --html "$work/hostile.html" --json "$work/hostile.json" \
    > "$work/hostile.log" 2>&1 || {
    cat "$work/hostile.log"
    echo "error: uniflow mutate did not run over the hostile file" >&2
    exit 1
  }
  if grep -q "$(printf '\x1b')" "$work/hostile.log"; then
    echo "error: uniflow mutate printed an ESC from the source to the terminal" >&2
    exit 1
  fi
  bash scripts/install-tools.sh
  python3 scripts/check-mutate-page.py --page "$work/hostile.html" --screenshot "$(pwd)/.build/mutate/report.png"
  rm "$hostile"
}

check_unchanged() {
  # Nothing of the run stayed in the package's tree: its files are as git has them.
  if [ -n "$(git status --porcelain -- "$fixture" Examples/Sources Examples/Tests Checks/MainActorApp/Sources)" ]; then
    git status --porcelain -- "$fixture" Examples/Sources Examples/Tests Checks/MainActorApp/Sources
    echo "error: uniflow mutate changed the package's own files" >&2
    exit 1
  fi
}

case "$part" in
  specs) check_specs ;;
  todo) check_todo ;;
  fixture) check_fixture ;;
  all)
    check_todo
    check_specs
    check_fixture
    ;;
esac
check_unchanged
