"""A state as the JSON a table stores, key for key as Ore has always stored it, and back.

Layout: ``variant``, ``seed``, ``step``, ``round``, ``phase``, ``start``, ``turn``, ``dealt``,
``queue`` (``{"seat", "kind"}``, and ``"use"`` for Sales Ops), ``takeover`` (``{"number", "row",
"from", "offers", "done", "barrels"}``), ``market_order``, ``end``, ``contract_taken``,
``players``, ``mines`` and ``piles`` (by resource), ``rows``, ``draw`` and ``discard`` (by row),
``asset_track``, ``contract_track``, ``slag`` and ``bank``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..data import RESOURCES
from . import (Bank, Barrels, Cards, Decision, Futures, Held, Mine, Miner, Offer, Pile, Player, Private, ROWS, State,
               ThisRound)


def barrels_json(barrels: Barrels) -> dict:
    return {res: barrels[res] for res in RESOURCES}


def decision_json(d: Decision) -> dict:
    found: dict[str, Any] = {"seat": d.seat, "kind": d.kind}
    if d.use is not None:
        found["use"] = d.use
    return found


def _held(h: Held) -> dict:
    return {"number": h.number, "done": list(h.done), "barrels": list(h.barrels), "since": h.since}


def _round(r: ThisRound) -> dict:
    return {"placed": r.placed, "market": r.market, "railroad": list(r.railroad),
            "private_market": list(r.private_market), "exchanged": list(r.exchanged), "sold_on": list(r.sold_on),
            "asset": r.asset, "contract": r.contract, "initiative": r.initiative, "efficient": r.efficient,
            "relief_done": r.relief_done, "gathered": list(r.gathered)}


def player_json(p: Player) -> dict:
    return {"name": p.name, "bot": p.bot, "money": p.money, "barrels": barrels_json(p.barrels), "miners": p.miners,
            "cage": p.cage, "drill_bits": p.drill_bits, "collab_ops": p.collab_ops,
            "futures": [{"res": f.res, "count": f.count} for f in p.futures], "assets": list(p.assets),
            "contracts": [_held(h) for h in p.contracts], "completed": list(p.completed), "race": list(p.race),
            "strikes": p.strikes, "private": [{"card": x.card, "kind": x.kind, "space": x.space} for x in p.private],
            "round": _round(p.round)}


def _mine(m: Mine) -> dict:
    return {"card": m.card, "exhausted": m.exhausted, "miners": [{"seat": x.seat, "space": x.space} for x in m.miners]}


def _cards(c: Cards) -> dict:
    return {row: list(c.of(row)) for row in ROWS}


def to_json(s: State) -> dict:
    return {
        "variant": s.variant, "seed": s.seed, "step": s.step, "round": s.round, "phase": s.phase, "start": s.start,
        "turn": s.turn, "dealt": list(s.dealt), "queue": [decision_json(d) for d in s.queue],
        "takeover": [{"number": o.number, "row": o.row, "from": o.failed_by, "offers": list(o.offers),
                      "done": list(o.done), "barrels": list(o.barrels)} for o in s.takeover],
        "market_order": list(s.market_order), "end": None if s.end is None else list(s.end),
        "contract_taken": s.contract_taken, "players": [player_json(p) for p in s.players],
        "mines": {res: _mine(m) for res, m in zip(RESOURCES, s.mines)},
        "piles": {res: {"draw": list(p.draw), "used": list(p.used)} for res, p in zip(RESOURCES, s.piles)},
        "rows": _cards(s.rows), "draw": _cards(s.draw), "discard": _cards(s.discard),
        "asset_track": list(s.asset_track), "contract_track": list(s.contract_track), "slag": list(s.slag),
        "bank": {"money": s.bank.money, "barrels": barrels_json(s.bank.barrels)},
    }


# -- back from JSON --------------------------------------------------------------------------
def barrels_of(data: Mapping[str, int]) -> Barrels:
    return Barrels(**{res: data[res] for res in RESOURCES})


def decision_of(d: Mapping[str, Any]) -> Decision:
    return Decision(d["seat"], d["kind"], d.get("use"))


def held_of(h: Mapping[str, Any]) -> Held:
    return Held(h["number"], tuple(h["done"]), tuple(h["barrels"]), h["since"])


def _round_of(r: Mapping[str, Any]) -> ThisRound:
    return ThisRound(r["placed"], r["market"], tuple(r["railroad"]), tuple(r["private_market"]),
                     tuple(r["exchanged"]), tuple(r["sold_on"]), r["asset"], r["contract"], r["initiative"],
                     r["efficient"], r["relief_done"], tuple(r["gathered"]))


def player_of(p: Mapping[str, Any]) -> Player:
    return Player(p["name"], p["bot"], p["money"], barrels_of(p["barrels"]), p["miners"], p["cage"], p["drill_bits"],
                  p["collab_ops"], tuple(Futures(f["res"], f["count"]) for f in p["futures"]), tuple(p["assets"]),
                  tuple(held_of(h) for h in p["contracts"]), tuple(p["completed"]), tuple(p["race"]), p["strikes"],
                  tuple(Private(x["card"], x["kind"], x["space"]) for x in p["private"]), _round_of(p["round"]))


def _mine_of(m: Mapping[str, Any]) -> Mine:
    return Mine(m["card"], m["exhausted"], tuple(Miner(x["seat"], x["space"]) for x in m["miners"]))


def _cards_of(c: Mapping[str, Any]) -> Cards:
    return Cards(*(tuple(c[row]) for row in ROWS))


def from_json(d: Mapping[str, Any]) -> State:
    return State(
        variant=d["variant"], seed=d["seed"], step=d["step"], round=d["round"], phase=d["phase"], start=d["start"],
        turn=d["turn"], dealt=tuple(d["dealt"]), queue=tuple(decision_of(q) for q in d["queue"]),
        takeover=tuple(Offer(o["number"], o["row"], o["from"], tuple(o["offers"]), tuple(o.get("done", ())),
                             tuple(o.get("barrels", ()))) for o in d["takeover"]),
        market_order=tuple(d["market_order"]), end=None if d["end"] is None else tuple(d["end"]),
        contract_taken=d["contract_taken"], players=tuple(player_of(p) for p in d["players"]),
        mines=tuple(_mine_of(d["mines"][res]) for res in RESOURCES),
        piles=tuple(Pile(tuple(d["piles"][res]["draw"]), tuple(d["piles"][res]["used"])) for res in RESOURCES),
        rows=_cards_of(d["rows"]), draw=_cards_of(d["draw"]), discard=_cards_of(d["discard"]),
        asset_track=tuple(d["asset_track"]), contract_track=tuple(d["contract_track"]), slag=tuple(d["slag"]),
        bank=Bank(d["bank"]["money"], barrels_of(d["bank"]["barrels"])),
    )


__all__ = ["barrels_json", "barrels_of", "decision_json", "decision_of", "from_json", "held_of", "player_json",
           "player_of", "to_json"]
