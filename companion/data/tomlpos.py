"""Line numbers for TOML keys. ``tomllib`` gives values but no positions, and every data
problem must be reported as ``path:line: field: message``; this maps dotted key paths
("decks.survey.size") to the line that sets them by a light scan of the text."""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*((?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-]+))*)\s*=")
_INLINE_KEY = re.compile(r"(?:[{,]\s*)((?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-]+))\s*=")


def _split_dotted(text: str) -> list[str]:
    parts = re.findall(r"\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_\-]+)", text)
    return [a or b or c for a, b, c in parts]


class KeyLines:
    """Maps dotted key paths to 1-based line numbers; unknown paths fall back to the
    nearest known parent, so a message always points somewhere useful."""

    def __init__(self, text: str):
        self.lines: dict[str, int] = {}
        table: list[str] = []
        array_counts: dict[str, int] = {}
        in_multiline = False
        for number, line in enumerate(text.splitlines(), start=1):
            if in_multiline:
                if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                    in_multiline = False
                continue
            header = _HEADER.match(line)
            if header:
                path = _split_dotted(header.group(2))
                if header.group(1) == "[[":
                    base = ".".join(path)
                    index = array_counts.get(base, 0)
                    array_counts[base] = index + 1
                    path = path + [str(index)]
                table = path
                self.lines.setdefault(".".join(table), number)
                continue
            key = _KEY.match(line)
            if not key:
                continue
            full = table + _split_dotted(key.group(1))
            self.lines.setdefault(".".join(full), number)
            rest = line[key.end():]
            for inner in _INLINE_KEY.finditer(rest):
                self.lines.setdefault(".".join(full + _split_dotted(inner.group(1))), number)
            if rest.count('"""') % 2 == 1 or rest.count("'''") % 2 == 1:
                in_multiline = True

    def line(self, dotted: str) -> int | None:
        parts = dotted.split(".")
        while parts:
            found = self.lines.get(".".join(parts))
            if found:
                return found
            parts.pop()
        return None
