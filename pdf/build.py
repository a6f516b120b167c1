"""``build_game``: a game's whole print set, swapped in only when every file is written.

Output in ``out_dir/<game>/``: one PDF per deck (``<deck-id>.pdf``) and per component
(``<component-id>.pdf``), ``checklist.pdf`` (what to print, how, what to cut, what to gather)
and ``manifest.json``. The whole set is drawn into a hidden staging folder next to
``<game>/``; only when every file is written does the staging folder take the place of
``<game>/`` (the old folder's PDFs and manifest go, any other files in it are carried over).
A build that fails, or is refused before it starts, leaves ``<game>/`` exactly as it was - it
never depends on the old ``manifest.json`` being readable - and raises: ``DataError`` (bad
data, e.g. text that does not fit), ``InvalidDimension`` (a piece that cannot fit the paper)
or ``HeadframeError`` (a bad option, an output folder that cannot be written).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from companion.data import load_game
from companion.data.model import Component, Deck, GameData
from companion.errors import DataError, HeadframeError, InvalidDimension, Problem

from . import painters, style
from .decks import LayoutPainter, is_static, static_drawer
from .geometry import SIDES, Paper, PieceSpec, butting_pays
from .jobs import DeckJobs, NotedJobs
from .pen import Pen, UnknownColour
from .richtext import TextOverflow
from .parts import Part, printed, sheet_counts
from .staging import staged_set
from .sheets import PRODUCER, Design, Document, Job, print_pieces, print_shop

Progress = Callable[[int, int, str], None]
BUTTED_KINDS = ("card", "tile", "token")


@dataclass(frozen=True)
class BuildOptions:
    """How to print. ``sides``: duplex-long | duplex-short | gutterfold | fronts;
    ``back_offset_mm`` = (x, y) shifts back pages right/up by that many mm (read it off the
    calibration sheet); ``print_shop`` writes PDF/X-4 files for a print shop, one page per
    design at exactly its bleed size with TrimBox/BleedBox and its quantity in the manifest;
    ``cmyk`` (print-shop files only) converts their colours to CMYK for the output intent."""

    paper: str = "a4"
    sides: str = "duplex-long"
    bleed_mm: float = style.DEFAULT_BLEED_MM
    guides: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    players: int | None = None
    variant: str | None = None
    companion_url: str | None = None
    data_dir: Path | str | None = None
    print_shop: bool = False
    spaced: bool = False  # cards and tiles each with its own bleed instead of butted
    cmyk: bool = False

    def __post_init__(self):
        if self.sides not in SIDES:
            raise InvalidDimension(f"unknown sides {self.sides!r}; choose one of: {', '.join(SIDES)}")
        Paper.named(self.paper)
        if not 0 <= self.bleed_mm <= 20:
            raise InvalidDimension(f"bleed must be between 0 and 20 mm, got {self.bleed_mm:g}")
        if not all(math.isfinite(v) for v in (self.bleed_mm, *self.back_offset_mm)):
            raise InvalidDimension(f"bleed and back offset must be finite numbers of mm, got bleed "
                                   f"{self.bleed_mm:g} and back offset {self.back_offset_mm}")
        if self.cmyk and not self.print_shop:
            raise HeadframeError("CMYK is for print-shop files: build with --print-shop as well")
        if any(abs(v) > 20 for v in self.back_offset_mm):
            raise InvalidDimension(f"back offset {self.back_offset_mm} mm is more than 20 mm; "
                                   f"check the reading from the calibration sheet")


def build_game(game_id: str, out_dir: Path | str, options: BuildOptions | None = None,
               progress: Progress | None = None) -> dict:
    """Build every printed piece of ``game_id`` into ``out_dir/<game>/`` and return the manifest."""
    options = options or BuildOptions()
    game = load_checked(game_id, options.data_dir)
    _check_players_and_variant(game, options)
    with staged_set(Path(out_dir) / game_id, game.toml_path.parent) as staging:
        manifest, steps = draw_set(game, staging, options, progress)
    if progress:
        progress(steps, steps, f"{game.id}: done")
    return manifest


def load_checked(game_id: str, data_dir: Path | str | None = None) -> GameData:
    """The game's data, checked by the loader and then by the game's own rules (its mine
    cards, tiles, price tables), each raising every problem it found at once."""
    from companion import UnknownGame, find_game

    game = load_game(game_id, data_dir)
    try:
        rules = find_game(game_id)
    except UnknownGame:
        return game
    rules.check_data(str(data_dir) if data_dir else None)
    return game


def check_set(game_id: str, data_dir: Path | str | None = None,
              options: BuildOptions | None = None) -> list[Problem]:
    """Every problem ``build`` would stop at, found by the same pass without writing a file:
    the data checks, then every piece drawn (text fitted, colours and options resolved)."""
    try:
        game = load_checked(game_id, data_dir)
        draw_set(game, None, options or BuildOptions(data_dir=data_dir))
    except DataError as exc:
        return list(exc.problems)
    return []


def draw_set(game: GameData, folder: Path | None, options: BuildOptions,
             progress: Progress | None = None) -> tuple[dict, int]:
    """Draw every file of the set into ``folder`` (None: draw, write nothing) and return the
    manifest and the number of steps. A piece that cannot be drawn is noted and the rest are
    still drawn, so one ``DataError`` at the end names every problem."""
    paper = Paper.named(options.paper)
    parts, problems = plan_parts(game, options, paper)
    parts = _shared_sheets(game, _spilled(game, parts, options, paper), options)
    total = sum(max(1, len(p.jobs)) for p in parts) + 1
    done = 0
    for part in parts:
        def step(n: int, part=part) -> None:
            nonlocal done
            done += n
            if progress:
                progress(min(done, total), total, f"{game.id}: {part.name}")

        _render(part, folder / part.file if folder else None, game, paper, options, step)
    if options.companion_url and not any(p.qr_codes for p in parts):
        # no reference carries the companion's code: it gets a card of its own
        part = companion_part(game, options)
        parts.append(part)
        _render(part, folder / part.file if folder else None, game, paper, options, lambda n: None)
    if problems:
        raise DataError(list(dict.fromkeys(problems)))
    from .checklist import write_checklist

    write_checklist(folder / "checklist.pdf" if folder else os.devnull, game, paper, parts, options)
    if folder and options.print_shop:
        from .pdfx import finish

        finish(folder / "checklist.pdf", f"{game.name} - checklist", PRODUCER, options.cmyk)
    manifest = _manifest(game, paper, parts, options)
    if folder:
        (folder / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                              encoding="utf-8")
    return manifest, total


def _manifest(game: GameData, paper: Paper, parts: list[Part], options: BuildOptions) -> dict:
    """What was printed: per component its file and pages (a print shop's file also each
    design's pages and quantity), and the sheets per stock."""
    def designs(p: Part) -> dict:
        if not options.print_shop:
            return {}
        return {"designs": [{"front": d.front, "back": d.back, "quantity": d.quantity} for d in p.designs]}

    return {
        "game": game.id, "paper": paper.name, "players": options.players, "variant": options.variant,
        "components": [{"id": m.id, "name": m.name, "kind": m.kind, "count": m.count, "file": p.file,
                        "pages": p.pages, **({"sheet": p.id} if p.members else {}), **designs(p)}
                       for p in parts for m in (p.members or [p])],
        "sheets": sheet_counts(parts, options),
    }


def plan_parts(game: GameData, options: BuildOptions, paper: Paper) -> tuple[list[Part], list[Problem]]:
    """Every deck and component this build prints, each a part with its pieces (jobs), before
    any shares a sheet, and the problems met making them. A piece that fails when drawn adds
    its problem to that same list instead of stopping the drawing."""
    problems: list[Problem] = []
    parts = []
    for make, items in ((lambda d: _deck_part(game, d, options), game.decks.values()),
                        (lambda c: _component_part(game, c, options, paper), game.components.values())):
        for item in items:
            if item.needed(options.players, options.variant):
                try:
                    part = make(item)
                    parts += [part, *part.extra]
                except DataError as exc:
                    problems.extend(exc.problems)
    for part in parts:
        part.jobs = NotedJobs(part.jobs, lambda draw: _noting(draw, problems))
    return parts, problems


def _noting(draw, problems: list[Problem]):
    """``draw``, with a data problem noted in ``problems`` instead of ending the build."""
    if draw is None:
        return None

    def noted(pen: Pen) -> None:
        try:
            draw(pen)
        except DataError as exc:
            problems.extend(exc.problems)
    return noted


def _check_players_and_variant(game: GameData, options: BuildOptions) -> None:
    low, high = game.players
    if options.players is not None and not low <= options.players <= high:
        raise HeadframeError(f"{game.name} is for {low}–{high} players, not {options.players}")
    if options.variant is not None and options.variant not in game.variant_ids():
        known = ", ".join(game.variant_ids()) or "(none)"
        raise HeadframeError(f"{game.name} has no variant {options.variant!r}; variants: {known}")


def _render(part: Part, path: Path | None, game: GameData, paper: Paper, options: BuildOptions, step) -> None:
    """Draw one file; with no ``path`` it is drawn and thrown away (``check``)."""
    title = f"{game.name} - {part.name}"
    doc = Document(str(path) if path else os.devnull, paper, game, title)
    if part.draw_board is not None:
        part.pages = part.draw_board(doc, step)
    elif options.print_shop:
        part.pages = print_shop(doc, part.spec, part.jobs, options.sides, step)
    else:
        part.butted = part.butted and not options.spaced and butting_pays(part.spec, paper)
        part.pages = print_pieces(doc, part.spec, part.jobs, options.sides, options.guides, options.back_offset_mm,
                                  title, step, part.butted)
    part.qr_codes = doc.qr_codes
    if options.print_shop:
        part.designs = doc.designs or _page_designs(part)
    if path:
        doc.save()
        if options.print_shop:
            from .pdfx import finish

            finish(path, title, PRODUCER, options.cmyk)


def _page_designs(part: Part) -> list[Design]:
    """Designs of a file drawn page by page (full-page sheets): each page, or each front and
    its back, once."""
    step = 2 if part.has_backs else 1
    return [Design(n, n + 1 if step == 2 else None) for n in range(1, part.pages + 1, step)]


def _sheet_of(game: GameData, part: Part) -> str | None:
    """The shared sheet a deck or component names (``sheet`` of a deck, ``options.sheet`` of a
    component), if it can share one: boards only when they fit one page."""
    item = game.components.get(part.id)
    sheet = item.options.get("sheet") if item is not None else getattr(game.decks.get(part.id), "sheet", None)
    sheet = part.sheet or sheet
    if not isinstance(sheet, str) or part.spec is None:
        return None
    if part.draw_board is not None and (part.kind != "board" or part.tiled):
        return None
    return sheet


def _shared_sheets(game: GameData, parts: list[Part], options: BuildOptions) -> list[Part]:
    """Decks and components naming the same sheet become one part printed on shared sheets,
    in the place of the first of them."""
    from .ganging import Member, gang_sheets

    if options.print_shop:
        return parts  # a print shop takes each component as a file of its own
    groups: dict[str, list[Part]] = {}
    for part in parts:
        sheet = _sheet_of(game, part)
        if sheet is not None:
            groups.setdefault(sheet, []).append(part)
    out, done = [], set()
    for part in parts:
        sheet = _sheet_of(game, part)
        if sheet is None:
            out.append(part)
            continue
        if sheet in done:
            continue
        done.add(sheet)
        members = groups[sheet]
        shared = Part(sheet, "Shared sheet: " + ", ".join(m.name for m in members), members[0].kind,
                      sum(m.count for m in members), f"{sheet}.pdf", None, [j for m in members for j in m.jobs],
                      members=members, has_backs=any(m.has_backs for m in members))
        shared.printed = printed(options, shared.has_backs)
        if _alike(members):
            # pieces of one size and shape (e.g. the Kickstarter area tiles beside the base
            # ones) continue one grid, butted as each would be alone
            shared.spec, shared.butted = members[0].spec, all(m.butted for m in members)
            out.append(shared)
            continue
        for m in members:
            m.butted = False  # shared sheets space every piece with its own bleed
            m.draw_board = None  # a one-page board is imposed like any other piece
        label = f"{game.name} - {', '.join(m.name for m in members)}"
        ganged = [Member(m.name, m.spec, tuple(m.jobs)) for m in members]
        shared.draw_board = lambda doc, step, ganged=ganged, label=label: gang_sheets(
            doc, ganged, options.sides, options, label, step)
        out.append(shared)
    return out


# A file whose last sheet would carry no more than this share of a sheet's pieces sends them to
# the shared sheet its component names in ``options.spill`` instead.
SPILL_SHARE = 0.25


def _spilled(game: GameData, parts: list[Part], options: BuildOptions, paper: Paper) -> list[Part]:
    """Parts whose last sheet would hold only a piece or two (64 cards nine to a sheet: one
    lonely card) leave those pieces to the shared sheet their component names in
    ``options.spill`` (one of the same stock, printed the same way), listed there as
    "<id>-last"."""
    if options.print_shop or options.sides == "gutterfold":
        return parts
    out = []
    for part in parts:
        item = game.components.get(part.id)
        spill = item.options.get("spill") if item is not None else None
        out.append(part)
        if not isinstance(spill, str) or part.spec is None or part.draw_board is not None:
            continue
        per = _per_sheet(part, paper, options)
        left = len(part.jobs) % per
        if 0 < left <= max(1, int(per * SPILL_SHARE)):
            rest = Part(f"{part.id}-last", f"{part.name}: the last {left}", part.kind, left, f"{part.id}-last.pdf",
                        part.spec, part.jobs[-left:], sheet=spill, has_backs=part.has_backs)
            rest.printed = part.printed
            part.jobs = part.jobs[:-left]
            part.count -= left
            out.append(rest)
    return out


def _per_sheet(part: Part, paper: Paper, options: BuildOptions) -> int:
    from .geometry import Rect, impose, impose_butted

    if part.butted and not options.spaced and butting_pays(part.spec, paper):
        return impose_butted(part.spec, paper).grid.per_sheet
    return impose(Rect(0, 0, paper.w, paper.h), part.spec, paper).per_sheet


def _alike(members: list[Part]) -> bool:
    first = members[0]
    return all(m.draw_board is None and m.has_backs == first.has_backs and m.kind == first.kind
               and (m.spec.w, m.spec.h, m.spec.shape, m.spec.corner) == (first.spec.w, first.spec.h, first.spec.shape,
                                                                        first.spec.corner)
               for m in members)


def companion_part(game: GameData, options: BuildOptions) -> Part:
    from .generic import COMPANION_CARD_MM, companion_card

    spec = PieceSpec("Table companion card", *COMPANION_CARD_MM, options.bleed_mm)
    job = Job(lambda pen: companion_card(pen, game.name, options.companion_url))
    part = Part("companion-card", "Table companion card", "card", 1, "companion-card.pdf", spec, [job])
    part.printed = printed(options, False)
    return part


def _deck_part(game: GameData, deck: Deck, options: BuildOptions) -> Part:
    spec = PieceSpec(deck.name, deck.size_mm[0], deck.size_mm[1], options.bleed_mm, deck.shape,
                     deck.corner_mm)
    front = LayoutPainter(game, deck, game.layouts[deck.layout]) if deck.layout else None
    back = LayoutPainter(game, deck, game.layouts[deck.back_layout]) if deck.back_layout else None
    if front is None:
        raise DataError(Problem(str(game.toml_path), deck.line, f"decks.{deck.id}.layout",
                                "a printed deck needs a layout; layouts: " + (", ".join(sorted(game.layouts)) or "(none)")))
    static_back = static_drawer(back, f"back{deck.id.replace('-', '')}", options.bleed_mm,
                                deck.rows[0] if deck.rows else None) \
        if back is not None and is_static(back.layout) else None
    jobs = DeckJobs(_rows_for(deck, options.players), front, back, static_back)
    part = Part(deck.id, deck.name, deck.kind, len(jobs), f"{deck.id}.pdf", spec, jobs)
    part.printed = printed(options, back is not None)
    part.has_backs = back is not None
    part.butted = deck.shape == "rect"
    return part


def _rows_for(deck: Deck, players: int | None) -> list:
    """A deck's rows, less those whose ``players`` column leaves out this player count."""
    if players is None or "players" not in deck.columns:
        return list(deck.rows)
    return [row for row in deck.rows
            if row.get("players") is None or row["players"][0] <= players <= row["players"][1]]


def _key_problem(game: GameData, key) -> str:
    from companion.data.model import BUILTIN_ICONS

    icons = sorted(set(BUILTIN_ICONS) | set(game.resources))
    if isinstance(key, str) and key not in icons:
        return f"unknown icon {key!r}; known icons: {', '.join(icons)}"
    return f"missing option {key!r}"


def _component_error(game: GameData, comp: Component, message: str) -> DataError:
    return DataError(Problem(str(game.toml_path), comp.line, f"components.{comp.id}", f"{game.id}: {message}"))


def _component_part(game: GameData, comp: Component, options: BuildOptions, paper: Paper) -> Part:
    spec_p = painters.find(comp.painter, game, comp)
    if spec_p.size is not None:
        size = spec_p.size(comp)
    elif comp.size_mm is not None:
        size = comp.size_mm
    elif comp.kind == "sheet":
        size = None
    else:
        raise DataError(Problem(str(game.toml_path), comp.line, f"components.{comp.id}.size",
                                f"a {comp.kind} needs a size such as \"40mm x 40mm\""))
    has_backs = spec_p.has_back(comp)

    def drawer(index: int, side: str):
        piece = painters.Piece(game, comp, index, side, options)

        def draw(pen: Pen) -> None:
            try:
                spec_p.fn(pen, piece)
            except TextOverflow as exc:
                raise _component_error(game, comp, f"{comp.id} piece {index + 1} ({side}): {exc}") from None
            except UnknownColour as exc:
                raise _component_error(game, comp, f"{comp.id}: {exc}") from None
            except KeyError as exc:
                raise _component_error(game, comp, f"{comp.id}: {_key_problem(game, exc.args[0])}") from None
        return draw

    indices = range(comp.count)
    if spec_p.needed is not None and (options.players is not None or options.variant is not None):
        indices = [i for i in indices if spec_p.needed(painters.Piece(game, comp, i, "front", options))]
    jobs = [Job(drawer(i, "front"), drawer(i, "back") if has_backs else None) for i in indices]
    name = spec_p.title(game, comp, options) if spec_p.title is not None else comp.name
    part = Part(comp.id, name, comp.kind, len(jobs), f"{comp.id}.pdf", None, jobs)
    part.printed = printed(options, has_backs)
    part.has_backs = has_backs
    if size is None:  # a full-page sheet
        from .tiling import full_page_sheets

        part.draw_board = lambda doc, step: full_page_sheets(doc, jobs, step)
        part.printed = "one-sided" if not has_backs else part.printed
        return part
    shape = comp.options.get("shape", "rect") if isinstance(comp.options.get("shape"), str) else "rect"
    shape = {"square": "rect"}.get(shape, shape)
    part.spec = PieceSpec(comp.name, size[0], size[1], options.bleed_mm,
                          shape if shape in ("rect", "round", "hex") else "rect")
    # cards, tiles and square tokens butt edge to edge unless the game says their art needs a gap
    part.butted = (part.spec.shape == "rect" and comp.kind in BUTTED_KINDS
                   and comp.options.get("butted", True) is not False)
    if comp.kind == "board" and not options.print_shop:
        from .tiling import TilePlan, boards, fits_one_page

        spec = part.spec
        part.tiled = not fits_one_page(spec, paper)
        label = f"{game.name} - {comp.name}"
        assembly = comp.options.get("assembly_sheet") if part.tiled else None
        tiling = TilePlan(spec, paper, jobs, game)
        part.draw_board = lambda doc, step: boards(doc, spec, jobs, options, label, step, assembly_page=not assembly,
                                                   tiling=tiling)
        if isinstance(assembly, str):
            part.extra.append(_assembly_part(comp, spec, tiling, options, assembly))
    return part


def _assembly_part(comp: Component, spec: PieceSpec, tiling, options: BuildOptions, sheet: str) -> Part:
    """A tiled board's assembly diagram as a card on the shared sheet ``sheet`` of the game."""
    from .tiling import assembly_card

    card, draw = assembly_card(spec, tiling, comp.name, options.bleed_mm)
    part = Part(f"{comp.id}-assembly", f"{comp.name}: how the tiles go together", "card", 1,
                f"{comp.id}-assembly.pdf", card, [Job(draw)], sheet=sheet)
    part.printed = printed(options, False)
    return part
