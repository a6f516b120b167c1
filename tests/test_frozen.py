"""``companion.frozen.evolve``: the one quick copy of a frozen state with some fields changed,
used by every game's rules and by the core's step count."""

import random
from dataclasses import dataclass, replace
from functools import cached_property
from typing import ClassVar, Mapping

import pytest

from companion import PlayerSpec, find_game
from companion.core import Game
from companion.frozen import evolve


@dataclass(frozen=True)
class Pair:
    a: int
    b: tuple[int, ...] = ()

    @cached_property
    def total(self) -> int:
        return self.a + sum(self.b)


@dataclass(frozen=True)
class Board:
    grid: tuple[int, ...]
    turn: int = 0
    worked_out: ClassVar[Mapping[str, tuple[str, ...]]] = {"_sum": ("grid",), "_moves": ()}

    def worked(self, name: str, make):
        if name not in self.__dict__:
            self.__dict__[name] = make()
        return self.__dict__[name]


def test_it_gives_what_replace_gives_and_leaves_the_value_alone():
    old = Pair(1, (2, 3))
    new = evolve(old, a=5)
    assert new == replace(old, a=5) == Pair(5, (2, 3)) and type(new) is Pair
    assert old == Pair(1, (2, 3)) and new.b is old.b
    with pytest.raises(AttributeError):
        new.a = 7  # still frozen


def test_a_name_that_is_not_a_field_is_refused_as_replace_refuses_it():
    old = Pair(1)
    for _ in range(2):  # the second time from what was learnt about the class
        with pytest.raises(TypeError, match="Pair has no field 'c'"):
            evolve(old, c=1)
    board = Board((1, 2))
    board.worked("_sum", lambda: 3)
    with pytest.raises(TypeError, match="Board has no field '_sum'"):
        evolve(board, _sum=4)


def test_what_a_value_worked_out_is_not_carried_over_to_a_value_with_other_fields():
    old = Pair(1, (2,))
    assert old.total == 3
    new = evolve(old, a=10)
    assert new.total == 12 and "total" not in evolve(new, b=(1,)).__dict__


def test_a_class_keeps_what_it_names_while_the_fields_it_comes_from_stay():
    board = Board((1, 2))
    board.worked("_sum", lambda: 3)
    board.worked("_moves", lambda: ("up",))
    turned = evolve(board, turn=1)
    assert turned.__dict__.get("_sum") == 3 and "_moves" not in turned.__dict__
    laid = evolve(turned, grid=(1, 2, 4))
    assert "_sum" not in laid.__dict__ and laid.worked("_sum", lambda: 7) == 7


@pytest.mark.parametrize("game_id", ["ore", "ore-published", "mine-shaft"])
def test_every_game_state_evolves_as_replace_would(game_id):
    game = find_game(game_id)
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], None, 5)
    chooser = random.Random(5)
    for _ in range(40):
        state = game.bot_step(state, game.acting_seats(state)[0], "random", chooser)[1]
    counted = Game.stepped(game, state, state)
    assert counted == replace(state, step=state.step + 1)
    assert game.to_json(counted) == {**game.to_json(state), "step": state.step + 1}
