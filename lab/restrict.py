"""Restricted play: how much an item or a move matters, measured by forbidding it.

Jaffe et al. ("Evaluating Competitive Game Balance with Restricted Play", 2012) measure an
item's worth causally: one seat plays by a rule such as "never takes the Dam", the others play
as usual, and the change in that seat's win rate, over the same seeds, is what the item was
worth to it. A correlation of holding and winning cannot tell that apart from strong players
taking the item.

A restriction is ``SEAT:never:NAME`` (NAME an item ``Game.taken`` lists or an action type) or
``SEAT:always:ACTION`` (the seat plays ACTION whenever the rules allow it: "always passes
first"). The restricted seat keeps its own bot (``--bots``: the heuristic, random or any
other): the bot decides on a copy of the game whose ``refusal`` and ``apply`` refuse, for that
seat, what the rule forbids, so it plays its next preference exactly as when the rules refuse a
move. A bot that plays a forbidden move all the same (one that never asks the rules) is asked
again with that move refused; failing that the seat takes a random allowed move the rule
permits, and when the rules leave only forbidden moves it plays its bot's own choice, counted
as forced.
"""

from __future__ import annotations

import random
import re
import weakref
from dataclasses import dataclass
from typing import Any

from companion.core import Action, Game
from companion.errors import HeadframeError, RuleViolation

RULES = ("never", "always")
RETRIES = 8  # times a bot that plays a forbidden move without asking the rules is asked again


@dataclass(frozen=True)
class Restriction:
    seat: int | None  # 0-based; None: every seat in turn, game i restricting seat i % seats
    rule: str         # "never" or "always"
    target: str       # an item's name or an action type
    is_action: bool   # whether ``target`` is an action type

    def seat_of(self, index: int, seats: int) -> int:
        """The restricted seat in game ``index``."""
        return self.seat if self.seat is not None else index % seats

    @property
    def label(self) -> str:
        who = "each seat in turn" if self.seat is None else f"seat {self.seat + 1}"
        verb = "plays" if self.is_action else "takes"
        return f"{who} {self.rule} {verb} {self.target}"

    @property
    def slug(self) -> str:
        """A folder name for the restricted run's games.csv."""
        who = "each" if self.seat is None else str(self.seat + 1)
        return re.sub(r"[^a-z0-9]+", "-", f"{who}-{self.rule}-{self.target}".lower()).strip("-")[:80]


def parse(text: str, game: Game, seats: int) -> Restriction:
    """``SEAT:never:NAME`` or ``SEAT:always:ACTION`` (SEAT a seat number or ``each``), checked
    against the game; a HeadframeError names what is wrong."""
    parts = text.split(":", 2)
    if len(parts) != 3 or not parts[2].strip():
        raise HeadframeError(f"--restrict {text!r}: write SEAT:never:ITEM or SEAT:always:ACTION, "
                             f"e.g. 2:never:{_example(game)}")
    seat_text, rule, target = parts[0].strip(), parts[1].strip().lower(), parts[2].strip()
    return Restriction(_seat(text, seat_text, seats), _rule(text, rule), target,
                       _is_action(text, game, rule, target))


def _seat(text: str, seat_text: str, seats: int) -> int | None:
    if seat_text.lower() == "each":
        return None
    if not seat_text.isdigit() or not 1 <= int(seat_text) <= seats:
        raise HeadframeError(f"--restrict {text!r}: the seat is a number from 1 to {seats}, or 'each' "
                             f"(every seat in turn), not {seat_text!r}")
    return int(seat_text) - 1


def _rule(text: str, rule: str) -> str:
    if rule not in RULES:
        raise HeadframeError(f"--restrict {text!r}: the rule is 'never' or 'always', not {rule!r}")
    return rule


def _is_action(text: str, game: Game, rule: str, target: str) -> bool:
    actions = game.actions.types() if game.actions is not None else []
    if target in actions:
        return True
    if rule == "always":
        raise HeadframeError(f"--restrict {text!r}: 'always' takes one of {game.name}'s action types "
                             f"({', '.join(actions)}), not {target!r}")
    listed = game.listed_items()
    if listed and target not in listed:
        raise HeadframeError(f"--restrict {text!r}: {target!r} is neither an action type of {game.name} "
                             f"({', '.join(actions)}) nor one of its {game.taken_name} ({', '.join(listed)})")
    return False


def _example(game: Game) -> str:
    listed = game.listed_items()
    return listed[0] if listed else "ITEM"


def turn_order(game: Game) -> list[Restriction]:
    """The turn-order restrictions of ``game`` (each seat in turn): always and never playing
    each move that decides the turn order."""
    return [Restriction(None, rule, move, True) for move in game.turn_order_moves for rule in RULES]


# -- judging a seat's moves ---------------------------------------------------------------


class Gate:
    """Judges the moves of the restricted seat against its rule, counting those it refuses."""

    def __init__(self, game: Game, restriction: Restriction, seat: int, only: bool = False):
        self.game, self.restriction, self.seat = game, restriction, seat
        self.only = only  # "always": refuse the seat's moves of any other type
        self.refused = 0
        self.excluded: list[Action] = []
        self.words = f"Restricted play: this seat {restriction.rule} {'plays' if restriction.is_action else 'takes'} " \
                     f"{restriction.target}."
        self._held: tuple[Any, int] | None = None  # (a state, the seat's count of the item there)

    def forbids(self, state: Any, action: Action, after: Any = None) -> bool:
        """Whether the rule keeps the seat from ``action`` in ``state`` (``after``: its result,
        when known)."""
        if action.get("seat", self.seat) != self.seat:
            return False
        if any(action == other for other in self.excluded):
            return True
        if self.only:
            return action.get("type") != self.restriction.target
        if self.restriction.is_action:
            return action.get("type") == self.restriction.target
        return self._takes(state, action, after)

    def refuse(self, state: Any, action: Action, after: Any = None) -> bool:
        """``forbids``, counting a refusal and naming the move so it is not offered again."""
        if not self.forbids(state, action, after):
            return False
        self.refused += 1
        if after is not None:
            self.excluded.append(dict(action))
        return True

    def _takes(self, state: Any, action: Action, after: Any) -> bool:
        target = self.restriction.target
        if target in self.game.reached_items(state, action):
            return True
        if after is None:
            try:
                after = self.game.apply(state, action)
            except Exception:  # a state the bot trimmed to its own view: judged after the move instead
                return False
        return self._count(after) > self._before(state)

    def _before(self, state: Any) -> int:
        # the bot weighs many moves from one state: its count is worked out once
        if self._held is None or self._held[0] is not state:
            self._held = (state, self._count(state))
        return self._held[1]

    def _count(self, state: Any) -> int:
        held = self.game.taken(state)
        return list(held[self.seat]).count(self.restriction.target) if self.seat < len(held) else 0


class _Filtered:
    """Mixed into a copy of the game's class: ``refusal``, ``legal`` and ``apply`` also refuse
    what the gate forbids, at the top level only (a rule that applies moves of its own is left
    alone)."""

    _lab_gate: Gate | None = None
    _lab_inside = False

    def _plain(self, method: str, *args: Any) -> Any:
        """The game's own ``method``, the gate shut while it runs."""
        outer, self._lab_inside = self._lab_inside, True
        try:
            return getattr(super(), method)(*args)
        finally:
            self._lab_inside = outer

    def _open(self) -> Gate | None:
        return None if self._lab_inside else self._lab_gate

    def refusal(self, state: Any, action: Action) -> str | None:
        gate = self._open()
        why = self._plain("refusal", state, action)
        return gate.words if gate and why is None and gate.refuse(state, action) else why

    def legal(self, state: Any, action: Action) -> bool:
        gate = self._open()
        return self._plain("legal", state, action) and not (gate and gate.refuse(state, action))

    def apply(self, state: Any, action: Action) -> Any:
        gate = self._open()
        after = self._plain("apply", state, action)
        if gate and gate.refuse(state, action, after):
            raise RuleViolation(gate.words, "restricted play")
        return after


_CLASSES: dict[type, type] = {}
_COPIES: "weakref.WeakKeyDictionary[Game, Game]" = weakref.WeakKeyDictionary()


def filtered(game: Game) -> Game:
    """A copy of ``game`` (sharing its loaded data) whose refusals a gate can widen."""
    copy = _COPIES.get(game)
    if copy is None:
        cls = _CLASSES.get(type(game))
        if cls is None:
            cls = _CLASSES[type(game)] = type(f"Restricted{type(game).__name__}", (_Filtered, type(game)), {})
        copy = cls.__new__(cls)
        copy.__dict__.update(game.__dict__)
        _COPIES[game] = copy
    return copy


# -- the restricted seat's move --------------------------------------------------------------


@dataclass
class Counts:
    """What the restriction did in one game."""

    changed: int = 0   # decisions where the rule turned the bot from its first choice
    fallback: int = 0  # moves taken at random among those the rule permits (the bot offered none)
    forced: int = 0    # moves the rule forbids, played because the rules allowed nothing else

    def to_row(self, seat: int) -> dict[str, int]:
        return {"seat": seat, "changed": self.changed, "fallback": self.fallback, "forced": self.forced}


def step(game: Game, restriction: Restriction, seat: int, state: Any, bot: str, chooser: random.Random,
         counts: Counts) -> tuple[Action, Any] | None:
    """The restricted seat's move and the state it leads to (None when the table does not wait
    for it)."""
    if restriction.rule == "always":
        return _always(game, restriction, seat, state, bot, chooser, counts)
    gate = Gate(game, restriction, seat)
    found = _ask(game, gate, state, seat, bot, chooser)
    if found is not None:
        counts.changed += gate.refused > 0 or bool(gate.excluded)
        return found
    permitted = [o.action for o in game.options(state, seat) if o.allowed and not gate.forbids(state, o.action)]
    if permitted:
        counts.changed += 1
        counts.fallback += 1
        action = dict(permitted[chooser.randrange(len(permitted))])
        return action, game.apply(state, action)
    plain = game.bot_step(state, seat, bot, chooser)
    counts.forced += plain is not None
    return plain


def _ask(game: Game, gate: Gate, state: Any, seat: int, bot: str, chooser: random.Random) -> tuple[Action, Any] | None:
    """The bot's move on the filtered copy; a forbidden move it plays without asking the rules
    is refused by name and the bot asked again."""
    copy = filtered(game)
    copy._lab_gate = gate
    try:
        for _ in range(RETRIES):
            try:
                found = copy.bot_step(state, seat, bot, chooser)
            except RuleViolation:  # the bot applied a forbidden move without asking: now excluded by name
                continue
            if found is None:
                return None
            action, after = found
            if not gate.forbids(state, action, after):
                return found
            gate.excluded.append(dict(action))
        return None
    finally:
        copy._lab_gate = None


def _always(game: Game, restriction: Restriction, seat: int, state: Any, bot: str, chooser: random.Random,
            counts: Counts) -> tuple[Action, Any] | None:
    """The seat plays the target action whenever the rules allow one (its bot choosing among
    several); otherwise its bot plays as usual."""
    wanted = [o.action for o in game.options(state, seat) if o.allowed and o.action.get("type") == restriction.target]
    if not wanted:
        return game.bot_step(state, seat, bot, chooser)
    gate = Gate(game, restriction, seat, only=True)
    found = _ask(game, gate, state, seat, bot, chooser)
    if found is not None:
        counts.changed += gate.refused > 0 or bool(gate.excluded)
        return found
    counts.changed += 1
    counts.fallback += 1
    action = dict(wanted[0])
    return action, game.apply(state, action)
