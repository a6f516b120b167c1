"""Mine Shaft setup as printed on the checklist, in our own words: which tiles are in play for
the build's player count and variant, the starting tile, the pieces and the mineral bag."""

from __future__ import annotations

from typing import Mapping

from companion.mine_shaft.data.tiles import read_tiles

from ..setup_steps import plural, setup_steps

MARKING_NAMES = {"all": "no player marking", "3-4": "the '3-4' marking", "4": "the '4' marking"}


def _tiles_in_play(game, players: int | None, basic: bool, icons_only: bool = False) -> int:
    """Tiles a table of ``players`` plays with (None: the whole box)."""
    markings = game.setup["markings"][str(players)] if players is not None else None
    return sum(r.qty for r in read_tiles(game)
               if (markings is None or r["players"] in markings) and not (basic and r["icon"])
               and (r["icon"] or not icons_only))


def _tiles_step(game, options, printed: int) -> str:
    basic = options.variant == "basic"
    advanced = _tiles_in_play(game, options.players, False, icons_only=True)
    if options.players is None:
        counts = ", ".join(f"{_tiles_in_play(game, n, basic)} with {n} players"
                           for n in sorted(int(k) for k in game.setup["markings"]))
        keep = "; ".join(f"{n} players: tiles with " + " or ".join(MARKING_NAMES.get(m, m) for m in marks)
                         for n, marks in sorted((int(k), v) for k, v in game.setup["markings"].items()))
        step = (f"Sort out the shaft tiles for your player count by the small marking at the bottom "
                f"centre of each tile ({keep}) and put the rest back in the box: {counts}.")
    else:
        step = (f"All **{printed} shaft tiles** printed for {options.players} players are in play "
                f"(their bottom markings: " + ", ".join(
                    MARKING_NAMES.get(m, m) for m in game.setup["markings"][str(options.players)]) + ").")
    if basic:
        step += " The basic game leaves every tile with an advanced icon out (already left out of this print)."
    elif advanced:
        step += (f" For a first game or with children, leave the {advanced} tiles with an advanced icon "
                 "in the box.")
    return step


def _bag(game) -> str:
    counts = game.tables["bag"]
    listed = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    total = sum(counts.values())
    return (f"Put all **{total} mineral counters** ({listed}) into the bag and shake it.")


@setup_steps("mine-shaft")
def mine_shaft_setup(game, options, counts: Mapping[str, int]) -> list[str]:
    players = options.players
    pieces = "one piece each" if players is None else f"**{plural(players, 'piece')}**, one each"
    return [
        _tiles_step(game, options, counts.get("shaft-tiles", 0)),
        "Shuffle those tiles face down and stack them in a few piles every player can reach.",
        "Lay the starting tile (the cross open on all four sides) in the middle of the table: the mine "
        "grows out from it.",
        f"Each player chooses a playing piece ({pieces}) and stands it on the starting tile, and takes "
        "a reference card.",
        _bag(game),
        "Put die A (four colours and two quakes) and die B (1, 2 and 3) in reach and choose a first "
        "player at random; turns go round the table from there.",
        "First turn: each player must draw a tile and lay it against the starting tile (an end-of-shaft "
        "tile drawn now goes back into a pile, which is shuffled, and another is drawn).",
    ]
