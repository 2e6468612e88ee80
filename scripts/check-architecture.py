#!/usr/bin/env python3
"""docs/architecture.md names code as `Symbol` (`path:line`) or (`Symbol`, `path:line`): each
symbol is looked up in that file, where it must be declared at exactly that line (its owner,
the part before the last dot, declared or extended in the same file), so the map cannot drift
from the code unseen (`make lint`); the message says where the symbol is now. A bare
`path:line` must name a line that exists."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
# `Owner.member` (`Sources/...swift:N`), `Owner.member(label:)` (`...`), or (`Owner.member`,
# `Sources/...swift:N`); either may break across lines.
NAMED = re.compile(r"`([A-Za-z_][\w.]*)(?:\([^`]*\))?`(?:\s*\(|,\s*)`(Sources/[^`:]+\.swift):(\d+)`")
ANY = re.compile(r"`(Sources/[^`:]+\.swift):(\d+)`")
DECLARATION = r"\b(?:func|var|let|case|struct|class|enum|protocol|actor|typealias|extension)\s+`?{name}`?\b"
OWNER = r"\b(?:struct|class|enum|protocol|actor|extension)\s+{name}\b"


def declarations(lines: list[str], name: str) -> list[int]:
    """The 1-based lines of `lines` that declare `name` (init for `init`)."""
    pattern = re.compile(r"\binit\b[?!]?\s*[(<]" if name == "init" else DECLARATION.format(name=re.escape(name)))
    return [number for number, line in enumerate(lines, 1)
            if pattern.search(line.split("//", 1)[0])]


def check_named(symbol: str, path: str, line: int) -> str | None:
    """What is wrong with `symbol` at `path:line`, or None."""
    source = ROOT / path
    if not source.exists():
        return f"{path} does not exist (for {symbol})"
    lines = source.read_text().splitlines()
    *owners, name = symbol.split(".")
    found = declarations(lines, name)
    if not found:
        return f"{path} declares no {name} (for {symbol})"
    if owners and not re.search(OWNER.format(name=re.escape(owners[-1])), "\n".join(lines)):
        return f"{path} neither declares nor extends {owners[-1]} (for {symbol})"
    if line not in found:
        where = ", ".join(f"{path}:{number}" for number in found)
        return f"{path}:{line} does not declare {name} (for {symbol}); it is declared at {where}"
    return None


def main() -> int:
    text = DOC.read_text()
    problems = []
    named = set()
    for match in NAMED.finditer(text):
        symbol, path, line = match.group(1), match.group(2), int(match.group(3))
        named.add((path, line))
        if problem := check_named(symbol, path, line):
            problems.append(problem)
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
