#!/usr/bin/env bash
# The proof that what `uniflow new` generates is real code, made the way an app makes it:
# through the package plugin, `swift package uniflow new …`, run from the app's own
# package folder (Checks/MainActorApp, which depends on Uniflow by path). Every kind (a
# stream, a reactor, a reactor with a clock, a view model, and a view model with its
# repository layer) is generated twice: into a plain module, and into one whose code
# defaults to the main actor, as a new Xcode 26 app target's does. Both are built without
# warnings and their tests must pass (scripts/check-main-actor-app.sh). The generator's
# own tests are the library's (Tests/UniflowToolsTests).
set -euo pipefail
cd "$(dirname "$0")/.."

root="$(pwd)"
# The generated screens go into the repository's main-actor app package, which has a
# plain module for them and one whose code defaults to the main actor, each with its
# tests; scripts/check-main-actor-app.sh builds and tests that package once, with the
# docs' code. The generated files are not committed (see its .gitignore).
work="$root/Checks/MainActorApp"
# It builds in the library's .build, where the test command has built Uniflow and the
# `uniflow` command already (scripts/test.sh says why one folder).
scratch="$root/.build"
uniflow() {
  swift package --package-path "$work" --scratch-path "$scratch" \
    --allow-writing-to-package-directory uniflow "$@"
}
# The plugin hands its arguments to the `uniflow` executable it builds, run in the package's
# folder; each call also loads the package and checks that build (some five seconds). So the
# first screen of each module is made through the plugin, and the rest through the executable
# it built, run as the plugin runs it.
built() { (cd "$work" && "$bin/uniflow" "$@"); }
bin="$(swift build --package-path "$work" --scratch-path "$scratch" --show-bin-path)"
for module in Screens MainActorScreens; do
  find "$work/Sources/$module" "$work/Tests/${module}Tests" -name '*.swift' \
    ! -name 'Placeholder.swift' -delete
  uniflow new Search --kind stream --module "$module"
  built new Profile --kind reactor --module "$module"
  built new Timer --kind reactor --clock --module "$module"
  built new Settings --kind viewmodel --module "$module"
  built new Products --kind viewmodel --repository --module "$module"
done

# A second run refuses to overwrite what the first wrote, through the plugin too, and
# says which files; nothing is written.
before="$(cat "$work/Sources/Screens/SearchViewStream.swift")"
if uniflow new Search --kind stream --module Screens >"$work/.refused.txt" 2>&1; then
  echo "error: the plugin overwrote a generated screen" >&2
  exit 1
fi
grep -q "SearchViewStream.swift" "$work/.refused.txt" || {
  cat "$work/.refused.txt" >&2
  echo "error: the plugin's refusal does not name the file" >&2
  exit 1
}
rm -f "$work/.refused.txt"
[ "$before" = "$(cat "$work/Sources/Screens/SearchViewStream.swift")" ]

# The usage needs no permission: `swift package uniflow-help` prints it (here migrate's),
# says what it builds before it builds it, and writes nothing into the package; and
# `swift package uniflow` refused for want of the permission names it.
state_before="$(git -C "$work" status --porcelain --ignored=no -- . | sort)"
swift package --package-path "$work" --scratch-path "$scratch" uniflow-help migrate < /dev/null > "$work/.help.txt" 2>&1 || {
  cat "$work/.help.txt" >&2
  echo "error: swift package uniflow-help failed without the permission to write" >&2
  exit 1
}
grep -q "USAGE: uniflow migrate" "$work/.help.txt" || {
  cat "$work/.help.txt" >&2
  echo "error: swift package uniflow-help migrate printed no usage of migrate" >&2
  exit 1
}
said="$(grep -n "uniflow: building the command" "$work/.help.txt" | head -1 | cut -d: -f1)"
ended="$(grep -n "Build of product 'uniflow' complete" "$work/.help.txt" | head -1 | cut -d: -f1)"
if [ -z "$said" ] || { [ -n "$ended" ] && [ "$said" -gt "$ended" ]; }; then
  cat "$work/.help.txt" >&2
  echo "error: the plugin did not say what it builds before the build" >&2
  exit 1
fi
rm -f "$work/.help.txt"
[ "$state_before" = "$(git -C "$work" status --porcelain --ignored=no -- . | sort)" ] || {
  echo "error: swift package uniflow-help changed the package's files" >&2
  exit 1
}
if swift package --package-path "$work" --scratch-path "$scratch" uniflow --help < /dev/null > "$work/.refused.txt" 2>&1; then
  echo "error: swift package uniflow ran without the permission to write" >&2
  exit 1
fi
grep -q "uniflow-help" "$work/.refused.txt" || {
  cat "$work/.refused.txt" >&2
  echo "error: the plugin's request for permission does not point to uniflow-help" >&2
  exit 1
}
rm -f "$work/.refused.txt"

# What a team gets passes the repository's own format check.
swift format lint --strict --configuration "$root/.swift-format" --recursive \
  "$work/Sources/Screens" "$work/Sources/MainActorScreens" "$work/Tests/ScreensTests" \
  "$work/Tests/MainActorScreensTests"

# Built without a warning, and every generated suite passes, in both modules.
bash "$root/scripts/check-main-actor-app.sh"
