"""Benchmark: a 960-card deck exported to PNG at 300 dpi against rendering the same PDF
pages with the same library alone (the floor), and memory as the deck grows to 9,600 cards.

    python3 tests/bench/bench_export.py [--cards 960] [--grow 10] [--dpi 300] [--workers N]

The deck is bench_cards.py's: 960 different poker cards with one shared back. The export
(``pdf.export.run.export_game``, ``--to png``) draws the print-shop pages, renders each distinct
page once (961 PNGs) on worker processes and writes manifest.csv. The floor takes the print-shop
PDF ``build --print-shop`` wrote (drawn beforehand, not timed) and does only what any export
must: pypdfium2 renders the same 961 distinct pages at 300 dpi and Pillow saves each as PNG
(the same encoder and settings), in one process. A second floor renders all 1,920 pages, as a
script that does not know which pages repeat would.

Time is CPU seconds of the process and all its workers (``ru_utime + ru_stime`` of self and
children: steadier than wall time on a shared machine). Memory is peak RSS of the main process
and of the largest worker, for the deck and for the same deck grown ``--grow`` times by
``qty`` (9,600 cards; a CSV holds at most 5,000 rows, so the larger deck repeats the 960
designs: the pages drawn grow tenfold, the pictures do not). Targets: export CPU <= 1.3x the
floor's, peak memory of the grown deck within 10 % of the deck's, and most of the CPU in the
workers (work spread over the cores). Exit status 1 when a target is missed. Each side runs in
a fresh subprocess. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TARGETS = {"cpu": 1.3, "memory": 1.10, "workers_share": 0.75}


def write_data(folder: Path, cards: int, qty: int) -> Path:
    sys.path.insert(0, str(HERE))
    import bench_cards

    data = folder / "bench"
    data.mkdir(parents=True)
    (data / "game.toml").write_text(bench_cards.GAME_TOML, encoding="utf-8")
    (data / "layouts.toml").write_text(bench_cards.LAYOUTS, encoding="utf-8")
    with open(data / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=["id", "qty", "name", "text", "cost", "type"])
        writer.writeheader()
        writer.writerows({**row, "qty": qty} for row in bench_cards.card_rows(cards))
    return folder


# --- each side, in its own process ----------------------------------------------------------

def _usage() -> dict:
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"cpu": me.ru_utime + me.ru_stime, "workers_cpu": kids.ru_utime + kids.ru_stime,
            "peak_mb": me.ru_maxrss / 1024, "worker_peak_mb": kids.ru_maxrss / 1024}


def side_export(data: str, out: str, dpi: float, workers: int) -> dict:
    from pdf.export.run import ExportOptions, export_game

    done = export_game("bench", out, ExportOptions(to="png", dpi=dpi, bleed_mm=3.0, data_dir=data, workers=workers))
    return {**_usage(), **done}


def side_print_shop(data: str, out: str) -> dict:
    from pdf.build import BuildOptions, build_game

    build_game("bench", out, BuildOptions(print_shop=True, bleed_mm=3.0, data_dir=data))
    return _usage()


def side_floor(pdf: str, out: str, dpi: float, pages: str) -> dict:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    wanted = range(len(document)) if pages == "all" else [0, 1] + list(range(2, len(document), 2))
    for index in wanted:
        page = document[index]
        page.render(scale=dpi / 72).to_pil().save(Path(out) / f"{index:05d}.png")
        page.close()
    return {**_usage(), "pages": len(wanted)}


SIDES = {"export": side_export, "print-shop": side_print_shop, "floor": side_floor}


def run(side: str, *args) -> dict:
    """One side in a fresh interpreter; its measures as a dict."""
    code = (f"import json, sys; sys.path.insert(0, {str(HERE)!r}); import bench_export as b; "
            f"print(json.dumps(b.SIDES[{side!r}](*json.loads(sys.argv[1]))))")
    done = subprocess.run([sys.executable, "-c", code, json.dumps(list(args))], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{side} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=960)
    parser.add_argument("--grow", type=int, default=10, help="the larger deck has each card this many times")
    parser.add_argument("--dpi", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-export-") as tmp:
        base = Path(tmp)
        small = write_data(base / "small", args.cards, 1)
        grown = write_data(base / "grown", args.cards, args.grow)
        run("print-shop", str(small), str(base / "pdf"))
        pdf = base / "pdf" / "bench" / "cards.pdf"
        results = {}
        for name, side, extra in (("floor", "floor", (str(pdf), None, args.dpi, "distinct")),
                                  ("floor_all", "floor", (str(pdf), None, args.dpi, "all")),
                                  ("export", "export", (str(small), None, args.dpi, args.workers)),
                                  ("export_grown", "export", (str(grown), None, args.dpi, args.workers))):
            out = base / f"out-{name}"
            out.mkdir()
            results[name] = run(side, *[str(out) if a is None else a for a in extra])
    return report(results, args)


def report(r: dict, args) -> int:
    def total(x: dict) -> float:
        return x["cpu"] + x["workers_cpu"]

    def peak(x: dict) -> float:
        return max(x["peak_mb"], x["worker_peak_mb"])

    print(f"{args.cards} cards at {args.dpi:g} dpi, {args.workers} workers; CPU seconds (self + workers), peak MB")
    for name in ("floor", "floor_all", "export", "export_grown"):
        x = r[name]
        print(f"  {name:<13} cpu {total(x):7.2f}  (self {x['cpu']:6.2f}, workers {x['workers_cpu']:6.2f})  "
              f"peak {x['peak_mb']:6.1f} MB main, {x['worker_peak_mb']:6.1f} MB largest worker"
              + (f"  {x['designs']} designs, {x['pieces']} pieces" if "designs" in x else f"  {x['pages']} pages"))
    ratios = {
        "cpu": total(r["export"]) / total(r["floor"]),
        "memory": max(r["export_grown"]["peak_mb"] / r["export"]["peak_mb"],
                      r["export_grown"]["worker_peak_mb"] / r["export"]["worker_peak_mb"]),
        "workers_share": r["export"]["workers_cpu"] / total(r["export"]),
    }
    print(f"  export / floor (the same {r['floor']['pages']} pages)   cpu {ratios['cpu']:.2f}x  "
          f"(target <= {TARGETS['cpu']}x)")
    print(f"  export / floor (all {r['floor_all']['pages']} pages)        cpu "
          f"{total(r['export']) / total(r['floor_all']):.2f}x")
    print(f"  grown / deck peak memory              {ratios['memory']:.3f}x  (target <= {TARGETS['memory']}x)")
    print(f"  share of the export's CPU in workers  {ratios['workers_share']:.0%}  (target >= "
          f"{TARGETS['workers_share']:.0%})")
    missed = [k for k, v in ratios.items() if (v < TARGETS[k] if k == "workers_share" else v > TARGETS[k])]
    if missed:
        print("missed: " + ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
