"""The ``board`` of ready-to-show facts for the phone page: card names, mine spaces, each
player's due contract rows and what they lack."""

from __future__ import annotations

import re
from collections import Counter
from itertools import product

from ..data import RESOURCES, Catalog
from ..moves.bank import market_price
from ..moves.contracts import due
from ..moves.flow import waiting_for
from ..state import State

PHASES = {"placement": "1. Placement", "market": "2–3. Collection and market", "subcontract": "3. Market: subcontracts",
          "acquisition": "4. Acquisition", "replenish": "5. Replenishment", "relief": "5. Relief", "over": "Game over"}

_ICON = re.compile(r":([a-z][a-z0-9_-]*):")
ICON_WORDS = {"vp": "VP", "money": "$", "miner": "miner"}


def plain(text: str) -> str:
    """Card text for a screen: inline icons (``:gold:``) become words."""
    return _ICON.sub(lambda m: ICON_WORDS.get(m.group(1), m.group(1)), text)


def lacking(have: dict, boxes) -> str:
    """What a row still needs beyond ``have``, in words, each missing box as the row names it
    ("1 copper/iron" for a box that takes either); empty when the row can be filled."""
    best = None
    for choice in product(*boxes):
        left = Counter(have)
        unfilled = []
        for box, res in zip(boxes, choice):
            if left[res] > 0:
                left[res] -= 1
            else:
                unfilled.append("/".join(box))
        if best is None or len(unfilled) < len(best):
            best = unfilled
    return ", ".join(f"{n} {label}" for label, n in sorted(Counter(best or []).items()))


def _mine(cat: Catalog, state: State, res: str) -> dict:
    mine = state.mine(res)
    card = cat.mines[mine.card]
    at = {m.space: m.seat for m in mine.miners}
    spaces = [{"amount": a, "level": lv, "seat": at.get(i), "top": i == 0}
              for i, (a, lv) in enumerate(zip(card.spaces, card.levels))]
    return {"res": res, "card": card.id, "price": market_price(cat, state, res), "exhausted": mine.exhausted,
            "spaces": spaces, "left": len(state.pile(res).draw)}


def _player(cat: Catalog, state: State, seat: int) -> dict:
    p = state.players[seat]
    contracts = []
    for held in p.contracts:
        rows = cat.contracts[held.number].rows
        contracts.append({"number": held.number,
                          "rows": [{"label": r.label(), "done": i in held.done} for i, r in enumerate(rows)]})
    due_rows = []
    if state.phase == "market":
        have = p.barrels.counts()
        for held, index in due(cat, state, seat):
            row = cat.contracts[held.number].rows[index]
            due_rows.append({"number": held.number, "label": row.label(), "lacks": lacking(have, row.boxes)})
    return {"seat": seat, "name": p.name, "money": p.money, "barrels": [(r, p.barrels[r]) for r in RESOURCES],
            "miners": p.miners, "free": state.free_miners(seat), "cage": p.cage, "drill_bits": p.drill_bits,
            "collab_ops": p.collab_ops, "strikes": p.strikes, "completed": len(p.completed),
            "futures": [{"res": f.res, "count": f.count} for f in p.futures],
            "assets": [cat.assets[a].name for a in p.assets],
            "private": [{"kind": x.kind, "res": cat.mines[x.card].res, "working": x.space is not None}
                        for x in p.private],
            "contracts": contracts, "due": due_rows, "race_left": len(p.race),
            "subcontract_lines": max((int(cat.assets[a].effect[1]) for a in p.assets
                                      if cat.assets[a].kind == "subcontract"), default=0)}


def board(cat: Catalog, state: State) -> dict:
    assets = [None if a is None else {"slot": i, "name": cat.assets[a].name, "vp": cat.assets[a].vp,
                                      "cost": " or ".join(c.label() for c in cat.assets[a].costs),
                                      "text": plain(cat.assets[a].text)}
              for i, a in enumerate(state.rows.assets)]
    initiatives = [None if c is None else {"slot": i, "name": cat.initiatives[c].name,
                                           "cost": cat.initiatives[c].cost.label().replace("any", "1 barrel")}
                   for i, c in enumerate(state.rows.initiatives)]
    contracts = [None if n is None else {"slot": i, "number": n,
                                         "rows": [r.label() for r in cat.contracts[n].rows]}
                 for i, n in enumerate(state.rows.contracts)]
    names = [p.name for p in state.players]
    return {"phase": PHASES.get(state.phase, state.phase), "start": names[state.start],
            "waiting": [names[s] for s in waiting_for(state)],
            "mines": [_mine(cat, state, r) for r in RESOURCES], "assets": assets, "initiatives": initiatives,
            "contracts": contracts, "players": [_player(cat, state, s) for s in range(len(names))],
            "tracks": {"asset": [names[s] for s in state.asset_track],
                       "contract": [names[s] for s in state.contract_track],
                       "slag": [names[s] for s in state.slag]},
            "takeover": [{"number": o.number, "from": names[o.failed_by], "asked": names[o.offers[0]]}
                         for o in state.takeover],
            "end": None if state.end is None else list(state.end)}


__all__ = ["PHASES", "board", "lacking", "plain"]
