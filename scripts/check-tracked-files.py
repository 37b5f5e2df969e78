#!/usr/bin/env python3
"""Fails when the repository tracks a build output or a large file.

- an object file, a library, a module or an executable, known by its name and by its first
  bytes (ELF, Mach-O, an ar archive), or anything under a SwiftPM scratch folder (.build*);
- a file over 2 MB that is not one of the pictures in ALLOWED_LARGE.

It reads a revision's tree: HEAD by default, or the one given
(`python3 scripts/check-tracked-files.py 222e2c3` fails on the object files that commit
added).
"""
import subprocess
import sys

LIMIT = 2 * 1024 * 1024
# Pictures that may be larger than the limit (none is, today).
ALLOWED_LARGE: set[str] = set()
OUTPUT_SUFFIXES = (".o", ".a", ".so", ".dylib", ".swiftmodule", ".xctest", ".profraw")
BINARY_MAGIC = (b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xfe\xed\xfa\xce",
                b"\xfe\xed\xfa\xcf", b"!<arch>\n")


def main() -> int:
    revision = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    listing = subprocess.run(["git", "ls-tree", "-r", "-l", "-z", revision], check=True,
                             capture_output=True).stdout.split(b"\0")
    blobs = []
    for entry in filter(None, listing):
        meta, path = entry.split(b"\t", 1)
        _, kind, object_id, size = meta.split()
        if kind == b"blob":
            blobs.append((path.decode("utf-8", "replace"), object_id.decode(), int(size)))
    # The first bytes of every blob, through one git process.
    batch = subprocess.Popen(["git", "cat-file", "--batch"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE)
    problems = []
    for path, object_id, size in blobs:
        batch.stdin.write(object_id.encode() + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        length = int(header[2])
        content_start = batch.stdout.read(min(length, 8))
        remaining = length - len(content_start)
        while remaining > 0:
            remaining -= len(batch.stdout.read(min(remaining, 1 << 20)))
        batch.stdout.read(1)  # the newline after the content
        parts = path.split("/")
        if any(part.startswith(".build") for part in parts[:-1]) or path.endswith(OUTPUT_SUFFIXES):
            problems.append(f"{path}: a build output")
        elif content_start.startswith(BINARY_MAGIC):
            problems.append(f"{path}: a binary (an executable, an object file or an archive)")
        elif size > LIMIT and path not in ALLOWED_LARGE:
            problems.append(f"{path}: {size // 1024} KB, over the 2 MB a tracked file may have")
    batch.stdin.close()
    batch.wait()
    if problems:
        print(f"error: {revision} tracks what belongs out of the repository (for a build "
              "output: a rule in .gitignore, then git rm --cached):", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    print(f"tracked files: no build output, nothing over 2 MB ({revision}, {len(blobs)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
