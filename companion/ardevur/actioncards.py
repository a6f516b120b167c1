"""Playing action cards: when a card may be played, and what each effect does."""

from __future__ import annotations

import random
from typing import Mapping

from ..core import require
from ..errors import BadAction
from .cards import DEV_CARDS, STANDALONE, Catalog
from .setup import _check_market_card, completes_region
from .state import gain, pay_all


def _competitor(d: Mapping, seat: int, action: Mapping) -> int:
    target = action.get("target")
    if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(d["players"]):
        raise BadAction("this card needs a 'target': the seat of a competitor")
    require(target != seat, "Choose a competitor, not yourself.", "Action cards")
    return target


def play_action(cat: Catalog, d: dict, seat: int, action: Mapping, r: random.Random) -> None:
    from .turn import advance, end_turn
    require(d["phase"] == "play", "Action cards are played during the game's turns.", "Action cards")
    require(d["variant"] != "fair-play", "Fair Play is played without action cards.", "Game modes")
    require(d["end"] is None, "No action card may be played once the endgame is triggered.", "Endgame")
    require(not d["offers"], "A local sale waits for a warehouse owner's answer.", "Local sale")
    p = d["players"][seat]
    card_id = action["card"]
    require(card_id in p["actions"], "You do not hold that action card.", "Action cards")
    card = cat.actions[card_id]
    ts, current = d["ts"], d["turn"]
    require(seat not in ts["played"], "You have already played an action card this turn.", "Action cards")
    mine = seat == current
    if mine:
        require(card.timing in (d["stage"], "anytime"),
                f"{card.name} is played in the {card.timing} phase"
                + (" of a competitor's turn" if card.timing == "competitor" else "") + f"; this is your {d['stage']} phase.",
                "Action cards")
        require(not ts.get("must_discard"), "Discard down to your action-card limit first.", "Action cards")
    else:
        require(card.timing in ("competitor", "anytime"),
                f"{card.name} is played in your own {card.timing} phase.", "Action cards")
        require(not ts["against"], "Someone has already played an action card against this player this turn.",
                "Action cards")
    victim = current if not mine and card.timing == "competitor" else None
    effect, amount = card.effect, card.amount
    if effect == "gain":
        gain(d, seat, amount)
    elif effect == "take":
        pay_all(d, victim if victim is not None else _competitor(d, seat, action), amount, seat)
    elif effect == "embargo":
        require(not mine, "Embargo is played on a competitor's turn.", "Action cards")
        ts["embargo"] = True
    elif effect in ("discount", "extra_mine", "no_fees", "steady"):
        require(mine, f"{card.name} helps your own turn.", "Action cards")
        if effect == "discount":
            ts["discount"] += amount
        elif effect == "extra_mine":
            ts["extra_mine"] += 1
        else:
            ts[effect] = True
    elif effect == "monopoly":
        p["monopoly"] = True
    elif effect == "territory":
        pick = next((t for t in reversed(d["territory_deck"]) if not completes_region(cat, p, t)), None)
        require(pick is not None, "No territory card you may hold is left in the deck.", "Action cards")
        d["territory_deck"].remove(pick)
        p["territories"].append(pick)
    elif effect == "shift":
        tier, pile = action.get("tier"), action.get("pile")
        piles = d["grid"].get(tier) if isinstance(tier, str) else None
        if piles is None or not isinstance(pile, int) or not 0 <= pile < len(piles):
            raise BadAction("this card needs a 'tier' (bronze, silver, gold) and a 'pile' (0-2)")
        require(bool(piles[pile]), "That target pile is empty.", "Target grid")
        d["box"].append(piles[pile].pop())
    elif effect == "card":
        choice = action.get("pick")
        if choice not in DEV_CARDS:
            raise BadAction(f"this card needs a 'pick': one of {', '.join(DEV_CARDS)}")
        _check_market_card(cat, d, p, choice)
        require(len(p["dev"]) < cat.number("dev_card_limit") - 1, "Your development card slots are full.",
                "Development card limit")
        d["market"][choice] -= 1
        p["dev"].append(choice)
    elif effect == "share":
        d["continuous"].append({"kind": "share", "owner": seat, "target": _competitor(d, seat, action),
                                "card": card_id})
    elif effect == "steal_action":
        other = d["players"][_competitor(d, seat, action)]
        require(bool(other["actions"]), f"{other['name']} holds no action card.", "Action cards")
        taken = r.choice(sorted(other["actions"]))
        other["actions"].remove(taken)
        p["actions"].append(taken)
    p["actions"].remove(card_id)
    d["box"].append(card_id)
    p["used_actions"] += 1
    ts["played"].append(seat)
    if not mine:
        ts["against"] = True
    if mine and effect in STANDALONE and card.timing == d["stage"]:
        ts["quiet"] = False
        if d["stage"] == "reward":
            end_turn(cat, d)
        else:
            advance(cat, d)
