#!/usr/bin/env bash
# Compiles each snippet in Tests/CompileFail against the built Uniflow module and checks
# that it fails with a diagnostic containing the text its first line names
# (`// expect: error: …`), that it compiles with such a warning (`// expect: warning: …`,
# for the deprecated names a port starts from), or that it compiles (`// expect: success`). Proves that the stream wrappers keep data flowing
# one way. Run after `swift build` in the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
modulemap="$bin/COpenCombineHelpers.build/module.modulemap"
flags=(-typecheck -parse-as-library -swift-version 6 -I "$bin/Modules")
if [ -f "$modulemap" ]; then flags+=(-Xcc "-fmodule-map-file=$modulemap"); fi

# A stand-in module named Neighbours declares the names Uniflow shares with SwiftUI,
# swift-dependencies, RxSwift and ReactiveSwift, for the snippets about name clashes.
neighbours=$(mktemp -d)
trap 'rm -rf "$neighbours"' EXIT
swiftc -emit-module -parse-as-library -swift-version 6 -module-name Neighbours \
  -emit-module-path "$neighbours/Neighbours.swiftmodule" Tests/CompileFail/Support/Neighbours.swift
flags+=(-I "$neighbours")

passed=0
failed=0
for snippet in Tests/CompileFail/*.swift; do
  expectation=$(head -n 1 "$snippet" | sed -n 's|^// expect: ||p')
  if [ -z "$expectation" ]; then
    echo "✘ $snippet: first line must be '// expect: success' or '// expect: error: …'"
    failed=$((failed + 1))
    continue
  fi
  # More `// expect: warning: …` or `// expect: note: …` lines right below the first:
  # every one must appear too.
  warnings=()
  while IFS= read -r line; do warnings+=("$line"); done < <(
    awk 'NR > 1 && !/^\/\/ expect: (warning|note): / { exit } NR > 1 { sub(/^\/\/ expect: /, ""); print }' "$snippet")
  # A line `// flags: …` adds compiler flags; such a snippet stands alone, without the
  # shared prelude.
  extra=$(sed -n 's|^// flags: ||p' "$snippet" | head -n 1)
  sources=(Tests/CompileFail/Support/Prelude.swift "$snippet")
  if [ -n "$extra" ]; then sources=("$snippet"); fi
  set +e
  # shellcheck disable=SC2086 # the extra flags are meant to split into words
  output=$(swiftc "${flags[@]}" $extra "${sources[@]}" 2>&1)
  status=$?
  set -e
  missing=""
  for warning in "${warnings[@]}"; do
    grep -qF -- "$warning" <<<"$output" || missing="$missing\n  $warning"
  done
  if [ "$expectation" = "success" ]; then
    if [ $status -eq 0 ]; then
      passed=$((passed + 1))
    else
      echo "✘ $snippet should compile but failed:"
      echo "$output"
      failed=$((failed + 1))
    fi
  elif [[ "$expectation" == warning:* ]]; then
    if [ $status -eq 0 ] && grep -qF -- "$expectation" <<<"$output" && [ -z "$missing" ]; then
      passed=$((passed + 1))
    else
      printf "✘ %s should compile with \"%s\"%b but got (status %s):\n" "$snippet" "$expectation" "$missing" "$status"
      echo "$output" | grep -E 'error|warning' | head -n 5
      failed=$((failed + 1))
    fi
  elif [ $status -ne 0 ] && grep -qF -- "$expectation" <<<"$output" && [ -z "$missing" ]; then
    passed=$((passed + 1))
  else
    printf "✘ %s should fail with \"%s\"%b but got (status %s):\n" "$snippet" "$expectation" "$missing" "$status"
    echo "$output" | grep -E 'error|warning' | head -n 5
    failed=$((failed + 1))
  fi
done

echo "compile-fail: $passed passed, $failed failed"
[ $failed -eq 0 ]
