"""What one seat may see: everything on the table, but only its own action cards, no deck
order and no seed. Derived numbers the phone shows (storage, prices) are added here."""

from __future__ import annotations

from typing import Mapping

from .cards import Catalog
from .conditions import describe
from .state import capacity, mine_limit, active_mines, stock_value
from .setup import bidders
from .turn import STAGES


def public_view(cat: Catalog, d: Mapping, seat: int | None) -> dict:
    view = {k: v for k, v in d.items() if k not in ("seed", "territory_deck", "action_decks", "grid", "incentives")}
    view["territory_deck"] = len(d["territory_deck"])
    view["action_decks"] = {c: len(cards) for c, cards in d["action_decks"].items()}
    view["incentives"] = len(d["incentives"])
    if d["phase"] == "auction" and d["auction"]["winner"] is None:
        # who rolls: a player with all the territories this round gives, or whom the
        # anti-monopoly rule keeps from every card on offer, sits the roll out
        view["auction"] = dict(d["auction"], bidders=bidders(cat, d))
    view["grid"] = {tier: [{"top": pile[-1] if pile else None, "count": len(pile),
                            "needs": describe(cat.targets[pile[-1]].condition) if pile else ""} for pile in piles]
                    for tier, piles in d["grid"].items()}
    players = []
    for s, p in enumerate(d["players"]):
        q = dict(p)
        if s != seat:
            q["actions"] = len(p["actions"])
        if p["corp"]:
            q["storage"] = {"used": stock_value(p), "limit": capacity(cat, p)}
            q["mine_limit"] = mine_limit(cat, p, active_mines(p)) if active_mines(p) else 1
        players.append(q)
    view["players"] = players
    view["seat"] = seat
    return view


# What a seat the table waits for is doing, for the turn banner: the setup step, or in play the
# phase of the turn and the phases still to come ("strategy phase, then development and reward").
SETUP_STEPS = {"ready": "starting the game", "corporations": "choosing a corporation",
               "deal": "deal the action and development cards", "redraft": "picking development cards"}
# Steps that are one tap for the table, said from the other phones' side: "Waiting for Ben
# and Cy to roll".
WAITING_STEPS = {"deal": "to deal the cards"}


def turn_phrase(cat: Catalog, d: Mapping, seat: int) -> str | None:
    phase = d["phase"]
    if phase == "auction":
        if d["auction"]["winner"] is not None:
            return "picking a territory"
        return "roll for the auction" if len(bidders(cat, d)) > 1 else "take the next pick (the only bidder)"
    if phase != "play":
        return SETUP_STEPS.get(phase)
    if d["offers"]:
        return "answering a local sale offer"
    if d["ts"].get("must_discard"):
        return "discarding an action card"
    stage = d["stage"]
    later = list(STAGES[STAGES.index(stage) + 1:]) if stage in STAGES else []
    if not later:
        return f"{stage} phase, the last of the turn"
    rest = later[0] if len(later) == 1 else f"{', '.join(later[:-1])} and {later[-1]}"
    return f"{stage} phase, then {rest}"


def waiting_phrase(cat: Catalog, d: Mapping) -> str | None:
    """What the seats the table waits for are to do, for the phones of the others; None where
    the bracketed turn phrase says it."""
    if d["phase"] == "auction" and d["auction"]["winner"] is None:
        return "to roll" if len(bidders(cat, d)) > 1 else "to take the next pick"
    return WAITING_STEPS.get(d["phase"])

