"""Who is asking, and for which seat: resolved here, in one place, from the tokens a phone sends.

A request presents the ``X-Headframe-Token`` header, or the table's cookies: a seat's, the
host's, or both (the host's phone may hold a seat too). A seat's token acts for its own seat
and no other; the host's acts for a seat no phone holds ("Play for Dana"), or for the host's
own seat when the host's phone holds one. Where the game's ``seat`` names whose points they
are rather than who acts (a score pad the host keeps), the host may name any seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import Forbidden, Invalid
from ..security import HOST_COOKIE, SEAT_COOKIE, hash_token, token_matches
from .model import Table
from .reading import get

# What a phone whose seat token stopped working is told (the pages add a link to join again).
FREED = "This phone's seat was freed by the host. Join again to play."


@dataclass(frozen=True)
class Caller:
    """The tokens a request presents for one table."""

    seat_token: str | None = None
    host_token: str | None = None

    @classmethod
    def of(cls, header: str | None, cookies: Mapping[str, str]) -> "Caller":
        """The header's token when it is sent (it may be either), otherwise the cookies."""
        if header:
            return cls(header, header)
        return cls(cookies.get(SEAT_COOKIE) or None, cookies.get(HOST_COOKIE) or None)

    @classmethod
    def token(cls, token: str | None) -> "Caller":
        """A caller with one token, which may be a seat's or the host's."""
        return cls(token, token)


@dataclass(frozen=True)
class Who:
    """What the caller's tokens hold at a table: a seat (or None) and whether the host's."""

    seat: int | None
    host: bool


@dataclass(frozen=True)
class Acting:
    """The seat an action is for, as resolved from the caller: ``seat`` (None only for a move
    no seat makes, such as a score pad's next round entered by a host without a seat), whether
    the host's token made it, and the name of the seat the host entered it for when that is
    not the host's own seat (the log says so)."""

    seat: int | None
    host: bool
    entered_for: str | None = None


def _caller(caller: Caller | str | None) -> Caller:
    return caller if isinstance(caller, Caller) else Caller.token(caller)


def identify(table: Any, seats: Any, caller: Caller | str | None) -> Who:
    """The seat and host status ``caller``'s tokens hold (``table``: a Table or a table row)."""
    caller = _caller(caller)
    seat = None
    digest = None
    if isinstance(caller.seat_token, str) and caller.seat_token:
        digest = hash_token(caller.seat_token)
        seat = next((s.seat for s in seats if s.token_hash and token_matches(digest, s.token_hash)), None)
    host = False
    if isinstance(caller.host_token, str) and caller.host_token:
        if digest is None or caller.host_token != caller.seat_token:  # the header's one token: hashed once
            digest = hash_token(caller.host_token)
        host = token_matches(digest, table.host_hash)
    return Who(seat, host)


def require_someone(table: Any, seats: Any, caller: Caller | str | None) -> Who:
    """``identify``, refusing (403) a caller that holds neither a seat nor the host's token."""
    caller = _caller(caller)
    who = identify(table, seats, caller)
    if who.seat is None and not who.host:
        if not caller.seat_token and not caller.host_token:
            raise Forbidden("This needs the host's or a seat's token.", "no_token")
        raise Forbidden(FREED, "bad_token")
    return who


def require_host(row, token: str | None) -> None:
    if not token or not isinstance(token, str) or not token_matches(hash_token(token), row.host_hash):
        raise Forbidden("Only the host can do this.", "host_only")


def acting_for(table: Table, caller: Caller | str | None, named: Any) -> Acting:
    """The seat an action naming ``named`` (its ``seat`` field, or None) is for, when this
    caller may make it; Forbidden or Invalid otherwise. The game never guesses the seat."""
    who = require_someone(table, table.seats, caller)
    if named is not None and (isinstance(named, bool) or not isinstance(named, int)):
        raise Invalid("invalid_seat", f"Name a seat by its number, not {str(named)[:20]!r}.")
    if named is None or named == who.seat:
        if who.seat is not None:
            return Acting(who.seat, who.host)
        if table.game.seat_is_actor:
            raise Invalid("choose_seat", "The host's phone holds no seat: say which seat the move is for "
                                         "(\"Play for …\", a seat no phone holds).")
        return Acting(None, True)
    if not who.host:
        mine = table.seats[who.seat].name
        raise Forbidden(f"This phone plays {mine}'s seat: only the host enters moves for another player.",
                        "not_your_seat")
    if not 0 <= named < len(table.seats):
        raise Invalid("invalid_seat", f"There is no seat {named}; seats are 0–{len(table.seats) - 1}.")
    held = table.seats[named]
    if not table.game.seat_is_actor:
        return Acting(named, True)  # the host keeps score for everyone
    if held.bot:
        raise Forbidden(f"{held.name} is played by a bot.", "bot_seat")
    if held.taken:
        raise Forbidden(f"{held.name}'s phone holds that seat: {held.name} plays from it.", "seat_has_phone")
    return Acting(named, True, held.name)


def played_for(table: Table, host: bool, wanted: int | None) -> int | None:
    """The seat a host's phone shows and plays when it asks for seat ``wanted`` ("Play for
    Dana"): a seat no phone holds and no bot plays, where the game's seat is the one acting."""
    if not host or wanted is None or not table.game.seat_is_actor:
        return None
    return wanted if any(s.seat == wanted and not s.taken and not s.bot for s in table.seats) else None


def followed_seats(table: Table) -> tuple[int, ...]:
    """The seats a host's phone that holds none plays when it has chosen none ("Play for …"):
    those the table waits for that no phone holds. A phone in the middle of the table follows
    the turn; its page says whom it plays for and sends that seat with every move."""
    if table.finished or not table.game.seat_is_actor:
        return ()
    return tuple(seat for seat in table.game.acting_seats(table.state) if played_for(table, True, seat) is not None)


def seat_of(table: Table | str, token: str | None) -> int | None:
    """The seat a token holds at this table, or None (host token, spectator, unknown)."""
    if not isinstance(table, Table):
        table = get(table)
    return identify(table, table.seats, Caller(token, None)).seat


def viewer(table: Table, caller: Caller, wanted: int | None = None) -> tuple[int | None, bool]:
    """(seat, is host) for a caller: the seat whose view it may see. With ``wanted``, the host
    asks to see the seat it plays for (see ``played_for``); anyone else asking is refused."""
    who = identify(table, table.seats, caller)
    if wanted is None or wanted == who.seat:
        return who.seat, who.host
    shown = played_for(table, who.host, wanted)
    if shown is None:
        raise Forbidden("Only the host sees another seat, and only one no phone holds (\"Play for …\").",
                        "not_your_seat")
    return shown, True


def is_host(table: Table | str, token: str | None) -> bool:
    if not isinstance(table, Table):
        table = get(table)
    return identify(table, table.seats, Caller(None, token)).host
