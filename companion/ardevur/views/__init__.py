"""What one seat may see: everything on the table, but only its own action cards, no deck
order and no seed; derived numbers the phone shows (storage, prices) are added. Also the turn
banner's words and, in ``log``, the log line of each move."""

from __future__ import annotations

from ..data import Catalog, describe
from ..moves.auction import bidders
from ..moves.turn import STAGES
from ..state import ArdState, capacity, mine_limit, to_json


def public_view(cat: Catalog, s: ArdState, seat: int | None) -> dict:
    d = to_json(s)
    view = {k: v for k, v in d.items() if k not in ("seed", "territory_deck", "action_decks", "grid", "incentives")}
    view["territory_deck"] = len(s.territory_deck)
    view["action_decks"] = {corp: len(cards) for corp, cards in s.action_decks}
    view["incentives"] = len(s.incentives)
    if s.phase == "auction" and s.auction.winner is None:
        # who rolls: a player with all the territories this round gives, or whom the
        # anti-monopoly rule keeps from every card on offer, sits the roll out
        view["auction"] = dict(d["auction"], bidders=bidders(cat, s))
    view["grid"] = {tier: [{"top": pile[-1] if pile else None, "count": len(pile),
                            "needs": describe(cat.targets[pile[-1]].condition) if pile else ""} for pile in piles]
                    for tier, piles in d["grid"].items()}
    players = []
    for index, (p, q) in enumerate(zip(s.players, d["players"])):
        if index != seat:
            q["actions"] = len(p.actions)
        if p.corp:
            q["storage"] = {"used": p.stock_value, "limit": capacity(cat, p)}
            q["mine_limit"] = mine_limit(cat, p, p.active) if p.active else 1
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


def turn_phrase(cat: Catalog, s: ArdState, seat: int) -> str | None:
    if s.phase == "auction":
        if s.auction.winner is not None:
            return "picking a territory"
        return "roll for the auction" if len(bidders(cat, s)) > 1 else "take the next pick (the only bidder)"
    if s.phase != "play":
        return SETUP_STEPS.get(s.phase)
    if s.offers:
        return "answering a local sale offer"
    if s.ts.must_discard:
        return "discarding an action card"
    stage = s.stage
    later = list(STAGES[STAGES.index(stage) + 1:]) if stage in STAGES else []
    if not later:
        return f"{stage} phase, the last of the turn"
    rest = later[0] if len(later) == 1 else f"{', '.join(later[:-1])} and {later[-1]}"
    return f"{stage} phase, then {rest}"


def waiting_phrase(cat: Catalog, s: ArdState) -> str | None:
    """What the seats the table waits for are to do, for the phones of the others; None where
    the bracketed turn phrase says it."""
    if s.phase == "auction" and s.auction.winner is None:
        return "to roll" if len(bidders(cat, s)) > 1 else "to take the next pick"
    return WAITING_STEPS.get(s.phase)


__all__ = ["SETUP_STEPS", "WAITING_STEPS", "public_view", "turn_phrase", "waiting_phrase"]
