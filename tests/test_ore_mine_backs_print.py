"""Ore's mine-card backs name their deck's player count in words a table reads: "3 players" and
"4–5 players", read back from the printed backs."""

import pdfplumber

from headframe.cli import main


def test_mine_backs_name_the_player_count(tmp_path):
    assert main(["build", "ore", "--out", str(tmp_path)]) == 0
    seen = {}
    for name, words in (("mines-3p.pdf", "3 players"), ("mines-4-5p.pdf", "4–5 players")):
        with pdfplumber.open(tmp_path / "ore" / name) as pdf:
            backs = [" ".join((p.extract_text() or "").split()) for p in pdf.pages[1::2]]
        assert backs and all(words in b for b in backs), (name, backs[:1])
        assert not any("p players" in b for b in backs)
        seen[name] = sum(b.count(words) for b in backs)
    assert all(n > 0 for n in seen.values())
