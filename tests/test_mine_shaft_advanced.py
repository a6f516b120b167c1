"""Each of the seven advanced tiles, on hand-made mines."""

from __future__ import annotations

from dataclasses import replace

from companion import find_game
from companion.mine_shaft.notation import parse
from test_mine_shaft_rules import act, refused  # the same two helpers: apply, or refuse and change nothing

GAME = find_game("mine-shaft")
R = GAME.data


def lay(text: str, tile: str, x: int, y: int, rotation: int, minerals: list[str]):
    """Ann draws ``tile`` and lays it, filling it with ``minerals``."""
    state = act(parse(R, text), "draw_tile", tile=tile)
    return act(state, "place_tile", x=x, y=y, rotation=rotation, minerals=minerals)


# Ann on an east-west straight at (1, 0); a green T north of the start holds coal;
# Bo stands on a curve south of the start.
MINE = ("turn=0 phase=start | bag=40,25,15 | pile={pile},Tg1 | start@0,0 Sy1@1,0/90 Tg1@0,-1:c Cn1@0,1/0:s "
        "| Ann@1,0+ Bo@0,1+ Cy@0,0+")


def mine_with(pile: str) -> str:
    return MINE.format(pile=pile)


def test_swap_exchanges_the_new_tile_with_an_unoccupied_one_minerals_included():
    state = lay(mine_with("Sr2-swap"), "Sr2-swap", 2, 0, 90, ["gold", "gold"])
    assert state.phase == "effect" and state.effect == "swap"
    refused(state, "swap", "unoccupied tile", x=0, y=1)          # Bo stands there
    refused(state, "swap", "starting tile stays", x=0, y=0)
    refused(state, "roll", "Resolve the advanced tile")
    swapped = act(state, "swap", x=0, y=-1)
    assert swapped.tiles[(0, -1)].design == "Sr2-swap" and swapped.tiles[(0, -1)].minerals == ("gold", "gold")
    assert swapped.tiles[(2, 0)].design == "Tg1" and swapped.tiles[(2, 0)].minerals == ("coal",)
    assert swapped.phase == "roll"


def test_swap_and_mine_kart_must_act_like_every_icon():
    state = lay(mine_with("Sr2-swap"), "Sr2-swap", 2, 0, 90, ["gold", "gold"])
    refused(state, "skip", "The Swap tile must act")
    assert not any(o.action["type"] == "skip" for o in GAME.options(state, 0))
    text = ("turn=0 phase=start | bag=40,25,15 | pile=Cg1-kart,Tg1 | start@0,0 Sy1@1,0/90:g Sr2@2,0/90:ss "
            "| Ann@2,0+ Bo@0,0+")
    refused(lay(text, "Cg1-kart", 3, 0, 180, ["coal"]), "skip", "The Mine kart tile must act")


def test_an_icon_with_nothing_to_act_on_passes_by_itself():
    # Every other tile is occupied: the swap has no partner and the turn goes on to the roll.
    text = "turn=0 phase=start | bag=40,25,15 | pile=Sr2-swap,Tg1 | start@0,0 Sy1@1,0/90 | Ann@1,0+ Bo@0,0+"
    state = lay(text, "Sr2-swap", 2, 0, 90, ["gold", "gold"])
    assert state.phase == "roll" and state.tiles[(2, 0)].design == "Sr2-swap"


def test_fire_sends_every_piece_next_to_it_back_to_the_start_minerals_stay():
    # Bo waits on a tile south of the fire square, Cy far away north.
    text = ("turn=0 phase=start | bag=40,25,15 | pile=Sb2-fire,Tg1 | start@0,0 Sy1@1,0/90 Cn2@2,1:cc "
            "Tg1@0,-1:c | Ann@1,0+ Bo@2,1+ Cy@0,-1+")
    state = lay(text, "Sb2-fire", 2, 0, 90, ["silver", "gold"])
    assert [m.pos for m in state.players] == [(0, 0), (0, 0), (0, -1)]
    assert state.tiles[(2, 1)].minerals == ("coal", "coal")
    assert "Fire! sends Ann, Bo back" in state.note
    assert state.phase == "roll"


def test_timed_fuse_collapses_any_tile_even_an_occupied_one():
    state = lay(mine_with("Sy2-fuse"), "Sy2-fuse", 2, 0, 90, ["coal", "coal"])
    assert state.effect == "fuse"
    refused(state, "fuse", "never collapses", x=0, y=0)
    refused(state, "skip", "must act")
    blown = act(state, "fuse", x=0, y=1)  # Bo's tile, far from the fuse
    assert blown.tiles[(0, 1)].collapsed
    assert blown.bag == (38, 26, 15)  # two coal laid on the fuse tile, Bo's silver back
    # Bo now has to clear it on his turn.
    blown = act(act(blown, "roll", die_a="blue", die_b=1), "move", x=1, y=0)  # nothing to mine: turn ends
    assert blown.turn == 1 and blown.phase == "clear"


def test_timed_fuse_may_bring_down_the_fusers_own_tile():
    # "Any tile in play, occupied or not": Ann's own tile too. She is buried, cannot move, and
    # clears it on her next turn.
    state = lay(mine_with("Sy2-fuse"), "Sy2-fuse", 2, 0, 90, ["coal", "coal"])
    buried = act(state, "fuse", x=1, y=0)
    assert buried.tiles[(1, 0)].collapsed and buried.phase == "roll"
    rolled = act(buried, "roll", die_a="blue", die_b=3)
    assert [o.action for o in GAME.options(rolled, 0)] == [{"type": "move", "x": 1, "y": 0, "seat": 0}]  # stay only
    refused(rolled, "move", "cannot move", x=2, y=0)
    after = act(rolled, "move", x=1, y=0)
    after = act(act(act(after, "roll", die_a="blue", die_b=1), "move", x=0, y=1), "pass")  # Bo's turn
    after = act(act(after, "roll", die_a="blue", die_b=1), "move", x=0, y=0)  # Cy's turn
    assert after.turn == 0 and after.phase == "clear"


def test_porous_rock_draws_two_minerals_then_an_extra_tile():
    state = lay(mine_with("Sn2-porous"), "Sn2-porous", 2, 0, 90, ["coal", "silver"])
    assert state.effect == "porous"
    refused(state, "porous", "takes 2 minerals", minerals=["gold"])
    state = act(state, "porous", minerals=["gold", "gold"])
    assert state.players[0].haul == (0, 0, 2) and state.bag == (39, 24, 13)
    assert state.phase == "extra"
    refused(state, "roll", "draw and lay the extra tile")
    state = act(state, "draw_tile", tile="Tg1")
    # The extra tile may go against the porous tile itself: east of it at (3, 0).
    state = act(state, "place_tile", x=3, y=0, rotation=270, minerals=["coal"])
    assert state.tiles[(3, 0)].design == "Tg1" and state.phase == "roll"


def test_on_a_first_turn_the_porous_rock_extra_draw_also_puts_back_an_end_of_shaft():
    text = "turn=0 phase=start | bag=40,25,15 | pile=Sn2-porous,Ey3,Tg1 | start@0,0 | Ann@0,0 Bo@0,0"
    state = lay(text, "Sn2-porous", 1, 0, 90, ["coal", "silver"])
    state = act(state, "porous", minerals=["gold", "gold"])
    assert state.phase == "extra"
    refused(state, "draw_tile", "first turn an end-of-shaft tile goes back", tile="Ey3")
    for seed in range(8):
        assert act(replace(state, seed=seed), "draw_tile").drawn == "Tg1"


def test_porous_rock_with_an_empty_bag_still_brings_the_extra_tile():
    text = mine_with("Sn2-porous").replace("bag=40,25,15", "bag=0,0,0").replace("Tg1@0,-1:c", "Tg1@0,-1:cccccc")
    text = text.replace("Cn1@0,1/0:s", "Cn1@0,1/0:ssssss").replace("| Ann@1,0+", "| Ann@1,0=44,19,20+")
    state = lay(text, "Sn2-porous", 2, 0, 90, [])
    assert state.phase == "extra" and state.anchors == ((1, 0), (2, 0))
    state = act(act(state, "draw_tile", tile="Tg1"), "place_tile", x=3, y=0, rotation=270, minerals=[])
    assert state.tiles[(3, 0)].design == "Tg1" and state.phase == "roll"


def test_mine_kart_gathers_every_mineral_on_two_tiles_leading_to_it():
    text = ("turn=0 phase=start | bag=40,25,15 | pile=Cg1-kart,Tg1 | start@0,0 Sy1@1,0/90:g Sr2@2,0/90:ss "
            "Tg1@0,-1:c | Ann@2,0+ Bo@0,0+")
    state = lay(text, "Cg1-kart", 3, 0, 180, ["coal"])  # curve turned 180°: open south and west
    assert state.effect == "kart"
    refused(state, "kart", "the green T north of the start tile is not such a run. Choose the red straight 2 east of the start "
                    "tile and the yellow straight east of the start tile", tiles=[[0, -1]])
    refused(state, "kart", "not such a run", tiles=[[1, 0]])  # the kart rolls through (2, 0) first
    gathered = act(state, "kart", tiles=[[2, 0], [1, 0]])
    assert gathered.players[0].haul == (0, 2, 1)
    assert gathered.tiles[(2, 0)].minerals == () and gathered.tiles[(1, 0)].minerals == ()
    assert gathered.tiles[(0, -1)].minerals == ("coal",)


def test_mine_kart_takes_one_run_of_track_not_one_tile_from_each_branch():
    # The kart (3, 0) is reached from the west, along (2, 0) and (1, 0), and from the south,
    # from a T at (3, 1) whose other edges run into open rock.
    text = ("turn=0 phase=start | bag=40,25,15 | pile=Cg1-kart,Tg1 | start@0,0 Sy1@1,0/90:g Sr2@2,0/90:ss "
            "Tg1@3,1:c | Ann@2,0+ Bo@0,0+")
    state = lay(text, "Cg1-kart", 3, 0, 180, ["coal"])
    runs = sorted(o.action["tiles"] for o in GAME.options(state, 0) if o.action["type"] == "kart")
    assert runs == [[[2, 0], [1, 0]], [[3, 1]]]
    refused(state, "kart", "not such a run", tiles=[[2, 0], [3, 1]])
    gathered = act(state, "kart", tiles=[[3, 1]])
    assert gathered.players[0].haul == (1, 0, 0) and gathered.tiles[(2, 0)].minerals == ("silver", "silver")


def test_tunnel_takes_a_piece_standing_on_it_anywhere_and_works_every_turn():
    text = ("turn=0 phase=move die=red/1 | bag=40,25,15 | pile=Tg1 | start@0,0 Cr1-tunnel@1,0/180 "
            "Sy1@1,1:g Tg1@5,5:s | Ann@1,0+ Bo@0,0+")
    state = parse(R, text)
    gone = act(state, "tunnel", x=5, y=5)
    assert gone.players[0].pos == (5, 5) and gone.phase == "mine"
    elsewhere = parse(R, text.replace("Ann@1,0+", "Ann@0,0+"))
    refused(elsewhere, "tunnel", "standing on a Tunnel", x=5, y=5)


def test_call_for_help_pulls_every_other_piece_two_steps_stopping_on_a_collapse():
    # A long east-west line: Bo is 4 steps from the help square, Cy 3 steps beyond a collapse.
    text = ("turn=0 phase=start | bag=40,25,15 | pile=Cb1-help,Tg1 | start@0,0 Sy1@1,0/90 Sy1@2,0/90 "
            "Sy1@-1,0/90 Sy1@-2,0/90! Sy1@-3,0/90 | Ann@2,0+ Bo@-1,0+ Cy@-3,0+")
    state = lay(text, "Cb1-help", 3, 0, 180, ["coal"])  # help tile at (3, 0), open west and south
    # Bo: (-1,0) -> (0,0) -> (1,0). Cy: (-3,0) -> (-2,0), collapsed, stops there.
    assert [m.pos for m in state.players] == [(2, 0), (1, 0), (-2, 0)]
    assert state.phase == "roll"


def test_call_for_help_takes_the_way_round_a_collapse_when_it_is_as_short():
    # Bo at (1, 1) is three steps from the help tile at (-1, 0) either way round a small loop;
    # the way north is blocked by a collapse at (1, 0), the way west is clear.
    text = ("turn=0 phase=start | bag=40,25,15 | pile=Cb1-help,Tg1 | start@0,0 Cn1@1,0/180! Cn1@0,1 "
            "Cn1@1,1/270 | Ann@0,0+ Bo@1,1+ Cy@0,0+")
    state = lay(text, "Cb1-help", -1, 0, 0, ["coal"])
    assert state.players[1].pos == (0, 0)  # through (0, 1), not stopped on the collapse


def test_basic_variant_has_no_advanced_tiles():
    from companion.core import PlayerSpec

    state = GAME.setup([PlayerSpec("A"), PlayerSpec("B"), PlayerSpec("C"), PlayerSpec("D")], "basic", seed=2)
    assert len(state.pile) == 86
    assert not any(R.design(d).icon for d in state.pile)
