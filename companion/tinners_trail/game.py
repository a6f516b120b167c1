"""The Tinners' Trail definition: one action type per thing a player does at the table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping, Sequence

from ..core import Action, Finish, Game, Option, Outcome, PlayerSpec, ScoreSheet, field_of, rng
from ..errors import BadAction, GameOver, NotYourTurn
from .moves import actions, arsenic, auction, building, emigration, invest, prices, survey, wallace_auction, wallace_turn
from .setup import switches as tt_switches
from .moves import DECLARATION
from .data.tables import Rules, load_rules
from .scoring import score, score_file
from .setup import difficulty, setup, variant_ids
from .state import ACTIONS, OVER, PRICES, State, from_json, to_json
from .moves.track import forced_passes

# What a seat the table waits for is doing, phase by phase (the turn banner's words).
TURN_PHRASES = {"survey": "choosing survey cards", "prices": "rolling the ore prices", "auction": "bidding",
                "build": "building the mine", "invest": "investing", "peek": "looking at a tile"}
from .state.wallace import printed, told, with_lord

LORD_MOVES = ("wallace_turn", "wallace_bid")


def _seat(state: State, action: Action) -> int:
    seat = field_of(action, "seat", int)
    if not 0 <= seat < len(state.players):
        raise BadAction(f"there is no seat {seat}; seats are 0–{len(state.players) - 1}")
    return seat


def _opt(action: Action, name: str, kind=str) -> Any:
    value = action.get(name)
    if value is None:
        return None
    return field_of(action, name, kind)


def _count(action: Action, name: str) -> int:
    """An optional number of cubes or investments: a whole number, 0 when left out."""
    value = action.get(name)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadAction(f"'{name}' must be a whole number of 0 or more, got {value!r}")
    return value


def _roll(state: State, action: Action, rules: Rules) -> State:
    if state.phase != PRICES:
        raise NotYourTurn("Ore prices are rolled at the start of a round.", "Phase 1: Set ore prices")
    tin, copper = prices.roll(state, rules)
    return prices.set_prices(state, tin, copper, rules)


def _dice(action: Action, name: str) -> list[int]:
    """Dice entered at the table: a list, or text such as "1 1 0" from a phone form."""
    value = field_of(action, name, (list, str))
    if isinstance(value, str):
        parts = value.replace(",", " ").split()
        if len(parts) == 1 and len(parts[0]) > 1:
            parts = list(parts[0])  # "110": every face is a single digit
        if not all(p.isdigit() for p in parts):
            raise BadAction(f"enter the {name} dice as three numbers such as \"1 1 0\", got {value!r}")
        value = [int(p) for p in parts]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise BadAction("dice values must be whole numbers")
    return value


def _enter(state: State, action: Action, rules: Rules) -> State:
    return prices.set_prices(state, _dice(action, "tin"), _dice(action, "copper"), rules)


def _discards(action: Action) -> list[str]:
    """``discard`` as a list, or one ``discard_A`` ... ``discard_D`` field per region from a form."""
    if "discard" in action:
        return field_of(action, "discard", list)
    return [str(action[key]) for key in sorted(action) if key.startswith("discard_") and action[key]]


def _drains(action: Action) -> dict[str, int]:
    """``drain`` maps areas to water removed; a phone form may send area/amount pairs instead."""
    if "drain" not in action:
        drains: dict[str, int] = {}
        for suffix in ("", "2", "3"):
            area, amount = action.get(f"area{suffix}"), action.get(f"amount{suffix}", 1)
            if area:
                if not isinstance(amount, int) or isinstance(amount, bool):
                    raise BadAction("the water to remove must be a whole number")
                drains[str(area)] = drains.get(str(area), 0) + amount
        return drains
    drains = action.get("drain", {})
    if not isinstance(drains, Mapping):
        raise BadAction("'drain' must map area ids to the water to remove, e.g. {\"B3\": 2}")
    return dict(drains)


def _card_number(action: Action) -> int | None:
    """"I drew card 7": the number of a real action card, as a number or typed text."""
    value = action.get("card")
    if value in (None, ""):
        return None
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise BadAction(f"enter Lord Wallace's card as its number, such as 7; got {value!r}")


def _optional_dice(action: Action) -> list[int] | None:
    return _dice(action, "dice") if action.get("dice") not in (None, "", []) else None


def _his_move(state: State, action: Action) -> State:
    """Who may play Lord Wallace: the game itself (his own seat), or with the printed cards
    the player, who enters the card and dice drawn for him."""
    if state.lord is not None and not printed(state) and action.get("seat") != state.lord.seat:
        raise NotYourTurn("Lord Wallace plays by himself at this table: the phone shuffles his cards and "
                          "rolls his dice after your move. To enter cards drawn from the printed deck, start "
                          "the table with the option \"his printed action cards\".", "Lord Wallace's turn")
    return state


HANDLERS: dict[str, Callable[[State, Action, Rules], State]] = {
    "keep_cards": lambda s, a, r: survey.keep_cards(s, _seat(s, a), _discards(a), r),
    "roll_prices": _roll,
    "set_prices": _enter,
    "start_auction": lambda s, a, r: auction.start_auction(s, _seat(s, a), field_of(a, "area", str),
                                                           _opt(a, "card"), r),
    "draw_survey": lambda s, a, r: auction.draw_survey(s, _seat(s, a), field_of(a, "area", str), r),
    "bid": lambda s, a, r: auction.bid(s, _seat(s, a), field_of(a, "amount", int), r),
    "drop": lambda s, a, r: auction.drop(s, _seat(s, a), r),
    "build_mine": lambda s, a, r: building.build_mine(s, _seat(s, a), _opt(a, "card"),
                                                      bool(_opt(a, "calciner", bool)), r),
    "extract": lambda s, a, r: actions.extract(s, _seat(s, a), field_of(a, "area", str), _count(a, "tin"),
                                               _count(a, "copper"), r),
    "develop": lambda s, a, r: actions.develop(s, _seat(s, a), field_of(a, "piece", str), field_of(a, "area", str),
                                               _opt(a, "to"), bool(_opt(a, "own", bool)), r),
    "steam_pumps": lambda s, a, r: actions.steam_pumps(s, _seat(s, a), _drains(a), r),
    "sell_pasties": lambda s, a, r: actions.sell_pasties(s, _seat(s, a), r),
    "pass": lambda s, a, r: actions.pass_turn(s, _seat(s, a), r),
    "place_bonus": lambda s, a, r: actions.place_bonus(s, _seat(s, a), field_of(a, "piece", str),
                                                       field_of(a, "area", str), _opt(a, "to"), r),
    "process_arsenic": lambda s, a, r: arsenic.process(s, _seat(s, a), field_of(a, "area", str), r),
    "sell_arsenic": lambda s, a, r: arsenic.sell(s, _seat(s, a), r),
    "emigrate": lambda s, a, r: emigration.emigrate(s, _seat(s, a), field_of(a, "area", str),
                                                    field_of(a, "location", str), r),
    "invest": lambda s, a, r: invest.invest(s, _seat(s, a), _count(a, "tens"), _count(a, "fives"), r),
    "invest_pass": lambda s, a, r: invest.invest_pass(s, _seat(s, a), r),
    "peek": lambda s, a, r: invest.peek(s, _seat(s, a), _opt(a, "area"), r),
    "wallace_turn": lambda s, a, r: wallace_turn.turn(_his_move(s, a), _card_number(a), _optional_dice(a), r),
    "wallace_bid": lambda s, a, r: wallace_auction.answer(_his_move(s, a), _optional_dice(a), rng(s.seed, s.step),
                                                          r),
}


def settle(state: State, rules: Rules) -> State:
    """What follows by itself: forced passes in the final column, then the sale once all passed."""
    if state.phase != ACTIONS:
        return state
    state, _ = forced_passes(state, rules)
    return invest.after_actions(state, rules)


class TinnersTrail(Game):
    id = "tinners-trail"
    name = "Tinners' Trail"
    players = (1, 5)
    variants = variant_ids()
    # Fields, randomness and reveals of every action: see declared.py.
    actions = DECLARATION
    # Listed once and once as a solo game, with switches: see switches.py.
    entries = tt_switches.ENTRIES
    entry_legends = tt_switches.LEGENDS

    def __init__(self, data_dir: str | None = None):
        self.data_dir = data_dir

    @property
    def rules(self) -> Rules:
        return load_rules(self.data_dir)

    @property
    def switches(self) -> tuple[dict, ...]:
        return tt_switches.switches(self.data_dir)

    def entry_problem(self, entry: str | None, players: int) -> str | None:
        return tt_switches.entry_problem(entry, players)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> State:
        return setup(players, variant, seed, self.rules)

    def check_setup(self, players: Sequence[PlayerSpec], variant: str | None) -> str | None:
        low, high = self.players
        if not low <= len(players) <= high:
            return f"{self.name} is for {low}–{high} players, not {len(players)}"
        try:
            options = difficulty(variant)
        except BadAction as exc:
            return str(exc)
        if options and len(players) != 1:
            return f"{', '.join(options)}: the difficulty options are for a solo game against Lord Wallace"
        return None

    def apply(self, state: State, action: Action) -> State:
        self.check_shape(action)
        handler = HANDLERS[action["type"]]
        if state.phase == OVER:
            raise GameOver()
        his = action["type"] in LORD_MOVES
        if state.lord is not None and not his:
            state = with_lord(state, steps=(), turns=())  # the player moved: what he did before is history
        new = settle(handler(state, action, self.rules), self.rules)
        if new.lord is not None and new.lord.steps:
            new = with_lord(new, turns=new.lord.turns + (told(new.lord.steps),))
        return replace(new, step=state.step + 1)

    def end_if(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        sheet = self.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        finish = Finish.WIN if len(winners) == 1 else Finish.TIE
        return Outcome(finish, winners, "four rounds played" + (f"; {sheet.tiebreak}" if sheet.tiebreak else ""))

    def score(self, state: State) -> ScoreSheet:
        return score(state)

    def check_data(self, data_dir: Any = None) -> None:
        from .data.wallace_cards import load_deck
        load_rules(data_dir)
        load_deck(str(data_dir) if data_dir else None)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        return score_file(data)

    def to_json(self, state: State) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def problems(self, state: State) -> list:
        from .state.checks import problems
        return problems(state, self.rules)

    def view(self, state: State, seat: int | None) -> dict:
        from .views import view
        return view(state, seat, self.rules)

    def options(self, state: State, seat: int | None) -> list[Option]:
        from .options import options
        return options(self, state, seat)

    def describe(self, before: State, action: Action, after: State) -> str:
        from .views.log import changes, describe
        if action.get("type") in LORD_MOVES and after.lord is not None:
            return told(after.lord.steps)
        return describe(before, action, self.rules) + changes(before, after)

    def automatic_seats(self, state: State) -> tuple[int, ...]:
        """Bot seats, and Lord Wallace: the game plays his turns and his auction answers by
        his own rules, unless the table draws his cards from the printed deck (the player
        then enters each card)."""
        lord = state.lord.seat if state.lord is not None and not printed(state) else None
        return tuple(i for i, p in enumerate(state.players) if p.bot and (i == lord or state.lord is None))

    def bot_action(self, state: State, seat: int) -> dict | None:
        """The next action of a bot seat (``PlayerSpec.bot``) or of Lord Wallace, or None when
        none is due."""
        from .bots.seats import bot_action
        from .options import lord_action, to_act
        if state.lord is not None and seat == state.lord.seat:
            kind = lord_action(state)
            return {"type": kind, "seat": seat} if kind and not printed(state) else None
        return bot_action(self, state, seat) if seat in to_act(state) else None

    def score_notes(self, state: State) -> tuple[tuple[str, tuple[str, ...]], ...]:
        if state.lord is None or not state.lord.ledger:
            return ()
        return (("How Lord Wallace scored", state.lord.ledger),)

    def round_of(self, state: State) -> int:
        return state.round

    bot_names = ("random", "heuristic")
    taken_name = "mine sites"

    def first_seat(self, state: State) -> int:
        return state.track[0][0] if state.track and state.track[0] else 0

    def bot_step(self, state: State, seat: int, bot: str, chooser) -> tuple[dict, State] | None:
        from .bots.lab import bot_set
        return bot_set(self).step(state, seat, bot, chooser)

    def acting_seats(self, state: State) -> tuple[int, ...]:
        from .options import to_act
        return tuple(to_act(state))

    def turn_phrase(self, state: State, seat: int) -> str | None:
        from .moves.track import work_left
        if state.phase == ACTIONS:
            left = work_left(state, seat, self.rules)
            return f"{left} work point{'s' if left != 1 else ''} left"
        return TURN_PHRASES.get(state.phase)

    def taken(self, state: State) -> tuple[tuple[str, ...], ...]:
        """Each seat's mines by area name."""
        names = self.rules.areas
        return tuple(tuple(names[a.id].name for a in state.areas if a.owner == seat) for seat in state.seats)

    def running_totals(self, state: State) -> tuple[float, ...]:
        return tuple(p.points + p.emigration_points for p in state.players)
