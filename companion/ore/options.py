"""The phone's buttons: every action a seat might take now, greyed with the rule's reason when
the rules forbid it. Each candidate is checked by applying it, so a button and the rules can
never disagree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Option
from .cards import ANY, RESOURCES
from .contracts import assignments, due
from .table import asset_effects

if TYPE_CHECKING:
    from .game import Ore
    from .state import OreState


def candidates(game: "Ore", state: "OreState", seat: int) -> list[tuple[dict, str, str]]:
    """(action, label, cost) for everything worth offering ``seat`` in this phase."""
    cat, d = game.cat, state.data
    player = d["players"][seat]
    phase = d["phase"]
    found: list[tuple[dict, str, str]] = []

    def add(action: dict, label: str, cost: str = "") -> None:
        found.append(({"seat": seat, **action}, label, cost))

    # Everyone sees the phase's choices; those of a seat the table is not waiting for come
    # back greyed with whose turn it is.
    if phase == "placement":
        for res in RESOURCES:
            add({"type": "place", "where": "mine", "mine": res}, f"Mine {res} (top space)")
        if player["drill_bits"]:
            for res in RESOURCES:
                add({"type": "place", "where": "mine", "mine": res, "token": "drill_bit", "space": 1},
                    f"Drill Bit: {res}, 2nd space")
                add({"type": "place", "where": "mine", "mine": res, "token": "drill_bit", "space": 2},
                    f"Drill Bit: {res}, 3rd space", "$5")
                add({"type": "place", "where": "mine", "mine": res, "token": "drill_bit", "space": 2, "pay": "coal"},
                    f"Drill Bit: {res}, 3rd space", "1 coal")
        if player["collab_ops"]:
            for res in RESOURCES:
                add({"type": "place", "where": "mine", "mine": res, "token": "collab_ops"},
                    f"Collab Ops: {res}, push down")
        add({"type": "place", "where": "asset_track"}, "Asset track")
        add({"type": "place", "where": "contract_track"}, "Contract track")
        add({"type": "place", "where": "slag"}, "Slag heap")
    elif phase == "market":
        if d["takeover"] and d["takeover"][0]["offers"][0] == seat:
            offer = d["takeover"][0]
            row = cat.contracts[offer["number"]].rows[offer["row"]]
            for barrels, paid in ways_to_fill(player["barrels"], row):
                add({"type": "take_over", **barrels}, f"Take over contract #{offer['number']}: {row.label()}{paid}")
            add({"type": "decline"}, f"Let contract #{offer['number']} go")
        elif not d["takeover"]:
            carried = {w for _, args in asset_effects(cat, d, seat, "railroad") for w in args}
            for res in RESOURCES:
                if res in carried:  # the player says which sale this is
                    add({"type": "sell", "resource": res, "via": "market"}, f"Sell 1 {res} on the open market")
                    add({"type": "sell", "resource": res, "via": "railroad"}, f"Sell 1 {res} by railroad")
                else:
                    add({"type": "sell", "resource": res}, f"Sell 1 {res}")
            for private in player["private"]:
                if private["kind"] == "market" and private["space"] is not None:
                    res = cat.mines[private["card"]].res
                    add({"type": "sell", "resource": res, "via": "private", "card": private["card"]},
                        f"Sell 1 {res} on private market")
            for held, row in due(cat, d, seat):
                line = cat.contracts[held["number"]].rows[row]
                for barrels, paid in ways_to_fill(player["barrels"], line):
                    add({"type": "fill", "contract": held["number"], **barrels},
                        f"Contract #{held['number']}: {line.label()}{paid}")
            if any(cat.assets[a].kind == "efficient" for a in player["assets"]):
                for held in player["contracts"]:
                    for rows in (1, 2, 3):
                        add({"type": "efficient", "contract": held["number"], "rows": rows},
                            f"Efficient Ops: {rows} more row(s) of #{held['number']}")
            add({"type": "market_done"}, "Finish market turn")
    elif phase == "subcontract" and d["queue"] and d["queue"][0]["seat"] == seat:
        for target, other in enumerate(d["players"]):
            if target == seat:
                continue
            for held in other["contracts"]:
                for row in range(len(cat.contracts[held["number"]].rows)):
                    if row not in held["done"]:
                        line = cat.contracts[held["number"]].rows[row]
                        for barrels, paid in ways_to_fill(player["barrels"], line):
                            add({"type": "subcontract", "target": target,
                                 "rows": [{"contract": held["number"], "row": row, **barrels}]},
                                f"Subcontract {other['name']}'s #{held['number']} line {row + 1}: {line.label()}{paid}")
        add({"type": "pass"}, "Pass")
    elif phase == "acquisition":
        if d["queue"]:
            for slot, asset_id in enumerate(d["rows"]["assets"]):
                if asset_id:
                    card = cat.assets[asset_id]
                    for option, cost in enumerate(card.costs):
                        add({"type": "buy_asset", "slot": slot, "pay": option}, f"Buy {card.name}", cost.label())
            for slot, card_id in enumerate(d["rows"]["initiatives"]):
                if card_id:
                    card = cat.initiatives[card_id]
                    if ANY in card.cost.barrels:
                        for res in RESOURCES:
                            add({"type": "buy_initiative", "slot": slot, "barrel": res}, f"Buy {card.name} ({res})",
                                card.cost.label().replace(ANY, res))
                    else:
                        add({"type": "buy_initiative", "slot": slot}, f"Buy {card.name}", card.cost.label())
            for slot, number in enumerate(d["rows"]["contracts"]):
                if number:
                    add({"type": "take_contract", "slot": slot}, f"Take contract #{number}")
            if any(cat.assets[a].kind == "black_market" for a in player["assets"]):
                for number in d["discard"]["contracts"]:
                    add({"type": "take_contract", "discarded": number}, f"Black market: contract #{number}")
            add({"type": "pass"}, "Pass")
        if d["variant"] == "contract-race" and player["race"]:
            add({"type": "take_own_contract"}, f"Take contract #{player['race'][0]} from your stack")
    elif phase == "replenish" and seat == d["start"]:
        add({"type": "replenish"}, "Replenish mines and cards, pay salaries")
    elif phase == "relief" and not player["round"]["relief_done"]:
        for res in RESOURCES:
            if any(m["seat"] == seat for m in d["mines"][res]["miners"]):
                add({"type": "relieve", "mine": res}, f"Take a miner back from {res}")
        add({"type": "relief_done"}, "Done")
    if phase != "over":
        for index, token in enumerate(player["futures"]):
            add({"type": "cash_futures", "token": index}, f"Cash futures: {token['count']} {token['res']}")
        for asset_id in player["assets"]:
            card = cat.assets[asset_id]
            if card.kind != "exchange" or asset_id in player["round"]["exchanged"]:
                continue
            kind, *args = card.effect[1:]
            for give in RESOURCES:
                for take in RESOURCES:
                    if give == take or (kind != "same" and give != kind):
                        continue
                    count, back = (2, 1) if kind == "same" else (int(args[0]), int(args[1]))
                    add({"type": "exchange", "asset": asset_id, "give": [give] * count, "take": [take] * back},
                        f"{card.name}: {count} {give} for {back} {take}")
    return found


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


def options_for(game: "Ore", state: "OreState", seat: int | None) -> list[Option]:
    """``seat``'s options; for the shared screen (``None``) those of every seat the table is
    waiting for, so the host can act for a player without a phone."""
    from .game import acting_seats

    if seat is None:
        seats = acting_seats(state)
    elif 0 <= seat < len(state.data["players"]):
        seats = [seat]
    else:
        return []
    names = [p["name"] for p in state.data["players"]]
    found = []
    for who in seats:
        for action, label, cost in candidates(game, state, who):
            _, reason = game.try_apply(state, action)
            found.append(Option(action, label if seat is not None else f"{names[who]}: {label}", not reason,
                                reason, cost))
    return found
