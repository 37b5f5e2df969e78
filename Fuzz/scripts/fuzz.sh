#!/usr/bin/env bash
# Uniflow's fuzz targets (Fuzz/README.md): libFuzzer with AddressSanitizer.
#
#   bash Fuzz/scripts/fuzz.sh build                 build every target (once)
#   bash Fuzz/scripts/fuzz.sh check [SECONDS]       each target replays its corpus, then
#                                                   fuzzes SECONDS (20) with a fixed seed;
#                                                   fails on any finding, printing the input
#   bash Fuzz/scripts/fuzz.sh long TARGET MINUTES   a long run; its figures go to stdout, and
#                                                   the corpus is merged (-merge=1) into
#                                                   Fuzz/Corpus/TARGET
#   bash Fuzz/scripts/fuzz.sh run TARGET [ARGS…]    the target's binary with libFuzzer's ARGS
#                                                   (a crash file replays it)
#
# TARGET is one of: deep-links sessions viewer-page swift-literals migrate mutate.
set -euo pipefail
fuzz="$(cd "$(dirname "$0")/.." && pwd)"
cd "$fuzz"

targets=(deep-links sessions viewer-page swift-literals migrate mutate)
# FUZZ_SCRATCH: another build folder (a long run's binaries kept apart from a rebuild).
scratch="${FUZZ_SCRATCH:-$fuzz/.build}"
binaries="$scratch/debug"
# Leaks are not findings here (the Swift runtime keeps metadata for good); Swift's own
# backtracer would read memory that AddressSanitizer then reports as an overflow.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
export SWIFT_BACKTRACE="enable=no"
# Every input up to 64 KB. A hang is judged by each target on CPU time (over a second; for
# migrate, ten: `Finding.withinCPUTime`), which load does not stretch; libFuzzer's own
# -timeout, on the clock, only catches an input that never returns.
limits=(-max_len=65536 -rss_limit_mb=4096 -timeout=120)
fuzz_swift_flags="-sanitize=fuzzer,address"
# Our modules the targets link: one from each manifest that reads those flags.
sanitized_modules=(Uniflow UniflowSessions ProductsLinks UniflowMigrate UniflowMutate FuzzSupport)

build() {
  # UNIFLOW_FUZZ makes the session viewer's module a product (Package.swift at the root).
  # `--sanitize=fuzzer` instruments every module for libFuzzer's coverage and links its
  # main into each target. AddressSanitizer is added to our own modules only, through
  # UNIFLOW_FUZZ_SWIFT_FLAGS, which every manifest the fuzz package builds from reads (the
  # root's, Examples', Tools/Migrate's and Fuzz's own): with it on swift-syntax and the other
  # dependencies too, the build took some 80 CPU-seconds more (632 → 553), for code that is
  # not what the targets look for bugs in. Everything is optimized, for size (`-Osize` in a
  # debug build, keeping the `-enable-testing` the targets' `@testable import`s need). `-O`
  # ran about five times the executions of -Onone (swift-syntax at -Onone made migrate's
  # corpus replay 86 s → 399 s). Against `-O`, measured twice each on 2026-12-06 by building
  # fuzz-migrate from nothing, `-Osize` compiles in a tenth less CPU time (328 and 316 CPU-s
  # → 295 and 288), for a replay of migrate's corpus 3 s longer (47 and 38 s → 50 and 41)
  # and 2% fewer coverage features (64,186 → 62,759): this build is about a quarter of the
  # test command's work (381 of some 1,520 CPU-s), so its tenth counts.
  # No debug information (a finding is reproduced from its input, which the check prints)
  # and no index (nothing here is browsed or has tests to find).
  UNIFLOW_FUZZ=1 UNIFLOW_FUZZ_SWIFT_FLAGS="$fuzz_swift_flags" swift build --package-path "$fuzz" \
    --scratch-path "$scratch" --sanitize=fuzzer --disable-index-store -Xswiftc -Osize -Xswiftc -gnone \
    "$@"
}

options_for() {
  case "$1" in
    migrate | mutate) echo "-dict=$fuzz/Dictionaries/swift.dict" ;;
    *) echo "" ;;
  esac
}

check_target() {
  local target="$1" binary="$binaries/fuzz-$1" seconds="$2"
  [ -x "$binary" ] || { echo "error: $binary is not built: bash Fuzz/scripts/fuzz.sh build" >&2; return 2; }
  local work
  work="$(mktemp -d)"
  # New inputs go to a folder of the run's own; the committed corpus is only read.
  mkdir -p "$work/corpus" "$work/artifacts"
  local log="$work/log" status=0
  # One run: libFuzzer replays the corpus first (its INITED line says when that is done),
  # then fuzzes; it is stopped with SIGINT once it has fuzzed for the full SECONDS, however
  # long the replay took (-max_total_time would count the replay in the SECONDS).
  local started=$SECONDS
  : > "$log"
  # shellcheck disable=SC2046
  "$binary" "${limits[@]}" $(options_for "$target") -seed=1 -max_total_time=100000 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
    "$work/corpus" "$fuzz/Corpus/$target" > "$log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null && ! grep -q "INITED" "$log"; do sleep 0.2; done
  local replayed=$((SECONDS - started))
  local fuzzing=$SECONDS
  while kill -0 "$pid" 2>/dev/null && [ $((SECONDS - fuzzing)) -lt "$seconds" ]; do sleep 0.5; done
  local interrupted=false
  if kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null && interrupted=true
  fi
  wait "$pid" || status=$?
  # Interrupted as planned: libFuzzer's exit code for that is 72.
  if $interrupted && [ "$status" -eq 72 ]; then status=0; fi
  local corpus
  corpus="$(find "$fuzz/Corpus/$target" -type f | wc -l)"
  local runs coverage
  runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo '?')"
  coverage="$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || echo '?')"
  local found
  found="$(find "$work/artifacts" -type f | head -1)"
  if [ "$status" -ne 0 ] || [ -n "$found" ]; then
    echo "fuzz-$target: FINDING (exit $status)"
    grep -E "fuzz finding|Fatal error|ERROR: |SUMMARY|timeout after" "$log" | head -8 | python3 "$fuzz/scripts/escaped.py" --lines
    if [ -n "$found" ]; then
      echo "  the input, as Swift: $(python3 "$fuzz/scripts/escaped.py" "$found")"
      mkdir -p "$fuzz/.build/findings"
      cp "$found" "$fuzz/.build/findings/"
      echo "  replay it: bash Fuzz/scripts/fuzz.sh run $target Fuzz/.build/findings/$(basename "$found")"
    fi
    rm -rf "$work"
    return 1
  fi
  echo "fuzz-$target: $corpus corpus inputs replayed in ${replayed} s, then ${seconds} s fuzzed:" \
    "$runs inputs in all, $coverage edges, no finding"
  rm -rf "$work"
}

command="${1:-}"
shift || true
case "$command" in
  build)
    if [ $# -gt 0 ]; then
      build "$@"
    else
      # One target at a time, in one build folder: a build with no product named builds every
      # product of the packages the fuzz package depends on by path (the example apps, GRDB,
      # FlyingFox, the command line), which no target links; each target's build reuses what
      # the ones before it compiled.
      for target in "${targets[@]}"; do
        build --product "fuzz-$target"
      done
      # A manifest that stopped reading UNIFLOW_FUZZ_SWIFT_FLAGS would leave its code without
      # AddressSanitizer, and nothing else would fail: each of our modules must call it.
      for module in "${sanitized_modules[@]}"; do
        nm "$binaries/$module.build/"*.o 2>/dev/null | grep " U __asan_" > /dev/null || {
          echo "error: $module was built without AddressSanitizer: does its manifest read UNIFLOW_FUZZ_SWIFT_FLAGS?" >&2
          exit 1
        }
      done
    fi
    ;;
  check)
    seconds="${1:-20}"
    failed=0
    # Every target at once: each fuzzes for its SECONDS of the clock, whatever share of the
    # two cores it gets (the figures printed say how many inputs that was).
    pids=()
    outs=()
    for target in "${targets[@]}"; do
      out="$(mktemp)"
      check_target "$target" "$seconds" > "$out" 2>&1 &
      pids+=($!)
      outs+=("$out")
    done
    for index in "${!pids[@]}"; do
      wait "${pids[$index]}" || failed=1
      cat "${outs[$index]}"
      rm -f "${outs[$index]}"
    done
    exit "$failed"
    ;;
  long)
    target="${1:?usage: fuzz.sh long TARGET MINUTES}"
    minutes="${2:?usage: fuzz.sh long TARGET MINUTES}"
    work="$fuzz/.build/long/$target"
    mkdir -p "$work/corpus" "$work/artifacts"
    binary="$binaries/fuzz-$target"
    # shellcheck disable=SC2046
    "$binary" "${limits[@]}" $(options_for "$target") -max_total_time=$((minutes * 60)) \
      -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
      "$work/corpus" "$fuzz/Corpus/$target" > "$work/log" 2>&1 || true
    grep -E "^#[0-9]+ +DONE|stat::|fuzz finding|ERROR: " "$work/log" | python3 "$fuzz/scripts/escaped.py" --lines
    ls "$work/artifacts"
    # The corpus kept: the smallest set of inputs that covers what the run covered.
    merged="$(mktemp -d)"
    "$binary" "${limits[@]}" $(options_for "$target") -set_cover_merge=1 "$merged" \
      "$fuzz/Corpus/$target" "$work/corpus" \
      > "$work/merge.log" 2>&1
    rm -rf "$fuzz/Corpus/$target"
    mv "$merged" "$fuzz/Corpus/$target"
    chmod 755 "$fuzz/Corpus/$target"
    echo "Corpus/$target: $(ls "$fuzz/Corpus/$target" | wc -l) inputs, $(du -sk "$fuzz/Corpus/$target" | cut -f1) KB"
    ;;
  run)
    target="${1:?usage: fuzz.sh run TARGET [ARGS…]}"
    shift
    exec "$binaries/fuzz-$target" "${limits[@]}" "$@"
    ;;
  *)
    sed -n '2,16p' "$0" >&2
    exit 2
    ;;
esac
