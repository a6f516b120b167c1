"""Subcontracted Ops, after every market turn, in order from the starting player: pay one
opponent to fill lines of their contracts yourself, taking the lines' money (NOTES.md, 22)."""

from __future__ import annotations

from typing import Mapping

from ...core import field_of, require
from ...errors import BadAction
from ...frozen import evolve
from ..state import State
from .bank import asset_effects, earn, pay
from .contracts import choose_barrels, complete_if_done, fill_row, find_held

RULE = "Subcontracted Ops"


def check_turn(game, state: State, action: Mapping) -> None:
    require(state.phase == "subcontract" and bool(state.queue) and state.queue[0].seat == action["seat"],
            "Subcontracted Ops is used at the end of the market phase, in turn.", RULE)


def pass_turn(game, state: State, action: Mapping) -> State:
    """Pass instead of subcontracting."""
    check_turn(game, state, action)
    return evolve(state, queue=state.queue[1:])


def subcontract(game, state: State, action: Mapping) -> State:
    """(No cheap check: each line's barrels come from what the lines before it left.)"""
    check_turn(game, state, action)
    cat, seat = game.data, action["seat"]
    args = asset_effects(cat, state, seat, "subcontract")
    require(bool(args), f"{state.name(seat)} does not own Subcontracted Ops.", RULE)
    lines, fee = max((int(a[0]), int(a[1])) for _, a in args)
    wanted = action["rows"] if "rows" in action else _form_lines(action)
    if not isinstance(wanted, list):
        raise BadAction("rows: a list of {\"contract\": N, \"row\": R}")
    require(1 <= len(wanted) <= lines, f"Subcontracted Ops fills 1 to {lines} line(s), not {len(wanted)}.", RULE)
    target = action["target"] if "target" in action else _owner(state, wanted)
    if not isinstance(target, int) or isinstance(target, bool):
        raise BadAction("target: the seat number of the opponent whose lines you fill")
    require(0 <= target < len(state.players) and target != seat,
            "Subcontracted Ops fills lines of one opponent's contracts, not your own.", RULE)
    state = earn(pay(state, seat, fee, "Subcontracted Ops", RULE), target, fee)
    for entry in wanted:
        if not isinstance(entry, Mapping):
            raise BadAction("each row is {\"contract\": N, \"row\": R}")
        held = find_held(state, target, field_of(entry, "contract", int))
        index = field_of(entry, "row", int)
        rows = cat.contracts[held.number].rows
        require(0 <= index < len(rows) and index not in held.done,
                f"Line {index + 1} of contract #{held.number} is not open.", RULE)
        barrels = choose_barrels(state.players[seat].barrels.counts(), rows[index], entry.get("barrels"))
        state, held = fill_row(cat, state, seat, target, held, index, barrels)
        state = complete_if_done(cat, state, target, held)
    return evolve(state, queue=state.queue[1:])


def _form_lines(action: Mapping) -> list[dict]:
    """A phone form's lines: ``line`` and ``line2`` as "contract:row" (row counted from 0)."""
    found = []
    for key in ("line", "line2"):
        text = action.get(key)
        if text in (None, ""):
            continue
        number, _, row = str(text).partition(":")
        if not (number.isdigit() and row.isdigit()):
            raise BadAction(f"{key}: a contract line written N:R, not {text!r}")
        found.append({"contract": int(number), "row": int(row)})
    return found


def _owner(state: State, wanted: list) -> int | None:
    """The opponent holding the first chosen line's contract (each contract has one owner)."""
    if not wanted or not isinstance(wanted[0], Mapping):
        return None
    for seat, player in enumerate(state.players):
        if any(h.number == wanted[0].get("contract") for h in player.contracts):
            return seat
    return None


__all__ = ["RULE", "check_turn", "pass_turn", "subcontract"]
