"""Checks on what a client sends: players, game and variant, seeds, versions, join codes."""

from __future__ import annotations

import re
from typing import Any, Mapping

from companion import Game, PlayerSpec, find_game, game_ids

from ..errors import Invalid
from .model import clean_text

NAME_MAX = 32
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
# Controls (C0 and C1, U+0085 among them), line and paragraph separators and lone surrogates:
# never in a name.
CONTROLS = "\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ud800-\\udfff"
CONTROL = re.compile(f"[{CONTROLS}]")
# Direction marks, embeddings, overrides and isolates: taken out of names.
BIDI = re.compile("[\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]")
# What draws nothing (Unicode 14): spaces, format characters (zero-width space, joiners, the
# byte-order mark, tags), variation selectors, the combining grapheme joiner and letters drawn
# blank (Hangul fillers, the empty Braille pattern). A name needs one character outside these.
INVISIBLE = ("\\x00-\\x20\\x7f-\\xa0\\xad\\u034f\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2"
             "\\u115f\\u1160\\u1680\\u17b4\\u17b5\\u180e\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u2064"
             "\\u2066-\\u206f\\u2800\\u3000\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff9-\\ufffb\\U000110bd"
             "\\U000110cd\\U00013430-\\U00013438\\U0001bca0-\\U0001bca3\\U0001d173-\\U0001d17a\\U000e0001"
             "\\U000e0020-\\U000e007f\\U000e0100-\\U000e01ef")
BLANK = re.compile(f"[{INVISIBLE}]")
# The same rules as one pattern, for the API's document: no control anywhere, one visible character.
NAME_PATTERN = f"^[^{CONTROLS}]*[^{CONTROLS}{INVISIBLE}][^{CONTROLS}]*$"
IDENT = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")  # bot ids
VARIANT = re.compile(r"[a-z0-9][a-z0-9_+-]{0,254}")  # a variant id, or "+"-joined modules and options
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud across a table
CODE_LENGTH = 8
SEED_LIMIT = 2 ** 31


def clean_name(raw: Any, what: str) -> str:
    """A player's name as the phones will show it: the direction controls taken out (a name
    must not turn the rest of a line around), blank characters trimmed from its ends.
    Refused: a line break or other control, or nothing visible left."""
    if not isinstance(raw, str) or len(raw) > NAME_MAX:
        raise Invalid("invalid_name", f"{what} must be 1–{NAME_MAX} characters.")
    if CONTROL.search(raw) or clean_text(raw) != raw:
        raise Invalid("invalid_name", f"{what} has a control character or a line break in it.")
    name = BIDI.sub("", raw)
    start, end = 0, len(name)
    while start < end and BLANK.match(name[start]):
        start += 1
    while end > start and BLANK.match(name[end - 1]):
        end -= 1
    if start == end:
        raise Invalid("invalid_name", f"{what} has nothing visible in it.")
    return name[start:end]


def normalise_code(code: Any) -> str:
    """The join code as stored, or "" for anything that cannot be one."""
    if not isinstance(code, str):
        return ""
    code = re.sub(r"[\s-]", "", code).upper()
    return code if re.fullmatch(r"[A-Z0-9]{8}", code) else ""


def check_version(version: Any) -> int:
    if isinstance(version, bool) or not isinstance(version, int):
        raise Invalid("invalid_version", "Send the table version the action was made against, as a whole number.")
    return version


def check_players(players: Any) -> list[PlayerSpec]:
    if not isinstance(players, list) or not players:
        raise Invalid("invalid_players", "List the players: each with a name and a colour like #c0392b.")
    specs, seen = [], set()
    for index, player in enumerate(players, start=1):
        if not isinstance(player, Mapping):
            raise Invalid("invalid_players", f"Player {index} must have a name and a colour.")
        name = clean_name(player.get("name"), f"Player {index}'s name")
        if name.casefold() in seen:
            raise Invalid("invalid_name", f"Two players are called {name!r}; give each a different name.")
        seen.add(name.casefold())
        colour = player.get("colour")
        if not isinstance(colour, str) or not COLOUR.fullmatch(colour):
            raise Invalid("invalid_colour", f"{name}'s colour must look like #c0392b.")
        bot = player.get("bot")
        if bot is not None and (not isinstance(bot, str) or not IDENT.fullmatch(bot)):
            raise Invalid("invalid_bot", f"{name}'s bot must be a bot id or left out.")
        specs.append(PlayerSpec(name, colour.lower(), bot))
    return specs


def game_and_variant(game_id: Any, variant: Any) -> tuple[Game, str | None]:
    if not isinstance(game_id, str) or not game_id:
        raise Invalid("invalid_game", f"Choose a game: {', '.join(game_ids())}.")
    game = find_game(game_id)
    if variant is not None and not isinstance(variant, str):
        raise Invalid("invalid_variant", "The variant must be a name.")
    if variant == "":
        variant = None
    if variant is not None and not VARIANT.fullmatch(variant):
        raise Invalid("invalid_variant", f"{variant!r} is not a variant name.")
    if variant is not None and not game.variants:
        raise Invalid("invalid_variant", f"{game.name} has no variants.")
    return game, variant
