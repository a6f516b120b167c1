"""Bots for the simulation lab and bot seats. Both decide from ``view(state, seat)`` only: the
random bot takes any action the rules allow; the heuristic bot follows a plain mining plan
(claim targets, build mines, sell when storage fills, then assets) and calls the end when it
leads."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Mapping

from .candidates import candidates
from .cards import Catalog

if TYPE_CHECKING:
    from .game import Ardevur

FINAL_ROUND_AFTER = 12  # rounds before the heuristic bot, leading, calls one final round
NEVER_RANDOM = ("call_time", "retire_target", "restore_target")  # the table's agreements, never a bot's choice


def _stock(me: Mapping) -> int:
    return sum(me["stock"].values())


def _value(cat: Catalog, v: Mapping, seat: int, action: Mapping, leading: bool) -> float:
    me, kind = v["players"][seat], action["type"]
    output = lambda t: cat.territories[t].output  # noqa: E731
    if action.get("loan"):
        # only to reach the road or pipeline without which a mine's stock cannot be sold
        return 150 if kind == "build_infrastructure" and _stranded(cat, me, action["region"]) else -1
    if kind in NEVER_RANDOM:
        return -1
    if kind == "call_total_control":
        return 500 if leading else -1
    if kind == "call_final_round":  # by agreement, so only once the game has had time to grow
        return 500 if leading and v["turn_no"] > FINAL_ROUND_AFTER * len(v["players"]) else -1
    if kind == "claim_target":
        return 300 + cat.targets[v["grid"][action["tier"]][action["pile"]]["top"]].points
    if kind == "claim_incentive":
        return 290
    if kind == "answer_offer":
        return 10 if action["buy"] and me["money"] >= 48 else 5 if not action["buy"] else 0
    if kind == "extract":
        return 200 + 10 * len(action["mines"]) + sum(output(t) for t in action["mines"]) / 10
    if kind == "pick_territory":
        t = cat.territories[action["territory"]]
        return t.output - t.exploit / 2 - (4 if cat.regions[t.region].needs else 0)
    if kind in ("choose_corporation", "start", "deal", "auction_roll", "discard_action"):
        return 1
    if kind == "call_auction":
        idle = [t for t in me["territories"] if me["sites"].get(t) != "active"]
        return 250 if not idle else -1
    if kind in ("exploit", "explore"):
        base = 190 if kind == "exploit" else 180
        return base + output(action["territory"]) / 4 - (20 if action.get("phone") else 0)
    if kind == "global_sale":
        coming = sum(output(t) for t, s in me["sites"].items() if s == "active")
        full = me["storage"]["used"] + coming > me["storage"]["limit"]
        if me["money"] >= 96:
            return 100 + _stock(me) / 8  # rich: building comes first
        return 175 + _stock(me) / 8 if full else 20 + _stock(me) / 8
    if kind == "build_infrastructure":
        mine_regions = {cat.territories[t].region for t in me["sites"]}
        return 185 if action["region"] in mine_regions and not action.get("phone") else -1
    if kind == "acquire_asset":
        mines = [t for t, s in me["sites"].items() if s == "active"]
        owned = {a["kind"] for a in me["assets"]}
        if not mines or me["money"] < 40 or action.get("phone") or action["asset"] in owned:
            return -1
        rich = 50 if me["money"] >= 96 else 0  # with money to spare, assets come before sales
        return rich + {"vessel": 140, "warehouse": 130, "office": 120 if len(mines) > 1 else -1}[action["asset"]]
    if kind == "upgrade_asset":
        rich = 50 if me["money"] >= 128 else 0
        return rich + (135 if action.get("card") or v["variant"] == "fair-play" else 60)
    if kind in ("take_development", "pick_development"):
        return (sum(_card_need(cat, v, seat, c) for c in action["cards"])
                - sum(_card_need(cat, v, seat, c) + 1 for c in action.get("discard", ())))
    if kind == "exchange_card":
        reward = (cat.targets.get(action["card"]) or cat.incentives[action["card"]]).reward
        return 120 if reward.kind == "money" and me["money"] < 16 else -1
    if kind == "play_action":
        return 40
    if kind == "local_sale":
        return 15 if me["storage"]["used"] >= me["storage"]["limit"] else -1
    if kind == "draw_action":
        return 8
    if kind == "take_phone":
        stranded = any(_stranded(cat, me, cat.territories[t].region) for t in me["stock"] if t in cat.territories)
        return 100 if _blocked_by_one_card(cat, v, seat) or (stranded and me["money"] < 8) else 2
    if kind == "pass":
        return 0
    return -1


def _card_need(cat: Catalog, v: Mapping, seat: int, card: str) -> float:
    me = v["players"][seat]
    unexplored = [t for t in me["territories"] if t not in me["sites"]]
    explored = [t for t, s in me["sites"].items() if s == "explored"]
    if card in ("license", "geologist"):
        return 30 if unexplored else 1
    if card in ("workforce", "machinery"):
        return 32 if explored or unexplored else 1
    if card in ("road", "water"):
        regions = {cat.territories[t].region for t in me["sites"]}
        return 28 if any(card in cat.regions[r].needs for r in regions) else 0
    if card in ("warehouse", "vessel", "office"):
        return 20 if me["money"] >= 32 else 6
    return 3


def _stranded(cat: Catalog, me: Mapping, region: str) -> bool:
    """Whether this player holds stock from ``region`` and no road of their own stands there
    while the region needs one."""
    needs = cat.regions[region].needs
    own = {i["kind"] for i in me["infra"] if i["region"] == region}
    return "road" in needs and "road" not in own and any(
        s in cat.territories and cat.territories[s].region == region for s in me["stock"])


def _blocked_by_one_card(cat: Catalog, v: Mapping, seat: int) -> bool:
    """A mine waits for exactly one card the market has run out of, and money covers double."""
    me = v["players"][seat]
    advantage = cat.corporations[me["corp"]].advantage
    for t in me["territories"]:
        status = me["sites"].get(t)
        if status == "active":
            continue
        needed, cost = ((("license", "geologist"), cat.territories[t].explore) if status is None
                        else (("workforce", "machinery"), cat.territories[t].exploit))
        missing = [c for c in needed if c not in me["dev"] and c != advantage]
        if len(missing) == 1 and not v["market"].get(missing[0]) and me["money"] >= 2 * cost:
            return True
    return False


def _leading(game: "Ardevur", v: Mapping, seat: int) -> bool:
    from .scoring import score_holdings
    hs = [{"name": p["name"], "money": p["money"], "resources": p["storage"]["used"] if "storage" in p else 0,
           "targets": p["targets"], "incentives": p["incentives"],
           "mines": sorted(t for t, s in p["sites"].items() if s == "active"),
           "assets": p["assets"], "infrastructure": p["infra"]} for p in v["players"]]
    totals = score_holdings(game.cat, hs).totals
    return totals[seat] > max(t for s, t in enumerate(totals) if s != seat)


def bot_move(game: "Ardevur", state, seat: int, bot: str, chooser: random.Random) -> dict | None:
    if seat not in game.acting_seats(state):
        return None
    v = game.view(state, seat)
    found = candidates(game.cat, v, seat)
    if bot == "random":
        found = [a for a in found if a["type"] not in NEVER_RANDOM]
        chooser.shuffle(found)
    else:
        leading = v["phase"] == "play" and _leading(game, v, seat)
        scored = [(_value(game.cat, v, seat, a, leading), i, a) for i, a in enumerate(found)]
        found = [a for value, _, a in sorted(scored, key=lambda x: (-x[0], x[1])) if value >= 0]
    for action in found:
        if game.legal(state, action):
            return action
    return None
