"""Each distinct drawing of a set rendered once: pages with the same key share one id and one
rendering; the pixels of each id are handed to the exporter as the workers finish them.
Two ids can still hold the same pixels (drawn in two PDFs): ``Pixels`` folds those together
by a digest of what was rendered."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path
from typing import Callable

from .pages import Chunk, Page
from .pool import Pool
from .raster import Shot, render_shots

Keep = Callable[[int, bytes, tuple[int, int]], None]  # (id, PNG bytes or RGB pixels, size)


class Renderer:
    def __init__(self, pool: Pool, shot_of: Callable[[Page], Shot], keep: Keep, as_png: bool = True):
        self.pool = pool
        self.shot_of = shot_of
        self.keep = keep
        self.as_png = as_png
        self.ids: dict[tuple[bytes, Shot], int] = {}

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
            self.pool.submit(render_shots, chunk.pdf, shots, self.as_png,
                             then=lambda done, wanted=wanted: self._kept(done, wanted))
        return out

    def _kept(self, done, wanted: dict[int, int]) -> None:
        for number, data, size in done:
            self.keep(wanted[number], data, size)

    def finish(self) -> None:
        self.pool.drain()


class Pixels:
    """The first id seen with each picture; later ids with the same picture map to it."""

    def __init__(self):
        self.by_digest: dict[bytes, int] = {}
        self.same: dict[int, int] = {}

    def add(self, id_: int, data: bytes, size: tuple[int, int]) -> bool:
        """Note ``id_``'s picture; True when it is a picture not seen before."""
        digest = hashlib.blake2b(data, digest_size=20)
        digest.update(repr(size).encode())
        first = self.by_digest.setdefault(digest.digest(), id_)
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

    def keep(self, id_: int, data: bytes, size: tuple[int, int]) -> None:
        if self.same.add(id_, data, size):
            self.path(id_).write_bytes(data)
            self.sizes[id_] = size

    def path(self, id_: int) -> Path:
        return self.folder / f"{id_}.png"

    def clear(self) -> None:
        shutil.rmtree(self.folder)
