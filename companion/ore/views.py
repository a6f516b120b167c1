"""What a phone may see: everything on the table, but never the order of a face-down pile,
plus a ``board`` of ready-to-show facts for the phone page (card names, mine spaces, each
player's due contract rows and what they lack)."""

from __future__ import annotations

import re
from collections import Counter
from itertools import product

from .cards import RESOURCES, Catalog
from .contracts import due
from .flow import waiting_for
from .state import free_miners
from .table import market_price

PHASES = {"placement": "1. Placement", "market": "2–3. Collection and market", "subcontract": "3. Market: subcontracts",
          "acquisition": "4. Acquisition", "replenish": "5. Replenishment", "relief": "5. Relief", "over": "Game over"}
# What a seat the table waits for is doing, for the turn banner ("placing a miner, 2 left").
CHOOSING = {"asset": "buying an asset or an initiative", "initiative": "buying an initiative",
            "contract": "taking a contract", "subcontract": "using Subcontracted Ops"}
SALES_USE = {"asset": "using Sales Ops to buy an asset", "contract": "using Sales Ops to take a contract"}


def turn_phrase(d: dict, seat: int) -> str | None:
    phase = d["phase"]
    if phase == "placement":
        left = free_miners(d, seat)
        return f"placing a miner, {left} left"
    if phase == "market":
        if d["takeover"]:
            return f"deciding whether to take over contract {d['takeover'][0]['number']}"
        return "selling at the market and filling contracts"
    if phase in ("subcontract", "acquisition") and d["queue"]:
        head = d["queue"][0]
        return SALES_USE.get(head.get("use")) if head["kind"] == "sales" else CHOOSING.get(head["kind"])
    if phase == "replenish":
        return "refilling the rows for the next round"
    if phase == "relief":
        return "taking miners back or finishing relief"
    return None


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


def _mine(cat: Catalog, d: dict, res: str) -> dict:
    mine = d["mines"][res]
    card = cat.mines[mine["card"]]
    at = {m["space"]: m["seat"] for m in mine["miners"]}
    spaces = [{"amount": a, "level": lv, "seat": at.get(i), "top": i == 0}
              for i, (a, lv) in enumerate(zip(card.spaces, card.levels))]
    return {"res": res, "card": card.id, "price": market_price(cat, d, res), "exhausted": mine["exhausted"],
            "spaces": spaces, "left": len(d["piles"][res]["draw"])}


def _player(cat: Catalog, d: dict, seat: int) -> dict:
    p = d["players"][seat]
    contracts = []
    for held in p["contracts"]:
        rows = cat.contracts[held["number"]].rows
        contracts.append({"number": held["number"],
                          "rows": [{"label": r.label(), "done": i in held["done"]} for i, r in enumerate(rows)]})
    due_rows = []
    if d["phase"] == "market":
        for held, index in due(cat, d, seat):
            row = cat.contracts[held["number"]].rows[index]
            due_rows.append({"number": held["number"], "label": row.label(), "lacks": lacking(p["barrels"], row.boxes)})
    return {"seat": seat, "name": p["name"], "money": p["money"], "barrels": [(r, p["barrels"][r]) for r in RESOURCES],
            "miners": p["miners"], "free": free_miners(d, seat), "cage": p["cage"], "drill_bits": p["drill_bits"],
            "collab_ops": p["collab_ops"], "strikes": p["strikes"], "completed": len(p["completed"]),
            "futures": p["futures"], "assets": [cat.assets[a].name for a in p["assets"]],
            "private": [{"kind": x["kind"], "res": cat.mines[x["card"]].res, "working": x["space"] is not None}
                        for x in p["private"]],
            "contracts": contracts, "due": due_rows, "race_left": len(p["race"]),
            "subcontract_lines": max((int(cat.assets[a].effect[1]) for a in p["assets"]
                                      if cat.assets[a].kind == "subcontract"), default=0)}


def board(cat: Catalog, d: dict) -> dict:
    assets = [None if a is None else {"slot": i, "name": cat.assets[a].name, "vp": cat.assets[a].vp,
                                      "cost": " or ".join(c.label() for c in cat.assets[a].costs),
                                      "text": plain(cat.assets[a].text)}
              for i, a in enumerate(d["rows"]["assets"])]
    initiatives = [None if c is None else {"slot": i, "name": cat.initiatives[c].name,
                                           "cost": cat.initiatives[c].cost.label().replace("any", "1 barrel")}
                   for i, c in enumerate(d["rows"]["initiatives"])]
    contracts = [None if n is None else {"slot": i, "number": n,
                                         "rows": [r.label() for r in cat.contracts[n].rows]}
                 for i, n in enumerate(d["rows"]["contracts"])]
    names = [p["name"] for p in d["players"]]
    waiting = [names[s] for s in waiting_for(d)]
    return {"phase": PHASES.get(d["phase"], d["phase"]), "start": names[d["start"]], "waiting": waiting,
            "mines": [_mine(cat, d, r) for r in RESOURCES], "assets": assets, "initiatives": initiatives,
            "contracts": contracts, "players": [_player(cat, d, s) for s in range(len(names))],
            "tracks": {"asset": [names[s] for s in d["asset_track"]],
                       "contract": [names[s] for s in d["contract_track"]],
                       "slag": [names[s] for s in d["slag"]]},
            "takeover": [{"number": o["number"], "from": names[o["from"]], "asked": names[o["offers"][0]]}
                         for o in d["takeover"]],
            "end": d["end"]}


def public_view(cat: Catalog, d: dict, seat: int | None) -> dict:
    view = dict(d)
    view["board"] = board(cat, d)
    view["draw"] = {row: len(cards) for row, cards in d["draw"].items()}
    view["piles"] = {res: {"draw": len(p["draw"]), "used": p["used"]} for res, p in d["piles"].items()}
    players = []
    for player in d["players"]:
        shown = dict(player)
        # Contract race: only the top card of each stack is face up.
        shown["race"] = {"top": player["race"][0] if player["race"] else None, "left": len(player["race"])}
        players.append(shown)
    view["players"] = players
    view["seed"] = None
    return view
