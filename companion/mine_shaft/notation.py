"""A one-line text form of a position, for tests and the log (like FEN for chess).

    turn=0 first=0 round=1 phase=start | bag=50,30,20 | pile=Sy1,Ey3 |
    start@0,0 Sy1@1,0/90:cg Ey3@2,0/270! | Ann@0,0=0,0,0+ Bo@1,0

Sections, separated by `` | ``: header ``key=value`` pairs (turn, first, round, phase, die=A/B,
drawn, effect=ICON@x,y, ending, final, variant, seed, anchors=x,y;x,y, owed=x,y;x,y: the
porous tiles whose further extra tiles are still to come); the bag as coal,silver,
gold; the face-down pile; the tiles (DESIGN@x,y, then /rotation, ! when collapsed, :minerals as
letters c s g); the players (NAME@x,y, =coal,silver,gold hauled, + once they have had a turn).
"""

from __future__ import annotations

from ..errors import BadAction
from ..frozen import evolve
from .data import LETTER, Pos, Rules
from .moves import mine
from .state import Miner, MineState, Placed, sorted_minerals

KIND_OF = {v: k for k, v in LETTER.items()}


def _pos(text: str) -> Pos:
    x, y = text.split(",")
    return int(x), int(y)


def notation(state: MineState) -> str:
    head = [f"turn={state.turn}", f"first={state.first}", f"round={state.round}", f"phase={state.phase}"]
    if state.die_a:
        head.append(f"die={state.die_a}/{state.die_b}")
    if state.drawn:
        head.append(f"drawn={state.drawn}")
    if state.effect and state.effect_at:
        head.append(f"effect={state.effect}@{state.effect_at[0]},{state.effect_at[1]}")
    if state.owed:
        head.append("owed=" + ";".join(f"{x},{y}" for x, y in state.owed))
    if state.ending:
        head.append(f"ending={state.ending}")
        head.append(f"final={state.final_round}")
    if state.variant != "advanced":
        head.append(f"variant={state.variant}")
    tiles = []
    for (x, y), t in state.grid:
        text = f"{t.design}@{x},{y}"
        if t.rotation:
            text += f"/{t.rotation}"
        if t.collapsed:
            text += "!"
        if t.minerals:
            text += ":" + "".join(LETTER[k] for k in t.minerals)
        tiles.append(text)
    players = []
    for m in state.players:
        text = f"{m.name}@{m.pos[0]},{m.pos[1]}"
        if any(m.haul):
            text += "=" + ",".join(str(n) for n in m.haul)
        if m.started:
            text += "+"
        players.append(text)
    return " | ".join([" ".join(head), "bag=" + ",".join(str(n) for n in state.bag),
                       "pile=" + ",".join(state.pile), " ".join(tiles), " ".join(players)])


def parse(rules: Rules, text: str, seed: int | str = 0) -> MineState:
    try:
        return _parse(rules, text, seed)
    except (ValueError, KeyError, IndexError) as exc:
        raise BadAction(f"cannot read the position {text!r}: {exc}") from None


def _tile(rules: Rules, token: str) -> tuple[Pos, Placed]:
    """``Sy1@1,0/90!:cg``: design, square, then rotation, collapse and minerals if any."""
    design, rest = token.split("@")
    minerals = ""
    if ":" in rest:
        rest, minerals = rest.split(":")
    collapsed = rest.endswith("!")
    rest = rest.rstrip("!")
    rotation = 0
    if "/" in rest:
        rest, rot = rest.split("/")
        rotation = int(rot)
    rules.design(design)
    return _pos(rest), Placed(design, rotation, collapsed, sorted_minerals([KIND_OF[c] for c in minerals]))


def _player(token: str) -> Miner:
    """``Ann@0,0=1,0,2+``: name, square, then the haul and + once they have had a turn."""
    started = token.endswith("+")
    token = token.rstrip("+")
    haul = (0, 0, 0)
    if "=" in token:
        token, counts = token.split("=")
        haul = tuple(int(n) for n in counts.split(","))
    name, where = token.split("@")
    return Miner(name, _pos(where), haul, started)


def _dice(fields: dict[str, str]) -> tuple[str | None, int | None]:
    if "die" not in fields:
        return None, None
    a, b = fields["die"].split("/")
    return a, int(b)


def _effect(fields: dict[str, str]) -> tuple[str | None, Pos | None]:
    if "effect" not in fields:
        return None, None
    effect, at = fields["effect"].split("@")
    return effect, _pos(at)


def _anchors(rules: Rules, state: MineState, fields: dict[str, str]) -> tuple[Pos, ...]:
    """As written, or where a tile may be laid from the current piece at the start of a turn."""
    if "anchors" in fields:
        return tuple(_pos(a) for a in fields["anchors"].split(";"))
    if state.phase in ("start", "place"):
        me = state.current.pos
        return (me,) if mine.at_open_end(rules, state, me) else ()
    return ()


def _parse(rules: Rules, text: str, seed: int | str) -> MineState:
    head, bag_text, pile_text, tiles_text, players_text = [s.strip() for s in text.split("|")]
    fields = dict(item.split("=", 1) for item in head.split())
    grid = dict(_tile(rules, token) for token in tiles_text.split())
    players = [_player(token) for token in players_text.split()]
    die_a, die_b = _dice(fields)
    effect, effect_at = _effect(fields)
    pile = tuple(sorted(p for p in pile_text.removeprefix("pile=").split(",") if p))
    for design in pile:
        rules.design(design)
    phase = fields.get("phase", "start")
    state = MineState(
        players=tuple(players), grid=tuple(sorted(grid.items())), pile=pile,
        bag=tuple(int(n) for n in bag_text.removeprefix("bag=").split(",")),
        variant=fields.get("variant", "advanced"), seed=fields.get("seed", seed),
        first=int(fields.get("first", 0)), turn=int(fields.get("turn", 0)), round=int(fields.get("round", 1)),
        phase=phase, drawn=fields.get("drawn"), effect=effect, effect_at=effect_at,
        placed=phase not in ("start", "clear"), die_a=die_a, die_b=die_b,
        ending=fields.get("ending"), final_round=int(fields["final"]) if "final" in fields else None,
        owed=tuple(_pos(p) for p in fields["owed"].split(";")) if "owed" in fields else ())
    return evolve(state, anchors=_anchors(rules, state, fields))
