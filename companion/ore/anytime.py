"""What a player may do whenever the game is running: use an exchange asset (once a round
each) and cash in a Futures token."""

from __future__ import annotations

from collections import Counter
from typing import Mapping

from ..core import field_of, require
from ..errors import BadAction
from .cards import RESOURCES, Catalog, thresholds
from .table import name, spend


def exchange(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    player = d["players"][seat]
    asset_id = field_of(action, "asset", str)
    require(asset_id in player["assets"], f"{name(d, seat)} does not own {asset_id}.", "Exchanges")
    card = cat.assets[asset_id]
    rule = card.name
    require(card.kind == "exchange", f"{card.name} is not an exchange.", rule)
    require(asset_id not in player["round"]["exchanged"], f"{card.name} works once a round; it was used.", rule)
    kind, *args = card.effect[1:]
    give, take = _trade(action, kind, args)
    for res in list(give) + list(take):
        if res not in RESOURCES:
            raise BadAction(f"unknown barrel {res!r}; barrels: {', '.join(RESOURCES)}")
    kinds = set(give)
    require(len(kinds) == 1, f"{card.name} trades barrels of one kind at a time.", rule)
    source = give[0]
    if kind == "same":
        rates = dict(thresholds(tuple(args)))
        require(len(give) in rates, f"{card.name} takes {', '.join(map(str, rates))} barrels of one kind.", rule)
        require(len(take) == rates[len(give)], f"{len(give)} barrels trade for {rates[len(give)]}, not {len(take)}.", rule)
        require(source not in take, f"{card.name} gives barrels of other kinds than {source}.", rule)
    else:
        count, back = int(args[0]), int(args[1])
        require(source == kind and len(give) == count, f"{card.name} takes {count} {kind}.", rule)
        require(len(take) == back and len(set(take)) == 1 and take[0] != kind,
                f"{card.name} gives {back} barrel(s) of one kind other than {kind}.", rule)
    need = Counter(take)
    for res, n in need.items():
        require(d["bank"]["barrels"][res] >= n, f"The bank has only {d['bank']['barrels'][res]} {res} left.", rule)
    spend(d, seat, give, card.name, rule)
    for res, n in need.items():
        d["bank"]["barrels"][res] -= n
        player["barrels"][res] += n
    player["round"]["exchanged"].append(asset_id)


def _trade(action: Mapping, kind: str, args: list[str]) -> tuple[list, list]:
    """The barrels given and taken. A JSON client sends two lists; a phone form, whose fields
    hold one value each, sends ``give`` as one kind with ``count`` and either ``take`` as one
    kind (as many as the trade gives) or ``take_<kind>`` numbers (Commodities Exchange)."""
    give = action.get("give")
    if isinstance(give, str):
        default = 2 if kind == "same" else int(args[0])
        give = [give] * field_of({"count": action.get("count", default)}, "count", int)
    elif not isinstance(give, list):
        raise BadAction("give: a list of barrels, or one barrel kind with a count")
    rates = dict(thresholds(tuple(args))) if kind == "same" else {int(args[0]): int(args[1])}
    take = action.get("take")
    if isinstance(take, str):
        take = [take] * rates.get(len(give), 1)
    elif take is None:
        take = []
        for res in RESOURCES:
            count = field_of({f"take_{res}": action.get(f"take_{res}", 0)}, f"take_{res}", int)
            require(count >= 0, f"take_{res}: a number of barrels, 0 or more.", "Exchanges")
            take += [res] * count
    elif not isinstance(take, list):
        raise BadAction("take: a list of barrels, or one barrel kind")
    return give, take


def cash_futures(d: dict, seat: int, action: Mapping) -> None:
    player = d["players"][seat]
    index = field_of(action, "token", int)
    require(0 <= index < len(player["futures"]), f"{name(d, seat)} has no Futures token {index + 1}.", "Futures Exchange")
    token = player["futures"].pop(index)
    player["barrels"][token["res"]] += token["count"]
