"""Our own words: no run of twelve words from a rulebook appears in anything we ship (card
texts, reference sheets, notes, page templates, rule messages). Names, numbers and short
phrases carry over; sentences do not.

The rulebooks themselves are not part of the project, so their runs are kept as a set of
hashes in tests/fixtures/rulebook-runs.bin; when the rulebooks sit beside the checkout
(../shared/seeds, or HEADFRAME_SEEDS), the test also checks that set is current.
"""

import hashlib
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("HEADFRAME_SEEDS", ROOT.parent / "shared" / "seeds"))
FINGERPRINTS = Path(__file__).parent / "fixtures" / "rulebook-runs.bin"
RUN = 12
DIGEST = 6  # bytes per run: a false match among ~10^5 runs is about 10^-5 likely
SHIPPED = [("cards_data", (".md", ".toml", ".csv", ".json", ".txt")), ("companion", (".py",)), ("pdf", (".py",)),
           ("webapp/templates", (".html", ".md"))]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9£$']+", text.lower())


def runs(text: str) -> set[str]:
    w = words(text)
    return {" ".join(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def digest(run: str) -> bytes:
    return hashlib.blake2b(run.encode(), digest_size=DIGEST).digest()


def rulebook_digests() -> set[bytes]:
    data = FINGERPRINTS.read_bytes()
    return {data[i:i + DIGEST] for i in range(0, len(data), DIGEST)}


def seed_digests() -> set[bytes] | None:
    books = sorted(SEEDS.glob("*.txt"))
    if not books:
        return None
    return {digest(r) for p in books for r in runs(p.read_text(encoding="utf-8", errors="ignore"))}


def test_nothing_we_ship_repeats_a_rulebook_sentence():
    theirs = rulebook_digests()
    copied = []
    for folder, suffixes in SHIPPED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in suffixes and "fonts" not in path.parts:
                text = path.read_text(encoding="utf-8", errors="ignore")
                copied += [f"{path.relative_to(ROOT)}: {run}" for run in sorted(runs(text)) if digest(run) in theirs]
    assert copied == []


def test_the_fingerprints_match_the_rulebooks_when_they_are_here():
    current = seed_digests()
    if current is not None:
        assert rulebook_digests() == current, "regenerate with: python3 tests/test_own_words.py"
    assert len(rulebook_digests()) > 10_000


def test_the_check_finds_a_copied_sentence():
    sentence = "one two three four five six seven eight nine ten eleven twelve thirteen"
    assert runs(sentence) & runs(f"Intro. {sentence.upper()}!")


if __name__ == "__main__":
    FINGERPRINTS.write_bytes(b"".join(sorted(seed_digests())))
    print(f"wrote {FINGERPRINTS}")
