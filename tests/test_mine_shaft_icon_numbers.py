"""How much the advanced icons do is the data's (``[tables.icons]`` of game.toml): a Porous
rock's minerals and extra tiles, the tiles a Mine kart gathers from and the steps of a Call for
help. A copy that changes one changes the game, its buttons and its refusals (a copy that spoils
one is refused by ``check`` at its line: tests/test_data_numbers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import find_game
from companion.errors import RuleViolation
from companion.mine_shaft.notation import notation, parse
from test_data_numbers import edited_copy

SHIPPED = find_game("mine-shaft")


def edited(tmp_path: Path, old: str, new: str):
    """The game bound to a copy of its data with ``old`` (found once in game.toml) written as ``new``."""
    return find_game("mine-shaft", str(edited_copy(tmp_path, "mine-shaft", (old, new))))


def act(game, state, kind, **fields):
    return game.apply(state, {"type": kind, "seat": state.turn, **fields})


def refused(game, state, kind, match, **fields):
    before = notation(state)
    with pytest.raises(RuleViolation, match=match):
        act(game, state, kind, **fields)
    assert notation(state) == before


def lay(game, text: str, tile: str, x: int, y: int, rotation: int, minerals: list[str]):
    state = act(game, parse(game.data, text), "draw_tile", tile=tile)
    return act(game, state, "place_tile", x=x, y=y, rotation=rotation, minerals=minerals)


# Ann on a T at (1, 0), open north, east and south, lays a porous rock east of it; Tg1 and Sy1
# wait face down.
POROUS = ("turn=0 phase=start | bag=40,25,15 | pile=Sn2-porous,Tg1,Sy1 | start@0,0 Tg1@1,0 "
          "| Ann@1,0+ Bo@0,0+")
# A long east-west line: Bo 4 steps west of the help square (3, 0).
HELP = ("turn=0 phase=start | bag=40,25,15 | pile=Cb1-help,Tg1 | start@0,0 Sy1@1,0/90 Sy1@2,0/90 "
        "Sy1@-1,0/90 Sy1@-2,0/90 | Ann@2,0+ Bo@-1,0+")
# A kart laid at (3, 0), reached from the west along (2, 0), (1, 0) and the start tile's neighbour (-1, 0)
KART = ("turn=0 phase=start | bag=40,25,15 | pile=Cg1-kart,Tg1 | start@0,0 Sy1@-1,0/90:c Sy1@1,0/90:g "
        "Sr2@2,0/90:ss | Ann@2,0+ Bo@0,0+")


def test_a_porous_rock_draws_the_minerals_the_data_gives(tmp_path):
    game = edited(tmp_path, "minerals = 2", "minerals = 3")
    state = lay(game, POROUS, "Sn2-porous", 2, 0, 90, ["coal", "silver"])
    assert [o.label for o in game.options(state, 0) if o.action["type"] == "porous"] == ["Draw 3 minerals from the bag"]
    refused(game, state, "porous", "takes 3 minerals", minerals=["gold", "gold"])
    drawn = act(game, state, "porous", minerals=["gold", "gold", "coal"])
    assert drawn.players[0].haul == (1, 0, 2)
    # the shipped data draws two
    refused(SHIPPED, lay(SHIPPED, POROUS, "Sn2-porous", 2, 0, 90, ["coal", "silver"]), "porous", "takes 2 minerals",
            minerals=["gold", "gold", "coal"])


def test_a_porous_rock_brings_as_many_extra_tiles_as_the_data_gives(tmp_path):
    game = edited(tmp_path, "extra_tiles = 1", "extra_tiles = 2")
    state = act(game, lay(game, POROUS, "Sn2-porous", 2, 0, 90, ["coal", "silver"]), "porous",
                minerals=["gold", "gold"])
    assert state.phase == "extra" and state.anchors == ((1, 0), (2, 0)) and state.owed == ((2, 0),)
    assert game.from_json(game.to_json(state)) == state  # what a table stores keeps the owed tile
    state = act(game, act(game, state, "draw_tile", tile="Tg1"), "place_tile", x=3, y=0, rotation=270,
                minerals=["coal"])
    # the second extra tile, against Ann's tile or the porous one again
    assert state.phase == "extra" and state.anchors == ((1, 0), (2, 0)) and state.owed == ()
    refused(game, state, "roll", "draw and lay the extra tile")
    state = act(game, act(game, state, "draw_tile", tile="Sy1"), "place_tile", x=1, y=-1, rotation=0,
                minerals=["coal"])
    assert state.phase == "roll" and {(3, 0), (1, -1)} <= set(state.tiles)


def test_a_porous_rock_of_no_extra_tile_ends_with_its_minerals(tmp_path):
    game = edited(tmp_path, "extra_tiles = 1", "extra_tiles = 0")
    state = act(game, lay(game, POROUS, "Sn2-porous", 2, 0, 90, ["coal", "silver"]), "porous",
                minerals=["gold", "gold"])
    assert state.phase == "roll" and state.players[0].haul == (0, 0, 2)
    shipped = act(SHIPPED, lay(SHIPPED, POROUS, "Sn2-porous", 2, 0, 90, ["coal", "silver"]), "porous",
                  minerals=["gold", "gold"])
    assert shipped.phase == "extra"


def test_a_call_for_help_moves_the_others_the_steps_the_data_gives(tmp_path):
    game = edited(tmp_path, "steps = 2", "steps = 3")
    state = lay(game, HELP, "Cb1-help", 3, 0, 180, ["coal"])
    assert state.players[1].pos == (2, 0)  # (-1, 0) -> (0, 0) -> (1, 0) -> (2, 0)
    assert lay(SHIPPED, HELP, "Cb1-help", 3, 0, 180, ["coal"]).players[1].pos == (1, 0)


def test_a_mine_kart_gathers_from_the_tiles_the_data_gives(tmp_path):
    longer = edited(tmp_path / "three", "tiles = 2", "tiles = 3")
    state = lay(longer, KART, "Cg1-kart", 3, 0, 180, ["coal"])
    runs = [o.action["tiles"] for o in longer.options(state, 0) if o.action["type"] == "kart"]
    assert runs == [[[2, 0], [1, 0], [0, 0]]]
    refused(longer, state, "kart", "one to three tiles", tiles=[[2, 0], [1, 0], [0, 0], [-1, 0]])
    assert act(longer, state, "kart", tiles=[[2, 0], [1, 0], [0, 0]]).players[0].haul == (0, 2, 1)

    shorter = edited(tmp_path / "one", "tiles = 2", "tiles = 1")
    state = lay(shorter, KART, "Cg1-kart", 3, 0, 180, ["coal"])
    refused(shorter, state, "kart", "Choose one tile for the mine kart", tiles=[[2, 0], [1, 0]])
    refused(shorter, state, "kart", "gathers from the one tile joined to it by track", tiles=[[1, 0]])
    assert act(shorter, state, "kart", tiles=[[2, 0]]).players[0].haul == (0, 2, 0)

    shipped = lay(SHIPPED, KART, "Cg1-kart", 3, 0, 180, ["coal"])
    assert [o.action["tiles"] for o in SHIPPED.options(shipped, 0) if o.action["type"] == "kart"] == [
        [[2, 0], [1, 0]]]
