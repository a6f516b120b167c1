"""A simple legal-move player for bot seats (``PlayerSpec.bot``): it always picks an action the
rules allow, preferring plain good sense (fill contracts, mine where the top space pays most,
buy the asset worth most VP) over cleverness. A stronger bot can replace ``bot_action``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .flow import waiting_for
from .options import candidates

if TYPE_CHECKING:
    from .game import Ore
    from .state import OreState


def _value(game: "Ore", state: "OreState", action: dict) -> float:
    d, cat = state.data, game.cat
    kind = action["type"]
    if kind == "place":
        if action["where"] == "mine" and not action.get("token"):
            card = cat.mines[d["mines"][action["mine"]]["card"]]
            return 10 + card.spaces[0] * card.price
        return {"slag": 5, "asset_track": 8, "contract_track": 6}.get(action["where"], 1)
    if kind in ("fill", "take_over"):
        return 50
    if kind == "buy_asset":
        return 20 + cat.assets[d["rows"]["assets"][action["slot"]]].vp
    if kind == "take_contract":
        return 15
    order = ("replenish", "relief_done", "market_done", "pass", "decline")
    return 5 - order.index(kind) if kind in order else 0


def bot_action(game: "Ore", state: "OreState", seat: int) -> dict | None:
    """The action the bot at ``seat`` takes now, or None when the table is not waiting for it."""
    if seat not in waiting_for(state.data):
        return None
    found = [c[0] for c in candidates(game, state, seat) if c[0]["type"] not in ("exchange", "cash_futures")]
    found.sort(key=lambda a: -_value(game, state, a))
    for action in found:
        after, _ = game.try_apply(state, action)
        if after is not None:
            return action
    return None
