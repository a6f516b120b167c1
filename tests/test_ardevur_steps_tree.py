"""ARDEVUR's development choices as steps (webapp/boards/ardevur.py): a pair of cards is found
under either card it holds, and under the first card the next step names the other card of the
pair ("and machinery"), never the card already chosen, unless the pair is two of that card."""

from __future__ import annotations

from itertools import combinations_with_replacement

from companion import find_game
from companion.core import Option
from webapp.boards.ardevur import LIMIT, steps

CARDS = ("license", "machinery", "office", "geologist", "warehouse")


def _options():
    found = []
    for pair in combinations_with_replacement(CARDS, 2):
        for back in ((), ("water",), ("vessel",)):
            found.append(Option({"type": "take_development", "seat": 0, "cards": list(pair), "discard": list(back)},
                                f"take {' and '.join(pair)}"))
    return found


def _leaves(step):
    for item in step.items:
        yield from _leaves(item) if getattr(item, "is_step", False) else [item]


def test_under_the_first_card_the_next_step_is_the_other_card_of_the_pair():
    options = _options()
    assert len(options) > LIMIT
    root = steps(find_game("ardevur").data, options)
    (development,) = root.items
    for first in development.items:
        card = first.label.lower()
        for second in first.items:
            label = second.label if getattr(second, "is_step", False) else None
            under = list(_leaves(second)) if label else [second]
            for option in under:
                pair = list(option.action["cards"])
                assert card in pair, (first.label, pair)
                pair.remove(card)
                assert not label or label == f"and {pair[0]}", (first.label, label, option.action)
        # every pair holding the card is found under it, once
        held = [o for o in options if card in o.action["cards"]]
        assert sorted(map(id, _leaves(first))) == sorted(map(id, held)), first.label
