"""The heuristic bot's judgement: a value for each candidate move, from what its seat may see.
It follows a plain mining plan (claim targets, build mines, sell when storage fills, then
assets) and calls the end when it leads. A negative value means "never"."""

from __future__ import annotations

from typing import Callable, Mapping

from ..data import Catalog
from ..state import ArdState, Player, capacity

FINAL_ROUND_AFTER = 12  # rounds before the heuristic bot, leading, calls one final round
NEVER = -1.0

Value = Callable[[Catalog, ArdState, int, Player, Mapping, bool], float]


def _output(cat: Catalog, territory: str) -> int:
    return cat.territories[territory].output


def stranded(cat: Catalog, me: Player, region: str) -> bool:
    """Whether this player holds stock from ``region`` and no road of their own stands there
    while the region needs one."""
    needs = cat.regions[region].needs
    own = {i.kind for i in me.infra if i.region == region}
    return "road" in needs and "road" not in own and any(
        source in cat.territories and cat.territories[source].region == region for source, _ in me.stock)


def blocked_by_one_card(cat: Catalog, s: ArdState, me: Player) -> bool:
    """A mine waits for exactly one card the market has run out of, and money covers double."""
    advantage = cat.corporations[me.corp].advantage
    for t in me.territories:
        status = me.site(t)
        if status == "active":
            continue
        needed, cost = ((("license", "geologist"), cat.territories[t].explore) if status is None
                        else (("workforce", "machinery"), cat.territories[t].exploit))
        missing = [c for c in needed if c not in me.dev and c != advantage]
        if len(missing) == 1 and not s.count(missing[0]) and me.money >= 2 * cost:
            return True
    return False


def card_need(cat: Catalog, me: Player, card: str) -> float:
    """How much a development card would help now."""
    unexplored = [t for t in me.territories if me.site(t) is None]
    explored = [t for t, status in me.sites if status == "explored"]
    if card in ("license", "geologist"):
        return 30 if unexplored else 1
    if card in ("workforce", "machinery"):
        return 32 if explored or unexplored else 1
    if card in ("road", "water"):
        regions = {cat.territories[t].region for t, _ in me.sites}
        return 28 if any(card in cat.regions[r].needs for r in regions) else 0
    if card in ("warehouse", "vessel", "office"):
        return 20 if me.money >= 32 else 6
    return 3


def _calls(cat, s, seat, me, a, leading):
    if a["type"] == "call_total_control":
        return 500 if leading else NEVER
    # one final round is by agreement, so only once the game has had time to grow
    return 500 if leading and s.turn_no > FINAL_ROUND_AFTER * len(s.players) else NEVER


def _claim(cat, s, seat, me, a, leading):
    return 300 + cat.targets[s.piles(a["tier"])[a["pile"]][-1]].points


def _answer(cat, s, seat, me, a, leading):
    return 10 if a["buy"] and me.money >= 48 else 5 if not a["buy"] else 0


def _extract(cat, s, seat, me, a, leading):
    return 200 + 10 * len(a["mines"]) + sum(_output(cat, t) for t in a["mines"]) / 10


def _pick_territory(cat, s, seat, me, a, leading):
    t = cat.territories[a["territory"]]
    return t.output - t.exploit / 2 - (4 if cat.regions[t.region].needs else 0)


def _call_auction(cat, s, seat, me, a, leading):
    return 250 if all(me.site(t) == "active" for t in me.territories) else NEVER


def _mine(cat, s, seat, me, a, leading):
    base = 190 if a["type"] == "exploit" else 180
    return base + _output(cat, a["territory"]) / 4 - (20 if a.get("phone") else 0)


def _global_sale(cat, s, seat, me, a, leading):
    coming = sum(_output(cat, t) for t in me.active)
    full = me.stock_value + coming > capacity(cat, me)
    if me.money >= 96:
        return 100 + me.stock_value / 8  # rich: building comes first
    return 175 + me.stock_value / 8 if full else 20 + me.stock_value / 8


def _infrastructure(cat, s, seat, me, a, leading):
    mine_regions = {cat.territories[t].region for t, _ in me.sites}
    return 185 if a["region"] in mine_regions and not a.get("phone") else NEVER


def _acquire(cat, s, seat, me, a, leading):
    owned = {asset.kind for asset in me.assets}
    if not me.active or me.money < 40 or a.get("phone") or a["asset"] in owned:
        return NEVER
    rich = 50 if me.money >= 96 else 0  # with money to spare, assets come before sales
    return rich + {"vessel": 140, "warehouse": 130, "office": 120 if len(me.active) > 1 else NEVER}[a["asset"]]


def _upgrade(cat, s, seat, me, a, leading):
    if a.get("phone"):
        return NEVER
    rich = 50 if me.money >= 128 else 0
    return rich + (135 if a.get("card") or s.variant == "fair-play" else 60)


def _development_cards(cat, s, seat, me, a, leading):
    return (sum(card_need(cat, me, c) for c in a["cards"])
            - sum(card_need(cat, me, c) + 1 for c in a.get("discard", ())))


def _exchange(cat, s, seat, me, a, leading):
    reward = (cat.targets.get(a["card"]) or cat.incentives[a["card"]]).reward
    return 120 if reward.kind == "money" and me.money < 16 else NEVER


def _local_sale(cat, s, seat, me, a, leading):
    return 15 if me.stock_value >= capacity(cat, me) else NEVER


def _take_phone(cat, s, seat, me, a, leading):
    held = any(stranded(cat, me, cat.territories[t].region) for t, _ in me.stock if t in cat.territories)
    return 100 if blocked_by_one_card(cat, s, me) or (held and me.money < 8) else 2


def _fixed(value: float) -> Value:
    return lambda cat, s, seat, me, a, leading: value


VALUES: dict[str, Value] = {
    "call_total_control": _calls, "call_final_round": _calls, "claim_target": _claim,
    "claim_incentive": _fixed(290), "answer_offer": _answer, "extract": _extract, "pick_territory": _pick_territory,
    "choose_corporation": _fixed(1), "start": _fixed(1), "deal": _fixed(1), "auction_roll": _fixed(1),
    "discard_action": _fixed(1), "call_auction": _call_auction, "exploit": _mine, "explore": _mine,
    "global_sale": _global_sale, "build_infrastructure": _infrastructure, "acquire_asset": _acquire,
    "upgrade_asset": _upgrade, "take_development": _development_cards, "pick_development": _development_cards,
    "exchange_card": _exchange, "play_action": _fixed(40), "local_sale": _local_sale, "draw_action": _fixed(8),
    "take_phone": _take_phone, "pass": _fixed(0),
}


def value(cat: Catalog, s: ArdState, seat: int, a: Mapping, leading: bool) -> float:
    """How much the heuristic bot wants ``a`` (negative: never)."""
    me = s.players[seat]
    if a.get("loan"):
        # only to reach the road or pipeline without which a mine's stock cannot be sold
        return 150 if a["type"] == "build_infrastructure" and stranded(cat, me, a["region"]) else NEVER
    rule = VALUES.get(a["type"])
    return NEVER if rule is None else rule(cat, s, seat, me, a, leading)


__all__ = ["FINAL_ROUND_AFTER", "VALUES", "blocked_by_one_card", "card_need", "stranded", "value"]
