"""What a phone may see: everything on the table, but never the order of a face-down pile,
plus a ``board`` of ready-to-show facts for the phone page (``board``); the log line of each
move (``log``); and the turn banner's words."""

from __future__ import annotations

from ..data import Catalog
from ..state import State
from ..state.codec import to_json
from .board import PHASES, board, lacking, plain

# What a seat the table waits for is doing, for the turn banner ("placing a miner, 2 left").
CHOOSING = {"asset": "buying an asset or an initiative", "initiative": "buying an initiative",
            "contract": "taking a contract", "subcontract": "using Subcontracted Ops"}
SALES_USE = {"asset": "using Sales Ops to buy an asset", "contract": "using Sales Ops to take a contract"}


def turn_phrase(state: State, seat: int) -> str | None:
    phase = state.phase
    if phase == "placement":
        return f"placing a miner, {state.free_miners(seat)} left"
    if phase == "market":
        if state.takeover:
            return f"deciding whether to take over contract {state.takeover[0].number}"
        return "selling at the market and filling contracts"
    if phase in ("subcontract", "acquisition") and state.queue:
        head = state.queue[0]
        return SALES_USE.get(head.use) if head.kind == "sales" else CHOOSING.get(head.kind)
    if phase == "replenish":
        return "refilling the rows for the next round"
    if phase == "relief":
        return "taking miners back or finishing relief"
    return None


def public_view(cat: Catalog, state: State, seat: int | None) -> dict:
    view = to_json(state)
    view["board"] = board(cat, state)
    view["draw"] = {row: len(cards) for row, cards in view["draw"].items()}
    view["piles"] = {res: {"draw": len(p["draw"]), "used": p["used"]} for res, p in view["piles"].items()}
    for shown in view["players"]:
        # Contract race: only the top card of each stack is face up.
        race = shown["race"]
        shown["race"] = {"top": race[0] if race else None, "left": len(race)}
    view["seed"] = None
    return view


__all__ = ["CHOOSING", "PHASES", "SALES_USE", "board", "lacking", "plain", "public_view", "turn_phrase"]
