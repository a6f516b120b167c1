"""The table's state as an immutable value.

A round of Ore touches almost everything on the table at once (a collection phase moves every
miner, pays the slag heap, grows futures), so each action is applied to a private working copy
(plain dicts and lists from ``OreState.draft()``) that becomes a new state when the action
succeeds. A rule violation anywhere simply drops the copy: the old state is never touched.

Layout of the frozen data (all JSON):

- ``variant``, ``seed``, ``step`` (actions applied), ``round``, ``phase`` (placement, market,
  subcontract, acquisition, replenish, relief, over), ``start`` (starting player's seat),
  ``turn`` (seat to act in placement and market, else null), ``queue`` (pending decisions:
  ``{"seat", "kind"}``), ``takeover`` (a failed contract row offered around the table, or null),
  ``end`` (why the game ends after this round, or null).
- ``players``: one dict per seat, see ``new_player``.
- ``mines``: resource -> ``{"card", "exhausted", "miners": [{"seat", "space"}]}``;
  ``piles``: resource -> ``{"draw": [...], "used": [...]}`` (used = exhausted, tucked face up).
- ``rows``: ``assets``, ``initiatives``, ``contracts`` (5 slots each, null = empty; slot 4 is the
  rightmost); ``draw`` and ``discard`` piles for each.
- ``asset_track``, ``contract_track``, ``slag``: seats in placement order.
- ``bank``: ``{"barrels": {...}}``; ``contract_taken`` this round.
"""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from .cards import RESOURCES


class FrozenDict(dict):
    """A dict that refuses changes: the read-only face of a state."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("a game state is read-only; apply an action to get a new state")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(json.dumps(self, sort_keys=True))


@dataclass(frozen=True)
class OreState:
    """One moment of a game of Ore. The value is its canonical JSON text, so it can never
    change; ``data`` is a read-only parse of it and ``draft()`` a fresh working copy."""

    text: str

    @cached_property
    def data(self) -> FrozenDict:
        return json.loads(self.text, object_hook=FrozenDict)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return self.data[name]
        except KeyError:
            raise AttributeError(name) from None

    @cached_property
    def _packed(self) -> bytes:
        # A bot or a phone may try several actions on one state: parse the JSON once and copy
        # the plain values with marshal, several times faster than parsing again.
        return marshal.dumps(json.loads(self.text))

    def draft(self) -> dict:
        return marshal.loads(self._packed)

    def to_json(self) -> dict:
        return json.loads(self.text)

    @classmethod
    def of(cls, d: Mapping[str, Any]) -> "OreState":
        return cls(json.dumps(d, separators=(",", ":")))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "OreState":
        return cls.of(data)

    def player(self, seat: int) -> Mapping[str, Any]:
        return self.data["players"][seat]


def no_barrels() -> dict[str, int]:
    return {r: 0 for r in RESOURCES}


def new_player(name: str, bot: str | None, money: int, miners: int) -> dict:
    return {
        "name": name, "bot": bot, "money": money, "barrels": no_barrels(),
        "miners": miners,          # employed miners (salaries are paid on these)
        "cage": 1,                 # deepest level this player may mine: 1, 2 or 3
        "drill_bits": 0, "collab_ops": 0,
        "futures": [],             # [{"res", "count"}]
        "assets": [],              # asset ids
        "contracts": [],           # [{"number", "done": [row indices], "barrels": [...], "since": round}]
        "completed": [],           # numbers of completed contracts
        "race": [],                # contract race: the personal stack, top first
        "strikes": 0,
        "private": [],             # [{"card", "kind": mine|market, "space": int|None}]
        "round": fresh_round(),
    }


def fresh_round() -> dict:
    """What a player has used up this round."""
    return {"placed": 0, "market": False, "railroad": [], "private_market": [], "exchanged": [],
            "sold_on": [], "asset": False, "contract": False, "initiative": False, "efficient": False,
            "relief_done": False, "gathered": []}


def placed_miners(d: Mapping, seat: int) -> int:
    """Miners of ``seat`` standing anywhere on the table."""
    on_mines = sum(1 for m in d["mines"].values() for x in m["miners"] if x["seat"] == seat)
    on_tracks = sum(list(d[t]).count(seat) for t in ("asset_track", "contract_track", "slag"))
    return on_mines + on_tracks


def free_miners(d: Mapping, seat: int) -> int:
    return d["players"][seat]["miners"] - placed_miners(d, seat)


def contracted_in_use(d: Mapping) -> int:
    return sum(1 for p in d["players"] for x in p["private"] if x["space"] is not None)
