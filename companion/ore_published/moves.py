"""The moves a seat could make now, as actions with labels: the phone's buttons and the bots'
choices. Each is checked against the rules before it is offered as allowed."""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING, Any, Mapping

from ..core import Action, Option
from ..errors import RuleViolation
from .state import State
from .tasking import COPYABLE
from .views import as_state, contract_name, public_view

if TYPE_CHECKING:
    from .game import OrePublished

SPACE_WORDS = {"market": "Commodity market", "permit": "Permit office", "recruit": "Recruit", "cage": "Mine cage",
               "drill": "Drill bit", "private": "Private mine", "advance": "Advance orders"}


def candidates(game: "OrePublished", d: Mapping[str, Any], seat: int) -> list[tuple[dict, str]]:
    """Every action worth offering ``seat`` now, with a label (not yet checked)."""
    from .game import acting
    if seat not in acting(d):
        return []
    phase, found = d["phase"], []
    me = d["players"][seat]

    def add(label: str, **fields: Any) -> None:
        found.append(({"seat": seat, **fields}, label))

    if phase == "deal":
        add("Turn up the mines and deal the contracts", type="deal")
    elif phase == "collection":
        add("Collect from the mines", type="collect")
    elif phase == "cleanup":
        add("Close the round", type="close_round")
    elif phase == "tasking" and d["queue"]:
        owed = d["queue"][0]
        if owed["kind"] == "market":
            add(f"Buy 1 {owed['res']}", type="trade", buy=1)
            add(f"Sell 1 {owed['res']}", type="trade", sell=1)
        else:
            for n in (1, 2):
                add(f"Draw {n} building card{'s' * (n > 1)}", type="draw", count=n)
        add("No thanks", type="decline")
    elif phase == "tasking" and d["early"] == seat or phase == "business":
        for c in me["contracts"]:
            add(f"Fill contract {contract_name(c['id'])}, row {c['filled'] + 1}", type="fill", contract=c["id"])
        if me["credits"]:
            for card in sorted(set(str(h).split("#")[0] for h in me["hand"])):
                add(f"Build {_building_name(game, card)}", type="build", building=card, **_effect_fields(game, me, card))
        if phase == "business":
            for res, mine in d["mines"].items():
                for w in mine["workers"]:
                    if w["seat"] == seat:
                        add(f"Bring home your worker from {res} space {w['depth'] + 1} (${game.data.numbers.recall_cost})",
                            type="recall", res=res, depth=w["depth"])
        add("Finished", type="done")
    elif phase == "tasking":
        _placements(game, d, seat, add)
        add("Place no more this round", type="pass")
    return found


def _building_name(game: "OrePublished", card: str) -> str:
    building = game.cat.buildings.get(card)
    return building.name if building is not None else str(card)


def _effect_fields(game: "OrePublished", me: Mapping, card: str) -> dict:
    building = game.cat.buildings.get(card)
    if building is None or not building.effect or building.effect[0] != "sell":
        return {}
    limit, sell, spare = int(building.effect[1]), [], dict(me["cubes"])
    for res in building.cubes:
        spare[res] -= 1
    for res in sorted(spare, key=lambda r: -spare[r]):
        sell += [res] * max(0, min(spare[res], limit - len(sell)))
    return {"cubes": " ".join(sell)} if sell else {}


def _placements(game: "OrePublished", d: Mapping, seat: int, add) -> None:
    for res in d["mines"]:
        add(f"Mine {res} (top space)", type="place", space="mine", res=res)
        if d["players"][seat]["drills"]:
            card = game.cat.mines[d["mines"][res]["card"]]
            for depth in range(1, len(card.spaces)):
                add(f"Drill into {res} space {depth + 1}", type="place", space="mine", res=res, depth=depth)
    for slot, cid in enumerate(d["row"]):
        if cid:
            add(f"Take contract {contract_name(cid)}", type="place", space="contract", slot=slot)
    for space in SPACE_WORDS:
        if space == "market":
            for res in d["mines"]:
                for n in (1, 2):
                    add(f"Market: buy {n} {res}", type="place", space="market", res=res, buy=n)
                    add(f"Market: sell {n} {res}", type="place", space="market", res=res, sell=n)
        elif space == "permit":
            for n in (1, 2, 3):
                add(f"Permit office: draw {n}", type="place", space="permit", count=n)
        elif space == "private":
            for res in d["mines"]:
                add(f"Private {res} mine", type="place", space="private", res=res)
        else:
            add(SPACE_WORDS[space], type="place", space=space)
    if d["overtime"]:
        for target in COPYABLE:
            extra = {"count": 1} if target == "permit" else {"res": "coal", "buy": 1} if target == "market" else \
                {"res": "coal"} if target == "private" else {}
            add(f"Overtime: {SPACE_WORDS[target]}", type="place", space="overtime", target=target, **extra)


def try_on(game: "OrePublished", d: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """Empty when ``action`` is allowed on ``d`` (a plain state dict), else the refusal."""
    draft = pickle.loads(pickle.dumps(d))
    try:
        game.check_shape(action)
        game.dispatch(draft, int(action["seat"]), action)
    except RuleViolation as exc:
        return str(exc)
    return ""


def options_for(game: "OrePublished", state: State, seat: int | None) -> list[Option]:
    """``seat``'s moves; on the shared screen (``seat`` None) those of every seat it waits for."""
    from .game import acting
    names = [p["name"] for p in state.data["players"]]
    seats = acting(state.data) if seat is None else [seat] if 0 <= seat < len(names) else []
    out = []
    for who in seats:
        d = as_state(public_view(game.cat, state.to_json(), who))
        for action, label in candidates(game, d, who):
            reason = try_on(game, d, action)
            out.append(Option(action, label if seat is not None else f"{names[who]}: {label}", not reason, reason))
    return out


def _changes(before: Mapping, after: Mapping) -> str:
    """Money and cubes that changed hands, seat by seat: "Ann -$10 +2 copper"."""
    parts = []
    for p, q in zip(before["players"], after["players"]):
        bits = [f"{'+' if q['money'] > p['money'] else '-'}${abs(q['money'] - p['money'])}"] \
            if q["money"] != p["money"] else []
        bits += [f"{q['cubes'][r] - p['cubes'][r]:+d} {r}" for r in p["cubes"] if q["cubes"][r] != p["cubes"][r]]
        if bits:
            parts.append(f"{q['name']} {' '.join(bits)}")
    return "; ".join(parts)


def describe(game: "OrePublished", before_state: State, action: Action, after_state: State) -> str:
    """One log line from the states before and after ``action`` (the rules are not run again)."""
    before, after = before_state.data, after_state.data
    seat = action.get("seat")
    who = before["players"][seat]["name"] if isinstance(seat, int) and 0 <= seat < len(before["players"]) else "?"
    kind = str(action.get("type"))
    what = SPACE_WORDS.get(str(action.get("space")), str(action.get("space") or ""))
    if action.get("space") == "mine":
        what = f"the {action.get('res')} mine"
    elif action.get("space") == "contract":
        what = f"contract {contract_name(before['row'][action.get('slot')])}" if isinstance(action.get("slot"), int) and \
            0 <= action["slot"] < len(before["row"]) else "a contract"
    text = {"place": f"{who} places a worker on {what}", "collect": "collection",
            "close_round": f"round {before['round']} closes", "deal": "the mines are turned up and contracts dealt",
            "fill": f"{who} fills a row of contract {contract_name(action.get('contract'))}",
            "build": f"{who} builds {_building_name(game, str(action.get('building')))}",
            "recall": f"{who} recalls a worker from the {action.get('res')} mine",
            "done": f"{who} has finished", "pass": f"{who} places no more this round",
            "trade": f"{who} trades", "draw": f"{who} draws building cards", "decline": f"{who} declines"}.get(kind, kind)
    notes = [_changes(before, after)]
    if kind == "collect":
        notes += [f"the {r} mine is spent, a new one turned up" for r, m in after["mines"].items()
                  if m["card"] != before["mines"][r]["card"]]
    lost = [c for c in after["discard"] if c not in before["discard"]]
    if lost:
        notes.append(f"lost unfilled: {', '.join(contract_name(c) for c in lost)}")
    done = [c for p in after["players"] for c in p["completed"]
            if c not in [x for q in before["players"] for x in q["completed"]]]
    if done:
        notes.append(f"completed: {', '.join(contract_name(c) for c in done)}")
    notes = [n for n in notes if n]
    return f"{text} — {'; '.join(notes)}" if notes else text
