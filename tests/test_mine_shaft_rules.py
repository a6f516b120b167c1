"""Mine Shaft rules on hand-made mines: placement, the first-turn redraw, dice order, collapse,
clearing, movement and mining."""

from __future__ import annotations

import pytest

from companion.core import PlayerSpec
from companion.errors import NotYourTurn, RuleViolation
from companion import find_game
from companion.mine_shaft.notation import notation, parse

GAME = find_game("mine-shaft")
R = GAME.data


def pos(text: str):
    return parse(R, text)


def act(state, kind, **fields):
    return GAME.apply(state, {"type": kind, "seat": state.turn, **fields})


def refused(state, kind, match, **fields):
    before = notation(state)
    with pytest.raises(RuleViolation, match=match):
        act(state, kind, **fields)
    assert notation(state) == before  # a refused action never changes anything


# Ann stands on an east-west straight at (1, 0); its east edge is the only open end.
CORRIDOR = "turn=0 phase=start | bag=50,30,20 | pile=Ey3,Sy1,Tg1 | start@0,0 Sy1@1,0/90 | Ann@1,0+ Bo@0,0+"


def test_a_tile_goes_only_against_the_open_edge_of_the_standing_tile():
    state = act(pos(CORRIDOR), "draw_tile", tile="Ey3")
    assert state.phase == "place" and state.drawn == "Ey3"
    refused(state, "place_tile", "The square 1 south and 1 east of the start tile is not at an open end of your tile: "
            "the tile must go 2 east of the start tile",
            x=1, y=1, rotation=0)
    # The end of shaft opens north unturned; facing west (towards Ann) it must turn 270°.
    refused(state, "place_tile", "no track on the edge facing your tile", x=2, y=0, rotation=0)
    placed = act(state, "place_tile", x=2, y=0, rotation=270, minerals=["coal", "gold", "silver"])
    assert placed.tiles[(2, 0)].minerals == ("coal", "silver", "gold")
    assert placed.bag == (49, 29, 19)
    assert placed.phase == "roll"


def test_only_the_standing_tile_must_fit_not_the_other_neighbours():
    # (3, 0) holds an end of shaft facing north: its west edge is closed. A straight laid at
    # (2, 0) runs east into it; that is allowed, only Ann's tile has to fit.
    state = pos("turn=0 phase=start | bag=50,30,20 | pile=Sy1,Tg1 | start@0,0 Sy1@1,0/90 Ey3@3,0 | Ann@1,0+ Bo@0,0+")
    state = act(act(state, "draw_tile", tile="Sy1"), "place_tile", x=2, y=0, rotation=90, minerals=["coal"])
    assert state.tiles[(2, 0)].design == "Sy1"


def test_no_tile_can_be_laid_away_from_an_open_end():
    # Ann's straight runs north-south between the start tile and an end tile: no open edge.
    state = pos("turn=0 phase=start | bag=50,30,20 | pile=Sy1 | start@0,0 Sy1@0,1 Ey3@0,2 | Ann@0,1+ Bo@0,0+")
    assert state.phase == "start" and state.anchors == ()
    settled = act(pos("turn=1 phase=mine | bag=50,30,20 | pile=Sy1 | start@0,0 Sy1@0,1 Ey3@0,2 | Ann@0,1+ Bo@0,0+"),
                  "pass")
    assert settled.turn == 0 and settled.phase == "roll"
    refused(settled, "draw_tile", "end of an open shaft")


def test_first_turn_puts_back_an_end_of_shaft_and_draws_again():
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "advanced", seed=1)
    state = parse(R, notation(state).replace(notation(state).split(" | ")[2], "pile=Ey3,Sy1"))
    assert not state.current.started
    refused(state, "draw_tile", "first turn an end-of-shaft tile goes back", tile="Ey3")
    for seed in range(12):  # whatever the shuffle, the first-turn draw is never the end of shaft
        drawn = act(parse(R, notation(state), seed=seed), "draw_tile")
        assert drawn.drawn == "Sy1" and drawn.pile == ("Ey3",)


def test_after_the_first_turn_an_end_of_shaft_may_be_drawn():
    state = pos("turn=0 phase=start | bag=50,30,20 | pile=Ey3 | start@0,0 | Ann@0,0+ Bo@0,0+")
    assert act(state, "draw_tile").drawn == "Ey3"


def test_first_turn_must_lay_a_tile_before_rolling_later_turns_need_not():
    state = pos("turn=0 phase=start | bag=50,30,20 | pile=Sy1,Tg1 | start@0,0 | Ann@0,0 Bo@0,0")
    refused(state, "roll", "first turn you must draw and lay a tile")
    refused(state, "move", "You move after rolling the dice", x=0, y=0)
    later = pos("turn=0 phase=start | bag=50,30,20 | pile=Sy1,Tg1 | start@0,0 | Ann@0,0+ Bo@0,0")
    assert act(later, "roll", die_a="red", die_b=2).phase in ("die_a", "move")


def test_only_the_player_whose_turn_it_is_may_act():
    with pytest.raises(NotYourTurn, match="Ann's turn"):
        GAME.apply(pos(CORRIDOR), {"type": "draw_tile", "seat": 1})


# A row of straights east of the start: (1, 0) holds coal and gold, (2, 0) silver.
ROW = ("turn=0 phase=roll | bag=40,25,15 | pile=Sy1,Tg1 | start@0,0 Sr2@1,0/90:cg Sr2@2,0/90:s Ey3@3,0/270 "
       "| Ann@0,0+ Bo@1,0+ Cy@3,0+")


def test_die_a_is_resolved_before_die_b():
    state = act(pos(ROW), "roll", die_a="quake", die_b=3)
    assert state.phase == "die_a"
    refused(state, "move", "move after die A has been resolved", x=1, y=0)


def test_a_quake_collapses_an_adjacent_tile_and_returns_its_minerals():
    state = act(pos(ROW), "roll", die_a="quake", die_b=3)
    refused(state, "collapse", "the red straight 2 east of the start tile is not next to it", x=2, y=0)
    refused(state, "skip", "A quake must collapse a tile next to you")
    beside_start = act(pos(ROW.replace("Ann@0,0+", "Ann@1,0+")), "roll", die_a="quake", die_b=1)
    refused(beside_start, "collapse", "starting tile never collapses", x=0, y=0)
    after = act(state, "collapse", x=1, y=0)
    assert after.tiles[(1, 0)].collapsed and after.tiles[(1, 0)].minerals == ()
    assert after.bag == (41, 25, 16)  # one coal and one gold back into the bag
    assert "Bo must clear it next turn" in after.note
    assert after.phase == "move"


def test_a_collapsed_tile_blocks_movement_but_can_be_the_last_step():
    state = act(act(pos(ROW), "roll", die_a="quake", die_b=3), "collapse", x=1, y=0)
    refused(state, "move", "without passing through a collapsed tile", x=2, y=0)
    stopped = act(state, "move", x=1, y=0)
    assert stopped.players[0].pos == (1, 0)


def test_the_player_on_a_collapsed_tile_clears_it_next_turn_and_does_nothing_else():
    state = act(act(pos(ROW), "roll", die_a="quake", die_b=3), "collapse", x=1, y=0)
    state = act(state, "move", x=0, y=0)  # Ann stays on the start tile: nothing to mine there
    assert state.turn == 1 and state.phase == "clear"
    refused(state, "roll", "you clear it and nothing else")
    refused(state, "draw_tile", "before rolling")
    cleared = act(state, "clear", minerals=["gold", "coal"])
    assert not cleared.tiles[(1, 0)].collapsed
    assert cleared.tiles[(1, 0)].minerals == ("coal", "gold")
    assert cleared.bag == (40, 25, 15)
    assert cleared.players[1].pos == (1, 0) and cleared.players[1].haul == (0, 0, 0)
    assert cleared.turn == 2  # the clearing ends Bo's turn


def test_no_quake_target_means_nothing_happens():
    state = pos("turn=0 phase=roll | bag=50,30,20 | pile=Sy1 | start@0,0 | Ann@0,0+ Bo@0,0+")
    assert act(state, "roll", die_a="quake", die_b=1).phase == "move"


def test_a_colour_fills_one_free_tile_of_that_colour():
    state = act(pos(ROW), "roll", die_a="red", die_b=1)
    refused(state, "fill_tile", "already full", x=1, y=0)
    filled = act(state, "fill_tile", x=2, y=0, minerals=["gold"])
    assert filled.tiles[(2, 0)].minerals == ("silver", "gold")
    assert filled.bag == (40, 25, 14)
    refused(act(pos(ROW), "roll", die_a="red", die_b=1), "fill_tile", "choose a red tile", x=3, y=0)
    # Blue: no blue tile in the mine, so die A does nothing.
    assert act(pos(ROW), "roll", die_a="blue", die_b=1).phase == "move"


def test_the_bag_draw_must_match_what_is_left():
    state = act(pos(ROW.replace("bag=40,25,15", "bag=40,25,0")), "roll", die_a="red", die_b=1)
    refused(state, "fill_tile", "only 0 gold left", x=2, y=0, minerals=["gold"])
    refused(state, "fill_tile", "takes 1 mineral", x=2, y=0, minerals=["coal", "coal"])


def test_die_b_is_the_most_a_player_moves_and_less_is_allowed():
    state = act(pos(ROW.replace("Bo@1,0+", "Bo@0,0+")), "roll", die_a="blue", die_b=2)
    refused(state, "move", "3 steps along the track and die B allows 2", x=3, y=0)
    assert act(state, "move", x=2, y=0).last_path == ((0, 0), (1, 0), (2, 0))
    assert act(state, "move", x=1, y=0).players[0].pos == (1, 0)


def test_after_moving_one_mineral_is_mined_from_the_tile():
    state = act(act(pos(ROW), "roll", die_a="blue", die_b=2), "move", x=2, y=0)
    assert state.phase == "mine"
    refused(state, "take", "There is no gold on your tile", mineral="gold")
    mined = act(state, "take", mineral="silver")
    assert mined.players[0].haul == (0, 1, 0) and mined.tiles[(2, 0)].minerals == ()
    assert mined.turn == 1


def test_roundtrip_through_json_and_notation():
    state = act(pos(ROW), "roll", die_a="quake", die_b=3)
    assert GAME.from_json(GAME.to_json(state)) == state
    assert notation(parse(R, notation(state))) == notation(state)


def test_problems_lists_everything_wrong_with_a_position_at_once():
    broken = pos("turn=0 phase=roll | bag=50,30,19 | pile=Sy1 | start@0,0 Sy1@1,0/90:cc Ey3@2,0!:g | Ann@5,5+ Bo@0,0+")
    found = {(p.field, p.message) for p in GAME.problems(broken)}
    assert ("tiles.(1, 0)", "holds 2 minerals on 1 slots") in found
    assert ("tiles.(2, 0)", "is collapsed but still holds minerals") in found
    assert ("players.0", "Ann stands 5 south and 5 east of the start tile, where there is no tile") in found
    assert ("minerals", "52 coal in the bag, on tiles and with players; the game has 50") in found
    assert GAME.problems(pos(ROW.replace("bag=40,25,15", "bag=49,29,19"))) == []


def test_a_real_bag_is_mirrored_by_counts():
    state = act(act(pos(CORRIDOR), "draw_tile", tile="Ey3"), "place_tile", x=2, y=0, rotation=270,
                coal=1, gold=2)
    assert state.tiles[(2, 0)].minerals == ("coal", "gold", "gold") and state.bag == (49, 30, 18)
    drawn = act(pos(CORRIDOR), "draw_tile", tile="Ey3")
    refused(drawn, "place_tile", "takes 3 minerals from the bag, not 1", x=2, y=0, rotation=270, silver=1)
