"""The buttons and the rules never disagree, whatever the data says.

For every game, on the shipped data and on an edited copy that changes numbers legality
depends on, over random reachable states: each option offered to each seat is ``allowed``
exactly when ``apply`` accepts it, its greyed reason is the refusal ``apply`` gives, and the
bots only ever pick a move ``apply`` accepts. The edits are served the way a designer serves
them (``find_game(game, folder)``, what ``serve --data`` does for a new table).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from companion import HeadframeError, PlayerSpec, find_game
from companion.data import builtin_data_dir
from test_engine_shape import GAMES

PENDING: set[str] = set()
GAMES_PER_CASE = 3
SAMPLES_PER_GAME = 25
MAX_STEPS = 700

# Per game, edits to a copy of its data: (file, text, replacement), each text found exactly
# once; together they change at least three numbers the rules' legality depends on.
EDITS: dict[str, list[tuple[str, str, str]]] = {
    # selling pasties never affordable, less money for every bid and extraction, extracting dearer
    "tinners-trail": [("game.toml", "sell_pasties = 1\n", "sell_pasties = 20\n"),
                      ("game.toml", "starting_money = 20\n", "starting_money = 12\n"),
                      ("game.toml", "\nextract = 2\n", "\nextract = 3\n")],
    "mine-shaft": [
        ("game.toml", "die_b = [1, 2, 3, 1, 2, 3]", "die_b = [4, 5, 6, 4, 5, 6]"),  # how far a piece may move
        ("game.toml", "bag = { gold = 20, silver = 30, coal = 50 }", "bag = { gold = 2, silver = 3, coal = 9 }"),  # draws
        ("game.toml", 'start_openings = "NESW"', 'start_openings = "NS"'),  # where the first tiles may be laid
        ("tiles.csv", "Sy1,2,straight,yellow,1,all,", "Sy1,2,straight,yellow,4,all,"),  # what a yellow tile holds
        ("game.toml", "tiles = 2\n", "tiles = 3\n"),  # the runs a mine kart may gather from
        ("game.toml", "extra_tiles = 1", "extra_tiles = 2"),  # tiles a porous rock brings
    ],
    # less money to start with, a warehouse never affordable, one active mine at most, one
    # action card in hand
    "ardevur": [("game.toml", "starting_money = 32", "starting_money = 12"),
                ("game.toml", "asset_price = { warehouse = 32,", "asset_price = { warehouse = 900,"),
                ("game.toml", "max_active_mines = 4", "max_active_mines = 1"),
                ("game.toml", "\naction_card_limit = 2", "\naction_card_limit = 1")],
    # a recall never affordable, dearer overtime and permits, less money to start, dearer
    # recruits, a market that sells up to three and a cage with one side only
    "ore-published": [("game.toml", "recall_cost = 5", "recall_cost = 500"),
                      ("game.toml", "overtime_cost = 2", "overtime_cost = 6"),
                      ("game.toml", "permit_card_cost = 2", "permit_card_cost = 4"),
                      ("game.toml", "first = 5, step = 1", "first = 2, step = 0"),
                      ("game.toml", "recruit_costs = [4, 6, 8, 10, 12]", "recruit_costs = [9, 11, 13, 15, 17]"),
                      ("game.toml", "market_primary = 2", "market_primary = 3"),
                      ("game.toml", "cage_levels = 2", "cage_levels = 1")],
    # tracks of 2 spaces fill at once, $9 to start, relief at $60 (never affordable), a 3rd and
    # 4th miner at $4 and $6, and the Drill Bit's 3rd space at $40
    "ore": [("game.toml", "track_spaces = 7", "track_spaces = 2"),
            ("game.toml", "starting_money = 20", "starting_money = 9"),
            ("game.toml", "relief_cost = 5", "relief_cost = 60"),
            ("game.toml", "extra_miner_cost = { 3 = 25, 4 = 30 }", "extra_miner_cost = { 3 = 4, 4 = 6 }"),
            ("game.toml", "drill_bit_third_space = { money = 5, coal = 1 }",
             "drill_bit_third_space = { money = 40, coal = 1 }")],
}


def edited_copy(game_id: str, tmp_path: Path) -> str:
    folder = tmp_path / game_id
    shutil.copytree(builtin_data_dir() / game_id, folder)
    assert game_id in EDITS, (f"{game_id}: add to EDITS at least three edits of numbers its legality "
                              f"depends on, so its buttons are checked on an edited copy too")
    for name, old, new in EDITS[game_id]:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{name}: {old!r} should appear once"
        path.write_text(text.replace(old, new), encoding="utf-8")
    return str(folder)


def reachable_states(game, players: int, seed: int):
    """States along one random game, a sample of them."""
    chooser = random.Random(seed)
    state = game.setup([PlayerSpec(f"P{i}") for i in range(players)], None, seed)
    seen = [state]
    for _ in range(MAX_STEPS):
        if game.end_if(state) is not None:
            break
        moved = False
        automatic = set(game.automatic_seats(state))
        for seat in game.acting_seats(state):
            if seat in automatic:
                action = game.bot_action(state, seat)
            else:
                step = game.bot_step(state, seat, "random" if chooser.random() < 0.7 else "heuristic", chooser)
                action = None if step is None else step[0]
            if action is None:
                continue
            try:
                state = game.apply(state, action)
            except HeadframeError as exc:  # pragma: no cover - the message is the point
                pytest.fail(f"a bot chose {action}, which the rules refuse: {exc}")
            seen.append(state)
            moved = True
            break
        if not moved:
            break
    return random.Random(seed).sample(seen, min(SAMPLES_PER_GAME, len(seen)))


def check_options(game, state) -> int:
    checked = 0
    for seat in range(len(game.score(state).totals)):
        for option in game.options(state, seat):
            try:
                game.apply(state, option.action)
                refused = None
            except HeadframeError as exc:
                refused = str(exc)
            assert option.allowed == (refused is None), \
                f"seat {seat}: {option.label!r} {option.action} offered allowed={option.allowed}, apply says {refused}"
            if not option.allowed:
                assert option.reason == refused == game.refusal(state, option.action)
            checked += 1
    return checked


@pytest.mark.parametrize("edited", [False, True], ids=["shipped", "edited"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_offered_option_agrees_with_the_rules(game_id, edited, tmp_path):
    if game_id in PENDING:
        pytest.skip(f"{game_id} is not in the one shape yet")
    game = find_game(game_id, edited_copy(game_id, tmp_path) if edited else None)
    low, high = game.players
    checked = 0
    for index in range(GAMES_PER_CASE):
        players = low + index % (high - low + 1)
        for state in reachable_states(game, players, 7919 * index + (1 if edited else 0)):
            checked += check_options(game, state)
    assert checked > 0
