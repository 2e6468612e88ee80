#!/usr/bin/env python3
"""Fails when a `public` declaration of the pure core (BuoyKit's modules)
has no `///` comment above it (attributes may come between).

Usage: scripts/check-doc-comments.py [DIR...]; without DIRs, the modules
that BuoyKit exports. `make lint` runs it.
"""
import pathlib
import re
import sys

MODULES = ["Sources/BuoyCore", "Sources/BuoyGestures", "Sources/BuoyButton"]
# `public` and the modifiers that may follow it, then what is declared.
DECLARATION = re.compile(
    r"^\s*(@\w+(\([^)]*\))?\s+)*public(\s+private\(set\))?"
    r"(\s+(static|final|mutating|nonmutating|override|convenience|required|indirect|nonisolated))*"
    r"\s+(func|var|let|init|enum|struct|class|protocol|typealias|case|subscript|actor)\b"
)


def undocumented(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if not DECLARATION.match(line):
            continue
        above = index - 1
        # Attributes on lines of their own (`@inlinable`) sit between.
        while above >= 0 and lines[above].strip().startswith("@"):
            above -= 1
        if above < 0 or not lines[above].strip().startswith("///"):
            yield index + 1, line.strip()


def main(directories):
    root = pathlib.Path(__file__).resolve().parent.parent
    missing = [
        f"{path.relative_to(root)}:{number}: public declaration without a /// comment: {text}"
        for directory in directories
        for path in sorted((root / directory).rglob("*.swift"))
        for number, text in undocumented(path)
    ]
    for line in missing:
        print(line, file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or MODULES))
