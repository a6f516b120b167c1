"""Sheets, sparse sheets and the smallest glyph of each game's print set, measured from the
built PDFs (not run by the test suite).

    python3 tests/bench/print_measure.py [--games ore,ore-published] [--out DIR]

For each game, default build and ``--players 2`` (where the game allows two), on A4 and Letter:
the sheets the manifest counts for the default duplex build (per stock), the sheets under 30 %
filled in a one-sided build (a page is a sheet there; checklist left out, as in
``tests/test_print_sheets.py``) and the smallest glyph size in points over every page of
every PDF of the set (pdfplumber, measured along each glyph's own 'up' as
``tests/test_print_legibility.py`` does, so pieces turned to fit the sheet count). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

import pdfplumber

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parents[1])]

import pdf_probe  # noqa: E402
from test_print_legibility import glyph_pt  # noqa: E402
from test_print_sheets import fill  # noqa: E402
from headframe.cli import main  # noqa: E402

GAMES = ("tinners-trail", "ore", "mine-shaft", "ore-published", "ardevur")
SPARSE = 0.30


def _build(out: Path, game: str, *args: str) -> Path | None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        code = main(["build", game, "--out", str(out), *args])
    if code:
        print(f"{game} {' '.join(args)}: not built ({err.getvalue().strip()})", file=sys.stderr)
        return None
    return out / game


def _smallest_glyph(folder: Path) -> float:
    sizes = []
    for path in sorted(folder.glob("*.pdf")):
        with pdfplumber.open(path) as doc:
            sizes.extend(round(glyph_pt(c), 2) for page in doc.pages for c in page.chars if c["text"].strip())
    return min(sizes) if sizes else float("nan")


def measure(game: str, players: list[str], paper: str, tmp: Path) -> dict | None:
    tag = "-".join([game, paper, *players])
    duplex = _build(tmp / tag / "duplex", game, "--paper", paper, *players)
    fronts = _build(tmp / tag / "fronts", game, "--paper", paper, "--sides", "fronts", *players)
    if duplex is None or fronts is None:
        return None
    sheets = json.loads((duplex / "manifest.json").read_text(encoding="utf-8"))["sheets"]
    fills = [fill(page) for pdf in sorted(fronts.glob("*.pdf")) if pdf.name != "checklist.pdf"
             for page in pdf_probe.read(pdf)]
    return {"sheets": sheets, "pages": len(fills), "sparse": sum(f < SPARSE for f in fills),
            "glyph": _smallest_glyph(duplex)}


def main_(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--out", help="keep the builds here (default: a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        tmp = Path(args.out or scratch)
        print("| game | players | paper | sheets (duplex build) | one-sided sheets | under 30 % | smallest glyph pt |")
        print("|---|---|---|---|---|---|---|")
        for game in args.games.split(","):
            for players in ([], ["--players", "2"]):
                for paper in ("a4", "letter"):
                    row = measure(game, players, paper, tmp)
                    who = players[1] if players else "all"
                    if row is None:
                        print(f"| {game} | {who} | {paper} | not offered | | | |")
                        continue
                    stock = ", ".join(f"{n} {kind}" for kind, n in sorted(row["sheets"].items()))
                    print(f"| {game} | {who} | {paper} | {stock} | {row['pages']} | {row['sparse']} "
                          f"| {row['glyph']} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main_())
