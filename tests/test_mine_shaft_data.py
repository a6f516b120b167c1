"""Mine Shaft data: the rulebook's counts and the designed tile distribution (see NOTES.md)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.core import PlayerSpec
from companion.data import load_game
from companion import find_game
from companion.mine_shaft.setup import pile_for
from companion.mine_shaft.data import open_edges

GAME = find_game("mine-shaft")
R = GAME.data
DATA = load_game("mine-shaft")
NET = {"end": -1, "straight": 0, "curve": 0, "tee": 1, "cross": 2}


def test_rulebook_counts():
    assert sum(d.qty for d in R.designs.values() if d.id != "start") == 100
    assert DATA.components["shaft-tiles"].count == 100
    assert R.bag == (50, 30, 20)            # coal, silver, gold
    assert R.values == (1, 3, 5)
    assert sorted(R.die_a) == sorted(["yellow", "blue", "red", "green", "quake", "quake"])
    assert sorted(set(R.die_b)) == [1, 2, 3] and len(R.die_b) == 6
    assert open_edges(R.design("start"), 0) == frozenset("NESW")
    assert set(R.icon_names.values()) == {"Swap", "Fire!", "Timed fuse", "Porous rock", "Mine kart", "Tunnel",
                                          "Call for help"}


@pytest.mark.parametrize("players, tiles, net", [(2, 60, 12), (3, 80, 16), (4, 100, 20)])
def test_each_player_count_keeps_the_same_mix(players, tiles, net):
    pile = pile_for(R, players, "advanced")
    assert len(pile) == tiles
    colours = Counter(R.design(t).colour for t in pile)
    assert set(colours.values()) == {tiles // 5}  # four colours and uncoloured, evenly
    assert sum(NET[R.design(t).shape] for t in pile) == net
    basic = pile_for(R, players, "basic")
    assert sum(NET[R.design(t).shape] for t in basic) == net  # icons sit only on net-zero shapes
    assert Counter(R.design(t).icon for t in pile if R.design(t).icon) == Counter(
        {2: {"swap": 1, "fire": 1, "fuse": 1, "porous": 1, "kart": 1, "tunnel": 1, "help": 1},
         3: {"swap": 2, "fire": 1, "fuse": 1, "porous": 2, "kart": 2, "tunnel": 1, "help": 1},
         4: {k: 2 for k in ("swap", "fire", "fuse", "porous", "kart", "tunnel", "help")}}[players])


def test_setup_puts_everyone_on_the_start_tile_with_a_full_bag():
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo"), PlayerSpec("Cy")], "advanced", seed=7)
    assert all(m.pos == (0, 0) for m in state.players)
    assert state.bag == (50, 30, 20) and len(state.pile) == 80
    assert state.turn == state.first and state.phase == "start"
    firsts = {GAME.setup([PlayerSpec("A"), PlayerSpec("B")], seed=s).first for s in range(20)}
    assert firsts == {0, 1}  # the first player is drawn, not always seat 0


def test_player_counts_outside_two_to_four_are_refused():
    assert "2–4 players" in GAME.check_setup([PlayerSpec("A")], None)
    assert GAME.check_setup([PlayerSpec("A"), PlayerSpec("B")], "basic") is None


def test_a_bad_tile_row_is_reported_with_file_line_and_field(tmp_path):
    import shutil

    from companion.errors import DataError
    from companion.mine_shaft.data.tiles import read_tiles

    copy = tmp_path / "mine-shaft"
    shutil.copytree(DATA.root, copy)
    lines = (copy / "tiles.csv").read_text().splitlines()
    lines[3] = lines[3].replace(",end,", ",spiral,")
    (copy / "tiles.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(DataError) as caught:
        read_tiles(load_game("mine-shaft", copy))
    message = str(caught.value)
    assert "tiles.csv:4: shape: 'spiral' is not one of: end, straight, curve, tee, cross" in message
    assert "add up to 99 tiles" not in message  # the bad row is reported, not a knock-on total


def test_the_basic_game_is_the_default_as_the_rulebook_suggests_for_new_players():
    import tomllib
    from webapp.views import game_choices
    toml = tomllib.loads((Path(__file__).resolve().parents[1] / "cards_data" / "mine-shaft" / "game.toml")
                         .read_text(encoding="utf-8"))
    assert toml["game"]["default_variant"] == "basic" == GAME.variants[0]
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    assert state.variant == "basic" and not any(R.design(d).icon for d in state.pile)
    offered = [c["value"] for c in game_choices() if c["value"].startswith("mine-shaft")]
    assert offered[0] == "mine-shaft|basic"
