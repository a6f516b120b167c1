"""Before the first move: the table's options (from the variant) and the first state for the
players, the variant and the seed. The moves that follow (the start, corporations, the deal and
the public auctions) are rules, in ``moves``.

A table's options travel in its variant after the mode, "+"-joined: "fair-play+minute-64";
each word sets one option away from its default.
"""

from __future__ import annotations

from typing import Sequence

from ...core import PlayerSpec
from ...errors import BadAction
from ..data import Catalog
from ..state import ArdState, Options, Player

MODES = ("standard", "fair-play", "clash-of-titans", "launched-start")
OPTIONS = {
    "remove_cards": ("yes", "no"),                       # the card-count table
    "endgame": ("total-control", "final-round", "minute-64", "exhausted"),
    "corporations": ("roll", "random"),
}
DEFAULTS = {"remove_cards": "yes", "endgame": "total-control", "corporations": "roll"}
WORDS = {"all-cards": ("remove_cards", "no"), "final-round": ("endgame", "final-round"),
         "minute-64": ("endgame", "minute-64"), "exhausted": ("endgame", "exhausted"),
         "random-corporations": ("corporations", "random")}


def parse_variant(variant: str | None) -> tuple[str, Options]:
    """The mode and the options a variant names, or a BadAction saying which word is wrong."""
    mode, *words = (variant or "standard").split("+")
    if mode not in MODES:
        raise BadAction(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    options = dict(DEFAULTS)
    chosen: dict[str, str] = {}
    for word in words:
        if word not in WORDS:
            raise BadAction(f"unknown table option {word!r}; options: {', '.join(WORDS)}")
        name, value = WORDS[word]
        if name in chosen:
            raise BadAction(f"{chosen[name]!r} and {word!r} both set the {name.replace('_', ' ')} option; choose one")
        chosen[name] = word
        options[name] = value
    return mode, Options(**options)


def new_table(cat: Catalog, players: Sequence[PlayerSpec], variant: str, seed: int) -> ArdState:
    """The table before the host starts it: names, starting money and the options."""
    money = cat.number("starting_money")
    mode, options = parse_variant(variant)
    return ArdState(variant=mode, options=options, seed=seed, players=tuple(Player(p.name, money) for p in players),
                    bots=tuple((seat, p.bot) for seat, p in enumerate(players) if p.bot))


__all__ = ["DEFAULTS", "MODES", "OPTIONS", "WORDS", "new_table", "parse_variant"]
