#!/usr/bin/env python3
"""Lists uses of APIs that need a newer OS than the package declares (iOS 13, macOS
10.15, tvOS 13, watchOS 6) and that no `@available` attribute gates, and uses of
Foundation APIs that iOS does not have at all.

Linux has no OS versions, so the compiler here cannot check availability; this script
does it for the symbols the library is likely to reach for. A use counts as gated when
the declaration around it (or one around that) carries `@available(`, or an
`if #available(` block encloses it. Exits 1 and names each ungated use.

Usage: python3 scripts/check-availability.py DIR [DIR ...]

Reads `*.swift` and the scaffold's `*.swift.mustache` templates.
"""
import pathlib
import re
import sys

# Symbol → the first OS versions that have it.
NEWER = {
    r"\bObservable\b(?!Object)": "iOS 17 / macOS 14 (Observation)",
    r"\bObservationRegistrar\b": "iOS 17 / macOS 14 (Observation)",
    r"\bwithObservationTracking\b": "iOS 17 / macOS 14 (Observation)",
    r"@Observable\b": "iOS 17 / macOS 14 (Observation)",
    r"\bContinuousClock\b": "iOS 16 / macOS 13",
    r"\bSuspendingClock\b": "iOS 16 / macOS 13",
    r"\bany Clock\b|\bsome Clock\b|: Clock\b": "iOS 16 / macOS 13",
    r"\bDuration\b": "iOS 16 / macOS 13",
    r"\.sleep\(for:": "iOS 16 / macOS 13",
    r"\.sleep\(until:": "iOS 16 / macOS 13",
    r"\bMutex\b": "iOS 18 / macOS 15 (Synchronization)",
    # Task executors (SE-0417): where an exploration runs a screen's work.
    r"\bTaskExecutor\b": "iOS 18 / macOS 15 (task executors)",
    r"\bExecutorJob\b": "iOS 18 / macOS 15 (task executors)",
    r"executorPreference:": "iOS 18 / macOS 15 (task executors)",
    r"\basUnownedTaskExecutor\b": "iOS 18 / macOS 15 (task executors)",
    r"\bAtomic<": "iOS 18 / macOS 15 (Synchronization)",
    r"\bmakeStream\(": "iOS 17 / macOS 14",
    # Combine, beyond iOS 13 / macOS 10.15. Each entry's first version is the one Apple's
    # documentation gives for the symbol:
    # https://developer.apple.com/documentation/combine/asyncpublisher
    r"\bAsyncPublisher\b": "iOS 15 / macOS 12 (Combine)",
    # https://developer.apple.com/documentation/combine/asyncthrowingpublisher
    r"\bAsyncThrowingPublisher\b": "iOS 15 / macOS 12 (Combine)",
    # `values` of a publisher, read with `for await`:
    # https://developer.apple.com/documentation/combine/publisher/values-1dm9r and
    # https://developer.apple.com/documentation/combine/publisher/values-v7nz
    r"\bfor\s+(?:try\s+)?await\b.*\bin\b.*\.values\b":
        "iOS 15 / macOS 12 (Combine: Publisher.values)",
    # `assign(to: &$published)`, which republishes into a @Published property:
    # https://developer.apple.com/documentation/combine/publisher/assign(to:)
    r"\.assign\(to:\s*&": "iOS 14 / macOS 11 (Combine: assign(to:))",
    # Foundation's async and newer value APIs that Combine code reaches for:
    # https://developer.apple.com/documentation/foundation/urlsession/data(for:delegate:)
    # https://developer.apple.com/documentation/foundation/urlsession/data(from:delegate:)
    r"\bawait\b.*\.data\((?:for|from):": "iOS 15 / macOS 12 (URLSession async)",
    # https://developer.apple.com/documentation/foundation/urlsession/bytes(for:delegate:)
    r"\bawait\b.*\.bytes\((?:for|from):": "iOS 15 / macOS 12 (URLSession async)",
    # https://developer.apple.com/documentation/foundation/date/now
    r"\bDate\.now\b": "iOS 15 / macOS 12 (Foundation)",
    # https://developer.apple.com/documentation/foundation/attributedstring
    r"\bAttributedString\b": "iOS 15 / macOS 12 (Foundation)",
    # https://developer.apple.com/documentation/foundation/url/init(filepath:directoryhint:relativeto:)
    r"\bURL\(filePath:": "iOS 16 / macOS 13 (Foundation)",
    # https://developer.apple.com/documentation/foundation/url/appending(path:directoryhint:)
    r"\.appending\(path:": "iOS 16 / macOS 13 (Foundation)",
}
# Foundation APIs that exist on macOS only: no `@available` makes them build for iOS.
# Apple's documentation lists macOS alone for each:
MACOS_ONLY = {
    # https://developer.apple.com/documentation/foundation/filemanager/homedirectoryforcurrentuser
    r"\bhomeDirectoryForCurrentUser\b": "FileManager.homeDirectoryForCurrentUser",
    # https://developer.apple.com/documentation/foundation/filemanager/homedirectory(foruser:)
    r"\bhomeDirectory\(forUser:": "FileManager.homeDirectory(forUser:)",
    # https://developer.apple.com/documentation/foundation/process
    r"\bProcess\(\)": "Process",
}
# Not checked here, because a line does not show the types involved: the
# `switchToLatest()` and `flatMap` overloads where only one side's Failure is Never are
# iOS 14 / macOS 11 (Apple's documentation of `Publisher.switchToLatest()` and
# `Publisher.flatMap(maxPublishers:_:)` lists them so). Uniflow's code always makes both
# sides agree (`setFailureType`, or an inner publisher that never fails).
DECLARATION = re.compile(
    r"^\s*(?:(?:public|package|internal|private|fileprivate|open|final|nonisolated|static|"
    r"@\w+(?:\([^)]*\))?)\s+)*(?:class|struct|enum|extension|protocol|actor|func|init|var|"
    r"let|subscript)\b")


def strip(line):
    """The line without its comment and string literals, roughly."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def check(path):
    problems = []
    # Each open brace: whether the code inside it is gated.
    stack = [False]
    attributes = []
    pending_gate = False
    template = path.name.endswith(".mustache")
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        if template:
            # A template's own tags are not Swift: a line of tags alone is read as blank.
            raw = re.sub(r"\{\{[^}]*\}\}", "", raw) if raw.strip().startswith("{{") else raw
        line = strip(raw)
        stripped = line.strip()
        if stripped.startswith("@") and not DECLARATION.match(stripped):
            attributes.append(stripped)
        gated = stack[-1] or pending_gate
        if DECLARATION.match(stripped) or stripped.startswith("if #available"):
            gated = gated or any("@available(" in a for a in attributes) \
                or "@available(" in stripped or stripped.startswith("if #available")
            pending_gate = gated and "{" not in stripped
        if not stripped.startswith("import "):
            for pattern, name in MACOS_ONLY.items():
                if re.search(pattern, line):
                    problems.append(f"{path}:{number}: {name} is macOS-only, not on iOS: "
                                    f"{raw.strip()}")
            for pattern, needs in NEWER.items():
                if re.search(pattern, line) and not (gated or stack[-1]):
                    problems.append(f"{path}:{number}: needs {needs}, no @available: {raw.strip()}")
        for character in line:
            if character == "{":
                stack.append(gated)
                pending_gate = False
            elif character == "}" and len(stack) > 1:
                stack.pop()
        if stripped and not stripped.startswith("@"):
            attributes = []
    return problems


def main():
    problems = []
    for directory in sys.argv[1:]:
        root = pathlib.Path(directory)
        paths = list(root.rglob("*.swift")) + list(root.rglob("*.swift.mustache"))
        for path in sorted(paths):
            problems += check(path)
    for problem in problems:
        print(problem)
    print(f"availability: {len(problems)} ungated use(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
