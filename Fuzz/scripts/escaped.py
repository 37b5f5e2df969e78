#!/usr/bin/env python3
"""Shows a fuzz input, or fuzz output, with nothing in it that can drive a terminal.

  escaped.py FILE      the file's bytes as a Swift literal: a string literal when they are
                       UTF-8 (hidden characters as \\u{…}), else a [UInt8] array literal
  escaped.py --lines   standard input, each line with its hidden characters escaped
"""
import sys
import unicodedata

# The categories Uniflow escapes (HiddenCharacters, Sources/Uniflow/Text/ControlCharacters.swift).
HIDDEN = {"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"}


def swift_string(text: str) -> str:
    out = ['"']
    for ch in text:
        special = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}
        if ch in special:
            out.append(special[ch])
        elif unicodedata.category(ch) in HIDDEN:
            out.append("\\u{%X}" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def shown(text: str) -> str:
    return "".join(
        "\\u{%X}" % ord(ch) if unicodedata.category(ch) in HIDDEN else ch for ch in text
    )


def main() -> int:
    if sys.argv[1:] == ["--lines"]:
        for line in sys.stdin.buffer.read().decode("utf-8", "replace").splitlines():
            print("  " + shown(line))
        return 0
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    data = open(sys.argv[1], "rb").read()
    try:
        print(swift_string(data.decode("utf-8")))
    except UnicodeDecodeError:
        print("[" + ", ".join("0x%02X" % b for b in data) + "] as [UInt8]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
