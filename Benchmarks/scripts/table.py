#!/usr/bin/env python3
"""Turns package-benchmark's text output into one table with in-run baselines.

Reads the per-benchmark grids, takes the median (p50) of wall-clock time and malloc
count per operation (the benchmarks use a scaling factor, so the figures are already
per operation), and pairs each scenario with the baseline it is compared to.
"""
import datetime
import platform
import re
import sys

# scenario -> baseline it is measured against
BASELINES = {
    "reactor counter, one state subscriber": "baseline: minimal class store",
    "reactor: 100 subscribers map+removeDuplicates, value unchanged":
        "baseline: minimal store, 100 subscribers, value unchanged",
    "reactor: 100 subscribers map+removeDuplicates, value changing":
        "baseline: minimal store, 100 subscribers, value changing",
    "reactor: create + first subscription + release":
        "baseline: minimal store create + subscribe + release",
    "reactor: .run effect round trip": "baseline: detached task hop",
    # The recorder's target is relative to the encoding it has to do anyway.
    "reactor counter, recording into memory":
        "baseline: JSON encoding of the counter's action, mutation and state",
    "ReactorTester send with assertion": "reactor counter, one state subscriber",
    "explore: counter, one step": "baseline: send and a main-queue trip",
    "reactor with globalEvents, one state subscriber": "reactor counter, one state subscriber",
    "reactor: 50 reactors merging one service in transform(mutation:), one event":
        "baseline: PassthroughSubject → 50 sinks",
    "reactor with transform(mutation:), one state subscriber":
        "reactor counter, one state subscriber",
    "stream: one input to its output": "baseline: PassthroughSubject → sink",
    "reactor: 50 reactors following one service, one event":
        "baseline: PassthroughSubject → 50 sinks",
    "stream: create": "baseline: CurrentValueSubject create + sink + release",
    "relay: PublishRelay accept, one subscriber": "baseline: PassthroughSubject → sink",
    "relay: BehaviorRelay accept, one subscriber": "baseline: PassthroughSubject → sink",
}
for size in ("100", "1000", "10000", "100000"):
    BASELINES[f"reactor: one element changed, {size} elements"] = (
        f"baseline: in-place array loop, {size} elements")


def parse(text):
    results = {}
    name = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped[0] in "│╒╞├╘═─" and "│" not in stripped:
            name = stripped
            continue
        if name and stripped.startswith("│"):
            cells = [c.strip() for c in stripped.strip("│").split("│")]
            if len(cells) < 4:
                continue
            metric, p50 = cells[0], cells[3]
            try:
                value = float(p50.replace(",", ""))
            except ValueError:
                continue
            entry = results.setdefault(name, {})
            if metric.startswith("Time (wall clock)"):
                entry["ns"] = value
                if "(us)" in metric:
                    entry["ns"] = value * 1_000
                elif "(ms)" in metric:
                    entry["ns"] = value * 1_000_000
            elif metric.startswith("Malloc (total)"):
                entry["mallocs"] = value
            elif metric.startswith("Live bytes"):
                entry["bytes"] = value
    return results


def fmt(value):
    if value is None:
        return "–"
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def compare(current_files, against_files, revision):
    """Both sides of `bench.sh --against`: each scenario's ns/op in every run of each side,
    and the ratio of the medians, so that the spread shows beside the difference."""
    current = [parse(open(path).read()) for path in current_files]
    against = [parse(open(path).read()) for path in against_files]
    names = [name for name in current[0] if "bytes" not in current[0][name]]
    print(f"\nUniflow benchmarks, {datetime.date.today().isoformat()}, this checkout against "
          f"{revision}, alternating runs, wall clock ns/op (each run's median)\n")
    print(f"| scenario | this checkout | {revision} | ratio of medians |")
    print("|---|---:|---:|---:|")
    for name in sorted(names, key=lambda name: (name.startswith("baseline"), name)):
        mine = sorted(run[name]["ns"] for run in current if "ns" in run.get(name, {}))
        theirs = sorted(run[name]["ns"] for run in against if "ns" in run.get(name, {}))
        def spread(values):
            return " – ".join(fmt(v) for v in (values[0], values[-1])) if values else "–"
        ratio = "–"
        if mine and theirs:
            ratio = f"{mine[len(mine) // 2] / theirs[len(theirs) // 2]:.2f}×"
        print(f"| {name} | {spread(mine)} | {spread(theirs)} | {ratio} |")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--against":
        revision = sys.argv[2]
        files = sys.argv[3:]
        split = files.index("--")
        compare(files[:split], files[split + 1:], revision)
        return
    results = parse(open(sys.argv[1]).read())
    rows = []
    memory = []
    for name, figures in results.items():
        if "bytes" in figures:
            memory.append((name, f"{figures['bytes']:,.0f}"))
            continue
        baseline = BASELINES.get(name)
        base_ns = results.get(baseline, {}).get("ns") if baseline else None
        ns = figures.get("ns")
        ratio = f"{ns / base_ns:.1f}×" if ns is not None and base_ns else "–"
        rows.append((name, fmt(ns), fmt(figures.get("mallocs")), baseline or "",
                     fmt(base_ns), ratio))
    rows.sort(key=lambda row: (row[0].startswith("baseline"), row[0]))
    print(f"\nUniflow benchmarks, {datetime.date.today().isoformat()}, "
          f"{platform.machine()} {platform.system()}, median wall clock per operation\n")
    print("| scenario | ns/op | mallocs/op | baseline | baseline ns/op | ratio |")
    print("|---|---:|---:|---|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if memory:
        print("\nLive heap bytes per object after it is made (glibc's mallinfo2)\n")
        print("| object | bytes |")
        print("|---|---:|")
        for name, value in sorted(memory, key=lambda row: row[0].startswith("baseline")):
            print(f"| {name.removeprefix('memory: ').removeprefix('baseline memory: ')} | {value} |")


if __name__ == "__main__":
    main()
