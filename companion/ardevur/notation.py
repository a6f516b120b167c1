"""One line per action for the table's log, in the players' words."""

from __future__ import annotations

from typing import Mapping

from .cards import Catalog


def _name(cat: Catalog, ident: str) -> str:
    for table in (cat.territories, cat.regions, cat.corporations, cat.targets, cat.incentives, cat.actions):
        if ident in table:
            return table[ident].name
    return str(ident)


def _top(cat: Catalog, d: Mapping, a: Mapping) -> str:
    """The target on top of the pile an action names, with where it lies."""
    tier, pile = a.get("tier"), a.get("pile")
    piles = d.get("grid", {}).get(tier) if isinstance(tier, str) else None
    if not isinstance(pile, int) or not piles or not 0 <= pile < len(piles) or not piles[pile]:
        return f"the top {tier} target of pile {pile}"
    return f"{_name(cat, piles[pile][-1])} ({tier}, pile {pile + 1})"


def _outcome(cat: Catalog, a: Mapping, after: Mapping) -> str:
    """What chance or a hidden card decided, for the log."""
    kind = a.get("type")
    if kind == "global_sale" and after.get("last_sale"):
        sale = after["last_sale"]
        fixed = f" + {sale['fixed']}M lease" if sale["fixed"] else ""
        return f": rolled {sale['roll']}, earned {sale['income']}M{fixed}"
    if kind in ("start", "auction_roll", "choose_corporation") and after.get("rolls"):
        last = after["rolls"][-1]
        rolled = ", ".join(f"{after['players'][int(s)]['name']} {v}" for s, v in last.items())
        return f" (rolls: {rolled})"
    return ""


def _roll(cat: Catalog, d: Mapping, who: str, after: Mapping | None) -> str:
    """An auction roll: one roll for every bidder, or none when only one player bids."""
    from .setup import bidders
    alone = d.get("phase") == "auction" and d.get("auction") and len(bidders(cat, d)) == 1
    if alone:
        return f"{who} takes the next pick: the only bidder, so no roll"
    return f"{who} rolls for the auction"


def describe(cat: Catalog, d: Mapping, a: Mapping, after: Mapping | None = None) -> str:
    seat = a.get("seat")
    who = d["players"][seat]["name"] if isinstance(seat, int) and 0 <= seat < len(d["players"]) else "?"
    kind = a.get("type")
    extra = " (phone call)" if a.get("phone") else " (with a loan)" if a.get("loan") else ""
    words = {
        "start": lambda: f"{who} starts the game: decks shuffled, roll for the first pick",
        "choose_corporation": lambda: f"{who} chooses {_name(cat, a.get('corporation'))}",
        "deal": lambda: f"{who} deals the action and development cards",
        "auction_roll": lambda: _roll(cat, d, who, after),
        "pick_territory": lambda: f"{who} wins {_name(cat, a.get('territory'))} at auction",
        "call_auction": lambda: f"{who} calls the second auction round",
        "pick_development": lambda: f"{who} picks {', '.join(a.get('cards') or []) or 'nothing'}",
        "extract": lambda: f"{who} extracts from {', '.join(_name(cat, t) for t in a.get('mines') or [])}",
        "pass": lambda: f"{who} passes the {d.get('stage') or 'current'} phase",
        "take_development": lambda: f"{who} takes {', '.join(a.get('cards') or [])}"
                                    + (f", returning {', '.join(a['discard'])}" if a.get("discard") else ""),
        "draw_action": lambda: f"{who} draws an action card",
        "discard_action": lambda: f"{who} discards an action card",
        "take_phone": lambda: f"{who} takes the phone call card",
        "explore": lambda: f"{who} explores {_name(cat, a.get('territory'))}{extra}",
        "exploit": lambda: f"{who} opens a mine at {_name(cat, a.get('territory'))}{extra}",
        "build_infrastructure": lambda: f"{who} builds a {a.get('kind')} in {_name(cat, a.get('region'))}{extra}",
        "acquire_asset": lambda: f"{who} acquires a {a.get('asset')} in {_name(cat, a.get('region'))}{extra}",
        "upgrade_asset": lambda: f"{who} upgrades: {a.get('asset')} in {_name(cat, a.get('region'))}{extra}",
        "global_sale": lambda: f"{who} sells globally",
        "local_sale": lambda: f"{who} sells locally",
        "answer_offer": lambda: f"{who} {'buys' if a.get('buy') else 'declines'} the local lot",
        "claim_target": lambda: f"{who} claims {_top(cat, d, a)}",
        "claim_incentive": lambda: f"{who} claims a government incentive",
        "exchange_card": lambda: f"{who} exchanges {_name(cat, a.get('card'))} for its reward",
        "shift_target": lambda: f"{who} uses the phone call to shift {_top(cat, d, a)} off the grid",
        "play_action": lambda: f"{who} plays {_name(cat, a.get('card'))}" if after is not None else f"{who} plays an action card",
        "retire_target": lambda: f"{who} retires {_top(cat, d, a)} from the grid: the whole table agrees "
                                 "nobody can meet it",
        "restore_target": lambda: f"{who} puts {_name(cat, (d.get('retired') or {}).get('card', 'the retired target'))} "
                                  "back on its pile (retired by mistake)",
        "call_total_control": lambda: f"{who} calls Total Control",
        "call_final_round": lambda: f"{who} calls one final round",
        "call_time": lambda: f"{who} calls time: minute 64 is reached, the game ends and the points are counted",
    }
    text = words[kind]() if kind in words else str(kind)
    return text + (_outcome(cat, a, after) if after is not None else "")
