#!/usr/bin/env python3
"""Writes the code a reader copies from the docs into the two doc-test targets of
Checks/MainActorApp: `DocsTests` (a plain module) and `DocsMainActorTests` (a module whose
code defaults to the main actor, as a new Xcode 26 app target's does).
scripts/check-main-actor-app.sh then builds both and runs their tests, so the docs' code
compiles in both modes and the docs' tests are real tests that pass.

What goes in, each file behind #sourceLocation lines so that an error points at the doc:
- every ```swift block of README.md, in order, into one file;
- the ```swift blocks of each DocC article, one file per article;
- every snippet of Snippets/ (which `swift build` also compiles as a program).

A block is left out only when its first line says why: `// Package.swift` (a manifest
fragment), or `// Not compiled…: <reason>` (another library's code, such as RxSwift's or
UIKit's, shown for comparison). Every block left out is listed, so none hides.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = [os.path.join(ROOT, "Checks", "MainActorApp", "Tests", name)
           for name in ("DocsTests", "DocsMainActorTests")]
PRELUDE = "import Foundation\nimport Testing\nimport Uniflow\nimport UniflowTesting\n"
SKIP = re.compile(r"^\s*//\s*(Package\.swift\b|Not compiled)", re.IGNORECASE)


def swift_blocks(path):
    """The ```swift blocks of a Markdown file: (first line number, text)."""
    blocks, current, start = [], None, 0
    with open(path, encoding="utf-8") as markdown:
        for number, line in enumerate(markdown, 1):
            stripped = line.strip()
            if current is None and stripped == "```swift":
                current, start = [], number + 1
            elif current is not None and stripped.startswith("```"):
                blocks.append((start, "".join(current)))
                current = None
            elif current is not None:
                current.append(line)
    if current is not None:
        sys.exit(f"error: {path}:{start}: a ```swift block is never closed")
    return blocks


def located(path, line, text):
    return f'#sourceLocation(file: "{path}", line: {line})\n{text}#sourceLocation()\n'


def main():
    files, skipped = {}, []
    docs = [os.path.join(ROOT, "README.md")]
    docs += sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))
    for doc in docs:
        parts = []
        for start, text in swift_blocks(doc):
            first = text.splitlines()[0] if text.strip() else ""
            if SKIP.match(first):
                skipped.append(f"{os.path.relpath(doc, ROOT)}:{start}: {first.strip()}")
            else:
                parts.append(located(doc, start, text))
        if parts:
            name = os.path.splitext(os.path.basename(doc))[0]
            files[f"Doc-{name}.swift"] = parts
    for snippet in sorted(glob.glob(os.path.join(ROOT, "Snippets", "*.swift"))):
        with open(snippet, encoding="utf-8") as file:
            files[f"Snippet-{os.path.basename(snippet)}"] = [located(snippet, 1, file.read())]

    for target in TARGETS:
        for old in glob.glob(os.path.join(target, "Doc-*.swift")) + glob.glob(
                os.path.join(target, "Snippet-*.swift")):
            os.remove(old)
        for name, parts in files.items():
            with open(os.path.join(target, name), "w", encoding="utf-8") as out:
                out.write("// Written by scripts/write-doc-tests.py; not committed.\n")
                out.write(PRELUDE + "\n" + "\n".join(parts))
    for line in skipped:
        print(f"  left out: {line}")
    print(f"doc tests: {len(files)} file(s) written into each of "
          f"{', '.join(os.path.basename(t) for t in TARGETS)}; {len(skipped)} block(s) left out")


if __name__ == "__main__":
    main()
