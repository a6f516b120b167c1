"""Lord Wallace's choices on the map: which area he auctions, what he bids, which mine he
works and where each development goes. Every order is the rulebook's tie-break list, written
as a sort key (largest first), ending with east or west so that no two areas ever tie."""

from __future__ import annotations

from ..data.tables import Rules
from ..moves.developments import available_pump_group, capacity
from ..state import State
from ..state.wallace import with_lord

ARSENIC_WORTH = 2
CARD_WORTH = {"port": 2, "miner": 1, "pump": 1}
# Which price dice a bid rolls, by net worth (the rulebook's table lost its dice symbols; see NOTES.md).
FACE_DOWN = ("face down", ("black",), "die")


def east(rules: Rules, area_id: str) -> int:
    return rules.west_to_east.index(area_id)


def mines(state: State, seat: int) -> list:
    return [a for a in state.areas if a.owner == seat]


def wallace_capacity(state: State, area_id: str, rules: Rules) -> int:
    better = state.lord.has("better-mines") and state.area(area_id).owner == state.lord.seat
    return capacity(state, area_id, rules) + (1 if better else 0)


def ore(area) -> int:
    return area.tin + area.copper


# -- building ------------------------------------------------------------------------------
def tile_worth(state: State, area_id: str, rules: Rules) -> int:
    """Tin + copper − water of a face-up tile, +2 for each arsenic cube already there."""
    area = state.area(area_id)
    tile = rules.tiles[area.tile]
    return tile.tin + tile.copper - max(0, tile.water - area.drainage) + ARSENIC_WORTH * area.arsenic


def card_worth(card: str | None, rules: Rules) -> int:
    if card is None:
        return 0
    c = rules.cards[card]
    if c.benefit in ("tin", "copper", "water"):
        return c.amount
    return CARD_WORTH.get(c.benefit, 0)


def buildable(state: State, region: str | None, rules: Rules) -> list[str]:
    return [a.id for a in state.areas if a.tile and a.owner is None
            and (region is None or rules.areas[a.id].region == region)]


def next_to_his(state: State, area_id: str, rules: Rules) -> bool:
    return any(state.area(n).owner == state.lord.seat for n in rules.neighbours[area_id])


def choose_area(state: State, region: str | None, rules: Rules) -> tuple[str, str] | None:
    """The area he auctions in ``region`` (any region when None), with the reason shown."""
    candidates = buildable(state, region, rules)
    up = [a for a in candidates if state.area(a).face_up and tile_worth(state, a, rules) >= 2]
    if up:
        best = max(up, key=lambda a: (tile_worth(state, a, rules), next_to_his(state, a, rules),
                                      rules.areas[a].coastal, east(rules, a)))
        return best, f"face up, worth {tile_worth(state, best, rules)}" + _beside(state, best, rules)
    down = [a for a in candidates if not state.area(a).face_up]
    if down:
        best = max(down, key=lambda a: (next_to_his(state, a, rules), state.area(a).drainage,
                                        rules.areas[a].coastal, east(rules, a)))
        drains = state.area(best).drainage
        return best, "face down" + _beside(state, best, rules) + \
            (f", {drains} drainage token{'s' if drains != 1 else ''}" if drains else "")
    return None


def _beside(state: State, area_id: str, rules: Rules) -> str:
    return ", next to his mine" if next_to_his(state, area_id, rules) else ""


def bid_dice(worth: int | None) -> tuple[str, tuple[str, ...], str] | None:
    """(row label, dice rolled, how the result is read); None when he does not bid."""
    if worth is None:
        return FACE_DOWN
    if worth <= -2:
        return None
    if worth <= 0:
        return ("−1 and 0", ("orange", "blue"), "lowest")
    if worth == 1:
        return ("1", ("orange",), "die")
    if worth == 2:
        return ("2", ("orange", "black"), "highest")
    if worth <= 4:
        return ("3 and 4", ("blue",), "die")
    return ("5 or more", ("orange", "blue"), "highest")


def auction_worth(state: State, area_id: str, card: str | None, rules: Rules) -> int | None:
    """Net worth of tile and card together; None for a face-down tile."""
    if not state.area(area_id).face_up:
        return None
    return tile_worth(state, area_id, rules) + card_worth(card, rules)


# -- mining --------------------------------------------------------------------------------
def mine_plan(state: State, copper_high: bool, rules: Rules) -> tuple[str, int, int] | None:
    """(area, tin, copper) he removes, or None when there is nothing he would mine."""
    target = "copper" if copper_high else "tin"
    best = None
    for area in mines(state, state.lord.seat):
        cap = wallace_capacity(state, area.id, rules)
        first = min(getattr(area, target), cap)
        other = "tin" if target == "copper" else "copper"
        fill = copper_high or state.round == rules.rounds
        second = min(getattr(area, other), cap - first) if fill else 0
        if first + second == 0:
            continue
        left = ore(area) - first - second
        key = (first, -area.water, -left, east(rules, area.id))
        if best is None or key > best[0]:
            tin, copper = (second, first) if target == "copper" else (first, second)
            best = (key, area.id, tin, copper)
    return None if best is None else best[1:]


def mining_profit(state: State, plan, prices: tuple[int, int]) -> int:
    if plan is None:
        return 0
    area_id, tin, copper = plan
    return tin * prices[0] + copper * prices[1] - state.area(area_id).water * (tin + copper)


# -- developments --------------------------------------------------------------------------
def short_of_ore(state: State, area, rules: Rules) -> bool:
    """His capacity is still below the ore cubes present: a piece here would add something."""
    return wallace_capacity(state, area.id, rules) < ore(area)


def pump_targets(state: State, pumps: int, rules: Rules) -> dict[str, int]:
    """Water removed, one cube at a time, from his mines holding ore at least their capacity."""
    drains: dict[str, int] = {}
    for _ in range(pumps):
        eligible = [a for a in mines(state, state.lord.seat)
                    if a.water - drains.get(a.id, 0) > 0 and ore(a) >= wallace_capacity(state, a.id, rules)]
        if not eligible:
            break
        best = max(eligible, key=lambda a: (ore(a), wallace_capacity(state, a.id, rules),
                                            -(a.water - drains.get(a.id, 0)), not rules.areas[a.id].coastal,
                                            -east(rules, a.id)))
        drains[best.id] = drains.get(best.id, 0) + 1
    return drains


def pumps_plan(state: State, rules: Rules) -> dict[str, int] | None:
    group = available_pump_group(state)
    if group is None:
        return None
    drains = pump_targets(state, state.pumps[group][1], rules)
    return drains or None


def adit_plan(state: State, rules: Rules) -> tuple[str, str] | None:
    own = {a.id: a for a in mines(state, state.lord.seat) if a.water >= 1}
    options = []
    for a, b in sorted(rules.adit_borders):
        if a in own and b in own and (a, b) not in state.adits:
            cubes = sum(ore(own[x]) + own[x].water for x in (a, b))
            copper = own[a].copper + own[b].copper
            options.append(((-cubes, -copper, -min(east(rules, a), east(rules, b))), (a, b)))
    return max(options)[1] if options else None


def port_plan(state: State, rules: Rules) -> str | None:
    options = [a for a in mines(state, state.lord.seat) if rules.areas[a.id].coastal and not a.port
               and a.water >= 1 and short_of_ore(state, a, rules)]
    if not options:
        return None
    return max(options, key=lambda a: (ore(a), a.water, a.copper, -east(rules, a.id))).id


def train_plan(state: State, rules: Rules) -> str | None:
    seat = state.lord.seat
    options = []
    for a in mines(state, seat):
        neighbours = [state.area(n) for n in rules.neighbours[a.id]]
        if a.train or a.water < 2 or not short_of_ore(state, a, rules):
            continue
        if not any(n.owner == seat for n in neighbours):
            continue
        removed = min(2, a.water) + sum(1 for n in neighbours if n.owner == seat and n.water)
        options.append(((removed, ore(a), east(rules, a.id)), a.id))
    return max(options)[1] if options else None


def miner_plan(state: State, rules: Rules) -> str | None:
    options = [a for a in mines(state, state.lord.seat) if a.miner is None and short_of_ore(state, a, rules)]
    if not options:
        return None
    return max(options, key=lambda a: (ore(a), -a.water, a.copper, not rules.areas[a.id].coastal,
                                       -east(rules, a.id))).id


def clear_steps(state: State) -> State:
    return with_lord(state, steps=())
