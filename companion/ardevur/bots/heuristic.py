"""The heuristic bot's judgement: a value for each candidate move, from what its seat may see.
It follows a plain mining plan (claim targets, build mines, sell when storage fills, then
assets) and calls the end when it leads. A negative value means "never"."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping

from ..data import Catalog
from ..state import ArdState, Player, capacity

FINAL_ROUND_AFTER = 12  # rounds before the heuristic bot, leading, calls one final round
NEVER = -1.0


@dataclass
class Plan:
    """One decision: the table as the bot's seat sees it, and what it works out once for all
    its candidates. ``ahead`` says whether the seat leads (asked only when it matters)."""

    game: Any
    s: ArdState
    seat: int
    ahead: Callable[[], bool]
    me: Player = field(init=False)
    cat: Catalog = field(init=False)
    needs: dict[str, float] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.me = self.s.players[self.seat]
        self.cat = self.game.data

    @cached_property
    def leading(self) -> bool:
        return self.ahead()

    def need(self, card: str) -> float:
        if card not in self.needs:
            self.needs[card] = card_need(self.cat, self.me, card)
        return self.needs[card]


Value = Callable[[Plan, Mapping], float]


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


def _calls(plan, a):
    """The end is called when the bot leads; whether it leads is only worked out when the rules
    would let it call."""
    s = plan.s
    # one final round is by agreement, so only once the game has had time to grow
    if a["type"] == "call_final_round" and s.turn_no <= FINAL_ROUND_AFTER * len(s.players):
        return NEVER
    if plan.game.refusal(s, a) is not None:
        return NEVER
    return 500 if plan.leading else NEVER


def _claim(plan, a):
    return 300 + plan.cat.targets[plan.s.piles(a["tier"])[a["pile"]][-1]].points


def _answer(plan, a):
    return 10 if a["buy"] and plan.me.money >= 48 else 5 if not a["buy"] else 0


def _extract(plan, a):
    return 200 + 10 * len(a["mines"]) + sum(_output(plan.cat, t) for t in a["mines"]) / 10


def _pick_territory(plan, a):
    cat = plan.cat
    t = cat.territories[a["territory"]]
    return t.output - t.exploit / 2 - (4 if cat.regions[t.region].needs else 0)


def _call_auction(plan, a):
    me = plan.me
    return 250 if all(me.site(t) == "active" for t in me.territories) else NEVER


def _mine(plan, a):
    base = 190 if a["type"] == "exploit" else 180
    return base + _output(plan.cat, a["territory"]) / 4 - (20 if a.get("phone") else 0)


def _global_sale(plan, a):
    cat, me = plan.cat, plan.me
    coming = sum(_output(cat, t) for t in me.active)
    full = me.stock_value + coming > capacity(cat, me)
    if me.money >= 96:
        return 100 + me.stock_value / 8  # rich: building comes first
    return 175 + me.stock_value / 8 if full else 20 + me.stock_value / 8


def _infrastructure(plan, a):
    cat, me = plan.cat, plan.me
    mine_regions = {cat.territories[t].region for t, _ in me.sites}
    return 185 if a["region"] in mine_regions and not a.get("phone") else NEVER


def _acquire(plan, a):
    me = plan.me
    owned = {asset.kind for asset in me.assets}
    if not me.active or me.money < 40 or a.get("phone") or a["asset"] in owned:
        return NEVER
    rich = 50 if me.money >= 96 else 0  # with money to spare, assets come before sales
    return rich + {"vessel": 140, "warehouse": 130, "office": 120 if len(me.active) > 1 else NEVER}[a["asset"]]


def _upgrade(plan, a):
    if a.get("phone"):
        return NEVER
    rich = 50 if plan.me.money >= 128 else 0
    return rich + (135 if a.get("card") or plan.s.variant == "fair-play" else 60)


def _development_cards(plan, a):
    return sum(plan.need(c) for c in a["cards"]) - sum(plan.need(c) + 1 for c in a.get("discard", ()))


def _exchange(plan, a):
    cat = plan.cat
    reward = (cat.targets.get(a["card"]) or cat.incentives[a["card"]]).reward
    return 120 if reward.kind == "money" and plan.me.money < 16 else NEVER


def _local_sale(plan, a):
    return 15 if plan.me.stock_value >= capacity(plan.cat, plan.me) else NEVER


def _take_phone(plan, a):
    cat, s, me = plan.cat, plan.s, plan.me
    held = any(stranded(cat, me, cat.territories[t].region) for t, _ in me.stock if t in cat.territories)
    return 100 if blocked_by_one_card(cat, s, me) or (held and me.money < 8) else 2


def _fixed(value: float) -> Value:
    return lambda plan, a: value


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


def value(plan: Plan, a: Mapping) -> float:
    """How much the heuristic bot wants ``a`` (negative: never)."""
    if a.get("loan"):
        # only to reach the road or pipeline without which a mine's stock cannot be sold
        return 150 if a["type"] == "build_infrastructure" and stranded(plan.cat, plan.me, a["region"]) else NEVER
    rule = VALUES.get(a["type"])
    return NEVER if rule is None else rule(plan, a)


__all__ = ["FINAL_ROUND_AFTER", "Plan", "VALUES", "blocked_by_one_card", "card_need", "stranded", "value"]
