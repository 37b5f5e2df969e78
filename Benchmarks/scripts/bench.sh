#!/usr/bin/env bash
# Builds the benchmarks in release, runs every scenario next to its baselines in one
# process, and prints a table: scenario, median ns/op and mallocs/op, its baseline's
# median ns/op, and the ratio. Extra arguments go to `swift package benchmark`
# (for example `--filter "reactor.*"`).
#
#   bash Benchmarks/scripts/bench.sh --against REV [ROUNDS] [-- ARGS…]
#
# builds revision REV in a git worktree beside this one and runs the two alternately,
# ROUNDS times each (3 by default), so that both see the same machine; the table gives
# each side's range over the rounds and the ratio of their medians. Wall clock on a shared
# machine moves between runs: read the range, and the instruction counts
# (scripts/instructions.py) for what a change really costs.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--against" ]; then
  revision="${2:?usage: bench.sh --against REV [ROUNDS] [-- ARGS…]}"
  shift 2
  rounds=3
  if [ -n "${1:-}" ] && [ "$1" != "--" ]; then
    rounds="$1"
    shift
  fi
  [ "${1:-}" = "--" ] && shift
  work="$(mktemp -d)"
  worktree="$work/against"
  git -C .. worktree add --detach --quiet "$worktree" "$revision"
  trap 'git -C .. worktree remove --force "$worktree"; rm -rf "$work"' EXIT
  current=()
  against=()
  for round in $(seq 1 "$rounds"); do
    echo "round $round of $rounds: this checkout" >&2
    swift package benchmark --no-progress "$@" > "$work/current-$round.txt"
    current+=("$work/current-$round.txt")
    echo "round $round of $rounds: $revision" >&2
    (cd "$worktree/Benchmarks" && swift package benchmark --no-progress "$@") \
      > "$work/against-$round.txt"
    against+=("$work/against-$round.txt")
  done
  python3 scripts/table.py --against "$revision" "${current[@]}" -- "${against[@]}"
  exit 0
fi

raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
swift package benchmark --no-progress "$@" | tee "$raw" >&2
python3 scripts/table.py "$raw"
