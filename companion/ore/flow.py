"""Moving from phase to phase once nobody has a decision left in the current one."""

from __future__ import annotations

from .acquisition import build_queue
from .cards import Catalog
from .collection import collect
from .placement import advance
from .state import fresh_round, free_miners
from .table import asset_effects, order_from


def settle(cat: Catalog, d: dict) -> None:
    while True:
        phase = d["phase"]
        if phase == "placement" and d["turn"] is None:
            collect(cat, d)
            d["phase"] = "market"
            d["market_order"] = order_from(d["start"], len(d["players"]))
            d["turn"] = d["market_order"][0]
        elif phase == "market" and not d["takeover"] and not d["market_order"]:
            d["phase"] = "subcontract"
            d["turn"] = None
            d["queue"] = [{"seat": s, "kind": "subcontract"} for s in order_from(d["start"], len(d["players"]))
                          if asset_effects(cat, d, s, "subcontract")]
        elif phase == "subcontract" and not d["queue"]:
            d["phase"] = "acquisition"
            d["queue"] = build_queue(cat, d)
        elif phase == "acquisition" and not d["queue"]:
            d["asset_track"], d["contract_track"] = [], []
            d["phase"] = "replenish"
        elif phase == "relief" and all(p["round"]["relief_done"] for p in d["players"]):
            if d["variant"] == "contract-race":
                for p in d["players"]:
                    if not p["race"] and not p["contracts"]:
                        d["end"] = (d["end"] or []) + [f"{p['name']} has no contract left"]
            if d["end"]:
                d["phase"] = "over"
                return
            new_round(d)
        else:
            return


def waiting_for(d) -> list[int]:
    """Seats whose decision the table is waiting for (relief: everyone not finished)."""
    phase = d["phase"]
    if phase == "placement":
        return [] if d["turn"] is None else [d["turn"]]
    if phase == "market":
        return [d["takeover"][0]["offers"][0]] if d["takeover"] else [d["turn"]]
    if phase in ("subcontract", "acquisition"):
        return [d["queue"][0]["seat"]] if d["queue"] else []
    if phase == "replenish":
        return [d["start"]]
    if phase == "relief":
        return [s for s, p in enumerate(d["players"]) if not p["round"]["relief_done"]]
    return []


def new_round(d: dict) -> None:
    d["round"] += 1
    d["phase"] = "placement"
    d["contract_taken"] = False
    d["queue"] = []
    for player in d["players"]:
        player["round"] = fresh_round()
    d["turn"] = d["start"]
    if free_miners(d, d["start"]) == 0:
        advance(d)
