#!/usr/bin/env bash
# Record, write a test, break the code: the loop of "Reproduce a bug from a recording", end
# to end.
#
#   1. The built `todo` binary, in the pseudo-terminal harness, adds a task with a memo,
#      marks it done, edits it and deletes it, with --record (an Examples end-to-end test).
#   2. `uniflow test-from-recording` writes a test of the list reactor and one of the first
#      editor from that recording, inside a temporary package that holds a copy of the Todo
#      reactors and what they use (not the database), and the app's test doubles.
#   3. That package builds, and both tests pass. The written files pass the repository's
#      format check, and writing over them without --force is refused.
#   4. One line of the copied list reactor's `reduce` is changed: the list's test fails,
#      at the step that marks the task done, with a diff of `isDone`.
#
# Run by scripts/test.sh after Examples/ and the tools are built; runs alone too.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
# Inside .build: ignored by git, and kept between local runs so the build is incremental.
work="$root/.build/recording-loop"
session="$work/session.jsonl"
package="$work/RecordedTodo"
mkdir -p "$work"
rm -f "$session"

echo "--- 1. todo --record, in a pseudo-terminal"
# The examples' build folder: the library's, where the test command builds them
# (scripts/test.sh says why one folder).
build_folder="$root/.build"
# The test command's run of the examples' tests keeps the session (UNIFLOW_TODO_SESSION names
# it); alone, this records it with that one test.
if [ -n "${UNIFLOW_TODO_SESSION:-}" ]; then
  test -s "$UNIFLOW_TODO_SESSION" || {
    echo "error: the examples' tests kept no recording at $UNIFLOW_TODO_SESSION" >&2
    exit 1
  }
  cp "$UNIFLOW_TODO_SESSION" "$session"
else
  UNIFLOW_KEEP_RECORDING="$session" swift test --package-path Examples \
    --scratch-path "$build_folder" --filter aSessionRecordedInTheAppReplaysWithMemosHidden 2>&1 \
    | tail -1
fi
test -s "$session" || { echo "error: the end-to-end test kept no recording" >&2; exit 1; }

echo "--- 2. uniflow test-from-recording, into a package with a copy of the Todo reactors"
identity="$(basename "$root" | tr '[:upper:]' '[:lower:]')"
rm -rf "$package/Sources" "$package/Tests"
mkdir -p "$package/Sources/TodoCore" "$package/Sources/TodoTestSupport" \
  "$package/Tests/RecordedTodoTests"
todo="Examples/Sources/TodoCore"
cp "$todo"/Models/*.swift "$todo"/Reactors/*.swift "$todo/Database/TodoStoreError.swift" \
  "$todo/Services/AlertPresenter.swift" "$todo/Services/AlertService.swift" \
  "$todo/Services/SettingsServiceType.swift" "$todo/Services/ServiceProviderType.swift" \
  "$todo/Services/TaskServiceType.swift" "$package/Sources/TodoCore/"
cp Examples/Tests/TodoTestSupport/Mocks.swift "$package/Sources/TodoTestSupport/"
cat > "$package/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "RecordedTodo",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [.library(name: "TodoCore", targets: ["TodoCore"])],
  dependencies: [.package(path: "$root")],
  targets: [
    .target(name: "TodoCore", dependencies: [.product(name: "Uniflow", package: "$identity")]),
    .target(name: "TodoTestSupport", dependencies: ["TodoCore"]),
    .testTarget(
      name: "RecordedTodoTests",
      dependencies: [
        "TodoCore", "TodoTestSupport", .product(name: "UniflowTesting", package: "$identity"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

swift build --product uniflow >/dev/null
uniflow="$(swift build --show-bin-path)/uniflow"
list_test="Tests/RecordedTodoTests/TaskListSessionTests.swift"
editor_test="Tests/RecordedTodoTests/NewTaskSessionTests.swift"
(
  cd "$package"
  # The decoding program builds where the library and its dependencies are built with the
  # same commands: only the copied reactors and the program compile (the first run without
  # it took 100 s of the test command).
  "$uniflow" test-from-recording "$session" --output "$list_test" \
    --make "TaskListViewReactor(provider: MockServiceProvider())" --import TodoTestSupport \
    --scratch-path "$build_folder"
  "$uniflow" test-from-recording "$session" --output "$editor_test" \
    --scratch-path "$build_folder" --reactor TodoCore.TaskEditViewReactor \
    --make "TaskEditViewReactor(provider: MockServiceProvider(), mode: .new)" \
    --import TodoTestSupport
  # A file that exists is not overwritten without --force.
  if "$uniflow" test-from-recording "$session" --output "$list_test" 2>"$work/refused.txt"; then
    echo "error: an existing test file was overwritten" >&2
    exit 1
  fi
  grep -q "use --force to overwrite" "$work/refused.txt"
)
echo "--- the list's test, as written:"
cat "$package/$list_test"
swift format lint --strict --configuration "$root/.swift-format" \
  "$package/$list_test" "$package/$editor_test"

echo "--- 3. the written tests build and pass"
log="$work/test.log"
# The package builds where the library and its dependencies were built with the same
# commands, so only the copied reactors and the written tests compile, not the library again
# (about a minute of CPU saved in the test command).
swift build --package-path "$package" --scratch-path "$build_folder" --build-tests 2>&1 | grep -E "error|warning:" || true
swift test --package-path "$package" --scratch-path "$build_folder" --skip-build 2>&1 | tee "$log" | tail -3
for suite in TaskListSessionTests NewTaskSessionTests; do
  grep -q "Suite $suite passed" "$log" || { echo "error: $suite did not pass" >&2; exit 1; }
done

echo "--- 4. a broken reduce fails the list's test where the task is marked done"
reactor="$package/Sources/TodoCore/TaskListViewReactor.swift"
# The copy with one line changed: an updated task keeps its old done mark.
grep -q "      state.tasks\[index\] = task$" "$reactor"
sed -i.orig 's/^      state\.tasks\[index\] = task$/      state.tasks[index].title = task.title/' "$reactor"
if swift test --package-path "$package" --scratch-path "$build_folder" --filter TaskListSessionTests >"$log" 2>&1; then
  echo "error: the test passed against a broken reduce" >&2
  exit 1
fi
mv "$reactor.orig" "$reactor"
# The first receive of an updated task is the step that marks it done.
step="$(grep -n "await tester.receive" "$package/$list_test" | grep -m1 "updateTask" | cut -d: -f1 \
  || true)"
if [ -z "$step" ]; then
  step="$(grep -n "updateTask" "$package/$list_test" | head -1 | cut -d: -f1)"
  step=$((step - 1))
fi
grep -E "TaskListSessionTests.swift:$step:[0-9]+: .*(Issue recorded|differs)" "$log" >/dev/null || {
  echo "error: the failure is not reported at line $step of the written test:" >&2
  grep -E "recorded an issue|Issue recorded" "$log" >&2 || tail -30 "$log" >&2
  exit 1
}
grep -q "isDone: false" "$log" && grep -q "isDone: true" "$log" || {
  echo "error: the failure shows no diff of isDone" >&2
  exit 1
}
grep -m1 -A12 "recorded an issue at TaskListSessionTests.swift:$step" "$log"
echo "The recording loop holds: written, built, passed, and failed where reduce was broken."
