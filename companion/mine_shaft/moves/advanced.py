"""The seven advanced icons. Each acts once, right after its tile is laid and filled (Tunnel
instead whenever a piece starts its move on it; see movement). How much an icon does (minerals
and extra tiles of a Porous rock, the tiles a Mine kart gathers from, the steps of a Call for
help) is the data's (``rules.icons``, from ``[tables.icons]``)."""

from __future__ import annotations

from ...core import Action, require, rng
from ..data import KINDS, Pos, Rules
from ..data.geometry import EDGES, adjacent, neighbour
from ..state import MineState, Placed, add, counts
from ..views import words
from . import bag, mine

CHOOSING = ("swap", "fuse", "porous", "kart")  # icons that wait for the player's choice
NAMES = {"swap": "Swap", "fuse": "Timed fuse", "porous": "Porous rock", "kart": "Mine kart"}


def on_placed(rules: Rules, state: MineState, square: Pos) -> MineState:
    icon = rules.designs[state.tiles[square].design].icon
    if icon == "fire":
        return _fire(rules, state, square).evolve(phase="roll")
    if icon == "help":
        return _call_for_help(rules, state, square).evolve(phase="roll")
    if icon in CHOOSING:
        return state.evolve(phase="effect", effect=icon, effect_at=square)
    return state.evolve(phase="roll")


def _fire(rules: Rules, state: MineState, square: Pos) -> MineState:
    near = set(adjacent(square))
    sent = [m.name for m in state.players if m.pos in near]
    for seat, miner in enumerate(state.players):
        if miner.pos in near:
            state = state.with_player(seat, pos=(0, 0))
    who = ", ".join(sent) if sent else "nobody"
    return state.evolve(note=f"{state.note}; Fire! sends {who} back to the starting tile")


def _call_for_help(rules: Rules, state: MineState, square: Pos) -> MineState:
    dist = mine.distances_to(rules, state, square)
    moved = []
    for seat, miner in enumerate(state.players):
        if seat == state.turn:
            continue
        pos = miner.pos
        here = state.tile(pos)
        if here is None or here.collapsed or pos not in dist:
            continue
        for _ in range(rules.icons.help_steps):
            if dist[pos] == 0:
                break
            closer = [n for n in (neighbour(pos, e) for e in EDGES)
                      if dist.get(n) == dist[pos] - 1 and mine.connected(rules, state, pos, n)]
            # of equally short ways, one that is not blocked by a collapse
            pos = min(closer, key=lambda n: state.tiles[n].collapsed)
            if state.tiles[pos].collapsed:
                break
        if pos != miner.pos:
            moved.append(f"{miner.name} to {words.tile(rules, state, pos)}")
            state = state.with_player(seat, pos=pos)
    return state.evolve(note=f"{state.note}; Call for help moves {', '.join(moved) or 'nobody'}")


def swap_targets(state: MineState) -> list[Pos]:
    return [p for p in state.tiles if p != state.effect_at and not mine.is_start(state, p)
            and not mine.occupied(state, p)]


def fuse_targets(state: MineState) -> list[Pos]:
    """Any face-up tile but the start, occupied or not: the fuser's own tile too."""
    return [p for p, t in state.tiles.items() if not t.collapsed and not mine.is_start(state, p)]


def kart_lines(rules: Rules, state: MineState) -> list[tuple[Pos, ...]]:
    """The runs of track a kart rolls along into its tile: a tile joined to it by track and the
    tiles behind that one, as many as the kart gathers from (fewer where the track stops). A
    collapse blocks the rails. Only runs with minerals on them are worth a choice."""
    assert state.effect_at is not None
    kart = state.effect_at
    lines: list[tuple[Pos, ...]] = []
    for near in mine.track_neighbours(rules, state, kart):
        if not state.tiles[near].collapsed:
            lines += _runs(rules, state, (kart, near), rules.icons.kart_tiles)
    return [line for line in lines if any(state.tiles[p].minerals for p in line)]


def _runs(rules: Rules, state: MineState, path: tuple[Pos, ...], tiles: int) -> list[tuple[Pos, ...]]:
    """The runs of ``tiles`` tiles (fewer where the track stops) that go on from ``path``, which
    starts at the kart; each without the kart."""
    if len(path) > tiles:
        return [path[1:]]
    further = [b for b in mine.track_neighbours(rules, state, path[-1])
               if b not in path and not state.tiles[b].collapsed]
    return [run for b in further for run in _runs(rules, state, path + (b,), tiles)] or [path[1:]]


def has_choice(rules: Rules, state: MineState) -> bool:
    if state.effect == "swap":
        return bool(swap_targets(state))
    if state.effect == "fuse":
        return bool(fuse_targets(state))
    if state.effect == "kart":
        return bool(kart_lines(rules, state))
    if state.effect == "porous":
        return sum(state.bag) > 0
    return False


def let_pass(rules: Rules, state: MineState) -> MineState:
    """An icon with nothing to act on. Porous rock with an empty bag still brings its extra tiles."""
    if state.effect == "porous":
        return _extra_tiles(rules, state)
    return state.evolve(phase="roll", effect=None, effect_at=None)


def _extra_tiles(rules: Rules, state: MineState, **changes) -> MineState:
    """After a Porous rock: the first of its extra tiles to draw and lay against the player's
    tile or the porous tile, and the others owed after it (``owed``: the turn comes back to
    them once the tile before is laid and its own icon done); none, and the turn goes on."""
    porous, tiles = state.effect_at, rules.icons.porous_tiles
    if not tiles:
        return state.evolve(phase="roll", effect=None, effect_at=None, **changes)
    return state.evolve(phase="extra", anchors=(state.current.pos, porous), owed=state.owed + (porous,) * (tiles - 1),
                        effect=None, effect_at=None, **changes)


def next_owed(state: MineState) -> MineState:
    """The next extra tile a Porous rock still owes, once the tile before it is laid."""
    return state.evolve(phase="extra", anchors=(state.current.pos, state.owed[0]), owed=state.owed[1:])


def _need(state: MineState, icon: str) -> None:
    require(state.phase == "effect" and state.effect == icon, f"There is no {NAMES[icon]} tile waiting to act.", icon)


def check_swap(rules: Rules, state: MineState, action: Action) -> None:
    _need(state, "swap")
    target = action["x"], action["y"]
    require(target in state.tiles, f"There is no tile {words.square(target)} to swap with.", "swap")
    require(not mine.is_start(state, target), "The starting tile stays where it is: it cannot be swapped.", "swap")
    require(target != state.effect_at, "Choose another tile: a tile cannot swap with itself.", "swap")
    require(not mine.occupied(state, target), "Swap only with an unoccupied tile: a piece stands there.", "swap")


def swap(rules: Rules, state: MineState, action: Action) -> MineState:
    check_swap(rules, state, action)
    target = action["x"], action["y"]
    here = state.effect_at
    name = words.tile(rules, state, target)
    a, b = state.tiles[here], state.tiles[target]
    note = f"{state.current.name} swapped the new tile with {name}, minerals and all"
    return state.with_tiles({here: b, target: a}, phase="roll", effect=None, effect_at=None, note=note)


def check_decline(rules: Rules, state: MineState, action: Action) -> None:
    """Every icon reads as an order ("Swap this tile", "Gather all minerals"), so none may be let go;
    an icon with nothing to act on passes by itself."""
    name = rules.icon_names.get(state.effect or "", "advanced")
    require(False, f"The {name} tile must act: advanced tiles are not optional. Choose one of the highlighted "
                   f"choices.", "advanced tiles")


def decline(rules: Rules, state: MineState, action: Action) -> MineState:
    check_decline(rules, state, action)
    return state


def check_fuse(rules: Rules, state: MineState, action: Action) -> None:
    _need(state, "fuse")
    target = action["x"], action["y"]
    bag.check_collapsible(state, target, f"There is no tile {words.square(target)} to blow up.", "timed fuse")


def fuse(rules: Rules, state: MineState, action: Action) -> MineState:
    check_fuse(rules, state, action)
    target = action["x"], action["y"]
    note = f"{state.current.name}'s timed fuse collapsed {bag.collapse_told(rules, state, target)}"
    return bag.collapse(state, target, phase="roll", effect=None, effect_at=None, note=note)


def check_porous(rules: Rules, state: MineState, action: Action) -> None:
    _need(state, "porous")
    bag.check_draw(state.bag, rules.icons.porous_minerals, bag.given_minerals(action))


def porous(rules: Rules, state: MineState, action: Action) -> MineState:
    check_porous(rules, state, action)
    given = bag.given_minerals(action)
    got, left = bag.draw(state.bag, rules.icons.porous_minerals, rng(state.seed, state.step) if given is None else None,
                         given)
    me = state.current
    note = f"{me.name} drew {bag.describe(got)} from the bag through the porous rock"
    return _extra_tiles(rules, state, bag=left, players=state.players_with(state.turn, haul=add(me.haul, counts(got))),
                        note=note)


def _kart_choice(rules: Rules, action: Action) -> list[Pos]:
    raw, most = action["tiles"], rules.icons.kart_tiles
    require(isinstance(raw, list) and 1 <= len(raw) <= most and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) for v in p) for p in raw),
        f"Choose {words.up_to(most, 'tile')} for the mine kart, as [[x, y], [x, y]].", "mine kart")
    return [tuple(p) for p in raw]  # type: ignore[misc]


def check_kart(rules: Rules, state: MineState, action: Action) -> None:
    _need(state, "kart")
    chosen = _kart_choice(rules, action)
    require(len(set(chosen)) == len(chosen), "Choose different tiles for the mine kart.", "mine kart")
    lines = kart_lines(rules, state)
    if frozenset(chosen) not in {frozenset(line) for line in lines}:
        where = words.tiles(rules, state, chosen)
        runs = "; or ".join(words.tiles(rules, state, line) for line in lines)
        require(False, f"The mine kart ({words.tile(rules, state, state.effect_at)}) gathers from "
                       f"{words.kart_run(rules.icons.kart_tiles)}; {where} is not such a run. Choose {runs}.",
                "mine kart")


def kart(rules: Rules, state: MineState, action: Action) -> MineState:
    check_kart(rules, state, action)
    me = state.current
    haul = me.haul
    changes = {}
    for pos in _kart_choice(rules, action):
        placed = state.tiles[pos]
        haul = add(haul, counts(placed.minerals))
        changes[pos] = Placed(placed.design, placed.rotation, placed.collapsed, ())
    gained = tuple(h - o for h, o in zip(haul, me.haul))
    text = ", ".join(f"{n} {k}" for n, k in zip(gained, KINDS) if n) or "nothing"
    return state.with_tiles(changes, players=state.players_with(state.turn, haul=haul), phase="roll", effect=None,
                            effect_at=None, note=f"{me.name}'s mine kart gathered {text}")


__all__ = ["CHOOSING", "check_decline", "check_fuse", "check_kart", "check_porous", "check_swap", "decline", "fuse",
           "fuse_targets", "has_choice", "kart", "kart_lines", "let_pass", "next_owed", "on_placed", "porous", "swap",
           "swap_targets"]
