"""The moves a seat could make now, as actions with labels: the phone's buttons and the bots'
choices. Each candidate is offered allowed or greyed with the reason ``game.refusal`` gives, the
one legality check the rules share (a cheap check for the moves offered many at a time)."""

from __future__ import annotations

from typing import Any, Callable

from ..core import Game, Option
from .data import RESOURCES, contract_name
from .moves.tasking import COPYABLE
from .state import BUSINESS, CLEANUP, COLLECTION, DEAL, TASKING, Player, State, acting
from .views import SPACE_WORDS, building_name

Add = Callable[..., None]
# The fields overtime's button copies a space with (the phone asks for the rest).
OVERTIME_FIELDS = {"permit": {"count": 1}, "market": {"res": "coal", "buy": 1}, "private": {"res": "coal"}}


def candidates(game: Game, state: State, seat: int) -> list[tuple[dict, str]]:
    """Every action worth offering ``seat`` now, with a label (not yet checked)."""
    if seat not in acting(state):
        return []
    found: list[tuple[dict, str]] = []

    def add(label: str, **fields: Any) -> None:
        found.append(({"seat": seat, **fields}, label))

    phase = state.phase
    if phase == DEAL:
        add("Turn up the mines and deal the contracts", type="deal")
    elif phase == COLLECTION:
        add("Collect from the mines", type="collect")
    elif phase == CLEANUP:
        add("Close the round", type="close_round")
    elif phase == TASKING and state.queue:
        _replies(state, add)
    elif phase == TASKING and state.early == seat or phase == BUSINESS:
        _business(game, state, seat, add)
    elif phase == TASKING:
        _placements(game, state, seat, add)
        add("Place no more this round", type="pass")
    return found


def _replies(state: State, add: Add) -> None:
    owed = state.queue[0]
    if owed.kind == "market":
        add(f"Buy 1 {owed.res}", type="trade", buy=1)
        add(f"Sell 1 {owed.res}", type="trade", sell=1)
    else:
        for n in (1, 2):
            add(f"Draw {n} building card{'s' * (n > 1)}", type="draw", count=n)
    add("No thanks", type="decline")


def _business(game: Game, state: State, seat: int, add: Add) -> None:
    me = state.players[seat]
    for c in me.contracts:
        add(f"Fill contract {contract_name(c.id)}, row {c.filled + 1}", type="fill", contract=c.id)
    if me.credits:
        for card in sorted(set(str(h).split("#")[0] for h in me.hand)):
            add(f"Build {building_name(game.data, card)}", type="build", building=card,
                **_effect_fields(game, me, card))
    if state.phase == BUSINESS:
        for mine in state.mines:
            for w in mine.workers:
                if w.seat == seat:
                    add(f"Bring home your worker from {mine.res} space {w.depth + 1} "
                        f"(${game.data.numbers.recall_cost})", type="recall", res=mine.res, depth=w.depth)
    add("Finished", type="done")


def _effect_fields(game: Game, me: Player, card: str) -> dict:
    """A selling building's cubes, chosen for the button: the spare kinds held most of."""
    building = game.data.buildings.get(card)
    if building is None or not building.effect or building.effect[0] != "sell":
        return {}
    limit, sell, spare = int(building.effect[1]), [], dict(zip(RESOURCES, me.cubes))
    for res in building.cubes:
        spare[res] -= 1
    for res in sorted(spare, key=lambda r: -spare[r]):
        sell += [res] * max(0, min(spare[res], limit - len(sell)))
    return {"cubes": " ".join(sell)} if sell else {}


def _placements(game: Game, state: State, seat: int, add: Add) -> None:
    kinds = state.kinds()
    for mine in state.mines:
        add(f"Mine {mine.res} (top space)", type="place", space="mine", res=mine.res)
        if state.players[seat].drills:
            for depth in range(1, len(game.data.mines[mine.card].spaces)):
                add(f"Drill into {mine.res} space {depth + 1}", type="place", space="mine", res=mine.res, depth=depth)
    for slot, cid in enumerate(state.row):
        if cid:
            add(f"Take contract {contract_name(cid)}", type="place", space="contract", slot=slot)
    for space in SPACE_WORDS:
        if space == "market":
            for res in kinds:
                for n in (1, 2):
                    add(f"Market: buy {n} {res}", type="place", space="market", res=res, buy=n)
                    add(f"Market: sell {n} {res}", type="place", space="market", res=res, sell=n)
        elif space == "permit":
            for n in (1, 2, 3):
                add(f"Permit office: draw {n}", type="place", space="permit", count=n)
        elif space == "private":
            for res in kinds:
                add(f"Private {res} mine", type="place", space="private", res=res)
        else:
            add(SPACE_WORDS[space], type="place", space=space)
    if state.overtime:
        for target in COPYABLE:
            add(f"Overtime: {SPACE_WORDS[target]}", type="place", space="overtime", target=target,
                **OVERTIME_FIELDS.get(target, {}))


def options_for(game: Game, state: State, seat: int | None) -> list[Option]:
    """``seat``'s moves; on the shared screen (``seat`` None) those of every seat it waits for."""
    names = [p.name for p in state.players]
    seats = acting(state) if seat is None else [seat] if 0 <= seat < len(names) else []
    out = []
    for who in seats:
        for action, label in candidates(game, state, who):
            reason = game.refusal(state, action) or ""
            out.append(Option(action, label if seat is not None else f"{names[who]}: {label}", not reason, reason))
    return out


__all__ = ["candidates", "options_for"]
