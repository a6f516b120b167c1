"""Mine Shaft moves in words: every button, log line and refusal names squares from the start
tile by compass points and turned tiles by where their track opens, never by coordinates."""

from __future__ import annotations

import re

import pytest

from companion.core import PlayerSpec
from companion import find_game
from companion.mine_shaft.views import words
from companion.mine_shaft.notation import parse
from companion.errors import RuleViolation

GAME = find_game("mine-shaft")
R = GAME.data
COORDS = re.compile(r"\(-?\d+, ?-?\d+\)|°|\bx=|\by=")


@pytest.mark.parametrize("pos, text", [
    ((0, -1), "north of the start tile"),
    ((1, 0), "east of the start tile"),
    ((0, 2), "2 south of the start tile"),
    ((-2, -1), "1 north and 2 west of the start tile"),
])
def test_a_square_is_named_from_the_start_tile(pos, text):
    assert words.square(pos) == text


@pytest.mark.parametrize("design, rotation, text", [
    ("Sy1", 0, "running north-south"), ("Sy1", 90, "running east-west"),
    ("Cy1", 0, "joining north and east"), ("Cy1", 90, "joining east and south"),
    ("Cy1", 270, "joining north and west"),
    ("Ey3", 180, "open to the south"), ("Ty1", 0, "closed to the west"), ("Ty1", 180, "closed to the east"),
])
def test_a_turned_tile_is_named_by_where_its_track_opens(design, rotation, text):
    assert words.facing(R.design(design), rotation) == text


def test_laying_a_tile_is_offered_and_logged_in_words():
    state = parse(R, "turn=0 first=0 round=2 phase=start | bag=50,30,20 | pile=Cy1,Sr2 | start@0,0 | Ann@0,0+ Bo@0,0+")
    state = GAME.apply(state, {"type": "draw_tile", "seat": 0, "tile": "Cy1"})
    labels = [o.label for o in GAME.options(state, 0) if o.action["type"] == "place_tile"]
    assert "Lay the yellow curve north of the start tile, joining east and south" in labels
    assert "Lay the yellow curve north of the start tile, joining south and west" in labels
    assert not any(COORDS.search(label) for label in labels), labels
    place = next(o.action for o in GAME.options(state, 0)
                 if o.label == "Lay the yellow curve north of the start tile, joining east and south")
    after = GAME.apply(state, {**place, "minerals": ["coal"]})
    line = GAME.describe(state, place, after)
    assert line.startswith("Ann laid the yellow curve north of the start tile, joining east and south, and filled it")
    # the page's picture carries the same words for the confirm button
    board = GAME.view(state, 0)["board"]
    north = next(t for t in board["targets"] if (t["x"], t["y"]) == (0, -1))
    assert "Lay the yellow curve north of the start tile, joining east and south" in north["labels"]


def test_a_refused_square_is_named_in_words():
    state = parse(R, "turn=0 first=0 round=2 phase=place drawn=Sy1 | bag=50,30,20 | pile=Sr2 | start@0,0 | Ann@0,0+ Bo@0,0+")
    with pytest.raises(RuleViolation) as refused:
        GAME.apply(state, {"type": "place_tile", "seat": 0, "x": 3, "y": 3, "rotation": 0})
    message = str(refused.value)
    assert "3 south and 3 east of the start tile" in message and "north of the start tile" in message
    assert not COORDS.search(message)


def test_moves_fills_and_quakes_name_the_tiles():
    text = ("turn=0 first=0 round=3 phase=die_a die=quake/2 | bag=40,20,10 | pile=Sr2 | "
            "start@0,0 Sr2@1,0/90:c Cy1@2,0/180 Sb1@0,1:s | Ann@0,0+ Bo@1,0+")
    state = parse(R, text)
    quakes = [o.label for o in GAME.options(state, 0)]
    assert "Collapse the red straight east of the start tile" in quakes
    assert "Collapse the blue straight south of the start tile" in quakes
    after = GAME.apply(state, {"type": "collapse", "seat": 0, "x": 0, "y": 1})
    assert GAME.describe(state, {"type": "collapse"}, after).startswith(
        "Ann collapsed the blue straight south of the start tile; 1 silver went back into the bag")
    moves = [o.label for o in GAME.options(after, 0)]
    assert "Move 2 to the yellow curve 2 east of the start tile" in moves
    every = quakes + moves + [after.note]
    assert not any(COORDS.search(t) for t in every), every


def test_a_whole_game_never_shows_a_coordinate():
    """Every option label and log line of a bot-played game (bounded to 400 actions)."""
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo"), PlayerSpec("Cy")], "advanced", seed=11)
    seen = []
    for _ in range(400):
        if GAME.end_if(state) is not None:
            break
        seen += [o.label for o in GAME.options(state, state.turn)]
        action = GAME.bot_action(state, state.turn)
        after = GAME.apply(state, action)
        seen.append(GAME.describe(state, action, after))
        state = after
    assert len(seen) > 400
    assert not [t for t in seen if COORDS.search(t)]


def test_the_round_card_tells_a_first_turn_to_lay_a_tile_before_rolling():
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "base", seed=3)
    me = state.current
    first = GAME.view(state, 0)["board"]["text"]
    assert first == f"{me.name}'s first turn: draw a tile and lay it at the end of the shaft, then roll the dice."
    seat = [p.name for p in state.players].index(me.name)
    refused = [o for o in GAME.options(state, seat) if o.action["type"] == "roll"]
    assert refused and not refused[0].allowed  # the moves card agrees: no roll before a tile
    later = parse(R, "turn=0 first=0 round=2 phase=start | bag=50,30,20 | pile=Cy1,Sr2 | start@0,0 | Ann@0,0+ Bo@0,0+")
    assert GAME.view(later, 0)["board"]["text"] == "Ann may draw a tile to lay at the end of the shaft, or roll the dice."


def test_the_turn_banner_names_the_step_of_the_turn():
    later = parse(R, "turn=0 first=0 round=2 phase=start | bag=50,30,20 | pile=Cy1,Sr2 | start@0,0 | Ann@0,0+ Bo@0,0+")
    assert GAME.turn_phrase(later, 0) == "drawing a tile or rolling"
    drawn = GAME.apply(later, {"type": "draw_tile", "seat": 0, "tile": "Cy1"})
    assert GAME.turn_phrase(drawn, 0) == "laying a tile"
