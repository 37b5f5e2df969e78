#!/usr/bin/env python3
"""Counts the instructions of each scenario per operation under valgrind's callgrind, and
checks them against the committed baseline (Benchmarks/instructions-baseline.json).

An instruction count is the same for the same binary and input however loaded the machine
is, so a regression shows as a number, not as noise. Each scenario runs twice in release
(N and 2N operations); the difference, divided by N, is what one operation costs, with the
start-up and the set-up left out.

  python3 Benchmarks/scripts/instructions.py            # check: fails on a scenario over
                                                        # its baseline by more than 3%
  python3 Benchmarks/scripts/instructions.py --update   # writes the baseline anew
  python3 Benchmarks/scripts/instructions.py --table    # a Markdown table, with ratios

The check names the scenario and both counts. `--scratch-path DIR` builds there (the test
command shares its release build).

One part of the count is left out: the comparisons inside the Swift runtime's metadata cache
(`PROBES`). Generic code that is not specialised looks up the metadata of the types it
needs there, and how many entries a look-up compares depends on where the binary's types
lie. That moved a scenario by up to 6% between two builds whose own code ran the same
instructions. The rest of each look-up is counted, so a scenario that looks up more still
grows.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
BASELINE = os.path.join(PACKAGE, "instructions-baseline.json")
TOLERANCE = 0.03
OPERATIONS = 2_000

# scenario -> the baseline it is compared with, and the target ratio (DESIGN's targets)
RATIOS = {
    "reactor counter, one state subscriber": ("baseline: minimal class store", 1.5),
    "ReactorTester send with assertion": ("reactor counter, one state subscriber", 3.0),
    "reactor: 100 subscribers map+removeDuplicates, value unchanged":
        ("baseline: minimal store, 100 subscribers, value unchanged", 1.1),
    "reactor: create + first subscription + release":
        ("baseline: minimal store create + subscribe + release", 3.0),
    "reactor with transform(mutation:), one state subscriber":
        ("reactor counter, one state subscriber", None),
    "reactor: a publisher effect per action, one state subscriber":
        ("reactor counter, one state subscriber", None),
    "reactor with globalEvents, one state subscriber":
        ("reactor counter, one state subscriber", None),
    "stream: create": ("baseline: CurrentValueSubject create + sink + release", None),
    "flow 45 screens deep: push and pop": ("flow 5 screens deep: push and pop", None),
    "receive(on: MainScheduler), counted by a tester's TrackedScheduler, none watching":
        ("baseline: receive(on: MainScheduler) through Combine's ReceiveOn", 1.5),
    "delay on a system scheduler, in time order, counted by a tester's TrackedScheduler, "
    "none watching": ("baseline: delay on a system scheduler through Combine's Delay", None),
}


def build(scratch):
    # Without debug information: valgrind 3.19 cannot read what today's Swift writes
    # ("possibly corrupted debuginfo"), and the code is the same without it (every scenario
    # counted the same, 2026-12-05), for a third less compiling. The binary is still
    # stripped, in case the flags are changed.
    common = ["swift", "build", "-c", "release", "--package-path", PACKAGE, "-Xswiftc", "-gnone"]
    if scratch:
        common += ["--scratch-path", scratch]
    command = common + ["--product", "UniflowInstructions"]
    if subprocess.run(command, stdout=sys.stderr).returncode != 0:
        sys.exit("error: the release build of UniflowInstructions failed (above)")
    bin_path = subprocess.run(common + ["--show-bin-path"], check=True,
                              capture_output=True, text=True).stdout.strip()
    # valgrind counts a copy without symbols' debug sections, beside the libraries it loads.
    binary = os.path.join(bin_path, "UniflowInstructions")
    stripped = binary + "-stripped"
    subprocess.run(["strip", "-o", stripped, binary], check=True)
    return stripped


# The Swift runtime's functions whose cost depends on how the binary's metadata is laid out,
# not on what the scenario does: a metadata cache look-up compares keys until it finds its
# own, and how many it compares depends on the addresses it hashes.
PROBES = ("MetadataCacheKey::operator==", "ConcurrentReadableHashMap<swift::HashMapElementWrapper")


def probe_cost(profile):
    """The instructions spent in `PROBES`' own code, from a callgrind output file."""
    names = {}
    in_probe = False
    after_call = False
    cost = 0
    with open(profile) as lines:
        for line in lines:
            if line.startswith(("fn=", "cfn=")):
                found = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
                if found.group(2):
                    names[found.group(1)] = found.group(2)
                if line.startswith("fn="):
                    name = names.get(found.group(1), "")
                    in_probe = any(probe in name for probe in PROBES)
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            if line[:1] in "0123456789+-*":
                if after_call:
                    # The inclusive cost of a call, not the caller's own.
                    after_call = False
                elif in_probe:
                    fields = line.split()
                    if len(fields) >= 2:
                        cost += int(fields[1])
    return cost


def instructions(binary, scenario, operations):
    """The instructions callgrind collected for one run, less `PROBES`' own."""
    with tempfile.TemporaryDirectory() as work:
        profile = os.path.join(work, "callgrind.out")
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", binary,
             scenario, str(operations)], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"error: {scenario} failed under valgrind:\n{result.stderr[-2000:]}")
        found = re.search(r"Collected\s*:\s*(\d+)", result.stderr)
        if not found:
            sys.exit(f"error: no instruction count for {scenario}:\n{result.stderr[-2000:]}")
        return int(found.group(1)) - probe_cost(profile)


def measure(binary):
    names = subprocess.run([binary, "--list"], check=True, capture_output=True,
                           text=True).stdout.splitlines()
    # callgrind's count does not depend on the machine's load, so the runs go two at a time,
    # one a core; the counts are printed in the scenarios' order.
    runs = [(name, operations) for name in names for operations in (OPERATIONS, 2 * OPERATIONS)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        collected = list(pool.map(lambda run: instructions(binary, *run), runs))
    counts = {}
    for index, name in enumerate(names):
        once, twice = collected[2 * index], collected[2 * index + 1]
        counts[name] = round((twice - once) / OPERATIONS, 1)
        print(f"  {counts[name]:>12,.1f} instructions/op  {name}", file=sys.stderr)
    return counts


def table(counts):
    lines = ["| scenario | instructions/op | baseline | baseline's | ratio | target |",
             "|---|---:|---|---:|---:|---:|"]
    for name, count in counts.items():
        if name not in RATIOS:
            continue
        base, target = RATIOS[name]
        ratio = count / counts[base] if counts.get(base) else float("nan")
        lines.append(f"| {name} | {count:,.0f} | {base} | {counts.get(base, 0):,.0f} | "
                     f"{ratio:.2f}× | {'≤ %.1f×' % target if target else '—'} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--table", action="store_true")
    parser.add_argument("--scratch-path")
    parser.add_argument("--build-only", action="store_true",
                        help="build the release binary and stop (the test command does this "
                             "in the background, then checks)")
    options = parser.parse_args()
    binary = build(options.scratch_path)
    if options.build_only:
        return 0
    counts = measure(binary)
    if options.update:
        with open(BASELINE, "w") as file:
            json.dump(counts, file, indent=2, sort_keys=True)
            file.write("\n")
        print(f"instructions: baseline written ({len(counts)} scenarios)")
    if options.table:
        print(table(counts))
    if options.update:
        return 0
    try:
        with open(BASELINE) as file:
            baseline = json.load(file)
    except FileNotFoundError:
        sys.exit(f"error: no baseline at {BASELINE}; write one with --update")
    grown = []
    for name, count in counts.items():
        if name not in baseline:
            grown.append(f"{name}: no baseline (run --update once it is right)")
        elif count > baseline[name] * (1 + TOLERANCE):
            grown.append(f"{name}: {count:,.1f} instructions/op against {baseline[name]:,.1f} "
                         f"in the baseline (+{(count / baseline[name] - 1) * 100:.1f}%)")
    if grown:
        print("error: these scenarios grew more than 3% over the committed instruction counts "
              "(Benchmarks/instructions-baseline.json; `python3 Benchmarks/scripts/"
              "instructions.py --update` writes new ones when the growth is wanted):",
              file=sys.stderr)
        for line in grown:
            print("  " + line, file=sys.stderr)
        return 1
    print(f"instructions: {len(counts)} scenarios within 3% of the baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
