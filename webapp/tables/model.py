"""What a table is: its seats and snapshot, and the small encodings every operation shares."""

from __future__ import annotations

import json
import re
import secrets
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from companion import Game, Outcome, find_game

from ..jsonbody import stored

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
ID_LENGTH = 10
ID_PATTERN = re.compile(r"[a-z0-9]{1,16}")


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    colour: str
    bot: str | None
    taken: bool  # a phone holds this seat's token
    token_hash: str | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict:
        return {"seat": self.seat, "name": self.name, "colour": self.colour, "bot": self.bot, "taken": self.taken}


@dataclass(frozen=True)
class Table:
    """A snapshot of one table as stored; ``state`` is the game's own state object."""

    id: str
    join_code: str
    game_id: str
    variant: str | None
    seed: int
    version: int
    head: int
    finished: bool
    outcome: dict | None
    seats: tuple[Seat, ...]
    created_at: float
    updated_at: float
    state: Any
    host_hash: str = field(default="", repr=False, compare=False)
    data: Any = None             # the DataSet it started with (webapp.datasets), None: the shipped data
    data_dir: str | None = None  # where that data is kept

    @property
    def game(self) -> Game:
        return find_game(self.game_id, self.data_dir)


_ENCODER = json.JSONEncoder(separators=(",", ":"))  # made once: json.dumps with options builds one per call


def dumps(value: Any) -> str:
    # ASCII: a lone surrogate or NUL from a client's JSON stays an escape, which every
    # database stores, instead of text that SQLite cannot encode and PostgreSQL refuses.
    return _ENCODER.encode(value)


def clean_text(text: str) -> str:
    """Text safe for any database column: NUL and lone surrogates become escapes."""
    return text.replace("\x00", "\\x00").encode("utf-8", "backslashreplace").decode("utf-8")


def valid_id(table_id: Any) -> bool:
    return isinstance(table_id, str) and ID_PATTERN.fullmatch(table_id) is not None


def pack(text: str) -> bytes:
    return zlib.compress(text.encode("utf-8"), 6)


def unpack(blob: bytes) -> str:
    return zlib.decompress(blob).decode("utf-8")


def random_text(alphabet: str, length: int) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(length))


def iso_time(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def outcome_json(outcome: Outcome | None) -> dict | None:
    if outcome is None:
        return None
    return {"finish": outcome.finish.value, "winners": list(outcome.winners), "reason": outcome.reason}


def event_json(*, seq, kind, seat, at, summary, round, barrier, undone, undoes, action_text=None, **_) -> dict:
    return {"seq": seq, "kind": kind, "seat": seat, "time": iso_time(at),
            "action": stored(action_text), "summary": summary, "round": round,
            "barrier": bool(barrier), "undone": bool(undone), "undoes": undoes}
