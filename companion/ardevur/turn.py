"""A turn: extraction, strategy, (development: develop.py), reward, and the end of the game.

The phases run in order; a phase the player passes is lost. Extraction is skipped for a player
with no active mine.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from ..core import require
from ..errors import BadAction
from .cards import Catalog
from .conditions import condition_met, points_held
from .sales import drop_unable, lot_offers
from .setup import _check_market_card, clockwise
from .state import (active_mines, capacity, fresh_turn, gain, mine_limit, pay_all, stock_value, top_targets)

STAGES = ("extraction", "strategy", "development", "reward")


def own_turn(d: Mapping, seat: int, stage: str | None = None) -> None:
    require(d["phase"] == "play", "The game is not in play.", "Turn")
    require(not d["offers"], "A local sale waits for a warehouse owner's answer.", "Local sale")
    require(seat == d["turn"], f"It is {d['players'][d['turn']]['name']}'s turn.", "Turn")
    require(not d["ts"].get("must_discard"), "Discard down to your action-card limit first.", "Action cards")
    if stage is not None:
        require(d["stage"] == stage, f"That belongs to the {stage} phase; this is the {d['stage']} phase.",
                "Turn phases")


def begin_turn(cat: Catalog, d: dict) -> None:
    d["turn_no"] += 1
    d["ts"] = fresh_turn()
    d["stage"] = "extraction"
    if not active_mines(d["players"][d["turn"]]):
        d["stage"] = "strategy"


def advance(cat: Catalog, d: dict) -> None:
    """Move to the next phase, or end the turn after the reward phase."""
    d["ts"]["done"] = False
    index = STAGES.index(d["stage"])
    if index + 1 < len(STAGES):
        d["stage"] = STAGES[index + 1]
        return
    end_turn(cat, d)


def end_turn(cat: Catalog, d: dict) -> None:
    seat = d["turn"]
    p = d["players"][seat]
    if p["phone"]:
        p["phone"] = False
        d["market"]["phone"] += 1
    d["quiet_run"] = d["quiet_run"] + 1 if d["ts"]["quiet"] else 0
    n = len(d["players"])
    end = d["end"]
    if end is not None and seat == end["last"]:
        finish(d, end["why"])
        return
    if d["options"]["endgame"] == "exhausted" and d["quiet_run"] >= n:
        finish(d, "a full round passed in which nobody had anything left to do")
        return
    d["turn"] = (seat + 1) % n
    begin_turn(cat, d)


def finish(d: dict, why: str) -> None:
    d["phase"], d["stage"], d["over_reason"] = "over", None, why


def pass_phase(cat: Catalog, d: dict, seat: int) -> None:
    own_turn(d, seat)
    advance(cat, d)


# -- extraction ----------------------------------------------------------------------------
def extract(cat: Catalog, d: dict, seat: int, mines: Sequence[str], use_factories: bool, r: random.Random) -> None:
    own_turn(d, seat, "extraction")
    p, ts = d["players"][seat], d["ts"]
    require(len(mines) >= 1 and len(set(mines)) == len(mines), "Name one or more different active mines.", "Extraction")
    for t in mines:
        require(p["sites"].get(t) == "active", f"{cat.territories[t].name if t in cat.territories else t} "
                                               "is not one of your active mines.", "Extraction")
    limit = mine_limit(cat, p, list(mines)) + ts["extra_mine"]
    require(len(mines) <= limit,
            f"You may extract from {limit} mine{'s' if limit > 1 else ''} at once "
            "(1; 2 in one continent with an office; 3 anywhere with a large office).", "Simultaneous extraction")
    room = capacity(cat, p) - stock_value(p)
    surplus: dict[str, int] = {}
    for t in mines:
        output = _mine_output(cat, d, seat, t, use_factories)
        output -= _infrastructure_fees(cat, d, seat, t, output)
        stored = min(output, max(0, room))
        room -= stored
        if stored:
            p["stock"][t] = p["stock"].get(t, 0) + stored
        if output > stored:
            surplus[t] = output - stored
    if surplus:
        d["offers"].extend(lot_offers(cat, d, seat, surplus))
        drop_unable(cat, d)
    if d["variant"] == "clash-of-titans":
        _draw_action(cat, d, seat, auto_discard=True)
    ts["quiet"] = False
    advance(cat, d)


def _mine_output(cat: Catalog, d: dict, seat: int, territory: str, use_factories: bool) -> int:
    output = cat.territories[territory].output
    region = cat.territories[territory].region
    bonus, fee = int(cat.tables["factory_bonus"]), int(cat.tables["factory_fee"])
    owners = [s for s, q in enumerate(d["players"]) if any(a["kind"] == "factory" and a["region"] == region
                                                            for a in q["assets"])]
    if seat in owners:
        return output + bonus
    if owners and use_factories:
        owner = next(s for s in clockwise(d, seat) if s in owners)
        if d["ts"]["no_fees"]:
            return output + bonus
        # The treatment fee is half the processed output; the owner is paid its value in money.
        gain(d, owner, fee)
        return output + bonus - fee
    return output


def _infrastructure_fees(cat: Catalog, d: dict, seat: int, territory: str, output: int) -> int:
    """Pay 2M to a competitor for each of their roads or pipelines this mine uses; what the
    player cannot pay in money comes out of this extraction's resources. Returns the resources
    given up."""
    if d["ts"]["no_fees"]:
        return 0
    region = cat.region_of(territory)
    given = 0
    fee = int(cat.tables["infrastructure_fee"])
    for kind in region.needs:
        owners = [s for s, q in enumerate(d["players"]) if any(i["region"] == region.id and i["kind"] == kind
                                                                for i in q["infra"])]
        if not owners or seat in owners:
            continue
        owner = next(s for s in clockwise(d, seat) if s in owners)
        paid = pay_all(d, seat, fee, owner)
        short = min(fee - paid, output - given)
        given += short
        gain(d, owner, short)
    return given


# -- strategy ------------------------------------------------------------------------------
def take_development(cat: Catalog, d: dict, seat: int, cards: Sequence[str], discard: Sequence[str]) -> None:
    own_turn(d, seat, "strategy")
    p = d["players"][seat]
    require(1 <= len(cards) <= 2 and len(set(cards)) == len(cards), "Pick 1 or 2 different development cards.",
            "Strategy")
    for card in cards:
        _check_market_card(cat, d, p, card)
    held = p["dev"] + list(cards)
    for card in discard:
        require(card in held, f"You cannot discard {card!r}: you do not hold it.", "Strategy")
    kept = [c for c in held if c not in discard]
    limit = cat.number("dev_card_limit") - 1  # the market advantage fills one slot
    require(len(kept) <= limit, f"You may hold {limit} development cards besides your market advantage "
                                f"(4 slots); you would hold {len(kept)}: discard {len(kept) - limit}.",
            "Development card limit")
    for card in cards:
        d["market"][card] -= 1
    for card in discard:
        d["market"][card] += 1
    p["dev"] = kept
    d["ts"]["quiet"] = False
    advance(cat, d)


def action_limit(cat: Catalog, d: Mapping) -> int:
    return cat.number("action_card_limit_clash" if d["variant"] == "clash-of-titans" else "action_card_limit")


def _draw_action(cat: Catalog, d: dict, seat: int, auto_discard: bool = False) -> None:
    p = d["players"][seat]
    deck = d["action_decks"][p["corp"]]
    if not deck:
        return
    p["actions"].append(deck.pop())
    if len(p["actions"]) > action_limit(cat, d):
        if auto_discard:
            deck.insert(0, p["actions"].pop())
        else:
            d["ts"]["must_discard"] = True


def draw_action(cat: Catalog, d: dict, seat: int) -> None:
    own_turn(d, seat, "strategy")
    require(d["variant"] not in ("fair-play", "clash-of-titans"),
            "In this mode action cards are not drawn in the strategy phase.", "Game modes")
    require(bool(d["action_decks"][d["players"][seat]["corp"]]), "Your action deck is empty.", "Action cards")
    _draw_action(cat, d, seat)
    d["ts"]["quiet"] = False
    if not d["ts"].get("must_discard"):
        advance(cat, d)


def discard_action(cat: Catalog, d: dict, seat: int, card: str) -> None:
    require(d["phase"] == "play" and seat == d["turn"] and d["ts"].get("must_discard"),
            "There is no action card to discard now.", "Action cards")
    p = d["players"][seat]
    require(card in p["actions"], "You do not hold that action card.", "Action cards")
    p["actions"].remove(card)
    d["action_decks"][cat.actions[card].corporation].insert(0, card)
    d["ts"]["must_discard"] = False
    advance(cat, d)


def take_phone(cat: Catalog, d: dict, seat: int) -> None:
    own_turn(d, seat, "strategy")
    require(d["market"]["phone"] > 0, "The phone call card is not in the market.", "Phone call")
    d["market"]["phone"] -= 1
    d["players"][seat]["phone"] = True
    d["ts"]["quiet"] = False
    advance(cat, d)


# -- reward --------------------------------------------------------------------------------
def _pile(d: Mapping, tier: str, pile: int) -> list:
    if tier not in d["grid"] or not 0 <= pile < len(d["grid"][tier]):
        raise BadAction(f"there is no {tier} pile {pile}; piles are bronze, silver, gold 0-2")
    cards = d["grid"][tier][pile]
    require(bool(cards), f"The {tier} pile {pile + 1} is empty.", "Target grid")
    return cards


def claim_target(cat: Catalog, d: dict, seat: int, tier: str, pile: int) -> None:
    own_turn(d, seat, "reward")
    cards = _pile(d, tier, pile)
    target = cat.targets[cards[-1]]
    met, why = condition_met(cat, d, seat, target.condition)
    require(met, f"{target.name} is not met: {why}.", "Strategic targets")
    d["players"][seat]["targets"].append(cards.pop())
    if tier == "gold":
        d["golds_claimed"] += 1
    d["ts"]["quiet"] = False
    end_turn(cat, d)
    _open_call(d, seat)


def claim_incentive(cat: Catalog, d: dict, seat: int) -> None:
    own_turn(d, seat, "reward")
    require(d["ts"]["europe_exploit"], "An incentive is claimed in the turn you equip a European mine.",
            "Government incentives")
    require(bool(d["incentives"]), "No government incentive is left.", "Government incentives")
    d["players"][seat]["incentives"].append(d["incentives"].pop())
    d["ts"]["quiet"] = False
    end_turn(cat, d)
    _open_call(d, seat)


def _open_call(d: dict, seat: int) -> None:
    """A claim ends the turn, but its claimer may still call Total Control as the very next move."""
    if d["phase"] == "play" and d["end"] is None:
        d["may_call"] = seat


def reward_of(cat: Catalog, card: str):
    if card in cat.targets:
        return cat.targets[card].reward
    return cat.incentives[card].reward


def exchange_card(cat: Catalog, d: dict, seat: int, card: str) -> None:
    own_turn(d, seat, "reward")
    p = d["players"][seat]
    require(card in p["targets"] or card in p["incentives"], "You do not hold that card.", "Rewards")
    reward = reward_of(cat, card)
    require(reward.kind == "money", "An upgrade reward is exchanged while upgrading an asset "
                                    "(development phase).", "Rewards")
    (p["targets"] if card in p["targets"] else p["incentives"]).remove(card)
    d["box"].append(card)
    gain(d, seat, int(reward.value))
    d["ts"]["quiet"] = False
    end_turn(cat, d)


def shift_target(cat: Catalog, d: dict, seat: int, tier: str, pile: int) -> None:
    own_turn(d, seat, "reward")
    p = d["players"][seat]
    require(p["phone"], "Shifting a target needs the phone call card picked this turn.", "Phone call")
    d["box"].append(_pile(d, tier, pile).pop())
    p["phone"] = False
    d["market"]["phone"] += 1
    d["ts"]["quiet"] = False
    end_turn(cat, d)


def retire_target(cat: Catalog, d: dict, seat: int, tier: str, pile: int) -> None:
    """The table agrees nobody can reach a pile's top target: it goes to the box, costing no
    phase, and the card beneath becomes claimable. The player whose turn it is records it."""
    require(d["phase"] == "play", "The game is not in play.", "Target grid")
    require(not d["offers"], "A local sale waits for a warehouse owner's answer.", "Local sale")
    require(seat == d["turn"], f"It is {d['players'][d['turn']]['name']}'s turn; they record the table's "
                               "agreement.", "Target grid")
    require(not d["ts"].get("restored"), "A target was put back this turn: retiring waits for the next turn, so "
                                         "retiring and putting back is no way to look under the piles.", "Target grid")
    card = _pile(d, tier, pile).pop()
    d["box"].append(card)
    # kept until the next action, so the one who retired it may put it back (a mistaken tap)
    d["retired"] = {"seat": seat, "tier": tier, "pile": pile, "card": card}


def restore_target(cat: Catalog, d: dict, seat: int) -> None:
    """A target retired by mistake goes back on top of its pile: only by the player who
    retired it, and only before anyone acts again. The card beneath was seen by everyone and
    stays known; nothing hidden is shown and nothing is drawn."""
    last = d.get("last_retired")
    require(last is not None, "Only a target retired by the table's last action can be put back.", "Target grid")
    require(seat == last["seat"], f"{d['players'][last['seat']]['name']} retired it; only they can put it back.",
            "Target grid")
    d["box"].remove(last["card"])
    d["grid"][last["tier"]][last["pile"]].append(last["card"])
    d["ts"]["restored"] = True


# -- the end -------------------------------------------------------------------------------
def total_control_reason(cat: Catalog, d: Mapping) -> str | None:
    """Which endgame condition holds now, or None."""
    if d["golds_claimed"]:
        return "a gold target has been claimed"
    since = d["bs_empty_on"]
    if since is not None and d["turn_no"] - since >= len(d["players"]):
        return "all bronze and silver targets are claimed and a full round passed without a gold one"
    goal = cat.number("endgame_points")
    for p in d["players"]:
        if points_held(cat, p) >= goal:
            return f"{p['name']} holds at least {goal} points of targets and incentives"
    return None


def call_end(cat: Catalog, d: dict, seat: int, kind: str, claimer: int | None = None) -> None:
    require(d["phase"] == "play", "The game is not in play.", "Endgame")
    require(d["end"] is None, "The final round is already under way.", "Endgame")
    agreement = d["options"]["endgame"]
    if kind == "time":
        require(agreement == "minute-64", "The table did not agree to end at minute 64.", "Endgame")
        finish(d, "minute 64 was reached")
        return
    require(seat == d["turn"] or (kind == "total-control" and seat == claimer),
            "The end is called during your own turn (or right after your claim).", "Endgame")
    if kind == "final-round":
        require(agreement == "final-round", "The table did not agree to call one final round.", "Endgame")
        why = f"{d['players'][seat]['name']} called one final round"
    else:
        require(agreement != "exhausted", "The table agreed to play until no moves are left.", "Endgame")
        reason = total_control_reason(cat, d)
        require(reason is not None, "Total Control needs a claimed gold target, all bronze and silver targets "
                                    "claimed with no gold one for a full round, or 24 points held in targets "
                                    "and incentives.", "Endgame")
        why = f"{d['players'][seat]['name']} called Total Control ({reason})"
    d["end"] = {"by": seat, "last": (seat - 1) % len(d["players"]), "why": why}


def track(d: dict) -> None:
    """Remember when the last bronze and silver targets left the grid."""
    empty = all(not pile for tier in ("bronze", "silver") for pile in d["grid"].get(tier, []))
    if d["phase"] == "play" and empty and d["bs_empty_on"] is None:
        d["bs_empty_on"] = d["turn_no"]


__all__ = ["STAGES", "action_limit", "advance", "begin_turn", "call_end", "claim_incentive", "claim_target",
           "discard_action", "draw_action", "end_turn", "exchange_card", "extract", "finish", "own_turn",
           "pass_phase", "restore_target", "retire_target", "shift_target", "take_development", "take_phone", "top_targets", "total_control_reason",
           "track"]
