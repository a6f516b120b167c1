"""Painters: code that draws a ``[components.<id>]`` piece, chosen by its ``painter = "name"``.

Writing one (in ``pdf/games/<game>.py`` or ``pdf/games/<game>_<part>.py``, with ``-`` in the game id
written ``_``: a build imports the modules of the game it builds)::

    from pdf.painters import painter

    @painter("tinners-trail.main-board")
    def main_board(pen, piece):
        pen.rect(0, 0, pen.w, pen.h, fill="sea")           # trim is pen.w x pen.h mm
        pen.text("**Port** :tin: sells for :money:3", 10, 10, 60, 20, size=12)

The signature is ``painter_fn(pen: Pen, piece: Piece) -> None``:

- ``pen`` draws in the piece's local millimetres: origin at the trim's top-left corner, x to
  the right, y DOWN; ``pen.w`` x ``pen.h`` is the trim and ``pen.bleed`` mm beyond it on
  every side is bleed (fill backgrounds from ``-pen.bleed``). ``pen.rect/ellipse/circle/
  polygon/hexagon/line`` draw shapes (colours: names from [colours], resource ids, #rrggbb);
  ``pen.text(text, x, y, w, h, font=, size=, min_size=, align=, valign=, colour=)`` is the
  same rich text (``:icon:``, ``**bold**``) with autoshrink that decks use; ``pen.icon(name,
  x, y, size)``, ``pen.label`` (one plain line), ``pen.qr(url, x, y, size)``,
  ``pen.rotated(cx, cy, deg)``, ``pen.clipped(...)``, ``pen.region(x, y, w, h)`` (a sub-pen)
  and ``pen.canvas`` (raw reportlab, in points: use ``pen.X(x)``/``pen.Y(y)``).
- ``piece`` (a ``Piece``) carries ``game`` (GameData), ``component`` (its ``options`` table),
  ``index`` (0 .. count-1: which piece of the set, for token sets with different faces),
  ``side`` ("front" or "back"), ``build`` (BuildOptions: players, variant, companion_url ...)
  and ``option(name, default)``.

``@painter(name, backs=..., size=...)``: ``backs`` is True, False, or a function
``(component) -> bool`` saying whether the piece has a printed back side; ``size`` is a
function ``(component) -> (w, h)`` mm when the piece's trim is not simply the component's
``size`` (a die net is 3 x 4 faces of the given face size); ``needed`` is a function
``(piece) -> bool`` choosing the pieces a ``--players``/``--variant`` build prints (a
4-player set needs one development board of four, four colours of markers). Text that overflows in a painter
is a build error naming the game and the component.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable

from companion.data.model import Component, GameData
from companion.errors import DataError, Problem

PainterFn = Callable[["Pen", "Piece"], None]  # noqa: F821 - Pen is pdf.pen.Pen


@dataclass(frozen=True)
class Piece:
    game: GameData
    component: Component
    index: int
    side: str  # "front" or "back"
    build: Any = None  # pdf.build.BuildOptions

    @property
    def options(self):
        return self.component.options

    def option(self, name: str, default: Any = None) -> Any:
        return self.component.options.get(name, default)

    def per_piece(self, name: str, default: Any = None) -> Any:
        """``options.<name>`` as a list indexed by piece (cycling), or one value for all."""
        value = self.component.options.get(name, default)
        if isinstance(value, list):
            return value[self.index % len(value)] if value else default
        return value


@dataclass(frozen=True)
class PainterSpec:
    name: str
    fn: PainterFn
    backs: bool | Callable[[Component], bool] = False
    size: Callable[[Component], tuple[float, float]] | None = None
    needed: Callable[["Piece"], bool] | None = None
    title: Callable[[GameData, Component, Any], str] | None = None

    def has_back(self, component: Component) -> bool:
        return bool(self.backs(component)) if callable(self.backs) else bool(self.backs)


_REGISTRY: dict[str, PainterSpec] = {}
_imported: set[str] = set()  # game ids whose painter modules are imported ("" = every game)


def painter(name: str, *, backs: bool | Callable[[Component], bool] = False,
            size: Callable[[Component], tuple[float, float]] | None = None,
            needed: Callable[[Piece], bool] | None = None,
            title: Callable[[GameData, Component, Any], str] | None = None) -> Callable[[PainterFn], PainterFn]:
    """Register ``fn`` as the painter called ``name`` (one name, one painter). ``needed(piece)``
    says whether one piece of a set is printed for ``piece.build.players`` and ``.variant``
    (both may be None: a full set); without it every piece is printed. ``title(game,
    component, build)`` names what a build prints (e.g. "Development board (3 players)" where the whole
    box has four); without it the component's name is used."""

    def register(fn: PainterFn) -> PainterFn:
        existing = _REGISTRY.get(name)
        same = existing is not None and (existing.fn.__module__, existing.fn.__qualname__) == (fn.__module__, fn.__qualname__)
        if existing is not None and not same:  # (the same function seen again is a module reload)
            raise ValueError(f"painter {name!r} is registered twice ({existing.fn.__module__} and {fn.__module__})")
        _REGISTRY[name] = PainterSpec(name, fn, backs, size, needed, title)
        return fn

    return register


def _game_modules() -> dict[str, str]:
    """Module name in ``pdf/games`` -> the game it belongs to (its id with ``_`` for ``-``):
    the longest shipped game whose name the module's is or starts with
    (``ore_published_board`` -> ``ore_published``, ``ore_setup`` -> ``ore``); a module named
    after no shipped game belongs to itself."""
    from companion.data.loader import game_ids

    from . import games

    found = sorted(info.name for info in pkgutil.iter_modules(games.__path__))
    shipped = [g.replace("-", "_") for g in game_ids()]
    owners = {}
    for name in found:
        heads = [h for h in shipped if name == h or name.startswith(h + "_")]
        owners[name] = max(heads, key=len) if heads else name
    return owners


def discover(game_id: str | None = None) -> None:
    """Import the generic painters and the modules in ``pdf/games`` of ``game_id`` (every
    game's when None), once each. Building one game imports only its own painters, and so
    only its own rules modules."""
    key = "" if game_id is None else game_id.replace("-", "_")
    if key in _imported or "" in _imported:
        return
    _imported.add(key)
    importlib.import_module("pdf.generic")
    from . import games

    for name, owner in sorted(_game_modules().items()):
        if game_id is None or owner == key:
            importlib.import_module(f"{games.__name__}.{name}")


def names() -> list[str]:
    discover()
    return sorted(_REGISTRY)


def find(name: str, game: GameData, component: Component) -> PainterSpec:
    """The painter for ``component``, or a DataError at its line in game.toml naming the known ones."""
    discover(game.id)
    spec = _REGISTRY.get(name)
    if spec is None:
        discover()  # another game's painter, or none: the message names every one
        spec = _REGISTRY.get(name)
    if spec is None:
        raise DataError(Problem(str(game.toml_path), game.line_of(f"components.{component.id}.painter") or component.line,
                                f"components.{component.id}.painter",
                                f"unknown painter {name!r}; painters: {', '.join(sorted(_REGISTRY))}"))
    return spec
