"""Each distinct drawing of a set rendered once: pages with the same key share one id and one
rendering; each chunk of pages goes to a worker as a PDF file, and its pictures come back as
PNG files, kept by id (``Pictures``). Two ids can still hold the same picture (drawn in two
PDFs): ``Pixels`` folds those together by a digest of the PNG."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Callable

from .pages import Chunk, Page
from .pool import Pool
from .raster import Shot, render_shots

class Renderer:
    def __init__(self, pool: Pool, shot_of: Callable[[Page], Shot], pictures: "Pictures"):
        self.pool = pool
        self.shot_of = shot_of
        self.pictures = pictures
        self.ids: dict[tuple[bytes, Shot], int] = {}
        self.chunks = 0

    def take(self, chunk: Chunk) -> list[int]:
        """The id of each page of ``chunk``; the pages never seen before go to a worker."""
        out, shots, wanted = [], [], {}
        for number, page in enumerate(chunk.pages):
            shot = self.shot_of(page)
            # the same drawing shown another way (another size, box) is another picture
            seen = (page.key, Shot(0, shot.box, shot.dpi, shot.size, shot.pad, shot.turn))
            found = self.ids.get(seen)
            if found is None:
                found = self.ids[seen] = len(self.ids)
                shots.append(Shot(number, shot.box, shot.dpi, shot.size, shot.pad, shot.turn))
                wanted[number] = found
            out.append(found)
        if shots:
            pdf = self.pictures.folder / f"chunk{self.chunks}.pdf"
            self.chunks += 1
            pdf.write_bytes(chunk.pdf)
            self.pool.submit(render_shots, str(pdf), shots, str(self.pictures.folder),
                             then=lambda done, wanted=wanted, pdf=pdf: self._kept(done, wanted, pdf))
        return out

    def _kept(self, done, wanted: dict[int, int], pdf: Path) -> None:
        pdf.unlink()
        for number, digest, size, path in done:
            self.pictures.keep(wanted[number], digest, size, Path(path))

    def finish(self) -> None:
        self.pool.drain()


class Pixels:
    """The first id seen with each picture; later ids with the same picture map to it."""

    def __init__(self):
        self.by_digest: dict[bytes, int] = {}
        self.same: dict[int, int] = {}

    def add(self, id_: int, digest: bytes, size: tuple[int, int]) -> bool:
        """Note ``id_``'s picture (a digest of its PNG); True when it is a picture not seen before."""
        first = self.by_digest.setdefault(digest + repr(size).encode(), id_)
        self.same[id_] = first
        return first == id_

    def __getitem__(self, id_: int) -> int:
        return self.same[id_]


class Sides:
    """Each piece's front and back ids, part by part (-1: no back), in compact arrays."""

    def __init__(self):
        self.fronts: list = []
        self.backs: list = []

    def extend(self, parts: int) -> None:
        from array import array

        while len(self.fronts) < parts:
            self.fronts.append(array("l"))
            self.backs.append(array("l"))

    def add(self, page: Page, id_: int) -> None:
        if page.side == "front":
            self.fronts[page.part].append(id_)
            self.backs[page.part].append(-1)
        else:
            self.backs[page.part][page.piece] = id_

    def pairs(self, part: int, same: "Pixels") -> list[tuple[int, int | None]]:
        """(front, back) of each piece of ``part``, each by its first id with that picture."""
        return [(same[f], same[b] if b >= 0 else None) for f, b in zip(self.fronts[part], self.backs[part])]


class Pictures:
    """Each distinct picture an export rendered, waiting by id in a hidden folder of the
    staging folder until the export names and places its files."""

    def __init__(self, staging: Path):
        self.folder = staging / ".pixels"
        self.folder.mkdir()
        self.same = Pixels()
        self.sizes: dict[int, tuple[int, int]] = {}

    def keep(self, id_: int, digest: bytes, size: tuple[int, int], rendered: Path) -> None:
        """Keep a rendered PNG as ``id_``'s picture, or drop it when an earlier id has it."""
        if self.same.add(id_, digest, size):
            os.replace(rendered, self.path(id_))
            self.sizes[id_] = size
        else:
            rendered.unlink()

    def path(self, id_: int) -> Path:
        return self.folder / f"{id_}.png"

    def clear(self) -> None:
        shutil.rmtree(self.folder)
