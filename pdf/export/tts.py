"""``--to tts``: a Tabletop Simulator saved object, one bag holding the whole game.

Decks become custom decks on face sheets (``tts_sheets``); boards custom boards in one piece;
tokens, tiles and sheets custom tiles at their real size; die nets custom six-sided dice;
standees figurines; the checklist's setup steps a notecard. Every picture is the print-shop
page of the piece as cut (its TrimBox), rendered once per distinct drawing. Out:
``<game>.json`` (copy it to the simulator's Saved Objects folder), ``images/`` and
``manifest.json`` (each component, its count and the objects and images that carry it).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote

from ..parts import Part
from . import tts_objects as obj
from ..geometry import Paper
from .designs import Pictures, Renderer, Sides
from .pages import Chunk, Page, trim_mm
from .raster import Shot
from .tts_layout import Grid, grid_for, image_pixels, load_table, per_sheet
from .tts_pieces import compose_die, figure, notecard_text
from .tts_sheets import Deck, SheetWriter


@dataclass
class Kind:
    """How one part goes on the table."""

    role: str                 # deck, board, tile, die, figurine
    shape: str = "rect"       # the piece's outline before the export draws it without its die line
    corner: bool = False
    grid: Grid | None = None  # a deck's sheet
    pixels: tuple[int, int] = (1, 1)


def role_of(game, part: Part) -> str:
    component = game.components.get(part.id)
    painter = getattr(component, "painter", "")
    if part.kind == "card":
        return "deck"
    if part.kind == "die" and component is not None and component.size_mm and part.spec is not None \
            and abs(part.spec.w - 3 * component.size_mm[0]) < 1e-6:
        return "die"
    if painter == "standee":
        return "figurine"
    return "board" if part.kind == "board" else "tile"


class TtsExport:
    def __init__(self, game, options, table):
        self.game = game
        self.options = options
        self.build_options = options.build()
        self.paper = Paper.named(options.paper)
        self.table = table
        self.kinds: list[Kind] = []
        self.chunks: list[Chunk] = []
        self.keys = Sides()    # by drawing: how many designs each deck has, before anything is rendered
        self.sides = Sides()   # by picture
        self.ids: dict[bytes, int] = {}

    @classmethod
    def prepare(cls, game, options) -> "TtsExport":
        return cls(game, options, load_table())

    # --- drawing ---------------------------------------------------------------------------

    def adjust(self, parts: list[Part]) -> list[Part]:
        for part in parts:
            kind = Kind(role_of(self.game, part))
            if part.spec is not None:
                kind.shape, kind.corner = part.spec.shape, part.spec.corner > 0
                # the simulator cuts the outline itself: no die line drawn on the picture
                part.spec = replace(part.spec, shape="rect")
            self.kinds.append(kind)
        return parts

    def start(self, parts, staging: Path, target: Path, pool, step) -> None:
        self.folder, self.target, self.step = staging, target, step
        self.pictures = Pictures(staging)
        self.renderer = Renderer(pool, self.shot_of, self.pictures)
        self.parts = parts
        self.keys.extend(len(parts))
        self.sides.extend(len(parts))

    def more(self, parts: list[Part]) -> None:
        self.parts = self.parts + parts
        self.keys.extend(len(self.kinds))
        self.sides.extend(len(self.kinds))

    def take(self, chunk: Chunk) -> None:
        """Pass one: note each page's drawing; cards wait until their sheet's size is known."""
        self.chunks.append(chunk)
        for page in chunk.pages:
            self.keys.add(page, self.ids.setdefault(page.key, len(self.ids)))

    def finish_rendering(self) -> None:
        for number, kind in enumerate(self.kinds):
            part = self.parts[number]
            size = trim_mm(part, self.paper)
            if kind.role == "deck":
                designs = len(set(zip(self.keys.fronts[number], self.keys.backs[number])))
                kind.grid = grid_for(min(designs, per_sheet(self.table)), size, self.table,
                                     self.options.dpi, self.options.max_px)
                kind.pixels = kind.grid.cell
            else:
                kind.pixels = image_pixels(size, self.options.dpi, self.options.max_px)
        for chunk in self.chunks:  # pass two: each distinct picture rendered once
            for page, id_ in zip(chunk.pages, self.renderer.take(chunk)):
                self.sides.add(page, id_)
            self.renderer.pool.after(lambda n=len(chunk.pages): self.step(n))
        self.chunks = []
        self.renderer.finish()

    def shot_of(self, page: Page) -> Shot:
        return Shot(0, "trim", size=self.kinds[page.part].pixels)

    # --- writing ---------------------------------------------------------------------------

    def picture(self, id_: int) -> Path:
        return self.pictures.path(id_)

    def url(self, relative: str) -> str:
        if self.options.base_url:
            return self.options.base_url.rstrip("/") + "/" + quote(relative)
        return (self.target.absolute() / relative).as_uri()

    def save(self, image, relative: str) -> str:
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path, format="PNG")
        return relative

    def copy(self, id_: int, relative: str) -> str:
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self.picture(id_), path)
        return relative

    def write(self, game, parts: list[Part]) -> dict:
        sheets = SheetWriter(self, self.table)
        contents, listed = [], []
        for number, part in enumerate(parts):
            made, images = self._objects(number, part, sheets)
            contents.append(made)
            listed.append({"id": part.id, "name": part.name, "kind": part.kind, "count": len(part.jobs),
                           "object": made["Name"], "images": images})
        title, text = notecard_text(game, self.build_options, {p.id: len(p.jobs) for p in parts})
        contents.append(obj.notecard(("notecard",), title, text, obj.transform(0, 1.5, 0)))
        bag = obj.bag((game.id,), game.name, _spread(contents), obj.transform(0, 2, 0),
                      f"{game.name}: every printed piece ({sum(len(p.jobs) for p in parts)}), made by Headframe")
        _unique_guids(bag)
        self.pictures.clear()
        name = f"{game.id}.json"
        (self.folder / name).write_text(json.dumps(obj.saved_object(game.name, bag), indent=2, ensure_ascii=False)
                                        + "\n", encoding="utf-8")
        manifest = {"game": game.id, "players": self.build_options.players, "variant": self.build_options.variant,
                    "file": name, "components": listed}
        (self.folder / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                                   encoding="utf-8")
        return {"files": 2 + sum(len(c["images"]) for c in listed), "pieces": sum(len(p.jobs) for p in parts),
                "designs": len(self.pictures.sizes)}

    def _objects(self, number: int, part: Part, sheets: SheetWriter) -> tuple[dict, list[str]]:
        kind = self.kinds[number]
        pairs = self.sides.pairs(number, self.pictures.same)
        w, h = trim_mm(part, self.paper)
        if kind.role == "deck":
            deck = Deck(part, kind, pairs)
            return sheets.deck(deck, (number, part.id), self._card_scale(h)), deck.images
        images: dict[tuple, tuple[str, str]] = {}
        pieces = []
        for index, (front, back) in enumerate(pairs):
            if (front, back) not in images:
                images[(front, back)] = self._pictures(part, kind, len(images) + 1, front, back)
            urls = tuple(self.url(relative) if relative else "" for relative in images[(front, back)])
            pieces.append(self._piece(kind, (number, part.id, index), part.name, urls, w, h))
        made = pieces[0] if len(pieces) == 1 else obj.bag((number, part.id), part.name, _spread(pieces),
                                                           obj.transform(), f"{len(pieces)} pieces")
        if len(pieces) == 1:
            made["Nickname"] = part.name
        return made, sorted({relative for pair in images.values() for relative in pair if relative})

    def _pictures(self, part: Part, kind: Kind, design: int, front: int, back: int | None) -> tuple[str, str]:
        """The design's pictures (paths in the export folder): front and back ("" for none)."""
        base = f"images/{part.id}/{design:03d}"
        if kind.role == "die":
            face = part.spec.w / 3
            return self.save(compose_die(self.picture(front), face, part.spec.h, self.table), base + "-die.png"), ""
        if kind.role == "figurine":
            base_mm = _standee_base(self.game, part)
            cut = lambda id_: figure(self.picture(id_), part.spec.h, base_mm)  # noqa: E731
            shown = self.save(cut(front), base + "-front.png")
            return shown, (self.save(cut(back), base + "-back.png") if back is not None else shown)
        shown = self.copy(front, base + "-front.png")
        return shown, (self.copy(back, base + "-back.png") if back is not None else "")

    def _piece(self, kind: Kind, path: tuple, name: str, urls: tuple[str, str], w: float, h: float) -> dict:
        place = obj.transform()
        if kind.role == "die":
            s = (w / 3) / self.table.die_edge_mm
            return obj.die(path, name, urls[0], {**place, **_scale(s, s, s)})
        s = max(w, h) / self.table.tile_long_mm
        if kind.role == "figurine":
            return obj.figurine(path, name, urls[0], urls[1], {**place, **_scale(s, s, s)})
        if kind.role == "board":
            return obj.board(path, name, urls[0], {**place, **_scale(s, 1.0, s)})
        return obj.tile(path, name, urls[0], urls[1], kind.shape, self.table.tile_thickness,
                        {**place, **_scale(s, 1.0, s)})

    def _card_scale(self, h: float) -> float:
        return h / self.table.card_height_mm


def _scale(x: float, y: float, z: float) -> dict:
    return {"scaleX": round(x, 4), "scaleY": round(y, 4), "scaleZ": round(z, 4)}


def _standee_base(game, part: Part) -> float:
    from companion.data.units import parse_length

    component = game.components.get(part.id)
    return parse_length(component.options.get("base", "12mm")) if component is not None else 12.0


def _spread(objects: list[dict]) -> list[dict]:
    """Objects in a bag keep a place of their own, one above another, so none starts inside another."""
    for number, item in enumerate(objects):
        item["Transform"]["posY"] = round(1.0 + 0.2 * number, 4)
    return objects


def _unique_guids(tree: dict) -> None:
    seen: set[str] = set()

    def walk(node: dict) -> None:
        g = node["GUID"]
        bump = 0
        while g in seen:
            bump += 1
            g = obj.guid(node["GUID"], bump)
        node["GUID"] = g
        seen.add(g)
        for child in node.get("ContainedObjects", []):
            walk(child)

    walk(tree)

