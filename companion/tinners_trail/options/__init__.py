"""What a seat can do now: the candidate actions (``candidates``), whose turn it is (``turn``) and
the phone's buttons, one per kind of action in the actions phase, greyed with the rule's reason
when the rules refuse it (``labels`` words them). Every button's ``allowed`` is the answer of
``Game.refusal``, the one legality check the rules, the bots and the phone share."""

from __future__ import annotations

from ...core import Option
from ..data.tables import Rules
from ..state import ACTIONS, PRICES, State
from .candidates import candidates, legal_actions
from .labels import COST_KEYS, KIND_LABELS, label
from .turn import lord_action, to_act


def options(game, state: State, seat: int | None) -> list[Option]:
    if seat is None:
        return []
    if state.phase == PRICES:
        return [Option({"type": "roll_prices", "seat": seat}, "Roll the ore prices")]
    if lord_action(state):
        return _lord_options(state, seat)
    rules = game.data
    if state.phase != ACTIONS:
        out = []
        for action in candidates(game, state, seat, every=True):
            reason = game.refusal(state, action)
            out.append(Option(action, label(state, action, rules), reason is None, reason or ""))
        return out
    if seat not in to_act(state):
        return []
    grouped: dict[str, list[dict]] = {}
    for action in candidates(game, state, seat, every=True):
        key = action["type"] if action["type"] != "develop" else f"develop:{action['piece']}"
        grouped.setdefault(key, []).append(action)
    out = []
    for key, group in grouped.items():
        out += _buttons(game, state, key.partition(":")[0], group)
    return out


def _buttons(game, state: State, kind: str, group: list[dict]) -> list[Option]:
    """The buttons of one kind of action: every allowed one the phone lists, or one greyed
    with the reason the rules give for the first it would list."""
    rules = game.data
    legal = [a for a in group if _offered(state, a) and game.refusal(state, a) is None]
    if legal:
        return [Option(a, label(state, a, rules), True, "", _cost(kind, a, rules)) for a in legal]
    offered = [a for a in group if _offered(state, a)]
    elsewhere = next((a for a in group if not _offered(state, a) and game.refusal(state, a) is None), None)
    if elsewhere is not None and (kind != "start_auction" or not offered):
        # legal only away from the seat's mines (or with a card): the piece stays
        # available, so a form for it is not greyed by another piece's reason
        if kind in ("develop", "place_bonus"):
            return [Option(elsewhere, label(state, elsewhere, rules), True, "", _cost(kind, elsewhere, rules))]
        return []
    sample = offered[0] if offered else group[0]
    reason = game.refusal(state, sample) or "Not possible now."
    words = f"Develop: {sample['piece']}" if kind == "develop" else KIND_LABELS.get(kind, kind)
    return [Option(sample, words, False, reason, _cost(kind, sample, rules))]


def _offered(state: State, action: dict) -> bool:
    """The phone lists developments only in or next to the seat's own mines (the page's form
    places them anywhere) and auctions without a card (the form plays cards)."""
    kind = action["type"]
    if kind == "start_auction":
        return "card" not in action
    if kind in ("develop", "place_bonus"):
        seat = action["seat"]
        return state.area(action["area"]).owner == seat or \
            (action.get("to") is not None and state.area(action["to"]).owner == seat)
    return True


def _cost(kind: str, action: dict, rules: Rules) -> str:
    key = action.get("piece") if kind == "develop" else COST_KEYS.get(kind, "")
    cost = rules.work_costs.get(key, 0)
    return f"{cost} work" if cost else "free"


def _lord_options(state: State, seat: int) -> list[Option]:
    if seat not in to_act(state):
        return []
    kind = lord_action(state)
    if kind == "wallace_turn":
        return [Option({"type": kind, "seat": seat}, "Lord Wallace's turn: enter the action card drawn for him")]
    return [Option({"type": kind, "seat": seat}, "Lord Wallace answers your bid: enter his dice")]


__all__ = ["candidates", "legal_actions", "lord_action", "options", "to_act"]
