"""A compact one-line text form of a position, for tests and logs (the log lines of the moves
are ``views.log``).

    R1 actions tin£4 copper£8 | track 0:Ann,Bo 2:Cy | passed Di | Ann £20 0p 5m ... | B3=Kt3c4w4 ...

Areas print only when something is on them: ``B3=m1`` mine of seat 1, ``t c w a``
tin, copper, water, arsenic, ``d`` drainage tokens, ``M P T S`` miner, port, train, steam
pump, ``?`` face-down tile, ``^`` face-up tile.
"""

from __future__ import annotations

from .data.tables import Rules
from .moves.prices import price
from .state import State


def area_text(state: State, area_id: str) -> str:
    a = state.area(area_id)
    parts = []
    if a.owner is not None:
        parts.append(f"m{a.owner}")
    if a.tile:
        parts.append("^" if a.face_up else "?")
    for letter, count in (("t", a.tin), ("c", a.copper), ("w", a.water), ("a", a.arsenic), ("d", a.drainage)):
        if count:
            parts.append(f"{letter}{count}")
    for letter, flag in (("M", a.miner is not None), ("P", a.port), ("T", a.train), ("S", a.pump)):
        if flag:
            parts.append(letter)
    return "".join(parts)


def notation(state: State, rules: Rules) -> str:
    head = f"R{state.round} {state.phase}"
    if state.tin_column is not None:
        head += f" tin£{price('tin', state.tin_column, rules)} copper£{price('copper', state.copper_column, rules)}"
    track = " ".join(f"{i}:{','.join(state.players[s].name for s in col)}" for i, col in enumerate(state.track) if col)
    passed = ",".join(state.players[s].name for s in state.passed)
    players = " ".join(f"{p.name} £{p.money} {p.points + p.emigration_points}p {p.mines}m" for p in state.players)
    areas = " ".join(f"{a.id}={area_text(state, a.id)}" for a in state.areas
                     if a.owner is not None or a.tin or a.copper or a.water or a.drainage or a.arsenic)
    return f"{head} | track {track} | passed {passed} | {players} | {areas}".rstrip(" |")
