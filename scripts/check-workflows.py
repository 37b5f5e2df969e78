#!/usr/bin/env python3
"""Checks the GitHub workflows that cannot run here: each file parses as YAML, has a
trigger and jobs, every job names a runner and its steps, every script a step runs exists
in the repository, and every `-scheme` names a scheme Xcode makes for this package
(`NAME-Package`, from Package.swift's name). Exits 1 and names each problem.

Usage: python3 scripts/check-workflows.py
"""
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent


def package_name():
    manifest = (ROOT / "Package.swift").read_text()
    return re.search(r'Package\(\s*name:\s*"([^"]+)"', manifest).group(1)


def check(path):
    problems = []
    try:
        workflow = yaml.safe_load(path.read_text())
    except yaml.YAMLError as error:
        return [f"{path}: not valid YAML: {error}"]
    if not isinstance(workflow, dict):
        return [f"{path}: not a mapping"]
    # YAML 1.1 reads the key `on` as true.
    if "on" not in workflow and True not in workflow:
        problems.append(f"{path}: no trigger (`on:`)")
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return problems + [f"{path}: no jobs"]
    scheme = f"{package_name()}-Package"
    for name, job in jobs.items():
        if not isinstance(job, dict) or "runs-on" not in job:
            problems.append(f"{path}: job {name} has no runs-on")
            continue
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            problems.append(f"{path}: job {name} has no steps")
            continue
        for step in steps:
            command = step.get("run", "") if isinstance(step, dict) else ""
            for script in re.findall(r"(?:^|\s)((?:scripts|Examples|Scaffold|Benchmarks)/\S+)",
                                     command):
                if not (ROOT / script).exists():
                    problems.append(f"{path}: job {name} runs {script}, which does not exist")
            for named in re.findall(r"-scheme\s+(\S+)", command):
                if named != scheme:
                    problems.append(f"{path}: job {name} builds scheme {named}, not {scheme}")
    return problems


def main():
    paths = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    if not paths:
        print("workflows: none found in .github/workflows")
        return 1
    problems = [problem for path in paths for problem in check(path)]
    for problem in problems:
        print(problem)
    print(f"workflows: {len(paths)} file(s), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
