"""``--to png``: one PNG per distinct design of every piece, front and back, at the piece's
size plus bleed (or a print service's template), with ``manifest.csv``.

A design is a piece's pair of pictures (front, back). When every piece of a component has
the same back, that back is one file (``contracts/back.png``) and the designs are the
distinct fronts (``contracts/017-front.png``); otherwise each distinct pair is a design with
both files (``017-front.png``, ``017-back.png``). A service may name the files its own way
and write the back beside every front.
"""

from __future__ import annotations

import csv
import os
import shutil
from dataclasses import replace
from pathlib import Path

from companion.csvcells import text_cell

from ..build import BuildOptions
from ..parts import Part
from ..geometry import Paper
from .designs import Pictures, Renderer, Sides
from .pages import Chunk, Page, trim_mm
from .services import Fit, Service, fit, load, plain

COLUMNS = ["file", "piece", "side", "quantity", "component", "design", "width_px", "height_px", "dpi",
           "trim_mm", "bleed_mm", "shape", "product"]


class PngExport:
    def __init__(self, service: Service, build_options: BuildOptions, paper: Paper):
        self.service = service
        self.build_options = build_options
        self.paper = paper
        self.fits: list[Fit] = []
        self.shapes: list[str] = []
        self.sides = Sides()

    @classmethod
    def prepare(cls, game, options) -> "PngExport":
        service = load(options.service) if options.service else plain(options.dpi, options.bleed_mm)
        return cls(service, options.build(service.bleed), Paper.named(options.paper))

    def adjust(self, parts: list[Part]) -> list[Part]:
        for part in parts:
            found = fit(self.service, (part.spec.w, part.spec.h) if part.spec is not None else None)
            self.shapes.append(part.spec.shape if part.spec is not None else "rect")
            if part.spec is not None:
                # a PNG carries no die line (a spot colour for the cutter, not ink): the service
                # cuts round and hex pieces by its own template; manifest.csv names the shape
                part.spec = replace(part.spec, bleed=found.bleed, shape="rect")
            self.fits.append(found)
        return parts

    def start(self, parts, staging: Path, target: Path, pool, step) -> None:
        self.folder = staging
        self.pictures = Pictures(staging)
        self.step = step
        self.renderer = Renderer(pool, self.shot_of, self.pictures)
        self.sides.extend(len(parts))

    def more(self, parts: list[Part]) -> None:
        self.sides.extend(len(self.fits))

    def shot_of(self, page: Page):
        return self.fits[page.part].shot(self.service.dpi)

    def take(self, chunk: Chunk) -> None:
        for page, id_ in zip(chunk.pages, self.renderer.take(chunk)):
            self.sides.add(page, id_)
        # progress counts pages whose pictures are in hand: after the chunk's rendering
        self.renderer.pool.after(lambda n=len(chunk.pages): self.step(n))

    def finish_rendering(self) -> None:
        self.renderer.finish()

    def write(self, game, parts: list[Part]) -> dict:
        rows: list[dict] = []
        uses: dict[int, list[Path]] = {}
        for number, part in enumerate(parts):
            for row in self._designs(part, number):
                uses.setdefault(row.pop("id"), []).append(self.folder / row["file"])
                rows.append(row)
        for id_, paths in uses.items():
            _place(self.pictures.path(id_), paths)
        self.pictures.clear()
        with open(self.folder / "manifest.csv", "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows({k: text_cell(v) if isinstance(v, str) else v for k, v in row.items()} for row in rows)
        return {"files": len(rows) + 1, "pieces": sum(len(p.jobs) for p in parts),
                "designs": sum(1 for r in rows if r["side"] == "front")}

    def _designs(self, part: Part, number: int) -> list[dict]:
        pairs = self.sides.pairs(number, self.pictures.same)
        backs = {b for _, b in pairs}
        shared = next(iter(backs)) if len(backs) == 1 and self.service.shared_back else None
        keys = [f for f, _ in pairs] if shared is not None or backs == {None} else pairs
        counts: dict = {}
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        width = max(3, len(str(len(counts))))
        rows = []
        fields = self._fields(part, number)
        for design, (key, quantity) in enumerate(counts.items(), start=1):
            front, back = (key, None) if shared is not None or backs == {None} else key
            label = f"{design:0{width}d}"
            rows.append(self._row(part, number, front, "front", quantity, label, fields))
            if back is not None:
                rows.append(self._row(part, number, back, "back", quantity, label, fields))
        if shared is not None:
            rows.append(self._row(part, number, shared, "back", len(pairs), "", fields,
                                  self.service.shared_back))
        return rows

    def _fields(self, part: Part, number: int) -> dict:
        found = self.fits[number]
        w, h = trim_mm(part, self.paper)
        return {"component": part.id, "w": f"{w:g}", "h": f"{h:g}", "product": _slug(found.product) or "custom",
                "trim_mm": f"{w:g} x {h:g}", "bleed_mm": f"{found.shown:g}",
                "shape": self.shapes[number], "product_name": found.product}

    def _row(self, part: Part, number: int, id_: int, side: str, quantity: int, design: str, fields: dict,
             template: str | None = None) -> dict:
        names = {"component": fields["component"], "design": design, "side": side,
                 "order": 1 if side == "front" else 2, "w": fields["w"], "h": fields["h"],
                 "product": fields["product"]}
        file = (template or self.service.files).format(**names)
        width, height = self.pictures.sizes[id_]
        piece = f"{part.name} {design}".strip() if design else f"{part.name} (every piece)"
        return {"id": id_, "file": file, "piece": piece, "side": side, "quantity": quantity,
                "component": part.id, "design": design, "width_px": width, "height_px": height,
                "dpi": f"{self.service.dpi:g}", "trim_mm": fields["trim_mm"], "bleed_mm": fields["bleed_mm"],
                "shape": fields["shape"], "product": fields["product_name"]}


def _slug(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())


def _place(source: Path, paths: list[Path]) -> None:
    """Move a picture to its file, copying it first for any other file that shows it too."""
    for path in paths:
        path.parent.mkdir(parents=True, exist_ok=True)
    for path in paths[1:]:
        shutil.copyfile(source, path)
    os.replace(source, paths[0])
