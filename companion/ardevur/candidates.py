"""Every action worth offering a seat now, worked out from that seat's view only. Bots choose
among them and the phone lists them; the rules (``apply``) have the last word on each."""

from __future__ import annotations

from itertools import combinations
from typing import Mapping

from .cards import ASSETS, DEV_CARDS, Catalog


def _play(cat: Catalog, v: Mapping, seat: int) -> list[dict]:
    me = v["players"][seat]
    stage, found = v["stage"], []
    a = lambda type_, **kw: found.append({"type": type_, "seat": seat, **kw})  # noqa: E731
    if stage == "extraction":
        mines = sorted(t for t, s in me["sites"].items() if s == "active")
        for size in range(min(3, len(mines)), 0, -1):
            for combo in combinations(mines, size):
                a("extract", mines=list(combo), use_factories=True)
        a("call_auction")
    elif stage == "strategy":
        free = [c for c in DEV_CARDS if c != "phone" and v["market"].get(c, 0) > 0 and c not in me["dev"]]
        for size in (2, 1):
            for combo in combinations(free, size):
                room = 3 - len(me["dev"])
                if size <= room:
                    a("take_development", cards=list(combo))
                else:
                    for drop in combinations(me["dev"], size - room):
                        a("take_development", cards=list(combo), discard=list(drop))
        a("draw_action")
        a("take_phone")
    elif stage == "development":
        for t in me["territories"]:
            status = me["sites"].get(t)
            if status in (None, "explored"):
                kind = "explore" if status is None else "exploit"
                a(kind, territory=t)
                a(kind, territory=t, phone=True)
                a(kind, territory=t, loan=True)
        for region in cat.regions.values():
            for kind in region.needs:
                a("build_infrastructure", region=region.id, kind=kind)
                a("build_infrastructure", region=region.id, kind=kind, phone=True)
        regions = sorted({cat.territories[t].region for t in me["sites"]}) or sorted(cat.regions)[:1]
        for kind in ASSETS:
            for region in (regions if kind != "vessel" else sorted(cat.regions)):
                a("acquire_asset", asset=kind, region=region)
        cards = list(me["targets"]) + list(me["incentives"])
        for asset in me["assets"]:
            if not asset["upgraded"] and asset["kind"] != "factory":
                a("upgrade_asset", asset=asset["kind"], region=asset["region"])
                for card in cards:
                    a("upgrade_asset", asset=asset["kind"], region=asset["region"], card=card)
        for region in regions:
            a("upgrade_asset", asset="factory", region=region)
            for card in cards:
                a("upgrade_asset", asset="factory", region=region, card=card)
        a("global_sale")
        a("local_sale")
    elif stage == "reward":
        for tier, piles in v["grid"].items():
            for i, pile in enumerate(piles):
                if pile["top"]:
                    a("claim_target", tier=tier, pile=i)
                    a("shift_target", tier=tier, pile=i)
        a("claim_incentive")
        for card in list(me["targets"]) + list(me["incentives"]):
            a("exchange_card", card=card)
    a("pass")
    a("call_total_control")
    a("call_final_round")
    # by the whole table's agreement: a top target nobody can ever meet leaves the grid
    for tier, piles in v["grid"].items():
        for i, pile in enumerate(piles):
            if pile["top"]:
                a("retire_target", tier=tier, pile=i)
    return found + _cards(cat, v, seat, (stage, "anytime"))


def _cards(cat: Catalog, v: Mapping, seat: int, timings: tuple[str, ...]) -> list[dict]:
    """Playing each held action card whose timing label is one of ``timings``."""
    me, found = v["players"][seat], []
    a = lambda type_, **kw: found.append({"type": type_, "seat": seat, **kw})  # noqa: E731
    for card_id in me["actions"] if isinstance(me["actions"], list) else ():
        card = cat.actions[card_id]
        if card.timing not in timings:
            continue
        if card.effect in ("take", "share", "steal_action"):
            # a card against the player whose turn it is names them; the others name anyone
            aims = [v["turn"]] if card.timing == "competitor" and v["turn"] != seat else range(len(v["players"]))
            for other in aims:
                if other != seat:
                    a("play_action", card=card_id, target=other)
        elif card.effect == "card":
            for pick in DEV_CARDS:
                if pick != "phone" and v["market"].get(pick, 0) > 0 and pick not in me["dev"]:
                    a("play_action", card=card_id, pick=pick)
        elif card.effect == "shift":
            for tier, piles in v["grid"].items():
                for i, pile in enumerate(piles):
                    if pile["top"]:
                        a("play_action", card=card_id, tier=tier, pile=i)
        else:
            a("play_action", card=card_id)
    return found


def candidates(cat: Catalog, v: Mapping, seat: int) -> list[dict]:
    phase = v["phase"]
    if phase == "ready":
        return [{"type": "start", "seat": seat}] if seat == 0 else []
    if phase == "corporations":
        taken = {p["corp"] for p in v["players"]}
        return [{"type": "choose_corporation", "seat": seat, "corporation": c}
                for c in cat.corporations if c not in taken] if v["picker"] == seat else []
    if phase == "deal":
        return [{"type": "deal", "seat": seat}] if v["first"] == seat else []
    if phase == "auction":
        auction = v["auction"]
        if auction["winner"] is None:
            return [{"type": "auction_roll", "seat": seat}] if seat in auction["bidders"] else []
        if auction["winner"] == seat:
            return [{"type": "pick_territory", "seat": seat, "territory": t} for t in auction["revealed"]]
        return []
    if phase == "redraft":
        if not v["redraft"] or v["redraft"][0] != seat:
            return []
        me = v["players"][seat]
        free = [c for c in DEV_CARDS if c != "phone" and v["market"].get(c, 0) > 0 and c not in me["dev"]]
        picks = [list(c) for c in combinations(free, 2)] + [[c] for c in free] + [[]]
        return [{"type": "pick_development", "seat": seat, "cards": p} for p in picks]
    if phase != "play":
        return []
    if v["offers"]:
        offer = v["offers"][0]
        if offer["queue"] and offer["queue"][0] == seat:
            return [{"type": "answer_offer", "seat": seat, "buy": b} for b in (True, False)]
        return []
    # minute 64 on the table clock: any phone may end the game, when the table agreed to it
    agreed = [{"type": "call_time", "seat": seat}] if v["options"]["endgame"] == "minute-64" else []
    if (v.get("retired") or {}).get("seat") == seat:  # a target retired by mistake goes back
        agreed.insert(0, {"type": "restore_target", "seat": seat})
    if v["turn"] != seat:
        # a card labelled "competitor" or "anytime" may be played in another player's turn
        return ([{"type": "call_total_control", "seat": seat}] if v.get("may_call") == seat else []) \
            + _cards(cat, v, seat, ("competitor", "anytime")) + agreed
    me = v["players"][seat]
    if v["ts"].get("must_discard"):
        return [{"type": "discard_action", "seat": seat, "card": c} for c in me["actions"]]
    return _play(cat, v, seat) + agreed
