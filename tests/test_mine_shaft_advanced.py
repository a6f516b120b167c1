"""Each of the seven advanced tiles, on hand-made mines."""

from __future__ import annotations

from companion.mine_shaft import GAME
from companion.mine_shaft.notation import parse
from companion.mine_shaft.tiles import rules
from test_mine_shaft_rules import act, refused  # the same two helpers: apply, or refuse and change nothing

R = rules()


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


def test_swap_may_be_declined():
    state = lay(mine_with("Sr2-swap"), "Sr2-swap", 2, 0, 90, ["gold", "gold"])
    kept = act(state, "skip")
    assert kept.tiles[(2, 0)].design == "Sr2-swap" and kept.phase == "roll"


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
    refused(state, "fuse", "tile you stand on", x=1, y=0)
    refused(state, "skip", "must act")
    blown = act(state, "fuse", x=0, y=1)  # Bo's tile, far from the fuse
    assert blown.tiles[(0, 1)].collapsed
    assert blown.bag == (38, 26, 15)  # two coal laid on the fuse tile, Bo's silver back
    # Bo now has to clear it on his turn.
    blown = act(act(blown, "roll", die_a="blue", die_b=1), "move", x=1, y=0)  # nothing to mine: turn ends
    assert blown.turn == 1 and blown.phase == "clear"


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


def test_mine_kart_gathers_every_mineral_on_two_tiles_leading_to_it():
    text = ("turn=0 phase=start | bag=40,25,15 | pile=Cg1-kart,Tg1 | start@0,0 Sy1@1,0/90:g Sr2@2,0/90:ss "
            "Tg1@0,-1:c | Ann@2,0+ Bo@0,0+")
    state = lay(text, "Cg1-kart", 3, 0, 180, ["coal"])  # curve turned 180°: open south and west
    assert state.effect == "kart"
    refused(state, "kart", r"\(0, -1\) is not within two track steps", tiles=[[0, -1]])
    gathered = act(state, "kart", tiles=[[2, 0], [1, 0]])
    assert gathered.players[0].haul == (0, 2, 1)
    assert gathered.tiles[(2, 0)].minerals == () and gathered.tiles[(1, 0)].minerals == ()
    assert gathered.tiles[(0, -1)].minerals == ("coal",)


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


def test_basic_variant_has_no_advanced_tiles():
    from companion.core import PlayerSpec

    state = GAME.setup([PlayerSpec("A"), PlayerSpec("B"), PlayerSpec("C"), PlayerSpec("D")], "basic", seed=2)
    assert len(state.pile) == 86
    assert not any(R.design(d).icon for d in state.pile)
