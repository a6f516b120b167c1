"""What one seat may see: everything on the table, its own hand of buildings, the other hands
as counts, the building deck as a count and the other decks in no particular order (their
contents follow from what is on the table; their order is secret)."""

from __future__ import annotations

from typing import Any

from .data import Catalog
from .state import price


def contract_name(cid) -> str:
    """A contract as the table says it: "c12" -> "#12" (its number on the card)."""
    text = str(cid)
    return f"#{text[1:]}" if text[:1] == "c" and text[1:].isdigit() else text


def public_view(cat: Catalog, d: dict, seat: int | None) -> dict[str, Any]:
    view = dict(d)
    view["decks"] = {"mines": {r: sorted(cards) for r, cards in d["decks"]["mines"].items()},
                     "contracts": sorted(d["decks"]["contracts"]),
                     "buildings": len(d["decks"]["buildings"])}
    players = []
    for index, p in enumerate(d["players"]):
        shown = dict(p)
        if index != seat:
            shown["hand"] = len(p["hand"])
        players.append(shown)
    view["players"] = players
    view["seat"] = seat
    view["prices"] = {r: price(cat, d, r) for r in d["mines"]}
    view["board"] = board(cat, d, seat)
    view.pop("seed", None)
    return view


def as_state(view: dict) -> dict:
    """A state a seat can reason with: the view with unseen cards as ``?`` placeholders."""
    d = {k: v for k, v in view.items() if k not in ("seat", "prices", "board")}
    d["decks"] = dict(view["decks"])
    d["decks"]["buildings"] = ["?"] * int(view["decks"]["buildings"])
    d["players"] = [dict(p, hand=p["hand"] if isinstance(p["hand"], list) else ["?"] * p["hand"])
                    for p in view["players"]]
    d["seed"] = 0
    return d


PHASES = {"deal": "Setup: turn up mines, deal contracts", "tasking": "Tasking", "collection": "Collection",
          "business": "Business", "cleanup": "End of round", "over": "Game over"}
# What a seat the table waits for is doing, for the turn banner ("placing a worker, 2 left").
STEPS = {"deal": "turning up mines and dealing contracts", "collection": "running the collection",
         "business": "filling contracts and building", "cleanup": "closing the round"}


def turn_phrase(d: dict, seat: int) -> str | None:
    phase = d["phase"]
    if phase != "tasking":
        return STEPS.get(phase)
    if d["early"] is not None:
        return "filling contracts early"
    if d["queue"]:
        owed = d["queue"][0]
        return (f"trading {owed['res']} at the market or declining" if owed["kind"] == "market"
                else "drawing building permits or declining")
    home = d["players"][seat]["home"]
    return f"placing a worker, {home} left"


def space_texts(cat: Catalog, d: dict) -> dict[str, str]:
    n = cat.numbers
    wage = n.recruit_cost(d["recruited"])
    return {
        "market": f"Pick one resource and buy or sell up to {n.market_primary} at its price; then each other "
                  f"player may buy or sell {n.market_secondary} of it.",
        "permit": f"${n.permit_card_cost} a card for up to {n.permit_primary} building cards; each other player "
                  f"may pay for up to {n.permit_secondary}.",
        "recruit": f"Hire the worker waiting in the recruit area for ${wage} (once a game); it works from next round.",
        "cage": "Take your mine cage, or turn it to its deeper side.",
        "drill": f"Take a drill bit ({d['drills']} left): later enter a mine on a free deeper space.",
        "private": f"${n.private_mine_cost}: open your own mine from the top of a mine deck, worked by a temp.",
        "advance": "Start the next round, and fill contract rows early now.",
        "overtime": f"${n.overtime_cost}: use an action space even when taken (never a mine).",
    }


def _mine(cat: Catalog, card_id: str, workers: list, private_of: int | None = None) -> dict:
    card = cat.mines[card_id]
    at = {w["depth"]: w["seat"] for w in workers}
    return {"res": card.res, "card": card_id, "price": card.price, "private_of": private_of,
            "spaces": [{"amount": n, "cage": card.cages[i], "seat": at.get(i)} for i, n in enumerate(card.spaces)]}


def board(cat: Catalog, d: dict, seat: int | None) -> dict[str, Any]:
    """What the phone page draws: spaces with what each gives, mines, contracts, players."""
    from .game import acting
    from .moves import SPACE_WORDS
    names = [p["name"] for p in d["players"]]
    texts = space_texts(cat, d)
    spaces = [{"id": s, "name": SPACE_WORDS[s], "gives": texts[s], "seat": d["spaces"][s]} for s in d["spaces"]]
    spaces += [{"id": "overtime", "name": f"Overtime {i + 1}", "gives": texts["overtime"], "seat": s}
               for i, s in enumerate(d["overtime"])]
    mines = [_mine(cat, m["card"], m["workers"]) for m in d["mines"].values() if m["card"]]
    mines += [_mine(cat, p["private"]["card"], [{"seat": i, "depth": p["private"]["depth"]}], i)
              for i, p in enumerate(d["players"]) if p["private"]]
    row = []
    for slot, cid in enumerate(d["row"]):
        card = cat.contracts.get(cid) if cid else None
        row.append({"slot": slot, "id": cid, "name": contract_name(cid) if cid else "", "seat": d["contract_spaces"][slot],
                    "rows": [r.label() for r in card.rows] if card else [],
                    "vp": card.vp if card else 0, "buildings": card.buildings if card else 0})
    players = []
    for i, p in enumerate(d["players"]):
        held = []
        for c in p["contracts"]:
            card = cat.contracts[c["id"]]
            held.append({"id": c["id"], "name": contract_name(c["id"]), "next": card.rows[c["filled"]].label() if c["filled"] < len(card.rows) else "",
                         "filled": c["filled"], "rows": len(card.rows), "now": c["now"], "vp": card.vp})
        hand = [cat.building(h).name + f" ({cat.building(h).cost_label()}, {cat.building(h).vp} VP)"
                for h in p["hand"]] if i == seat else len(p["hand"])
        players.append({"seat": i, "name": p["name"], "money": p["money"], "cubes": p["cubes"], "cage": p["cage"],
                        "drills": p["drills"], "home": p["home"], "workers": p["workers"], "waiting": p["waiting"],
                        "fresh": p["fresh"],
                        "contracts": held, "completed": len(p["completed"]), "credits": p["credits"],
                        "built": [cat.building(b).name for b in p["built"]], "hand": hand})
    waiting = [names[s] for s in acting(d)]
    return {"phase": PHASES[d["phase"]], "first": names[d["first"]], "waiting": waiting, "spaces": spaces,
            "mines": mines, "row": row, "players": players, "deck_contracts": len(d["decks"]["contracts"]),
            "deck_buildings": len(d["decks"]["buildings"])}
