"""Ore: The Mining Game as a ``Game``: dispatching actions to the phase modules."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core import Action, Finish, Game, Option, Outcome, PlayerSpec, ScoreSheet, require
from ..errors import BadAction, GameOver, RuleViolation
from . import acquisition, anytime, market, placement, replenish
from .declared import declaration
from .cards import catalog
from .flow import settle, waiting_for
from .scoring import Holdings, score_holdings
from .setup import VARIANTS, new_table
from .state import OreState


def acting_seats(state: OreState) -> list[int]:
    """Seats whose decision the table is waiting for (relief: everyone not finished)."""
    return waiting_for(state.data)


class Ore(Game):
    id = "ore"
    name = "Ore: The Mining Game"
    players = (3, 5)
    variants = VARIANTS
    def __init__(self, data_dir: str | None = None) -> None:
        self.data_dir = data_dir
        # Fields, randomness and reveals of every action: see declared.py.
        self.actions = declaration(self._private_draw)

    @property
    def cat(self):
        return catalog(self.data_dir)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> OreState:
        problem = self.check_setup(players, variant)
        if problem:
            raise BadAction(problem)
        return OreState.of(new_table(self.cat, players, variant or "standard", seed))

    def apply(self, state: OreState, action: Action) -> OreState:
        self.check_shape(action)
        kind = action["type"]
        seat = action["seat"]
        count = len(state.data["players"])
        if not 0 <= seat < count:
            raise BadAction(f"there is no seat {seat}; seats are 0-{count - 1}")
        if state.data["phase"] == "over":
            raise GameOver()
        d = state.draft()
        self._dispatch(d, kind, seat, action)
        d["step"] += 1
        settle(self.cat, d)
        return OreState.of(d)

    def _dispatch(self, d: dict, kind: str, seat: int, action: Action) -> None:
        cat = self.cat
        handlers = {
            "place": lambda: placement.place(cat, d, seat, action),
            "sell": lambda: market.sell(cat, d, seat, action),
            "fill": lambda: market.fill(cat, d, seat, action),
            "efficient": lambda: market.efficient(cat, d, seat, action),
            "market_done": lambda: market.market_done(cat, d, seat),
            "take_over": lambda: market.take_over(cat, d, seat, action),
            "decline": lambda: market.take_over(cat, d, seat, action),
            "subcontract": lambda: self._subcontract(d, seat, action),
            "pass": lambda: self._subcontract(d, seat, None) if d["phase"] == "subcontract"
            else acquisition.pass_choice(cat, d, seat),
            "buy_asset": lambda: acquisition.buy_asset(cat, d, seat, action),
            "buy_initiative": lambda: acquisition.buy_initiative(cat, d, seat, action),
            "take_contract": lambda: acquisition.take_contract(cat, d, seat, action),
            "take_own_contract": lambda: acquisition.take_own_contract(cat, d, seat),
            "replenish": lambda: self._replenish(d),
            "relieve": lambda: replenish.relieve(cat, d, seat, action),
            "relief_done": lambda: replenish.relief_done(d, seat),
            "exchange": lambda: anytime.exchange(cat, d, seat, action),
            "cash_futures": lambda: anytime.cash_futures(d, seat, action),
        }
        handlers[kind]()

    def _replenish(self, d: dict) -> None:
        d["end"] = replenish.replenish(self.cat, d) or None
        d["phase"] = "relief"

    def _subcontract(self, d: dict, seat: int, action: Action | None) -> None:
        """Use Subcontracted Ops (``action``) or pass (None) at the end of the market phase."""
        require(d["phase"] == "subcontract" and d["queue"] and d["queue"][0]["seat"] == seat,
                "Subcontracted Ops is used at the end of the market phase, in turn.", "Subcontracted Ops")
        if action is not None:
            market.subcontract(self.cat, d, seat, action)
        d["queue"].pop(0)

    # -- results ---------------------------------------------------------------
    def holdings(self, state: OreState) -> list[Holdings]:
        found = []
        for p in state.data["players"]:
            barrels = dict(p["barrels"])
            for token in p["futures"]:
                barrels[token["res"]] += token["count"]
            found.append(Holdings(p["name"], p["money"], barrels, p["miners"], tuple(p["assets"]),
                                  len(p["completed"]), p["strikes"], len(p["private"])))
        return found

    def score(self, state: OreState) -> ScoreSheet:
        vp = "vp_per_contract_race" if state.data["variant"] == "contract-race" else "vp_per_contract"
        return score_holdings(self.cat, self.holdings(state), int(self.cat.tables[vp]))

    def end_if(self, state: OreState) -> Outcome | None:
        if state.data["phase"] != "over":
            return None
        sheet = self.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        return Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, "; ".join(state.data["end"] or []))

    def round_of(self, state: OreState) -> int:
        return int(state.data["round"])

    def to_json(self, state: OreState) -> dict:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> OreState:
        return OreState.from_json(data)

    def _private_draw(self, state: OreState, action: Action) -> bool:
        """Whether buying this initiative takes the unseen top card of a mine pile."""
        slot = action.get("slot")
        row = state.to_json()["rows"]["initiatives"]
        if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < len(row) or row[slot] is None:
            return False
        return self.cat.initiatives[row[slot]].effect in ("private_mine", "private_market")

    def acting_seats(self, state: OreState) -> tuple[int, ...]:
        return tuple(acting_seats(state))

    def turn_phrase(self, state: OreState, seat: int) -> str | None:
        from .views import turn_phrase
        return turn_phrase(state.data, seat)

    bot_names = ("random", "heuristic")
    taken_name = "assets"

    def first_seat(self, state: OreState) -> int:
        return int(state.data["start"])

    def bot_step(self, state: OreState, seat: int, bot: str, chooser) -> tuple[dict, OreState] | None:
        from .bots import bot_set
        return bot_set(self).step(state, seat, bot, chooser)

    def taken(self, state: OreState) -> tuple[tuple[str, ...], ...]:
        """Each seat's assets by name."""
        return tuple(tuple(self.cat.assets[a].name for a in h.assets) for h in self.holdings(state))

    def view(self, state: OreState, seat: int | None) -> dict:
        from .views import public_view
        return public_view(self.cat, state.to_json(), seat)

    def options(self, state: OreState, seat: int | None) -> list[Option]:
        from .options import options_for
        return options_for(self, state, seat)

    def describe(self, before: OreState, action: Action, after: OreState) -> str:
        from .notation import describe_action
        return describe_action(self, before, action, after)

    def check_data(self, data_dir: Any = None) -> None:
        catalog(data_dir)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        from .scorefile import score_file
        return score_file(self.cat, data)

    def problems(self, state: OreState) -> list:
        from .checks import table_problems
        return table_problems(self.cat, state.data)

    def bot_action(self, state: OreState, seat: int) -> dict | None:
        """What a bot seat does now (None when the table is not waiting for it)."""
        from .bot import bot_action
        return bot_action(self, state, seat)

    def try_apply(self, state: OreState, action: Action) -> tuple[OreState | None, str]:
        try:
            return self.apply(state, action), ""
        except RuleViolation as exc:
            return None, str(exc)
