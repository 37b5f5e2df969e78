#!/usr/bin/env bash
# Fails when a build log (built with -warn-long-function-bodies and
# -warn-long-expression-type-checking) names a function or an expression of the libraries'
# own sources that took longer than the limit to type-check. Dependencies' are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
log="$1"
slow="$(grep -E "^$PWD/Sources/.*(took [0-9]+ms to type-check|to type-check \(limit)" "$log" \
  | sort -u || true)"
if [ -n "$slow" ]; then
  echo "error: these take the type checker too long (split the expression, give types):" >&2
  echo "$slow" >&2
  exit 1
fi
echo "type-check times: every function and expression of Sources/ under 100 ms"
