"""A game's moves table: every action type with its declaration and the rule that plays it.

Each game lists its moves once, in ``companion/<game>/moves/__init__.py``::

    MOVES = Moves([
        Move(ActionSpec("bid", (SEAT, Field("amount")), doc="Bid in the running auction."), auction.bid),
        ...
    ])

``Move.run(game, state, action)`` checks the move against the rules and returns the new state,
or raises a ``RuleViolation`` that names the rule and the numbers; the state it was given is a
value and never changes. ``Move.check(game, state, action)``, where a game gives one, answers the
same question without building the new state (the reason ``run`` would refuse with, or None):
the phone's buttons and the bots ask it for every candidate, so it must agree with ``run``
exactly, which ``tests/test_options_agree.py`` checks over random reachable states. A rule written
as a half that refuses and a half that builds gets its check from the first: ``check_from``.

Everything else about an action comes from its ``ActionSpec``: the request check, the OpenAPI
schema, undo barriers, the fields only its own seat may see (``companion.declare``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

from .declare import ActionSpec, Declaration
from .errors import RuleViolation

Action = Mapping[str, Any]
Rule = Callable[[Any, Any, Action], Any]            # (game, state, action) -> new state, or raises
Check = Callable[[Any, Any, Action], "str | None"]  # (game, state, action) -> why not, or None


@dataclass(frozen=True)
class Move:
    spec: ActionSpec
    run: Rule = field(compare=False)
    check: Check | None = field(default=None, compare=False)

    @property
    def type(self) -> str:
        return self.spec.type


class Moves:
    """A game's moves by type; ``declaration`` is the same actions as ``companion.declare``
    sees them."""

    def __init__(self, moves: Sequence[Move]):
        self.declaration = Declaration([m.spec for m in moves])
        self.by_type: dict[str, Move] = {m.spec.type: m for m in moves}

    def __getitem__(self, kind: str) -> Move:
        return self.by_type[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self.by_type

    def __iter__(self) -> Iterator[Move]:
        return iter(self.by_type.values())

    def types(self) -> list[str]:
        return sorted(self.by_type)


def check_from(forbid: Callable[[Any, Any, Action], Any]) -> Check:
    """A move's cheap check from the half of its rule that refuses (``forbid(game, state,
    action)`` raises the rule's RuleViolation and builds nothing): the refusal's words, or None.
    A rule that runs the same half before building its state agrees with it by construction."""
    def check(game: Any, state: Any, action: Action) -> str | None:
        try:
            forbid(game, state, action)
        except RuleViolation as exc:
            return str(exc)
        return None
    check.__doc__ = forbid.__doc__
    return check


__all__ = ["Check", "Move", "Moves", "Rule", "check_from"]
