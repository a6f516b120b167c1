"""One line per action for the table's log, in the players' words."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..data import Catalog
from ..moves.auction import bidders
from ..state import ArdState


def name_of(cat: Catalog, ident: Any) -> str:
    for table in (cat.territories, cat.regions, cat.corporations, cat.targets, cat.incentives, cat.actions):
        if ident in table:
            return table[ident].name
    return str(ident)


def top_card(cat: Catalog, s: ArdState, a: Mapping) -> str:
    """The target on top of the pile an action names, with where it lies."""
    tier, pile = a.get("tier"), a.get("pile")
    piles = s.piles(tier) if isinstance(tier, str) else None
    if not isinstance(pile, int) or not piles or not 0 <= pile < len(piles) or not piles[pile]:
        return f"the top {tier} target of pile {pile}"
    return f"{name_of(cat, piles[pile][-1])} ({tier}, pile {pile + 1})"


def _outcome(a: Mapping, after: ArdState) -> str:
    """What chance or a hidden card decided, for the log."""
    kind = a.get("type")
    if kind == "global_sale" and after.last_sale is not None:
        sale = after.last_sale
        fixed = f" + {sale.fixed}M lease" if sale.fixed else ""
        return f": rolled {sale.roll}, earned {sale.income}M{fixed}"
    if kind in ("start", "auction_roll", "choose_corporation") and after.rolls:
        rolled = ", ".join(f"{after.players[seat].name} {face}" for seat, face in after.rolls[-1])
        return f" (rolls: {rolled})"
    return ""


def _roll(cat: Catalog, s: ArdState, who: str) -> str:
    """An auction roll: one roll for every bidder, or none when only one player bids."""
    if s.phase == "auction" and s.auction is not None and len(bidders(cat, s)) == 1:
        return f"{who} takes the next pick: the only bidder, so no roll"
    return f"{who} rolls for the auction"


def _extra(a: Mapping) -> str:
    return " (phone call)" if a.get("phone") else " (with a loan)" if a.get("loan") else ""


def _restored(cat: Catalog, s: ArdState) -> str:
    return name_of(cat, s.retired.card if s.retired is not None else "the retired target")


Words = Callable[[Catalog, ArdState, Mapping, str, bool], str]
WORDS: dict[str, Words] = {
    "start": lambda cat, s, a, who, done: f"{who} starts the game: decks shuffled, roll for the first pick",
    "choose_corporation": lambda cat, s, a, who, done: f"{who} chooses {name_of(cat, a.get('corporation'))}",
    "deal": lambda cat, s, a, who, done: f"{who} deals the action and development cards",
    "auction_roll": lambda cat, s, a, who, done: _roll(cat, s, who),
    "pick_territory": lambda cat, s, a, who, done: f"{who} wins {name_of(cat, a.get('territory'))} at auction",
    "call_auction": lambda cat, s, a, who, done: f"{who} calls the second auction round",
    "pick_development": lambda cat, s, a, who, done: f"{who} picks {', '.join(a.get('cards') or []) or 'nothing'}",
    "extract": lambda cat, s, a, who, done:
        f"{who} extracts from {', '.join(name_of(cat, t) for t in a.get('mines') or [])}",
    "pass": lambda cat, s, a, who, done: f"{who} passes the {s.stage or 'current'} phase",
    "take_development": lambda cat, s, a, who, done: f"{who} takes {', '.join(a.get('cards') or [])}"
        + (f", returning {', '.join(a['discard'])}" if a.get("discard") else ""),
    "draw_action": lambda cat, s, a, who, done: f"{who} draws an action card",
    "discard_action": lambda cat, s, a, who, done: f"{who} discards an action card",
    "take_phone": lambda cat, s, a, who, done: f"{who} takes the phone call card",
    "explore": lambda cat, s, a, who, done: f"{who} explores {name_of(cat, a.get('territory'))}{_extra(a)}",
    "exploit": lambda cat, s, a, who, done: f"{who} opens a mine at {name_of(cat, a.get('territory'))}{_extra(a)}",
    "build_infrastructure": lambda cat, s, a, who, done:
        f"{who} builds a {a.get('kind')} in {name_of(cat, a.get('region'))}{_extra(a)}",
    "acquire_asset": lambda cat, s, a, who, done:
        f"{who} acquires a {a.get('asset')} in {name_of(cat, a.get('region'))}{_extra(a)}",
    "upgrade_asset": lambda cat, s, a, who, done:
        f"{who} upgrades: {a.get('asset')} in {name_of(cat, a.get('region'))}{_extra(a)}",
    "global_sale": lambda cat, s, a, who, done: f"{who} sells globally",
    "local_sale": lambda cat, s, a, who, done: f"{who} sells locally",
    "answer_offer": lambda cat, s, a, who, done: f"{who} {'buys' if a.get('buy') else 'declines'} the local lot",
    "claim_target": lambda cat, s, a, who, done: f"{who} claims {top_card(cat, s, a)}",
    "claim_incentive": lambda cat, s, a, who, done: f"{who} claims a government incentive",
    "exchange_card": lambda cat, s, a, who, done: f"{who} exchanges {name_of(cat, a.get('card'))} for its reward",
    "shift_target": lambda cat, s, a, who, done: f"{who} uses the phone call to shift {top_card(cat, s, a)} off the grid",
    "play_action": lambda cat, s, a, who, done:
        f"{who} plays {name_of(cat, a.get('card'))}" if done else f"{who} plays an action card",
    "retire_target": lambda cat, s, a, who, done:
        f"{who} retires {top_card(cat, s, a)} from the grid: the whole table agrees nobody can meet it",
    "restore_target": lambda cat, s, a, who, done:
        f"{who} puts {_restored(cat, s)} back on its pile (retired by mistake)",
    "call_total_control": lambda cat, s, a, who, done: f"{who} calls Total Control",
    "call_final_round": lambda cat, s, a, who, done: f"{who} calls one final round",
    "call_time": lambda cat, s, a, who, done:
        f"{who} calls time: minute 64 is reached, the game ends and the points are counted",
}


def describe(cat: Catalog, s: ArdState, a: Mapping, after: ArdState | None = None) -> str:
    """The log line of ``a`` played in ``s`` (``after``: the state it led to; without it, the
    label of a move not yet made)."""
    seat = a.get("seat")
    who = s.players[seat].name if isinstance(seat, int) and 0 <= seat < len(s.players) else "?"
    kind = a.get("type")
    text = WORDS[kind](cat, s, a, who, after is not None) if kind in WORDS else str(kind)
    return text + (_outcome(a, after) if after is not None else "")


__all__ = ["describe", "name_of", "top_card"]
