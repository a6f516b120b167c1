"""The simulation lab's bots for Tinners' Trail: ``random`` and ``heuristic``.

The heuristic player values, from its own view of the table: investing every pound it can
(investment is where points come from), building and working mines whose cubes are worth more
than their water costs, bidding on a tile only up to what its visible cubes are worth, and
draining its own wet mines. It never values an action by hidden information: a face-down
tile counts at an average worth for its region.

Both try the actions of ``options.candidates`` (which lists only actions that pass the quick
tests their rules begin with) in their order and play the first the rules allow. In the actions phase passing is always
allowed and the heuristic values it at 0, so it never looks at what it values below passing: a
development away from its own mines, an auction when it has no mine left to build or under £8.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from ...bots import BotSet, first_allowed, random_order
from ..moves.prices import price
from ..options import candidates
from ..state import Area, Player, State

FACE_DOWN_WORTH = 6  # a face-down tile's expected £ value to a bidder that cannot see it


@dataclass(frozen=True)
class Seen:
    """What a seat knows: the prices, the purses and each area's cubes only when face up."""

    tin: int
    copper: int
    areas: Mapping[str, Area]
    players: tuple[Player, ...]
    auction: str | None


def seen(game, state: State, seat: int) -> Seen:
    rules = game.data
    return Seen(price("tin", state.tin_column, rules) if state.tin_column is not None else 5,
                price("copper", state.copper_column, rules) if state.copper_column is not None else 6,
                {a.id: a for a in state.areas}, state.players, state.auction.area if state.auction else None)


def _worth(seen: Seen, area_id: str) -> float:
    area = seen.areas[area_id]
    if not area.face_up:
        return FACE_DOWN_WORTH
    cubes = area.tin + area.copper
    return area.tin * seen.tin + area.copper * seen.copper - area.water * cubes


def _extract(seen: Seen, action: dict, me: Player) -> float:
    area = seen.areas[action["area"]]
    water = area.water if area.face_up else 0  # the water of a face-down tile is not known
    gain = action["tin"] * (seen.tin - water) + action["copper"] * (seen.copper - water)
    return 20 + gain if gain > 0 else -5


def _bid(seen: Seen, action: dict, me: Player) -> float:
    room = min(_worth(seen, seen.auction), me.money - 4)
    return 10 - action["amount"] if action["amount"] <= room else -20


def _auction(seen: Seen, action: dict, me: Player) -> float:
    if me.mines <= 0 or me.money < 8:
        return -15
    return 5 + _worth(seen, action["area"]) / 4 + (0.5 if action.get("card") else 0)


def _develop(seen: Seen, action: dict, me: Player) -> float:
    seat, to = action["seat"], action.get("to")
    own = seen.areas[action["area"]].owner == seat or (to is not None and seen.areas[to].owner == seat)
    return 6 if own and me.money > 6 else -12


VALUES: dict[str, Callable[[Seen, dict, Player], float]] = {
    "invest": lambda seen, action, me: 60 + action.get("tens", 0) * 2 + action.get("fives", 0),
    "invest_pass": lambda seen, action, me: -10,
    "build_mine": lambda seen, action, me: 50 + (1 if action.get("card") else 0),
    "extract": _extract, "bid": _bid, "drop": lambda seen, action, me: 0,
    "start_auction": _auction, "draw_survey": _auction,
    "steam_pumps": lambda seen, action, me: 8 if action.get("drain") else -20,
    "develop": _develop, "place_bonus": _develop,
    "process_arsenic": lambda seen, action, me: 12, "sell_arsenic": lambda seen, action, me: 12,
    "emigrate": lambda seen, action, me: 1, "sell_pasties": lambda seen, action, me: 2,
    "pass": lambda seen, action, me: 0,
}


def value(seen: Seen, action: dict) -> float:
    """The heuristic's worth of ``action`` (keep_cards, roll_prices, peek: any choice will do)."""
    rate = VALUES.get(action["type"])
    return 1 if rate is None else rate(seen, action, seen.players[action["seat"]])


class Bots(BotSet):
    """The shared bots: the first action in the bot's order that the rules allow."""

    def step(self, state: State, seat: int, bot: str, chooser):
        if bot not in self.names:
            raise ValueError(f"unknown bot {bot!r}; {self.game.name} has {', '.join(self.names)}")
        game = self.game
        if bot == "random":
            found = candidates(game, state, seat)
            order = random_order(found, chooser)
        else:
            known = seen(game, state, seat)
            me = known.players[seat]
            found = candidates(game, state, seat, near=True, auctions=me.mines > 0 and me.money >= 8)
            keyed = [(value(known, action), chooser.random(), i) for i, action in enumerate(found)]
            keyed.sort(reverse=True)
            order = (found[i] for _, _, i in keyed)
        return first_allowed(game, state, order)


def bot_set(game) -> BotSet:
    return Bots(game, lambda state, seat: candidates(game, state, seat), lambda state, seat: seen(game, state, seat),
                value)
