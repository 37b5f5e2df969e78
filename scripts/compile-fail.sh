#!/usr/bin/env bash
# Compiles each snippet in Tests/CompileFail against the built Uniflow module and checks
# that it fails with a diagnostic containing the text its first line names
# (`// expect: error: …`), or that
# it compiles (`// expect: success`). Proves that the stream wrappers keep data flowing
# one way. Run after `swift build` in the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
modulemap="$bin/COpenCombineHelpers.build/module.modulemap"
flags=(-typecheck -parse-as-library -swift-version 6 -I "$bin/Modules")
if [ -f "$modulemap" ]; then flags+=(-Xcc "-fmodule-map-file=$modulemap"); fi

passed=0
failed=0
for snippet in Tests/CompileFail/*.swift; do
  expectation=$(head -n 1 "$snippet" | sed -n 's|^// expect: ||p')
  if [ -z "$expectation" ]; then
    echo "✘ $snippet: first line must be '// expect: success' or '// expect: error: …'"
    failed=$((failed + 1))
    continue
  fi
  set +e
  output=$(swiftc "${flags[@]}" Tests/CompileFail/Support/Prelude.swift "$snippet" 2>&1)
  status=$?
  set -e
  if [ "$expectation" = "success" ]; then
    if [ $status -eq 0 ]; then
      passed=$((passed + 1))
    else
      echo "✘ $snippet should compile but failed:"
      echo "$output"
      failed=$((failed + 1))
    fi
  elif [ $status -ne 0 ] && grep -qF -- "$expectation" <<<"$output"; then
    passed=$((passed + 1))
  else
    echo "✘ $snippet should fail with \"$expectation\" but got (status $status):"
    echo "$output" | grep -E 'error|warning' | head -n 5
    failed=$((failed + 1))
  fi
done

echo "compile-fail: $passed passed, $failed failed"
[ $failed -eq 0 ]
