#!/usr/bin/env python3
"""Checks the GitHub workflows that cannot run here: each file parses as YAML, has a
trigger and jobs, every job names a runner and its steps, every script a step runs exists
in the repository, a step's working directory is a package, and every `-scheme` names a
scheme Xcode makes for that package: `NAME-Package`, from Package.swift's name, or one of
its products (not an executable, for an iOS destination: Xcode cannot build those for
iOS). Exits 1 and names each problem.

Usage: python3 scripts/check-workflows.py
"""
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent


def schemes(folder):
    """The schemes Xcode makes for the package in `folder`: {name: is_executable}."""
    manifest = (ROOT / folder / "Package.swift").read_text()
    name = re.search(r'Package\(\s*name:\s*"([^"]+)"', manifest).group(1)
    found = {f"{name}-Package": False}
    for kind, product in re.findall(r'\.(library|executable)\(\s*name:\s*"([^"]+)"', manifest):
        found[product] = kind == "executable"
    return found


def working_directory(job, step):
    """The folder a step runs in, relative to the repository."""
    default = ((job.get("defaults") or {}).get("run") or {}).get("working-directory", ".")
    return step.get("working-directory", default) if isinstance(step, dict) else default


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
            folder = working_directory(job, step)
            if not command:
                continue
            if not (ROOT / folder / "Package.swift").exists():
                problems.append(f"{path}: job {name} runs in {folder}, which has no Package.swift")
                continue
            for script in re.findall(r"(?:^|\s)((?:scripts|Examples|Tools|Benchmarks)/\S+)",
                                     command):
                if not (ROOT / folder / script).exists():
                    problems.append(f"{path}: job {name} runs {script}, which does not exist")
            known = schemes(folder)
            for named in re.findall(r"-scheme\s+(\S+)", command):
                if named not in known:
                    problems.append(f"{path}: job {name} builds scheme {named}, which "
                                    f"{folder}/Package.swift does not make ({', '.join(known)})")
                elif known[named] and "platform=iOS" in command:
                    problems.append(f"{path}: job {name} builds executable {named} for iOS, "
                                    "which Xcode cannot do")
            for product in re.findall(r"--product\s+(\S+)", command):
                if product not in known:
                    problems.append(f"{path}: job {name} builds product {product}, which "
                                    f"{folder}/Package.swift does not declare")
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
