#!/usr/bin/env python3
"""docs/architecture.md names code as `Symbol` (`path:line`): each such line
must still hold the symbol's last name, so the map cannot drift from the
code unseen (`make lint`). A bare `path:line` must name a line that exists."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
# `Owner.member` (`Sources/...swift:N`), or `Owner.member`\n   (`...`).
NAMED = re.compile(r"`([A-Za-z_][\w.]*)(?:\([^`]*\))?`\s*\(`(Sources/[^`:]+\.swift):(\d+)`")
ANY = re.compile(r"`(Sources/[^`:]+\.swift):(\d+)`")


def main() -> int:
    text = DOC.read_text()
    problems = []
    named = set()
    for match in NAMED.finditer(text):
        symbol, path, line = match.group(1), match.group(2), int(match.group(3))
        named.add((path, line))
        name = symbol.split(".")[-1]
        lines = (ROOT / path).read_text().splitlines() if (ROOT / path).exists() else []
        if line > len(lines):
            problems.append(f"{path}:{line} is past the end of the file (for {symbol})")
        elif not re.search(rf"\b{re.escape(name)}\b", lines[line - 1]):
            problems.append(f"{path}:{line} does not name {name} (for {symbol}): {lines[line - 1].strip()}")
    for match in ANY.finditer(text):
        path, line = match.group(1), int(match.group(2))
        if (path, line) in named:
            continue
        lines = (ROOT / path).read_text().splitlines() if (ROOT / path).exists() else []
        if line > len(lines):
            problems.append(f"{path}:{line} is past the end of the file")
    for problem in problems:
        print(f"docs/architecture.md: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
