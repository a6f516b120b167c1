"""A button's words: what the move does, said to the player who taps it ("Roll for the
auction", "Take Kiruna"). A label never names the player who makes the move (the phone is
theirs, or the shared screen shows whose moves these are); the log's third-person lines are
``views.log``'s."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..data import Catalog
from ..moves.auction import bidders
from ..state import ArdState
from ..views.log import name_of, top_card


def _pay(a: Mapping) -> str:
    return " with the phone call" if a.get("phone") else " with a loan" if a.get("loan") else ""


def _roll(cat: Catalog, s: ArdState) -> str:
    if s.phase == "auction" and s.auction is not None and len(bidders(cat, s)) == 1:
        return "Take the next pick: you are the only bidder, so no roll"
    return "Roll for the auction"


def _cards(cards: Any) -> str:
    names = list(cards or [])
    return " and ".join(names) if names else "nothing"


def _take(a: Mapping) -> str:
    back = f", returning {_cards(a['discard'])}" if a.get("discard") else ""
    return f"Take {_cards(a.get('cards'))}{back}"


def _upgrade(cat: Catalog, a: Mapping) -> str:
    card = f" using {name_of(cat, a['card'])}" if a.get("card") else ""
    return f"Upgrade your {a.get('asset')} in {name_of(cat, a.get('region'))}{card}{_pay(a)}"


Words = Callable[[Catalog, ArdState, Mapping], str]
WORDS: dict[str, Words] = {
    "start": lambda cat, s, a: "Start the game: shuffle the decks and roll for the first pick",
    "choose_corporation": lambda cat, s, a: f"Choose {name_of(cat, a.get('corporation'))}",
    "deal": lambda cat, s, a: "Deal the action and development cards",
    "auction_roll": lambda cat, s, a: _roll(cat, s),
    "pick_territory": lambda cat, s, a: f"Take {name_of(cat, a.get('territory'))}",
    "call_auction": lambda cat, s, a: "Call the second auction round",
    "pick_development": lambda cat, s, a: f"Pick {_cards(a.get('cards'))}",
    "extract": lambda cat, s, a: f"Extract from {', '.join(name_of(cat, t) for t in a.get('mines') or [])}",
    "pass": lambda cat, s, a: f"Pass the {s.stage or 'current'} phase",
    "take_development": lambda cat, s, a: _take(a),
    "draw_action": lambda cat, s, a: "Draw an action card",
    "take_phone": lambda cat, s, a: "Take the phone call card",
    "explore": lambda cat, s, a: f"Explore {name_of(cat, a.get('territory'))}{_pay(a)}",
    "exploit": lambda cat, s, a: f"Open a mine at {name_of(cat, a.get('territory'))}{_pay(a)}",
    "build_infrastructure": lambda cat, s, a:
        f"Build a {'pipeline' if a.get('kind') == 'water' else a.get('kind')} in {name_of(cat, a.get('region'))}"
        f"{_pay(a)}",
    "acquire_asset": lambda cat, s, a: f"Acquire a {a.get('asset')} in {name_of(cat, a.get('region'))}{_pay(a)}",
    "upgrade_asset": lambda cat, s, a: _upgrade(cat, a),
    "global_sale": lambda cat, s, a: "Sell globally",
    "local_sale": lambda cat, s, a: "Sell locally",
    "answer_offer": lambda cat, s, a: "Buy the local lot" if a.get("buy") else "Decline the local lot",
    "claim_target": lambda cat, s, a: f"Claim {top_card(cat, s, a)}",
    "claim_incentive": lambda cat, s, a: "Claim a government incentive",
    "exchange_card": lambda cat, s, a: f"Exchange {name_of(cat, a.get('card'))} for its reward",
    "shift_target": lambda cat, s, a: f"Use the phone call to shift {top_card(cat, s, a)} off the grid",
    "play_action": lambda cat, s, a: "Play an action card",
    "discard_action": lambda cat, s, a: "Discard an action card",
    "retire_target": lambda cat, s, a:
        f"Retire {top_card(cat, s, a)} from the grid: the whole table agrees nobody can meet it",
    "restore_target": lambda cat, s, a:
        f"Put {name_of(cat, s.retired.card) if s.retired is not None else 'the retired target'} back on its pile"
        " (retired by mistake)",
    "call_total_control": lambda cat, s, a: "Call Total Control",
    "call_final_round": lambda cat, s, a: "Call one final round",
    "call_time": lambda cat, s, a: "Call time: minute 64 is reached, the game ends and the points are counted",
}


def label(cat: Catalog, s: ArdState, a: Mapping) -> str:
    """The button's words for ``a`` in ``s``, in the imperative."""
    kind = a.get("type")
    return WORDS[kind](cat, s, a) if kind in WORDS else str(kind).replace("_", " ").capitalize()


__all__ = ["WORDS", "label"]
