#!/usr/bin/env bash
# `uniflow migrate` (Tools/Migrate, a package of its own on swift-syntax):
#
#   1. its tests: each fixture (ReactorKit, Unio and RxSwift MVVM code and its XCTest,
#      RxTest and Quick tests, in Tools/Migrate/Tests/UniflowMigrateTests/Fixtures) is
#      rewritten as its golden file, a second run changes nothing, hostile input is refused;
#   2. the golden files themselves compile against Uniflow and their tests pass: they are
#      Checks/MainActorApp's PortedApp, PortedAppTests and QuickSpecsRunner/Ported, which
#      scripts/check-main-actor-app.sh and scripts/check-quick-specs.sh build and run;
#   3. the command as an app runs it: `swift package uniflow migrate` from
#      Checks/MainActorApp's folder writes the fixtures' rewrites under a new folder, the
#      same as the golden files, and a second run over them changes nothing.
#
# The rewriter is built once, into Checks/MainActorApp/.build/uniflow-migrate, where the
# plugin's `uniflow migrate` looks for it (so step 3 does not build swift-syntax again).
set -euo pipefail
cd "$(dirname "$0")/.."
# The plugin runs from Checks/MainActorApp, built in the library's .build (scripts/test.sh).
root_build="$(pwd)/.build"

scratch="Checks/MainActorApp/.build/uniflow-migrate"
log="$(mktemp)"
# `--build-only`: the build alone (scripts/test.sh starts it in the background). Built as
# the command builds it (Tools/CommandLine/RewriterTool.swift: no debug information), so that
# step 3's build there compiles only the copy's own modules.
if ! swift build --package-path Tools/Migrate --scratch-path "$scratch" --build-tests \
  -Xswiftc -gnone > "$log" 2>&1; then
  grep -E "error|warning:" "$log" | grep -v "/checkouts/" | head -40
  echo "error: uniflow migrate's rewriter did not build" >&2
  exit 1
fi
if grep -E "warning:" "$log" | grep "Tools/Migrate/"; then
  echo "error: a warning in uniflow migrate's code" >&2
  exit 1
fi
grep "Build complete" "$log" || true
[ "${1:-}" = "--build-only" ] && exit 0
# Asked for, the usage is printed on standard output and the program succeeds.
for program in uniflow-migrate uniflow-mutate; do
  "$scratch/debug/$program" --help > "$log" 2>&1 || {
    cat "$log"
    echo "error: $program --help failed" >&2
    exit 1
  }
  grep -q "^usage: uniflow ${program#uniflow-} " "$log" || {
    cat "$log"
    echo "error: $program --help printed no usage" >&2
    exit 1
  }
done
if ! swift test --package-path Tools/Migrate --scratch-path "$scratch" --skip-build \
  -Xswiftc -gnone > "$log" 2>&1; then
  grep -E "✘|error" "$log" | head -60
  echo "error: uniflow migrate's tests failed" >&2
  exit 1
fi
grep -E "^✔ Test run with [0-9]+ tests" "$log" || {
  tail -40 "$log"
  echo "error: uniflow migrate's tests did not finish" >&2
  exit 1
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixtures="Tools/Migrate/Tests/UniflowMigrateTests/Fixtures"
cp -R "$fixtures/Sources" "$fixtures/Tests" "$fixtures/Specs" "$work/"
swift package --package-path Checks/MainActorApp --scratch-path "$root_build" \
  --allow-writing-to-package-directory \
  uniflow migrate --output "$work/Ported" "$work/Sources" "$work/Tests" "$work/Specs" > "$log" 2>&1 || {
  cat "$log"
  echo "error: swift package uniflow migrate failed" >&2
  exit 1
}
grep -q "uniflow migrate: 27 files read, wrote under $work/Ported: 26" "$log" || {
  cat "$log"
  echo "error: swift package uniflow migrate did not say what it wrote" >&2
  exit 1
}
# The rewriter was built from a copy in the app's .build: what SwiftPM writes (its
# Package.resolved) is there, never in Uniflow's checkout.
[ -f Checks/MainActorApp/.build/uniflow-migrate/rewriter/Package.resolved ] || {
  echo "error: the plugin did not build the rewriter from its copy in the app's .build" >&2
  exit 1
}
grep -q "Building the rewriter" "$log" || {
  cat "$log"
  echo "error: the plugin did not say that it builds the rewriter" >&2
  exit 1
}
diff -r "$work/Ported/Sources" Checks/MainActorApp/Sources/PortedApp
diff -r "$work/Ported/Tests" Checks/MainActorApp/Tests/PortedAppTests
diff -r "$work/Ported/Specs" Checks/MainActorApp/Sources/QuickSpecsRunner/Ported
swift package --package-path Checks/MainActorApp --scratch-path "$root_build" \
  --allow-writing-to-package-directory \
  uniflow migrate "$work/Ported" > "$log" 2>&1
grep -q "changed 0; lines +0 -0" "$log" || {
  cat "$log"
  echo "error: a second run of uniflow migrate changed its own output" >&2
  exit 1
}
echo "migrate: the plugin's rewrites are the golden files; a second run changes nothing"

# Through the plugin, SwiftPM holds the package's build folder: a build folder given to the
# command is refused at once, rather than a build there waiting for ever.
if swift package --package-path Checks/MainActorApp --scratch-path "$root_build" \
  --allow-writing-to-package-directory \
  uniflow mutate --scratch-path .build > "$log" 2>&1; then
  cat "$log"
  echo "error: the plugin ran uniflow mutate with --scratch-path" >&2
  exit 1
fi
grep -q "scratch-path is for the uniflow executable run on its own" "$log" || {
  cat "$log"
  echo "error: the plugin's refusal of --scratch-path does not say why" >&2
  exit 1
}
echo "migrate: the plugin refuses --scratch-path, which would wait for its own build folder"
