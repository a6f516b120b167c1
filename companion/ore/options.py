"""The phone's buttons: every action a seat might take now, greyed with the rule's reason when
the rules forbid it. The candidates come from one function per phase; whether each is allowed
is the game's one legality check (``Game.refusal``), so a button and the rules never disagree."""

from __future__ import annotations

from typing import Callable

from ..core import Game, Option
from .data import ANY, RESOURCES, Catalog
from .moves.bank import asset_effects, owns
from .moves.contracts import assignments, due
from .moves.flow import waiting_for
from .state import State


Candidate = tuple[dict, str, str]  # (action, label, cost)
Add = Callable[..., None]


def candidates(game: Game, state: State, seat: int) -> list[Candidate]:
    """(action, label, cost) for everything worth offering ``seat`` in this phase; everyone sees
    the phase's choices, and those of a seat the table is not waiting for come back greyed with
    whose turn it is."""
    found: list[Candidate] = []

    def add(action: dict, label: str, cost: str = "") -> None:
        found.append(({"seat": seat, **action}, label, cost))

    phase = PHASES.get(state.phase)
    if phase is not None:
        phase(game.data, state, seat, add)
    if state.phase != "over":
        _anytime(game.data, state, seat, add)
    return found


def _placement(cat: Catalog, state: State, seat: int, add: Add) -> None:
    player = state.players[seat]
    for res in RESOURCES:
        add({"type": "place", "where": "mine", "mine": res}, f"Mine {res} (top space)")
    if player.drill_bits:
        for res in RESOURCES:
            add({"type": "place", "where": "mine", "mine": res, "token": "drill_bit", "space": 1},
                f"Drill Bit: {res}, 2nd space")
            add({"type": "place", "where": "mine", "mine": res, "token": "drill_bit", "space": 2},
                f"Drill Bit: {res}, 3rd space", f"${cat.numbers.drill_third_money}")
            add({"type": "place", "where": "mine", "mine": res, "token": "drill_bit", "space": 2, "pay": "coal"},
                f"Drill Bit: {res}, 3rd space", f"{cat.numbers.drill_third_coal} coal")
    if player.collab_ops:
        for res in RESOURCES:
            add({"type": "place", "where": "mine", "mine": res, "token": "collab_ops"},
                f"Collab Ops: {res}, push down")
    add({"type": "place", "where": "asset_track"}, "Asset track")
    add({"type": "place", "where": "contract_track"}, "Contract track")
    add({"type": "place", "where": "slag"}, "Slag heap")


def _market(cat: Catalog, state: State, seat: int, add: Add) -> None:
    if state.takeover:
        if state.takeover[0].offers[0] == seat:
            _takeover(cat, state, seat, add)
        return
    player = state.players[seat]
    carried = {w for _, args in asset_effects(cat, state, seat, "railroad") for w in args}
    for res in RESOURCES:
        if res in carried:  # the player says which sale this is
            add({"type": "sell", "resource": res, "via": "market"}, f"Sell 1 {res} on the open market")
            add({"type": "sell", "resource": res, "via": "railroad"}, f"Sell 1 {res} by railroad")
        else:
            add({"type": "sell", "resource": res}, f"Sell 1 {res}")
    for private in player.private:
        if private.kind == "market" and private.space is not None:
            res = cat.mines[private.card].res
            add({"type": "sell", "resource": res, "via": "private", "card": private.card},
                f"Sell 1 {res} on private market")
    have = player.barrels.counts()
    for held, row in due(cat, state, seat):
        line = cat.contracts[held.number].rows[row]
        for barrels, paid in ways_to_fill(have, line):
            add({"type": "fill", "contract": held.number, **barrels}, f"Contract #{held.number}: {line.label()}{paid}")
    if owns(cat, state, seat, "efficient"):
        for held in player.contracts:
            for rows in (1, 2, 3):
                add({"type": "efficient", "contract": held.number, "rows": rows},
                    f"Efficient Ops: {rows} more row(s) of #{held.number}")
    add({"type": "market_done"}, "Finish market turn")


def _takeover(cat: Catalog, state: State, seat: int, add: Add) -> None:
    offer = state.takeover[0]
    row = cat.contracts[offer.number].rows[offer.row]
    for barrels, paid in ways_to_fill(state.players[seat].barrels.counts(), row):
        add({"type": "take_over", **barrels}, f"Take over contract #{offer.number}: {row.label()}{paid}")
    add({"type": "decline"}, f"Let contract #{offer.number} go")


def _subcontract(cat: Catalog, state: State, seat: int, add: Add) -> None:
    if not state.queue or state.queue[0].seat != seat:
        return
    have = state.players[seat].barrels.counts()
    for target, other in enumerate(state.players):
        if target == seat:
            continue
        for held in other.contracts:
            for row, line in enumerate(cat.contracts[held.number].rows):
                if row in held.done:
                    continue
                for barrels, paid in ways_to_fill(have, line):
                    add({"type": "subcontract", "target": target,
                         "rows": [{"contract": held.number, "row": row, **barrels}]},
                        f"Subcontract {other.name}'s #{held.number} line {row + 1}: {line.label()}{paid}")
    add({"type": "pass"}, "Pass")


def _acquisition(cat: Catalog, state: State, seat: int, add: Add) -> None:
    player = state.players[seat]
    if state.queue:
        for slot, asset_id in enumerate(state.rows.assets):
            if asset_id:
                card = cat.assets[asset_id]
                for option, cost in enumerate(card.costs):
                    add({"type": "buy_asset", "slot": slot, "pay": option}, f"Buy {card.name}", cost.label())
        for slot, card_id in enumerate(state.rows.initiatives):
            if card_id:
                _initiative(cat, slot, card_id, add)
        for slot, number in enumerate(state.rows.contracts):
            if number:
                add({"type": "take_contract", "slot": slot}, f"Take contract #{number}")
        if owns(cat, state, seat, "black_market"):
            for number in state.discard.contracts:
                add({"type": "take_contract", "discarded": number}, f"Black market: contract #{number}")
        add({"type": "pass"}, "Pass")
    if state.variant == "contract-race" and player.race:
        add({"type": "take_own_contract"}, f"Take contract #{player.race[0]} from your stack")


def _initiative(cat: Catalog, slot: int, card_id: str, add: Add) -> None:
    card = cat.initiatives[card_id]
    if ANY in card.cost.barrels:
        for res in RESOURCES:
            add({"type": "buy_initiative", "slot": slot, "barrel": res}, f"Buy {card.name} ({res})",
                card.cost.label().replace(ANY, res))
    else:
        add({"type": "buy_initiative", "slot": slot}, f"Buy {card.name}", card.cost.label())


def _replenish(cat: Catalog, state: State, seat: int, add: Add) -> None:
    if seat == state.start:
        add({"type": "replenish"}, "Replenish mines and cards, pay salaries")


def _relief(cat: Catalog, state: State, seat: int, add: Add) -> None:
    if state.players[seat].round.relief_done:
        return
    for res in RESOURCES:
        if any(m.seat == seat for m in state.mine(res).miners):
            add({"type": "relieve", "mine": res}, f"Take a miner back from {res}")
    add({"type": "relief_done"}, "Done")


def _anytime(cat: Catalog, state: State, seat: int, add: Add) -> None:
    """Futures tokens and exchanges, which a player may use whenever the game runs."""
    player = state.players[seat]
    for index, token in enumerate(player.futures):
        add({"type": "cash_futures", "token": index}, f"Cash futures: {token.count} {token.res}")
    for asset_id in player.assets:
        card = cat.assets[asset_id]
        if card.kind != "exchange" or asset_id in player.round.exchanged:
            continue
        kind, *args = card.args
        count, back = (2, 1) if kind == "same" else (int(args[0]), int(args[1]))
        for give in RESOURCES:
            for take in RESOURCES:
                if give == take or (kind != "same" and give != kind):
                    continue
                add({"type": "exchange", "asset": asset_id, "give": [give] * count, "take": [take] * back},
                    f"{card.name}: {count} {give} for {back} {take}")


PHASES: dict[str, Callable[[Catalog, State, int, Add], None]] = {
    "placement": _placement, "market": _market, "subcontract": _subcontract, "acquisition": _acquisition,
    "replenish": _replenish, "relief": _relief,
}


def ways_to_fill(have: dict, row) -> list[tuple[dict, str]]:
    """One choice per distinct set of barrels the player could put on ``row`` when its
    either/or boxes leave a choice: ({"barrels": [...]}, " with ..."). Otherwise one plain
    choice ({}, "") and the rules pick the barrels."""
    seen: dict[tuple, list[str]] = {}
    for choice in assignments(have, row):
        seen.setdefault(tuple(sorted(choice)), choice)
    if len(seen) < 2:
        return [({}, "")]
    return [({"barrels": choice}, " with " + " + ".join(choice)) for choice in seen.values()]


def options_for(game: Game, state: State, seat: int | None) -> list[Option]:
    """``seat``'s options; for the shared screen (``None``) those of every seat the table is
    waiting for, so the host can act for a player without a phone."""
    if seat is None:
        seats = waiting_for(state)
    elif 0 <= seat < len(state.players):
        seats = (seat,)
    else:
        return []
    found = []
    for who in seats:
        for action, label, cost in candidates(game, state, who):
            reason = game.refusal(state, action)
            found.append(Option(action, label if seat is not None else f"{state.name(who)}: {label}",
                                reason is None, reason or "", cost))
    return found


__all__ = ["Candidate", "candidates", "options_for", "ways_to_fill"]
