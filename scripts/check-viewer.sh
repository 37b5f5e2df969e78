#!/usr/bin/env bash
# The session viewer (`uniflow view`) in a real browser: headless Chromium through
# WebDriver opens a recorded Todo session, a recorded GitHub-search session, a hostile one
# and one of 100,000 steps, and drives each page (scripts/check-viewer.py says what it
# checks). Installs Debian's chromium and chromium-driver, and selenium from PyPI, when
# they are missing (scripts/install-tools.sh).
#
# Run by scripts/test.sh after the recording loop, whose Todo session and package it uses.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-tools.sh

work=".build/viewer"
mkdir -p "$work"
todo=".build/recording-loop/session.jsonl"
package=".build/recording-loop/RecordedTodo"
test -s "$todo" || { echo "error: no Todo session: run scripts/check-recording-loop.sh first" >&2; exit 1; }

# A GitHub search's session, recorded against the fixture server and kept by its replay test:
# the one the test command's run of the examples' tests kept (UNIFLOW_GITHUB_SESSION names
# it), else recorded here.
github="${UNIFLOW_GITHUB_SESSION:-}"
if [ -z "$github" ]; then
  github="$(pwd)/$work/github.jsonl"
  rm -f "$github"
  UNIFLOW_KEEP_GITHUB_RECORDING="$github" swift test --package-path Examples \
    --scratch-path "$(pwd)/.build" \
    --filter aRecordedSearchReplaysWithNoServerAndEveryOutputMatches 2>&1 | tail -1
fi
test -s "$github" || { echo "error: the GitHub replay test kept no recording" >&2; exit 1; }

uniflow="$(swift build --show-bin-path)/uniflow"
# "Copy as test": the page made with the recording loop's package, for the list reactor.
with_tests="$(pwd)/$work/todo-with-tests.html"
rm -f "$with_tests"
(
  cd "$package"
  "$uniflow" view "$(cd ../../.. && pwd)/$todo" --output "$with_tests" --import TodoTestSupport \
    --make "TodoCore.TaskListViewReactor=TaskListViewReactor(provider: MockServiceProvider())" \
    --package . --scratch-path "$(cd ../../.. && pwd)/.build"
)

python3 scripts/check-viewer.py --uniflow "$uniflow" --todo "$(pwd)/$todo" --github "$github" \
  --work "$(pwd)/$work" --screenshots "$(pwd)/$work/screenshots" --todo-with-tests "$with_tests"
