"""Reading an action's fields the way the rules want them. The shape check (``companion.declare``)
has already refused unknown fields and wrong kinds; what is left here is what a phone form sends
instead of a list or a map, and numbers that must not be negative."""

from __future__ import annotations

from typing import Any, Mapping

from ...core import Action, field_of
from ...errors import BadAction


def optional(action: Action, name: str, kind: type | tuple[type, ...] = str) -> Any:
    value = action.get(name)
    if value is None:
        return None
    return field_of(action, name, kind)


def count(action: Action, name: str) -> int:
    """An optional number of cubes or investments: a whole number, 0 when left out."""
    value = action.get(name)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadAction(f"'{name}' must be a whole number of 0 or more, got {value!r}")
    return value


def dice(action: Action, name: str) -> list[int]:
    """Dice entered at the table: a list, or text such as "1 1 0" from a phone form."""
    value = field_of(action, name, (list, str))
    if isinstance(value, str):
        parts = value.replace(",", " ").split()
        if len(parts) == 1 and len(parts[0]) > 1:
            parts = list(parts[0])  # "110": every face is a single digit
        if not all(p.isdigit() for p in parts):
            raise BadAction(f"enter the {name} dice as three numbers such as \"1 1 0\", got {value!r}")
        value = [int(p) for p in parts]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise BadAction("dice values must be whole numbers")
    return value


def optional_dice(action: Action) -> list[int] | None:
    return dice(action, "dice") if action.get("dice") not in (None, "", []) else None


def discards(action: Action) -> list[str]:
    """``discard`` as a list, or one ``discard_A`` ... ``discard_D`` field per region from a form."""
    if "discard" in action:
        return field_of(action, "discard", list)
    return [str(action[key]) for key in sorted(action) if key.startswith("discard_") and action[key]]


def drains(action: Action) -> dict[str, int]:
    """``drain`` maps areas to water removed; a phone form may send area/amount pairs instead."""
    if "drain" not in action:
        found: dict[str, int] = {}
        for suffix in ("", "2", "3"):
            area, amount = action.get(f"area{suffix}"), action.get(f"amount{suffix}", 1)
            if area:
                if not isinstance(amount, int) or isinstance(amount, bool):
                    raise BadAction("the water to remove must be a whole number")
                found[str(area)] = found.get(str(area), 0) + amount
        return found
    given = action.get("drain", {})
    if not isinstance(given, Mapping):
        raise BadAction("'drain' must map area ids to the water to remove, e.g. {\"B3\": 2}")
    return dict(given)


def card_number(action: Action) -> int | None:
    """"I drew card 7": the number of a real action card, as a number or typed text."""
    value = action.get("card")
    if value in (None, ""):
        return None
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise BadAction(f"enter Lord Wallace's card as its number, such as 7; got {value!r}")
