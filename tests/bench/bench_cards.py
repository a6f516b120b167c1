"""Benchmark: 960 poker cards 9-up on A4 with duplex backs, through the real engine and
through a plain reportlab script drawing the same content with no framework (the floor).

    python3 tests/bench/bench_cards.py [--cards 960] [--keep DIR]

Each side runs in its own subprocess, so peak memory (ru_maxrss) is measured separately.
Prints wall seconds, PDF bytes per card, peak memory and CPU seconds for both, and the
engine/floor ratios against the targets (CPU time <= 1.5x, bytes <= 1.2x, memory <= 2x).
Time is judged in CPU seconds: on a shared machine wall time mostly measures the other
processes (its ratio is printed, marked "~", and not judged). Exit status 1 when a judged
ratio misses its target. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

TARGETS = {"bytes_per_card": 1.2, "peak_mb": 2.0, "cpu_seconds": 1.5}
BLEED_MM = 0.5      # enough bleed to exercise it and still 3 x 3 poker cards on A4
TYPES = {"shaft": "#6f8f4e", "engine": "#3f7fa8", "smelter": "#b0873c", "port": "#8a3b5a"}
TOWNS = ["Redruth", "Camborne", "St Just", "Hayle", "Truro", "Penzance", "Helston", "St Ives"]
ICONS = ["money", "miner", "work", "tin", "copper", "vp", "water"]


def card_rows(n: int) -> list[dict]:
    """n different cards: a title, ~25 words of rules with 3 inline icons, a cost, a type."""
    rows = []
    types = list(TYPES)
    for i in range(n):
        a, b, c = ICONS[i % 7], ICONS[(i + 2) % 7], ICONS[(i + 4) % 7]
        text = (f"Pay :{a}: {i % 5 + 1} to open this shaft near {TOWNS[i % 8]}, then place :{b}: on it. Each "
                f"round you may spend :{c}: to dig one cube from the seam below the old engine house.")
        rows.append({"id": f"c{i:04d}", "qty": 1, "name": f"Wheal {TOWNS[(i * 3) % 8]} {i + 1}", "text": text,
                     "cost": i % 9 + 1, "type": types[i % 4]})
    return rows


# --- the engine ----------------------------------------------------------------------------

GAME_TOML = """[game]
id = "bench"
name = "Bench Mine"
players = { min = 1, max = 4 }
currency = "£"

[resources.tin]
name = "Tin"
colour = "#8a9bb0"
shape = "cube"
letter = "T"

[resources.copper]
name = "Copper"
colour = "#c46a2b"
shape = "disc"
letter = "C"

[colours]
%s
back = "#4a3b2a"
band = "#e9e1cf"

[decks.cards]
name = "Cards"
file = "cards.csv"
kind = "card"
size = "poker"
layout = "front"
back_layout = "back"
columns = { id = "id", qty = "qty", name = "str", text = "text", cost = "int", type = "enum:%s" }
""" % ("\n".join(f'{k} = "{v}"' for k, v in TYPES.items()), "|".join(TYPES))

LAYOUTS = """[front]
size = "poker"
background = "#fbf8f1"
[front.boxes.band]
kind = "rect"
x = "0mm"
y = "0mm"
w = "63.5mm"
h = "14mm"
fill = "{type}"
bleed = true
[front.boxes.title]
x = "4mm"
y = "3mm"
w = "44mm"
h = "8mm"
text = "{name}"
font = "bold"
size = 10
colour = "#ffffff"
valign = "middle"
[front.boxes.cost]
kind = "circle"
x = "50.5mm"
y = "2mm"
w = "10mm"
h = "10mm"
fill = "#f4d35e"
stroke = "#222222"
text = "{cost}"
font = "bold"
size = 12
[front.boxes.text]
x = "5mm"
y = "50mm"
w = "53.5mm"
h = "34mm"
text = "{text}"
size = 9

[back]
size = "poker"
background = "back"
[back.boxes.frame]
kind = "rect"
x = "4mm"
y = "4mm"
w = "55.5mm"
h = "80.9mm"
stroke = "band"
stroke_width = 2
radius = "3mm"
[back.boxes.name]
x = "6mm"
y = "36mm"
w = "51.5mm"
h = "16mm"
text = "Bench Mine"
font = "bold"
size = 16
align = "center"
valign = "middle"
colour = "band"
"""


def run_engine(n: int, out: Path) -> Path:
    import csv

    from pdf.build import BuildOptions, build_game

    data = out / "data" / "bench"
    data.mkdir(parents=True)
    (data / "game.toml").write_text(GAME_TOML, encoding="utf-8")
    (data / "layouts.toml").write_text(LAYOUTS, encoding="utf-8")
    with open(data / "cards.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["id", "qty", "name", "text", "cost", "type"])
        writer.writeheader()
        writer.writerows(card_rows(n))
    build_game("bench", out / "pdf", BuildOptions(bleed_mm=BLEED_MM, sides="duplex-long", data_dir=data.parent))
    return out / "pdf" / "bench" / "cards.pdf"


# --- the floor: the same sheets with a bare reportlab canvas --------------------------------

def run_floor(n: int, out: Path) -> Path:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    fonts = Path(__file__).resolve().parents[2] / "cards_data" / "fonts"
    pdfmetrics.registerFont(TTFont("R", str(fonts / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("B", str(fonts / "DejaVuSans-Bold.ttf")))
    path = out / "floor.pdf"
    c = canvas.Canvas(str(path), pagesize=(210 * mm, 297 * mm), invariant=1, initialFontName="R")
    W, H, b = 63.5 * mm, 88.9 * mm, BLEED_MM * mm
    pitch_x, pitch_y = W + 2 * b, H + 2 * b
    x0 = (210 * mm - 3 * pitch_x) / 2 + b
    top = 297 * mm - (297 * mm - 3 * pitch_y) / 2 - b
    slots = [(x0 + col * pitch_x, top - H - row * pitch_y) for row in range(3) for col in range(3)]
    icon_colour = {"money": "#e8b923", "miner": "#c98a4b", "work": "#555555", "tin": "#8a9bb0",
                   "copper": "#c46a2b", "vp": "#7a2230", "water": "#2f7fd0"}

    def marks(positions):
        c.setLineWidth(0.25)
        c.setStrokeColor(HexColor("#000000"))
        xs = sorted({x for x, _ in positions} | {x + W for x, _ in positions})
        ys = sorted({y for _, y in positions} | {y + H for _, y in positions})
        gy0, gy1 = min(ys) - b, max(ys) + b
        gx0, gx1 = min(xs) - b, max(xs) + b
        for x in xs:
            c.line(x, gy1 + mm, x, gy1 + 4 * mm)
            c.line(x, gy0 - mm, x, gy0 - 4 * mm)
        for y in ys:
            c.line(gx0 - mm, y, gx0 - 4 * mm, y)
            c.line(gx1 + mm, y, gx1 + 4 * mm, y)

    colours = {k: HexColor(v) for k, v in {**TYPES, **icon_colour, "paper": "#fbf8f1", "white": "#ffffff",
                                           "ink": "#222222", "gold": "#f4d35e", "back": "#4a3b2a",
                                           "band": "#e9e1cf"}.items()}
    widths: dict[str, float] = {}

    def width_of(word: str) -> float:
        w = widths.get(word)
        if w is None:
            w = widths[word] = pdfmetrics.stringWidth(word, "R", 1.0)
        return w

    def front(x, y, row):
        c.setFillColor(colours["paper"])
        c.rect(x - b, y - b, W + 2 * b, H + 2 * b, stroke=0, fill=1)
        c.setFillColor(colours[row["type"]])
        c.rect(x - b, y + H - 14 * mm, W + 2 * b, 14 * mm + b, stroke=0, fill=1)
        c.setFillColor(colours["white"])
        c.setFont("B", 10)
        c.drawString(x + 4 * mm, y + H - 9 * mm, row["name"])
        c.setFillColor(colours["gold"])
        c.setStrokeColor(colours["ink"])
        c.circle(x + 55.5 * mm, y + H - 7 * mm, 5 * mm, stroke=1, fill=1)
        c.setFillColor(colours["ink"])
        c.setFont("B", 12)
        c.drawCentredString(x + 55.5 * mm, y + H - 8.5 * mm, str(row["cost"]))
        # rules text: greedy wrap, one text object, each run of words one string; icons after
        size, width = 9, 53.5 * mm
        space = width_of(" ") * size
        lx, ly = x + 5 * mm, y + H - 50 * mm - size
        cx = 0.0
        text = c.beginText()
        text.setFont("R", size)
        icons = []
        run, run_x = [], 0.0
        for word in row["text"].split():
            if word.startswith(":") and word.count(":") >= 2:
                name, rest = word[1:].split(":", 1)
                w = size + width_of(rest) * size
            else:
                name, rest, w = None, word, width_of(word) * size
            if cx and cx + space + w > width:
                if run:
                    text.setTextOrigin(lx + run_x, ly)
                    text.textOut(" ".join(run))
                run, cx, ly = [], 0.0, ly - size * 1.18
            elif cx:
                cx += space
            if name:
                if run:
                    text.setTextOrigin(lx + run_x, ly)
                    text.textOut(" ".join(run))
                    run = []
                icons.append((name, lx + cx, ly))
                cx += size
                if rest:
                    run, run_x = [rest], cx
                cx += width_of(rest) * size if rest else 0
            else:
                if not run:
                    run_x = cx
                run.append(rest)
                cx += w
        if run:
            text.setTextOrigin(lx + run_x, ly)
            text.textOut(" ".join(run))
        c.drawText(text)
        for name, ix, iy in icons:
            c.setFillColor(colours[name])
            c.circle(ix + size / 2, iy + size * 0.35, size * 0.48, stroke=0, fill=1)

    def back(x, y):
        c.setFillColor(colours["back"])
        c.rect(x - b, y - b, W + 2 * b, H + 2 * b, stroke=0, fill=1)
        c.setStrokeColor(colours["band"])
        c.setLineWidth(2)
        c.roundRect(x + 4 * mm, y + 4 * mm, 55.5 * mm, 80.9 * mm, 3 * mm, stroke=1, fill=0)
        c.setFillColor(colours["band"])
        c.setFont("B", 16)
        c.drawCentredString(x + W / 2, y + H / 2 - 3 * mm, "Bench Mine")

    rows = card_rows(n)
    for first in range(0, n, 9):
        chunk = rows[first:first + 9]
        for (x, y), row in zip(slots, chunk):
            front(x, y, row)
        marks(slots[:len(chunk)])
        c.showPage()
        mirrored = [(210 * mm - x - W, y) for x, y in slots[:len(chunk)]]
        for x, y in mirrored:
            back(x, y)
        marks(mirrored)
        c.showPage()
    c.save()
    return path


def child(kind: str, n: int, out: str) -> None:
    import resource
    import time

    folder = Path(out)
    start, cpu = time.perf_counter(), time.process_time()
    path = run_engine(n, folder) if kind == "engine" else run_floor(n, folder)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "bytes": path.stat().st_size, "peak_mb": peak_kb / 1024,
                      "pdf": str(path)}))


def measure(kind: str, n: int, out: Path) -> dict:
    folder = out / kind
    folder.mkdir(parents=True, exist_ok=True)
    # the imports both sides need are loaded before the clock starts, in each child
    code = ("import sys; sys.path.insert(0, %r); import reportlab.pdfgen.canvas, pdf.build; "
            "import bench_cards; bench_cards.child(%r, %d, %r)") % (str(Path(__file__).parent), kind, n, str(folder))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=str(Path(__file__).resolve().parents[2]))
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        raise SystemExit(f"{kind} run failed")
    data = json.loads(result.stdout.strip().splitlines()[-1])
    data["bytes_per_card"] = data["bytes"] / n
    return data


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=960)
    parser.add_argument("--keep", type=Path, help="keep the PDFs in this folder")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each side, alternating; the best of each is reported (default 3)")
    args = parser.parse_args(argv)
    runs: dict[str, list[dict]] = {"floor": [], "engine": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.repeat):
            for kind in ("floor", "engine"):
                out = (args.keep or Path(tmp)) / f"run{i}"
                runs[kind].append(measure(kind, args.cards, out))
    floor, engine = ({key: min(r[key] for r in runs[kind]) for key in runs[kind][0] if key != "pdf"}
                     for kind in ("floor", "engine"))
    print(f"{args.cards} poker cards, 9-up on A4, duplex backs, {BLEED_MM} mm bleed; best of {args.repeat} runs")
    print(f"{'':8} {'seconds':>9} {'bytes/card':>11} {'peak MB':>9} {'cpu s':>9}")
    for name, row in (("floor", floor), ("engine", engine)):
        print(f"{name:8} {row['seconds']:9.3f} {row['bytes_per_card']:11.0f} {row['peak_mb']:9.1f} "
              f"{row['cpu_seconds']:9.3f}")
    ok = True
    print(f"{'ratio':8}", end="")
    print(f" {engine['seconds'] / floor['seconds']:8.2f}~", end="")
    for key in ("bytes_per_card", "peak_mb", "cpu_seconds"):
        ratio = engine[key] / floor[key]
        ok &= ratio <= TARGETS[key]
        print(f" {ratio:8.2f}x" + ("" if ratio <= TARGETS[key] else "!"), end="")
    print(f"\ntargets   <= {TARGETS['cpu_seconds']}x CPU time, <= {TARGETS['bytes_per_card']}x bytes, "
          f"<= {TARGETS['peak_mb']}x memory: {'met' if ok else 'MISSED'} (~ wall time, not judged)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
