"""How many of a piece the box holds, said by numbers of ``[tables]`` and made by a printed
component. Where the count is one number, the component's ``count`` names it (``count =
"tables.strike_tokens"``, read by the loader); where it is a product (Ore's miners: so many of
each colour, and the contracted ones), the component's own numbers must agree with it, or an
edited copy would change one and print the other. A disagreement is one line at the
component's count (or option), naming the table numbers it must match, before anything is
printed:

    game.toml:224: components.miners.count: prints 25; tables.miners_per_colour (3) for each of
    5 colours and tables.contracted_miners (5) makes 20
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import Problem
from .model import GameData


def printed_problems(data: GameData, component: str, expected: int, why: str, option: str | None = None
                     ) -> list[Problem]:
    """Whether ``components.<component>`` prints ``expected`` pieces (its ``count``, or the
    ``option`` named, such as ``per_player`` or, dotted, ``counts.gold``); ``why`` names the table number(s) that make
    ``expected``. One problem at that line when not, or when the component is missing."""
    where = f"components.{component}"
    found = data.components.get(component)
    if found is None:
        return [Problem(str(data.toml_path), data.line_of(where), where,
                        f"missing; {why} says the box holds {expected} of it")]
    field, have = ("count", found.count) if option is None else (f"options.{option}", _option(found.options, option))
    if have == expected:
        return []
    return [Problem(str(data.toml_path), data.line_of(f"{where}.{field}"), f"{where}.{field}",
                    f"prints {have}; {why} makes {expected}")]


def _option(options: Mapping[str, Any], dotted: str) -> Any:
    value: Any = options
    for key in dotted.split("."):
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


__all__ = ["printed_problems"]
