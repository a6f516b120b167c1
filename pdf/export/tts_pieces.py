"""Pictures and words the simulator's pieces need besides whole pages: a die's six faces cut
from its printed net onto the die's picture, a standee's upright figure, a plain card for
sides nothing is printed on, and the notecard with the checklist's setup steps."""

from __future__ import annotations

import re
from pathlib import Path

from ..generic import DIE_CELLS

PLAIN = (217, 214, 206)  # a side with nothing printed on it: card stock grey


def plain_card(size: tuple[int, int]):
    from PIL import Image

    return Image.new("RGB", size, PLAIN)


def compose_die(net: Path, face_mm: float, net_h_mm: float, table):
    """The die's picture: each face of the printed net (``pdf.generic.DIE_CELLS``, faces
    listed 1 to 6) in its cell of the die's template (``table.die_cells``)."""
    from PIL import Image

    picture = Image.open(net).convert("RGB")
    per_mm = picture.width / (3 * face_mm)
    side = max(1, round(face_mm * per_mm))
    columns, rows = table.die_grid
    out = Image.new("RGB", (columns * side, rows * side), (255, 255, 255))
    for (col, row), (to_col, to_row) in zip(DIE_CELLS, table.die_cells):
        x, y = round(col * face_mm * per_mm), round(row * face_mm * per_mm)
        face = picture.crop((x, y, x + side, y + side))
        out.paste(face, (to_col * side, to_row * side))
    return out


def figure(standee: Path, height_mm: float, base_mm: float):
    """A fold-over standee's upright half (between its lower two folds), as the figurine."""
    from PIL import Image

    picture = Image.open(standee).convert("RGB")
    per_mm = picture.height / height_mm
    fig = (height_mm - 2 * base_mm) / 2
    top, bottom = round((base_mm + fig) * per_mm), round((base_mm + 2 * fig) * per_mm)
    return picture.crop((0, top, picture.width, bottom))


def plain_text(text: str) -> str:
    """Rich text as the notecard shows it: **bold** as plain words, :icon: as its name."""
    text = text.replace("**", "")
    return re.sub(r":([a-z0-9_-]+):", lambda m: m.group(1).replace("_", " ").replace("-", " "), text)


def notecard_text(game, options, counts: dict[str, int]) -> tuple[str, str]:
    """The checklist's setup steps for this build and what to gather that is not printed."""
    from ..setup_steps import steps_for

    lines = []
    steps = steps_for(game, options, counts)
    if steps:
        lines += [f"{n}. {plain_text(step)}" for n, step in enumerate(steps, start=1)]
    else:
        lines.append("Set the game up as its rulebook says; every printed piece is in this bag.")
    gather = [g for g in game.gather if g.needed(options.players, options.variant)]
    if gather:
        lines += ["", "Not in the bag (gather or take from the simulator's own pieces):"]
        lines += [f"- {g.count} x {plain_text(g.name)}" + (f" ({plain_text(g.note)})" if g.note else "")
                  for g in gather]
    if options.players or options.variant:
        built = [f"{options.players} players"] if options.players else []
        built += [f"variant {options.variant}"] if options.variant else []
        lines += ["", "Built for " + ", ".join(built) + "."]
    return f"Setting up {game.name}", "\n".join(lines)
