#!/usr/bin/env bash
# No user knows what a "seed" is: the articles the project grew from are named by what they
# are (minne's MVVM article, ReactorKit's RxTodo, Unio). Fails when what a user reads (the
# sources and their docs, the README, the snippets, the templates, the examples) says
# "seed 001" or the like.
set -euo pipefail
cd "$(dirname "$0")/.."
found="$(grep -rniE "seeds? ?0[0-9]{2}" README.md Sources Snippets docs Examples/Sources \
  Examples/README.md Tools Benchmarks/README.md Checks/MainActorApp/Sources \
  2>/dev/null || true)"
if [ -n "$found" ]; then
  echo "error: name the article or the library instead of its seed number:" >&2
  echo "$found" >&2
  exit 1
fi
echo "user-facing text: no seed numbers"
