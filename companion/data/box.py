"""How many of a piece the box holds, said once by a number of ``[tables]`` (``strike_tokens =
10``) and made by a printed component (``[components.strike-tokens] count = 10``): the two must
agree, or an edited copy would change one and print the other. A disagreement is one line at
the component's count (or option), naming the table number it must match, before anything is
printed:

    game.toml:166: components.strike-tokens.count: prints 10; tables.strike_tokens makes 12
"""

from __future__ import annotations

from ..errors import Problem
from .model import GameData


def printed_problems(data: GameData, component: str, expected: int, why: str, option: str | None = None
                     ) -> list[Problem]:
    """Whether ``components.<component>`` prints ``expected`` pieces (its ``count``, or the
    ``option`` named, such as ``per_player``); ``why`` names the table number(s) that make
    ``expected``. One problem at that line when not, or when the component is missing."""
    where = f"components.{component}"
    found = data.components.get(component)
    if found is None:
        return [Problem(str(data.toml_path), data.line_of(where), where,
                        f"missing; {why} says the box holds {expected} of it")]
    field, have = ("count", found.count) if option is None else (f"options.{option}", found.options.get(option))
    if have == expected:
        return []
    return [Problem(str(data.toml_path), data.line_of(f"{where}.{field}"), f"{where}.{field}",
                    f"prints {have}; {why} makes {expected}")]


__all__ = ["printed_problems"]
