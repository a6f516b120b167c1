"""ARDEVUR's state is typed and frozen, and its JSON form is the one tables have always stored:
every state met in bot games of every mode reads back equal from its JSON, the JSON's keys come
out sorted (as stored tables and the golden replays have them), nothing in the state is a
string-keyed dict, and a refused action leaves the state it was given untouched."""

import dataclasses
import json
import random

import pytest

from companion import PlayerSpec, RuleViolation, find_game
from companion.ardevur.notation import notation, parse
from companion.ardevur.setup import MODES

GAME = find_game("ardevur")


def states(mode: str, players: int, seed: int, steps: int = 400):
    chooser = random.Random(seed)
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], mode, seed)
    yield state
    for _ in range(steps):
        if GAME.end_if(state) is not None:
            return
        seat = GAME.acting_seats(state)[0]
        step = GAME.bot_step(state, seat, "random" if chooser.random() < 0.6 else "heuristic", chooser)
        if step is None:
            return
        state = step[1]
        yield state


def dicts_in(value, where="state"):
    if isinstance(value, dict):
        return [where]
    if dataclasses.is_dataclass(value):
        return [w for f in dataclasses.fields(value) for w in dicts_in(getattr(value, f.name), f"{where}.{f.name}")]
    if isinstance(value, (tuple, list)):
        return [w for i, item in enumerate(value) for w in dicts_in(item, f"{where}[{i}]")]
    return []


@pytest.mark.parametrize("mode", [f"{m}+{w}" if w else m for m in MODES
                                  for w in ("", "final-round+all-cards", "minute-64+random-corporations")])
def test_every_state_reads_back_equal_from_its_sorted_json(mode):
    checked = 0
    every = [state for seed in range(3) for state in states(mode, 2 + (len(mode) + seed) % 3, len(mode) + seed)]
    for index, state in enumerate(every):
        stored = GAME.to_json(state)
        assert json.dumps(stored) == json.dumps(stored, sort_keys=True), "keys out of the stored order"
        assert GAME.from_json(json.loads(json.dumps(stored))) == state
        if index % 25 == 0:
            assert dicts_in(state) == []
            assert GAME.problems(state) == []
        checked += 1
    assert checked > 60


def test_a_refused_action_changes_nothing_and_a_state_cannot_be_changed_in_place():
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "standard", 4)
    state = GAME.apply(state, {"type": "start", "seat": 0})
    before = GAME.to_json(state)
    with pytest.raises(RuleViolation):
        GAME.apply(state, {"type": "deal", "seat": 0})
    assert GAME.to_json(state) == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.phase = "over"
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.players[0].money = 99


def test_the_notation_says_the_position_in_one_line_and_reads_back():
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "standard", 4)
    assert notation(state) == "ready t0 | Ann/- 32M | Bo/- 32M"
    read = 0
    for mode in MODES:
        for index, state in enumerate(states(mode, 3, 5)):
            line = notation(state)
            assert "\n" not in line
            if index % 10 == 0:
                assert notation(parse(GAME.data, line, mode)) == line
                read += 1
    assert read > 20
    line = notation(state)
    assert "sites=" in line and "*" in line


def test_whole_state_checks_name_what_is_wrong_with_a_table_typed_by_hand():
    good = parse(GAME.data, "play t3 Ann:strategy | Ann/great 40M dev=road sites=nimba* stock=nimba:12 | Bo/amu 8M")
    assert GAME.problems(good) == []
    d = GAME.to_json(good)
    d["players"][1]["territories"].append("nimba")       # a territory in two hands
    d["players"][0]["money"] = -4
    d["players"][0]["stock"]["nimba"] = 40                 # over the 32M of storage without a warehouse
    d["market"]["road"] += 1                               # a development card from nowhere
    found = {(p.field, p.message) for p in GAME.problems(GAME.from_json(d))}
    assert ("territories", "in two places at once: nimba") in found
    assert ("players[0]", "Ann has less than nothing (money, debt or stock)") in found
    assert ("players[0].stock", "Ann stores 40M in room for 32M") in found
    assert any(field == "market" and "road" in message for field, message in found)
