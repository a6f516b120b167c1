"""Ore's engine in the one shape: the typed state keeps the stored JSON, the moves refuse by the
numbers of the data they are bound to, no action hides anything from the other seats, the
shared descent rule, and bots that finish every variant and player count."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
from pathlib import Path

import pytest

from companion import PlayerSpec, find_game
from companion.data import builtin_data_dir
from companion.errors import NotYourTurn, RuleViolation
from companion.ore.setup.scenario import as_json, give, state, table
from companion.ore_rules.descent import descend
from test_check import line_of
from test_data_numbers import edited_copy
from headframe.cli import main

GAME = find_game("ore")
JOE, ANN, BO = 0, 1, 2


def positions(players=3, variant="standard", seed=4, bot="random"):
    """Every state of one bot game."""
    chooser = random.Random(seed)
    s = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, seed)
    found = [s]
    while GAME.end_if(s) is None:
        s = GAME.bot_step(s, GAME.acting_seats(s)[0], bot, chooser)[1]
        found.append(s)
    return found


def _values(value, where, found):
    if isinstance(value, (dict, list, set)):
        found.append(f"{where}: {type(value).__name__}")
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _values(getattr(value, f.name), f"{where}.{f.name}", found)
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            _values(item, f"{where}[{index}]", found)


@pytest.mark.parametrize("variant", ["standard", "contract-race"])
def test_every_state_of_a_game_is_typed_and_stores_as_the_same_json(variant):
    for s in positions(variant=variant)[::7]:
        loose: list[str] = []
        _values(s, "state", loose)
        assert loose == []
        stored = json.loads(json.dumps(GAME.to_json(s), sort_keys=True))  # a database may reorder keys
        assert GAME.from_json(stored) == s
        assert GAME.to_json(GAME.from_json(stored)) == GAME.to_json(s)
        assert json.dumps(GAME.to_json(GAME.from_json(stored))) == json.dumps(GAME.to_json(s))  # key order too


def test_a_state_is_never_changed_by_a_move_or_a_refusal():
    s = positions()[40]
    before = GAME.to_json(s)
    for seat in range(3):
        for option in GAME.options(s, seat):
            GAME.try_apply(s, option.action)
    assert GAME.to_json(s) == before


def test_the_starting_player_replenishes():
    d = table(GAME)
    d["phase"], d["turn"], d["start"] = "replenish", None, ANN
    s = state(d)
    with pytest.raises(NotYourTurn, match="The starting player, Ann, replenishes the table."):
        GAME.apply(s, {"type": "replenish", "seat": JOE})
    assert as_json(GAME.apply(s, {"type": "replenish", "seat": ANN}))["start"] == BO


def test_no_field_of_an_action_is_hidden_from_the_other_seats():
    for move in GAME.moves:
        assert move.spec.private == (), move.type
    for s in positions()[::25]:
        for seat in GAME.acting_seats(s):
            for option in GAME.options(s, seat):
                assert all(GAME.action_view(option.action, viewer) == option.action for viewer in (None, 0, 1, 2))


def test_a_form_asking_to_trade_two_billion_barrels_is_refused_by_the_rule():
    d = table(GAME)
    give(d, JOE, barrels={"copper": 3}, assets=["commodities-exchange"])
    with pytest.raises(RuleViolation, match="Commodities Exchange takes 2, 3, 4 barrels of one kind"):
        GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "commodities-exchange", "give": "copper",
                              "count": 2 ** 31 - 1, "take": "gold"})
    with pytest.raises(RuleViolation, match="2 barrels trade for 1, not 2147483647"):
        GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "commodities-exchange", "give": "copper",
                              "count": 2, "take_gold": 2 ** 31 - 1})


def edited(tmp_path: Path, old: str, new: str) -> str:
    folder = tmp_path / "ore"
    shutil.copytree(builtin_data_dir() / "ore", folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count(old) == 1
    toml.write_text(text.replace(old, new), encoding="utf-8")
    return str(folder)


def test_the_futures_tokens_in_play_are_the_printed_ones(tmp_path):
    game = find_game("ore", edited(tmp_path, "count = 5\npainter = \"token\"\nsize = \"24mm\"",
                                   "count = 1\npainter = \"token\"\nsize = \"24mm\""))
    d = table(game)
    give(d, JOE, money=20, barrels={"gold": 2})
    d["players"][ANN]["futures"] = [{"res": "oil", "count": 1}]
    d["bank"]["barrels"]["oil"] -= 1
    d["phase"], d["queue"] = "acquisition", [{"seat": JOE, "kind": "initiative"}]
    d["rows"]["initiatives"][0] = "futures-exchange"
    buy = {"type": "buy_initiative", "seat": JOE, "slot": 0, "barrel": "gold"}
    assert game.refusal(state(d), buy) == "All 1 Futures tokens are in use."
    assert GAME.refusal(state(d), buy) is None  # the shipped data has 5


MINERS = ("[components.miners]\nname = \"Miners\"\nkind = \"token\"\ncount = 25", "per_player = 4, seat_marks")


def test_no_player_employs_more_miners_than_the_box_holds_of_their_colour(tmp_path):
    """The box holds 4 miners of each colour (tables.miners_per_colour): a copy with 3 refuses
    Expanded Ops for a fourth miner, though tables.max_miners still allows 4."""
    game = find_game("ore", str(edited_copy(tmp_path, "ore", ("miners_per_colour = 4", "miners_per_colour = 3"),
                                            (MINERS[0], MINERS[0].replace("count = 25", "count = 20")),
                                            (MINERS[1], MINERS[1].replace("4", "3")))))
    d = table(game)
    give(d, JOE, money=60)
    d["rows"]["initiatives"][:2] = ["expanded-ops", "expanded-ops"]
    d["phase"], d["queue"], d["start"] = "acquisition", [{"seat": JOE, "kind": "asset"}] * 2, JOE
    s = game.apply(state(d), {"type": "buy_initiative", "seat": JOE, "slot": 0})
    assert as_json(s)["players"][JOE]["miners"] == 3
    fourth = {"type": "buy_initiative", "seat": JOE, "slot": 1}
    assert game.refusal(s, fourth) == ("Joe already employs 3 miners, every miner of their colour in the box (3): "
                                       "there is no piece for another.")
    with pytest.raises(RuleViolation) as refused:
        game.apply(s, fourth)
    assert refused.value.rule == "Expanded Ops"
    assert GAME.refusal(GAME.apply(state(d), {"type": "buy_initiative", "seat": JOE, "slot": 0}), fourth) is None


@pytest.mark.parametrize("old,new,expected", [
    ("miners_per_colour = 4", "miners_per_colour = 3",
     ["components.miners.count: prints 25; tables.miners_per_colour (3) for each of 5 colours and "
      "tables.contracted_miners (5) makes 20",
      "components.miners.options.per_player: prints 4; tables.miners_per_colour makes 3"]),
    ("miners_per_colour = 4", "miners_per_colour = 1",
     ["tables.miners_per_colour: a player starts with 2 miners of their colour (setup.starting_miners): the box "
      "needs at least that many, not 1"]),
])
def test_the_boxs_counts_are_the_printed_pieces(tmp_path, capsys, old, new, expected):
    """The miners the tables count are the ones the print set makes: a copy that changes one
    without the other stops check at the component's line (the Strike! tokens' count names
    tables.strike_tokens: tests/test_component_counts.py)."""
    toml = Path(edited(tmp_path, old, new)) / "game.toml"
    capsys.readouterr()
    assert main(["check", "ore", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert all(line.startswith(f"{toml}:") for line in err), err
    assert sorted(line.split(": ", 1)[1] for line in err) == sorted(expected), err


def test_a_number_the_rules_need_is_checked_at_its_line(tmp_path, capsys):
    folder = edited(tmp_path, "track_spaces = 7", 'track_spaces = "seven"')
    toml = Path(folder) / "game.toml"
    capsys.readouterr()
    assert main(["check", "ore", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{toml}:{line_of(toml, 'track_spaces')}: tables.track_spaces: must be a whole number of 0 or more, not 'seven'" in err
    assert "Traceback" not in err


def test_the_deepest_stuck_miner_exhausts_the_mine_and_others_go_home_alone():
    deep_enough = {(0, 1), (0, 2), (1, 1)}  # (seat, space) each seat may reach
    reaches = lambda seat, space: (seat, space) in deep_enough  # noqa: E731
    assert descend([(0, 0), (1, 1)], reaches) == ((None, None), True)
    assert descend([(1, 0), (0, 1)], reaches) == ((1, 2), False)
    assert descend([(2, 0), (0, 1)], reaches) == ((None, 2), False)
    assert descend([], reaches) == ((), False)


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_finish_every_variant_and_player_count(bot):
    """100 seeded games per bot kind over every variant and player count end without a cap
    (NOTES.md, Bots, has the 1,000-game runs)."""
    combos = [(variant, players) for variant in GAME.variants for players in range(3, 6)]
    for index in range(100):
        variant, players = combos[index % len(combos)]
        chooser = random.Random(index)
        s = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, 500 + index)
        for _ in range(5000):
            if GAME.end_if(s) is not None:
                break
            s = GAME.bot_step(s, GAME.acting_seats(s)[0], bot, chooser)[1]
        assert GAME.end_if(s) is not None, f"{bot}: game {index} ({variant}, {players} players) did not end"
