"""ARDEVUR's moves for a phone: a turn may offer fifty ways to take development cards or to
build, so the list becomes steps, what and then which, each step short enough to read at once.

``steps`` folds a seat's options into a tree: when there are more than ``LIMIT`` they are
grouped by kind of move ("Take development cards"), and a kind with more than ``LIMIT`` ways
is grouped again by what it names first (the card, the territory, the region), then by what
it names next. The page shows each group as a fold-out whose siblings step aside while it is
open (``templates/games/ardevur.html``), so no step shows more than about a dozen choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

LIMIT = 10  # ways one step lists at most: with the fold-outs above them, about a dozen choices

# The "what" step: one group per kind of move, in the player's words.
WHAT = {"take_development": "Take development cards", "pick_development": "Pick development cards",
        "choose_corporation": "Choose a corporation", "pick_territory": "Take a territory",
        "extract": "Extract", "explore": "Explore a territory", "exploit": "Open a mine",
        "build_infrastructure": "Build a road or pipeline", "acquire_asset": "Acquire an asset",
        "upgrade_asset": "Upgrade an asset", "claim_target": "Claim a target",
        "shift_target": "Shift a target with the phone call", "exchange_card": "Exchange a card for its reward",
        "play_action": "Play an action card", "discard_action": "Discard an action card",
        "answer_offer": "Answer the local sale"}


def _names(cat: Any, ids: Iterable[Any]) -> list[str]:
    found = []
    for ident in ids:
        for table in (cat.territories, cat.regions, cat.corporations, cat.targets, cat.incentives, cat.actions):
            if ident in table:
                found.append(table[ident].name)
                break
        else:
            found.append(str(ident))
    return found


def _pay(a: Mapping) -> list[str]:
    return ["with the phone call" if a.get("phone") else "with a loan" if a.get("loan") else "paying the price"]


def _cards(cat: Any, a: Mapping) -> list[str]:
    return [str(c).capitalize() for c in a.get("cards") or []] or ["Nothing"]


def _returning(cat: Any, a: Mapping) -> list[str]:
    back = a.get("discard") or []
    return [f"returning {' and '.join(back)}" if back else "returning nothing"]


def _region(cat: Any, a: Mapping) -> list[str]:
    return [f"in {name}" for name in _names(cat, [a.get("region")])]


def _and_the_other(cat: Any, a: Mapping, own: str) -> list[str]:
    """A pair of cards under the card chosen first (``own``): "and" the other card of the pair
    (the second copy, for a pair of the same card); "only" for a single card."""
    cards = [str(c) for c in a.get("cards") or []]
    if len(cards) < 2:
        return ["only"]
    rest = list(cards)
    for card in cards:
        if card.capitalize() == own:
            rest.remove(card)
            break
    return [f"and {card}" for card in rest]


def _plain(key: Callable[[Any, Mapping], list[str]]) -> "Key":
    """A key that needs no more than the option."""
    return lambda cat, a, own="": key(cat, a)


# What each kind names first, next, and so on: a key gives the group (or groups) an option
# falls in, so a pair of cards is found under either card; a key is told the group its options
# are in already (``own``: the first card chosen).
Key = Callable[[Any, Mapping, str], list[str]]
WHICH: dict[str, tuple[Key, ...]] = {
    "take_development": (_plain(_cards), _and_the_other, _plain(_returning)),
    "pick_development": (_plain(_cards),),
    "explore": (_plain(lambda cat, a: _names(cat, [a.get("territory")])), _plain(_pay)),
    "exploit": (_plain(lambda cat, a: _names(cat, [a.get("territory")])), _plain(_pay)),
    "build_infrastructure": (_plain(_region), _plain(_pay)),
    "acquire_asset": (_plain(lambda cat, a: [str(a.get("asset")).capitalize()]), _plain(_region), _plain(_pay)),
    "upgrade_asset": (_plain(lambda cat, a: [str(a.get("asset")).capitalize()]), _plain(_region), _plain(_pay)),
    "extract": (_plain(lambda cat, a: _names(cat, a.get("mines") or [])),),
    "claim_target": (_plain(lambda cat, a: [str(a.get("tier")).capitalize()]),),
    "play_action": (_plain(lambda cat, a: _names(cat, [a.get("card")])),),
}


@dataclass
class Step:
    """A fold-out: its words, the options listed in it and the smaller steps inside it."""

    label: str
    items: list = field(default_factory=list)  # options and smaller steps, in the game's order
    key: str = ""  # a stable id for the page (the fold-out stays open across a redraw)
    is_step = True

    @property
    def count(self) -> int:
        return sum(item.count if isinstance(item, Step) else 1 for item in self.items)


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def _split(cat: Any, options: list, keys: tuple[Key, ...], depth: int, key: str, own: str = "") -> list:
    """Options grouped by ``keys[depth]``; a group still too long is split by the next key.
    ``own``: the group the options are in already (the card a player chose first), which the
    next key is told. An option is listed once in a group, whatever its key says twice."""
    groups: dict[str, list] = {}
    for option in options:
        for name in dict.fromkeys(keys[depth](cat, option.action, own)):
            groups.setdefault(name, []).append(option)
    found = []
    for name, members in groups.items():
        if len(members) == 1:  # a group of one is its option
            found.append(members[0])
            continue
        step = Step(name, key=f"{key}-{_slug(name)}")
        if len(members) > LIMIT and depth + 1 < len(keys):
            step.items = _split(cat, members, keys, depth + 1, step.key, name)
        else:
            step.items = members
        found.append(step)
    return found


def _which(cat: Any, kind: str, options: list, key: str) -> Step:
    step = Step(WHAT.get(kind, kind), key=key)
    keys = WHICH.get(kind, ())
    step.items = _split(cat, options, keys, 0, key) if len(options) > LIMIT and keys else options
    return step


def steps(cat: Any, options: list, key: str = "ard-step") -> Step:
    """``options`` (one seat's, in the game's order) as a tree of steps: the whole list when
    it is short, else what (one group per kind with several ways), then which. Allowed ways
    come before refused ones in every group."""
    ordered = [o for o in options if o.allowed] + [o for o in options if not o.allowed]
    root = Step("", key=key)
    if len(ordered) <= LIMIT:
        root.items = ordered
        return root
    kinds: dict[str, list] = {}
    for option in ordered:
        kinds.setdefault(option.action["type"], []).append(option)
    root.items = [members[0] if len(members) == 1 else _which(cat, kind, members, f"{key}-{_slug(kind)}")
                  for kind, members in kinds.items()]
    return root


def by_seat(options: list) -> list[tuple[Any, list]]:
    """The shared screen's options, one list per seat in seat order (labels never name the
    player, so the page heads each list with whose moves they are)."""
    seats: dict[Any, list] = {}
    for option in options:
        seats.setdefault(option.action.get("seat"), []).append(option)
    return sorted(seats.items(), key=lambda item: (item[0] is None, item[0] or 0))


# What the page partial asks: board(game, "steps", options, key) and board(game, "by_seat", options)
PICTURES = {"steps": lambda game, options, key="ard-step": steps(game.data, options, key),
            "by_seat": lambda game, options: by_seat(options)}

__all__ = ["LIMIT", "PICTURES", "Step", "by_seat", "steps"]
