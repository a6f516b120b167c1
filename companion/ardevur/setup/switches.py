"""The table options as switches on the new-table form, and the words that carry them in the
table's variant: the mode first, then one word per option changed from its default
("clash-of-titans+minute-64+all-cards"). Nothing is chosen after the table starts."""

from __future__ import annotations

from ...errors import BadAction
from . import MODES, WORDS, parse_variant

MODE_NAMES = {"standard": "Standard", "fair-play": "Fair Play", "clash-of-titans": "Clash of Titans",
              "launched-start": "Launched Start"}
assert set(MODE_NAMES) == set(MODES)

# Each switch: a name, a question, and its choices as (word, label); the first choice (word "")
# is the default. A switch of two choices is a tick box for the second.
SWITCHES = (
    {"name": "endgame", "label": "How the game ends",
     "choices": (("", "Total Control: a player calls it when a condition holds, then one final round"),
                 ("final-round", "One final round, called by agreement"),
                 ("minute-64", "At minute 64 of the table clock"),
                 ("exhausted", "When a full round passes with nothing left to do"))},
    {"name": "cards", "label": "Cards in play",
     "choices": (("", "Remove cards as the card-count table recommends"),
                 ("all-cards", "Keep every card in play (removing them is only a recommendation)"))},
    {"name": "corporations", "label": "Corporations",
     "choices": (("", "Roll for the corporations"),
                 ("random-corporations", "Deal the corporations at random (by agreement) instead of rolling"))},
)
assert {word for s in SWITCHES for word, _ in s["choices"] if word} == set(WORDS)

PHRASES = {"all-cards": "every card", "final-round": "one final round", "minute-64": "ends at minute 64",
           "exhausted": "until no moves are left", "random-corporations": "random corporations"}


def variant_title(variant: str | None) -> str:
    """"Fair Play, ends at minute 64": the mode's name and each option changed, in words."""
    try:
        parse_variant(variant)
    except BadAction:  # an unreadable variant is shown as it was stored
        return str(variant or "")
    mode, *words = (variant or "standard").split("+")
    return ", ".join([MODE_NAMES[mode]] + [PHRASES[w] for w in words])
