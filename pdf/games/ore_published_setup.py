"""Ore (published edition) setup as printed on the checklist, in our own words: the board and
the bank, the mine decks, the contract row and building deck for the build's player count, the
tokens on the board, and each player's workers, cubes and money. Every number is read from
the game's data (``[setup]``), so a ``--players`` build names its own."""

from __future__ import annotations

from typing import Mapping

from ..setup_steps import plural, setup_steps

LEFT_OUT_WITH_TWO = "copper"  # the two-player game leaves copper in the box (a fact of the rules)


def _by_players(table: Mapping[str, int], players: int | None, what) -> str:
    if players is not None:
        return what(table[str(players)])
    groups: dict[int, list[int]] = {}
    for n, value in sorted((int(k), v) for k, v in table.items()):
        groups.setdefault(value, []).append(n)
    return ", ".join(f"{what(value)} with {ns[0]}" + (f"–{ns[-1]}" if len(ns) > 1 else "")
                     for value, ns in groups.items()) + " players"


def _kinds(game, players: int | None) -> str:
    names = [r.name.lower() for key, r in game.resources.items() if players != 2 or key != LEFT_OUT_WITH_TWO]
    return ", ".join(names)


def _two(players: int | None, when_two: str, otherwise: str = "") -> str:
    """A sentence for two players: said as the rule with ``None`` (a build for any count)."""
    if players is None:
        return f" With 2 players {when_two}"
    return f" {when_two[0].upper()}{when_two[1:]}" if players == 2 else otherwise


@setup_steps("ore-published")
def ore_published_setup(game, options, counts: Mapping[str, int]) -> list[str]:
    s, players = game.setup, options.players
    money = s["starting_money"]
    row = _by_players(s["contract_row"], players, lambda n: f"**{n}**")
    overtime = _by_players(s["overtime_spaces"], players,
                           lambda n: "no overtime tile" if not n else f"the tile with {plural(n, 'space')}")
    workers = s["workers"]
    return [
        "Join the board's tiles (the assembly page of board.pdf shows how) and lay the board in the middle. "
        "Beside it make the bank: the money cards sorted by value and the resource cubes sorted by kind, "
        f"with the {game.tables['five_tokens']} 5x tokens (one stands for five cubes of a kind).",
        f"Sort the mine cards into one deck per kind ({_kinds(game, players)}), shuffle each, lay it on its mine "
        "space and turn its top card face up: that card sets the ore's price."
        + _two(players, "copper's mine cards and cubes stay in the box."),
        f"Shuffle the contracts and deal {row} face up along the board's bottom edge as the contract row; the "
        "rest lie face down as the draw pile. Shuffle the building cards face down as the building deck."
        + _two(players, "use only the contracts and buildings marked 2."),
        f"Put the drill bit tokens on the drill bit space and, for every colour in play, its private mine and "
        f"mine cage tokens on their spaces; the round tracker on round 1; overtime: {overtime}.",
        f"The player with the most loose change takes the **first player marker**. Each player takes a colour "
        f"and a reference card: {plural(workers, 'worker')} to place, the fifth on the recruit area; one cube of "
        f"each kind in play; money **${money['first']}** for the first player and ${money['step']} more for each "
        "seat after in turn order. The white temp workers wait beside the board.",
    ]
