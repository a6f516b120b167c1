"""Who is asking: the host, a seat, or nobody, from the token a phone sends."""

from __future__ import annotations

from typing import Any

from ..errors import Forbidden, Invalid
from ..security import HOST_COOKIE, SEAT_COOKIE, hash_token, token_matches
from .model import Table
from .reading import get

# What a phone whose seat token stopped working is told (the pages add a link to join again).
FREED = "This phone's seat was freed by the host. Join again to play."


def identify(row, seats, token: str | None) -> tuple[str, int | None]:
    """('host', None) or ('seat', n) for a token; Forbidden otherwise."""
    if not token or not isinstance(token, str):
        raise Forbidden("This needs the host's or a seat's token.", "no_token")
    digest = hash_token(token)
    if token_matches(digest, row.host_hash):
        return "host", None
    for s in seats:
        if s.token_hash and token_matches(digest, s.token_hash):
            return "seat", s.seat
    raise Forbidden(FREED, "bad_token")


def require_host(row, token: str | None) -> None:
    if not token or not isinstance(token, str) or not token_matches(hash_token(token), row.host_hash):
        raise Forbidden("Only the host can do this.", "host_only")


def acting_seat(table: Table, token: str | None, named: Any) -> tuple[str, int | None]:
    """Who acts: ('seat', n) from a seat token; ('host', None) for the host, who may name any seat."""
    who, seat = identify(table, table.seats, token)
    if who == "host" and named is not None and (isinstance(named, bool) or not isinstance(named, int)
                                                  or not 0 <= named < len(table.seats)):
        raise Invalid("invalid_seat", f"There is no seat {named!r}; seats are 0–{len(table.seats) - 1}.")
    return who, seat


def seat_of(table: Table | str, token: str | None) -> int | None:
    """The seat a token holds at this table, or None (host token, spectator, unknown)."""
    if not token or not isinstance(token, str):
        return None
    if not isinstance(table, Table):
        table = get(table)
    digest = hash_token(token)
    for seat in table.seats:
        if seat.token_hash and token_matches(digest, seat.token_hash):
            return seat.seat
    return None


def viewer(table: Table, header: str | None, cookies) -> tuple[int | None, bool]:
    """(seat, is host) for a caller with this ``X-Headframe-Token`` header and these cookies."""
    seat_token = header or cookies.get(SEAT_COOKIE)
    host_token = header or cookies.get(HOST_COOKIE)
    seat = seat_of(table, seat_token) if seat_token else None
    host = is_host(table, host_token) if host_token else False
    return seat, host


def is_host(table: Table | str, token: str | None) -> bool:
    if not token or not isinstance(token, str):
        return False
    if not isinstance(table, Table):
        table = get(table)
    return token_matches(hash_token(token), table.host_hash)
