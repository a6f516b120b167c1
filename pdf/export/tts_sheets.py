"""A deck on the simulator's face sheets: each distinct card (its front and back) one cell,
at most ``most_columns`` x ``most_rows`` cells a sheet with the last cell the hidden-card
picture, the backs one picture when every card shares its back or else back sheets laid out
like the faces. Each card points at its cell: ``CardID`` = 100 x the sheet's key + the cell."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..parts import Part
from . import tts_objects as obj
from .tts_layout import Grid, per_sheet, shape_for
from .tts_pieces import plain_card


@dataclass
class Deck:
    part: Part
    kind: object                               # tts.Kind: the deck's grid, shape and corners
    pairs: list[tuple[int, int | None]]        # each card's (front, back) pictures
    images: list[str] = field(default_factory=list)

    @property
    def designs(self) -> list[tuple[int, int | None]]:
        return list(dict.fromkeys(self.pairs))

    @property
    def shared_back(self) -> bool:
        return len({b for _, b in self.pairs}) == 1


class SheetWriter:
    def __init__(self, export, table):
        self.export = export
        self.table = table
        self.next_key = 1

    def deck(self, deck: Deck, path: tuple, scale: float) -> dict:
        designs = deck.designs
        per = per_sheet(self.table)
        part, grid = deck.part, deck.kind.grid
        back_url = self._shared_back(deck, grid) if deck.shared_back else None
        entries, cells = [], {}
        for first in range(0, len(designs), per):
            chunk = designs[first:first + per]
            sheet_grid = self._grid(len(chunk), grid, part)
            number = first // per + 1
            face = self._faces(deck, chunk, sheet_grid, number, back_url is not None)
            back = back_url or self._backs(deck, chunk, sheet_grid, number)
            key = self.next_key
            self.next_key += 1
            entry = obj.custom_deck_entry(face, back, sheet_grid.columns, sheet_grid.rows, back_url is None,
                                          obj.CARD_TYPES[(deck.kind.shape, deck.kind.corner)])
            entries.append((str(key), entry))
            for cell, design in enumerate(chunk):
                cells[design] = (100 * key + cell, str(key), entry)
        place = obj.transform(scale=(scale, 1.0, scale), face_down=True)
        cards = []
        for index, pair in enumerate(deck.pairs):
            card_id, key, entry = cells[pair]
            cards.append(obj.card(path + (index,), card_id, key, entry, dict(place)))
        return obj.deck(path, part.name, cards, place, f"{len(cards)} cards")

    def _grid(self, count: int, grid: Grid, part: Part) -> Grid:
        """A sheet for ``count`` designs with the deck's card pixels (a last, smaller sheet
        takes fewer cells)."""
        columns, rows = shape_for(count, self.table, grid.cell[0] / grid.cell[1])
        return Grid(columns, rows, grid.cell)

    def _sheet(self, grid: Grid):
        from PIL import Image

        return Image.new("RGB", grid.size, (255, 255, 255))

    def _paste(self, sheet, grid: Grid, cell: int, picture) -> None:
        from PIL import Image

        image = picture if isinstance(picture, Image.Image) else Image.open(picture)
        image = image.convert("RGB")
        if image.size != grid.cell:
            image = image.resize(grid.cell, Image.Resampling.LANCZOS)
        sheet.paste(image, ((cell % grid.columns) * grid.cell[0], (cell // grid.columns) * grid.cell[1]))

    def _back_picture(self, back: int | None, grid: Grid):
        return self.export.picture(back) if back is not None else plain_card(grid.cell)

    def _faces(self, deck: Deck, designs: list, grid: Grid, number: int, shared: bool) -> str:
        sheet = self._sheet(grid)
        for cell, (front, _) in enumerate(designs):
            self._paste(sheet, grid, cell, self.export.picture(front))
        hidden = self._back_picture(deck.pairs[0][1], grid) if shared else plain_card(grid.cell)
        self._paste(sheet, grid, grid.hidden, hidden)
        return self._saved(deck, sheet, f"images/{deck.part.id}/faces-{number}.png")

    def _backs(self, deck: Deck, designs: list, grid: Grid, number: int) -> str:
        sheet = self._sheet(grid)
        for cell, (_, back) in enumerate(designs):
            self._paste(sheet, grid, cell, self._back_picture(back, grid))
        self._paste(sheet, grid, grid.hidden, plain_card(grid.cell))
        return self._saved(deck, sheet, f"images/{deck.part.id}/backs-{number}.png")

    def _shared_back(self, deck: Deck, grid: Grid) -> str:
        from PIL import Image

        back = deck.pairs[0][1]
        image = Image.open(self.export.picture(back)).convert("RGB") if back is not None else plain_card(grid.cell)
        return self._saved(deck, image, f"images/{deck.part.id}/back.png")

    def _saved(self, deck: Deck, image, relative: str) -> str:
        """Write a picture of the deck; its address for the simulator."""
        deck.images.append(self.export.save(image, relative))
        return self.export.url(relative)
