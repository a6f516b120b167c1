"""What every game's bots share: a game lists the actions worth trying for a seat, and a bot
puts them in its order of preference; the first one the rules accept is its move.

``random`` tries them in a random order, which picks uniformly among the allowed ones while
testing only as many as it must; a heuristic bot sorts them by what it values. A bot values
actions from ``seen(state, seat)``, what that seat's phone would show and nothing hidden, and
never returns an action ``apply`` would refuse.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Iterator, Sequence

from .core import Action, Game
from .errors import HeadframeError

Step = tuple[Action, Any]  # an action and the state it leads to


def first_allowed(game: Game, state: Any, actions: Iterable[Action]) -> Step | None:
    """The first action of ``actions`` the rules accept in ``state``, with its result."""
    for action in actions:
        try:
            return dict(action), game.apply(state, action)
        except HeadframeError:
            continue
    return None


def random_order(items: Sequence[Action], chooser: random.Random) -> Iterator[Action]:
    """``items`` in a uniformly random order, drawn lazily (most bots stop at the first)."""
    pool = list(items)
    while pool:
        index = chooser.randrange(len(pool))
        pool[index], pool[-1] = pool[-1], pool[index]
        yield pool.pop()


def next_state(game: Game, state: Any, play: Callable[[int], Step | None]) -> Any:
    """The state after the next move of a table of bots: the first seat the table waits for
    that can move, a seat the game plays by itself (``automatic_seats``) by its own
    ``bot_action``, any other by ``play(seat)``; None when no seat can move."""
    automatic = set(game.automatic_seats(state))
    for seat in game.acting_seats(state):
        if seat in automatic:
            action = game.bot_action(state, seat)
            if action is not None:
                return game.apply(state, action)
            continue
        step = play(seat)
        if step is not None:
            return step[1]
    return None


class BotSet:
    """A game's bots. ``candidates(state, seat)`` lists the actions worth trying; ``seen(state,
    seat)`` is what the seat may know; ``value(seen, action)`` scores an action from it."""

    names = ("random", "heuristic")

    def __init__(self, game: Game, candidates: Callable[[Any, int], Sequence[Action]],
                 seen: Callable[[Any, int], Any], value: Callable[[Any, Action], float]):
        self.game, self.candidates, self.seen, self.value = game, candidates, seen, value

    def step(self, state: Any, seat: int, bot: str, chooser: random.Random) -> Step | None:
        if bot not in self.names:
            raise ValueError(f"unknown bot {bot!r}; {self.game.name} has {', '.join(self.names)}")
        found = self.candidates(state, seat)
        if not found:
            return None
        if bot == "random":
            return first_allowed(self.game, state, random_order(found, chooser))
        seen = self.seen(state, seat)
        keyed = [(self.value(seen, action), chooser.random(), i) for i, action in enumerate(found)]
        keyed.sort(reverse=True)
        return first_allowed(self.game, state, (found[i] for _, _, i in keyed))


__all__ = ["BotSet", "Step", "first_allowed", "next_state", "random_order"]
