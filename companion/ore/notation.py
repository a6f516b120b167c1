"""A compact one-line text for a position (tests assert on it).

Player: ``Joe $5 au1 o1 fe0 cu0 c1 m3 cage1 db1 co0 x1 #1:0 done:0 fut:au2``
(money, barrels gold/oil/iron/copper/coal, miners employed, cage level, drill bits, collab ops,
strikes, each held contract with its filled rows, completed contracts, futures tokens).
Mine: ``gold=3p-gold-1[0@1,2@0]`` (card, then seat@space for each miner; ``!`` = exhausted).
"""

from __future__ import annotations

from .data import RESOURCES
from .state import Mine, Player, State

SHORT = {"gold": "au", "oil": "o", "iron": "fe", "copper": "cu", "coal": "c"}


def player_notation(p: Player) -> str:
    parts = [p.name, f"${p.money}"]
    parts += [f"{SHORT[r]}{p.barrels[r]}" for r in RESOURCES]
    parts += [f"m{p.miners}", f"cage{p.cage}", f"db{p.drill_bits}", f"co{p.collab_ops}", f"x{p.strikes}"]
    parts += [f"#{c.number}:{''.join(str(r) for r in c.done) or '-'}" for c in p.contracts]
    parts.append(f"done:{len(p.completed)}")
    parts += [f"fut:{SHORT[f.res]}{f.count}" for f in p.futures]
    parts += [f"{x.kind}:{x.card}@{'-' if x.space is None else x.space}" for x in p.private]
    if p.assets:
        parts.append("assets:" + ",".join(p.assets))
    return " ".join(parts)


def mine_notation(res: str, mine: Mine) -> str:
    miners = ",".join(f"{m.seat}@{m.space}" for m in mine.miners)
    return f"{res}={mine.card}{'!' if mine.exhausted else ''}[{miners}]"


def notation(state: State) -> str:
    head = f"r{state.round} {state.phase} start={state.start} turn={state.turn}"
    mines = " ".join(mine_notation(r, state.mine(r)) for r in RESOURCES)
    players = " | ".join(player_notation(p) for p in state.players)
    return f"{head} | {mines} | {players}"


__all__ = ["mine_notation", "notation", "player_notation"]
