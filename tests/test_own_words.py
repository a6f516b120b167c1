"""Our own words: no run of twelve words from a rulebook appears in anything we ship (card
texts, reference sheets, notes, page templates, rule messages). Names, numbers and short
phrases carry over; sentences do not."""

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("HEADFRAME_SEEDS", ROOT.parent / "shared" / "seeds"))
RUN = 12
SHIPPED = [("cards_data", (".md", ".toml", ".csv", ".json", ".txt")), ("companion", (".py",)), ("pdf", (".py",)),
           ("webapp/templates", (".html", ".md"))]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9£$']+", text.lower())


def runs(text: str) -> set[str]:
    w = words(text)
    return {" ".join(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def test_nothing_we_ship_repeats_a_rulebook_sentence():
    rulebooks = sorted(SEEDS.glob("*.txt"))
    if not rulebooks:
        if os.environ.get("CI"):
            pytest.fail(f"the rulebooks are not at {SEEDS} (set HEADFRAME_SEEDS)")
        pytest.skip(f"the rulebooks are not at {SEEDS}")
    theirs = set().union(*(runs(p.read_text(encoding="utf-8", errors="ignore")) for p in rulebooks))
    copied = []
    for folder, suffixes in SHIPPED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in suffixes and "fonts" not in path.parts:
                found = runs(path.read_text(encoding="utf-8", errors="ignore")) & theirs
                copied += [f"{path.relative_to(ROOT)}: {run}" for run in sorted(found)]
    assert copied == []


def test_the_check_finds_a_copied_sentence():
    sentence = "one two three four five six seven eight nine ten eleven twelve thirteen"
    assert runs(sentence) & runs(f"Intro. {sentence.upper()}!")
