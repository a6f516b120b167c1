"""Helpers the pages share: who is looking, what a phone may do, and turning forms into
actions. Kept apart from ``pages.py`` so the routes there read as a list of pages."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, Mapping

from flask import request

from companion import Game, Option, find_game, game_ids
from companion.core import ordinal  # noqa: F401  (a template filter, see pages)
from companion.data import load_game
from companion.errors import HeadframeError

from . import tables
from .jsonbody import stored

HERE = Path(__file__).resolve().parent
PARTIALS = HERE / "templates" / "games"
GAME_SCRIPTS = HERE / "static" / "games"
# Player colours offered on the new-table form: distinct on a dark or light screen and
# named so a player can say which is theirs.
PALETTE = (("Red", "#c0392b"), ("Blue", "#2471a3"), ("Green", "#1e8449"), ("Yellow", "#d4ac0d"),
           ("Purple", "#7d3c98"), ("Orange", "#d35400"), ("Teal", "#138d75"), ("Pink", "#c2185b"),
           ("Brown", "#795548"), ("Grey", "#707b7c"), ("Black", "#17202a"), ("White", "#f4f6f7"))
SPARE_ROWS = 4  # rows the new-table form shows when script is off
WHOLE = re.compile(r"^-?\d+$")
DECIMAL = re.compile(r"^-?\d+\.\d+$")
SKIPPED_FIELDS = {"csrf_token", "version", "action"}


# -- who is looking -------------------------------------------------------------------

def caller() -> tables.Caller:
    """The tokens this phone holds for the table whose page it asks for (its cookies)."""
    return tables.Caller.of(None, request.cookies)


def viewer(table: tables.Table) -> tuple[int | None, bool]:
    """(seat this phone holds or None, whether it holds the host token)."""
    return tables.viewer(table, caller())


def turn(table: tables.Table, seat: int | None, for_another: bool = False) -> dict:
    """Whose move it is, in words for the banner at the top of the table page: "Your turn"
    for a seat the table waits for, "Waiting for Cara" otherwise, each with the game's few
    words on what that seat is doing when it has them ("Your turn — 9 work points left",
    "Waiting for Cara (bidding)"); where the game says what the awaited seats are to do
    (``Game.waiting_phrase``), the others read "Waiting for Ben and Cy to roll". A host's phone
    playing for another seat (``for_another``) reads "Dana's turn" instead of "Your turn"."""
    if table.finished:
        return {"mine": False, "text": ""}
    waiting = list(table.game.acting_seats(table.state))
    names = seat_names(table) if any(s >= len(table.seats) for s in waiting) else {s.seat: s.name for s in table.seats}
    waiting = [s for s in waiting if s in names]
    if seat is not None and seat in waiting:
        others = [names[s] for s in waiting if s != seat]
        phrase = table.game.turn_phrase(table.state, seat)
        whose = f"{names[seat]}'s turn" if for_another else "Your turn"
        return {"mine": True, "text": whose + (f" (with {_names(others)})" if others else "")
                + (f" — {phrase}" if phrase else "")}
    if not waiting:
        return {"mine": False, "text": ""}
    who = _names([names[s] for s in waiting])
    after = table.game.waiting_phrase(table.state, tuple(waiting))
    if after:
        return {"mine": False, "text": f"Waiting for {who} {after}"}
    phrase = table.game.turn_phrase(table.state, waiting[0]) if len(waiting) == 1 else None
    return {"mine": False, "text": f"Waiting for {who}" + (f" ({phrase})" if phrase else "")}


RECENT = 3  # events under the status bar


def recent_events(table: tables.Table) -> list[str]:
    """The last few things that happened at the table, newest last, in the log's words
    ("Ben bids £4", a solo opponent's steps, "Anna (host) undid: …"): what the status bar shows
    under the turn. An undone move is left out; the undo that took it back says so. Reads a
    few more events than it shows, so the undone ones it skips do not leave it short."""
    events = tables.log(table.id, after=max(-1, table.version - 3 * RECENT), limit=3 * RECENT)
    said = [e["summary"] for e in events if e["kind"] in ("action", "undo", "end") and not e["undone"] and e["summary"]]
    return said[-RECENT:]


def main_move(options: list, handled: Any) -> Any:
    """The one move the status bar offers as a button: the only allowed option, when the page
    shows it as a plain button (not through a game's own form, which asks for more). None
    when there is a choice to make ("Choose…" then jumps to the moves) or nothing to do."""
    allowed = [o for o in options if o.allowed and o.action.get("type") != "end_game"]
    if len(allowed) != 1 or handled == "*" or allowed[0].action.get("type") in (handled or ()):
        return None
    return allowed[0]


def seat_names(table: tables.Table) -> dict[int, str]:
    """Every seat's name: the table's seats, and seats the game adds itself (a solo opponent)."""
    names = dict(enumerate(table.game.score(table.state).players))
    names.update({s.seat: s.name for s in table.seats})
    return names


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def phoneless_seats(table: tables.Table) -> list:
    """Seats the host may play for: no phone holds them and no bot plays them."""
    if not table.game.seat_is_actor:
        return []
    return [s for s in table.seats if not s.taken and not s.bot]


def asked_for() -> int | None:
    """The seat the page was opened to play for (``?for=N``), whoever asks."""
    raw = request.args.get("for", "")
    return int(raw) if WHOLE.match(raw) and len(raw) <= 3 else None


def playing_for(table: tables.Table, host: bool) -> int | None:
    """The seat the host's phone is playing for (``?for=N``), when it may."""
    return tables.played_for(table, host, asked_for())


def moves_of(table: tables.Table, seats: tuple[int, ...]) -> list[Option]:
    """The moves of the seats without a phone that the table waits for, on the host's phone in
    the middle of the table: each names its seat and says whose it is ("Blake: Pass")."""
    names = seat_names(table)
    return [replace(option, action={**option.action, "seat": seat}, label=f"{names[seat]}: {option.label}")
            for seat in seats for option in table.game.options(table.state, seat)]


def for_args(seat: int | None) -> dict:
    return {} if seat is None else {"for": seat}


# -- games and their pieces ---------------------------------------------------------------

def game_choices() -> list[dict]:
    """Everything the new-table form offers: each game (per variant, or per entry it lists),
    grouped by family (full rules first, then the score pads), as ``{"value", "label", "group"}``."""
    choices = []
    for gid in game_ids():
        game = find_game(gid)
        entries = game.entries or [(v, variant_name(gid, v)) for v in game.variants]
        if entries:
            choices += [{"value": f"{gid}|{v}", "label": f"{game.name}: {label}" if label else game.name,
                         "group": game.family} for v, label in entries]
        else:
            choices.append({"value": gid, "label": game.name, "group": game.family})
    return sorted(choices, key=lambda c: c["group"] != Game.family)


def _switches(gid: str) -> list[tuple[str, dict]]:
    """A game's switches, each with the value of the game list it shows with (the game id alone:
    every entry of that game)."""
    return [(f"{gid}|{switch['entry']}" if switch.get("entry") else gid, switch)
            for switch in find_game(gid).switches]


def choice_problem(game_id: str, variant: str | None, players: list) -> str | None:
    """Why the chosen entry cannot start with these players (a solo entry takes one name)."""
    try:
        return find_game(game_id).entry_problem(variant, len(players))
    except HeadframeError:
        return None


def most_players() -> int:
    """Rows the new-table form allows: the largest table any game takes."""
    return max(find_game(gid).players[1] for gid in game_ids())


def game_switches(form: Mapping | None = None) -> list[dict]:
    """The table options games offer as switches on the new-table form (each a name, a label
    and its choices as (word, label), the first the default), with what ``form`` had chosen,
    in sets by the entry of the game list they show with. A switch of two choices is a tick box
    for the second."""
    found: dict[str, dict] = {}
    for gid in game_ids():
        game = find_game(gid)
        for shown_with, switch in _switches(gid):
            field = f"switch-{gid}-{switch['name']}"
            choices = tuple(switch["choices"])
            legend = game.entry_legends.get(switch.get("entry")) or f"{game.name}: table options"
            group = found.setdefault(shown_with, {"game": shown_with, "legend": legend, "switches": []})
            group["switches"].append({"field": field, "label": switch["label"], "choices": choices,
                                      "tick": len(choices) == 2 and choices[0][0] == "",
                                      "chosen": (form.get(field) if form else None) or choices[0][0]})
    return list(found.values())


def with_switches(game_id: str, variant: str | None, form: Mapping) -> str | None:
    """The variant with the words of the switches ``form`` turned on for that game
    ("fair-play+minute-64"); the game's own setup check judges them."""
    try:
        game = find_game(game_id)
    except HeadframeError:
        return variant
    return game.with_switches(variant, [form.get(f"switch-{game_id}-{s['name']}") or "" for s in game.switches])


def split_choice(value: str) -> tuple[str, str | None]:
    game_id, _, variant = (value or "").partition("|")
    return game_id, variant or None


def variant_name(game_id: str, variant: str | None) -> str:
    if not variant:
        return ""
    try:
        game = find_game(game_id)
    except HeadframeError:
        game = None
    if hasattr(game, "variant_title"):  # a game whose variant carries table options names them itself
        return game.variant_title(variant)
    try:
        known = load_game(game_id).variants
    except HeadframeError:
        known = ()
    names = {getattr(found, "id", None): getattr(found, "name", None) for found in known}
    if names.get(variant):
        return names[variant]
    parts = variant.split("+")
    if len(parts) < 2 or not all(names.get(part) for part in parts):
        return variant
    # A combination of variants joined by "+" reads as their names joined by "and".
    modules = [names[p] for p in parts if not names[p].startswith("Solo: ")]
    solo = [names[p].removeprefix("Solo: ") for p in parts if names[p].startswith("Solo: ")]
    text = _and(modules)
    if solo:
        text = f"{text}, solo: {_and(solo)}" if text else f"Solo: {_and(solo)}"
    return text


def _and(words: list[str]) -> str:
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


def game_title(table_or_id: Any, variant: str | None = None) -> str:
    """What players call the game at this table, e.g. "Score pad for Ore"."""
    if isinstance(table_or_id, tables.Table):
        game_id, variant = table_or_id.game_id, table_or_id.variant
    else:
        game_id = table_or_id
    try:
        name = find_game(game_id).name
    except HeadframeError:
        name = game_id
    if variant:
        return f"{name} — {variant_name(game_id, variant)}"
    return name


def partial_for(game) -> str | None:
    """Template name of the game's own part of the table page, when it has one."""
    page = game.page or game.id
    return f"games/{page}.html" if (PARTIALS / f"{page}.html").is_file() else None


def script_for(game) -> str | None:
    page = game.page or game.id
    return f"games/{page}.js" if (GAME_SCRIPTS / f"{page}.js").is_file() else None


# -- undo ----------------------------------------------------------------------------

def undo_status(table: tables.Table, seat: int | None = None, host: bool = True) -> tuple[bool, str]:
    """Whether this phone's undo would work now, and if not, why (shown beside the button): the
    host may undo any move that did not roll, draw or reveal; a player only their own last move."""
    if table.finished:
        return False, "The game is over."
    if not host and seat is None:
        return False, ""
    last = tables.log(table.id, after=table.head - 1, limit=1)
    if not last or last[0]["kind"] == "setup":
        return False, "Nothing to undo yet."
    event = last[0]
    if not host and (event["kind"] != "action" or event["seat"] != seat):
        return False, "Someone has moved since your last move."
    if event["barrier"]:
        # the why first: the bar shows two lines of it, and the move it quotes may be long
        return False, f"Stays: it rolled dice or revealed something — “{event['summary']}”"
    return True, f"Takes back: {event['summary']}"


# -- forms into actions -------------------------------------------------------------------

def form_value(raw: str, name: str, strings: set[str]) -> Any:
    """The same conversion the page script does: whole numbers and decimals become numbers
    unless the form lists the field in ``_strings``."""
    if name in strings:
        return raw
    if WHOLE.match(raw) and len(raw) <= 18:
        return int(raw)
    if DECIMAL.match(raw):
        return float(raw)
    return raw


def form_int(raw: str) -> Any:
    """A whole number typed in a form, or the text as it came (for the check to refuse)."""
    return int(raw) if WHOLE.match(raw) and len(raw) <= 12 else raw


def action_from_form(form: Mapping[str, Any], declaration: Any = None) -> dict:
    """An action from a no-script post of an ``hf-action`` form (see static/js/table.js). With
    the game's ``declaration``, each field's text becomes its declared kind (a whole number, a
    tick box); without, the page script's rule applies (see ``form_value``)."""
    action: dict[str, Any] = {}
    template = form.get("action")
    if template:
        loaded = stored(template)  # measured before parsing, like every client's JSON
        if isinstance(loaded, dict):
            action.update(loaded)
    if form.get("_type"):
        action["type"] = form["_type"]
    strings = {s.strip() for s in (form.get("_strings") or "").split(",") if s.strip()}
    joined = {s.strip() for s in (form.get("_join") or "").split(",") if s.strip()}
    texts = {name: _joined(form, name) if name in joined else form.get(name) for name in form
             if name not in SKIPPED_FIELDS and not name.startswith("_")}
    texts = {name: text for name, text in texts.items() if text != ""}
    if declaration is not None:
        converted = declaration.from_form({**texts, "type": action.get("type")})
        action.update((name, converted[name]) for name in texts)
    else:
        action.update((name, form_value(raw, name, strings)) for name, raw in texts.items())
    return action


def _joined(form: Mapping[str, Any], name: str) -> str:
    """A field the form lists in ``_join``: the values of its fields of that name, in order,
    the empty ones left out, joined by ", " (one select per card: "iron-1, lead-3")."""
    values = form.getlist(name) if hasattr(form, "getlist") else [form.get(name)]
    return ", ".join(str(v) for v in values if v)


def player_rows(form: Mapping[str, Any] | None) -> list[dict]:
    """Rows for the new-table form: what was sent back (on an error) plus blank spares."""
    rows = []
    if form is not None:
        names = form.getlist("name") if hasattr(form, "getlist") else []
        colours = form.getlist("colour") if hasattr(form, "getlist") else []
        rows = [{"name": n, "colour": c} for n, c in zip(names, colours) if n.strip()]
    while len(rows) < SPARE_ROWS:
        rows.append({"name": "", "colour": PALETTE[len(rows) % len(PALETTE)][1]})
    return rows


def players_from_form(form: Mapping[str, Any]) -> list[dict]:
    names = form.getlist("name")
    colours = form.getlist("colour")
    return [{"name": n.strip(), "colour": c} for n, c in zip(names, colours) if n.strip()]


# -- display ----------------------------------------------------------------------------

def local_time(iso: str, with_date: bool = False) -> str:
    """An event's time on the server's clock, which is the table's: the server sits on the
    same network as the players."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone()
    except (ValueError, AttributeError):
        return ""
    return moment.strftime("%-d %b %Y, %H:%M" if with_date else "%H:%M:%S")


def long_date(iso: str) -> str:
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone()
    except (ValueError, AttributeError):
        return ""
    return moment.strftime("%-d %B %Y")


def long_date_of(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).astimezone().strftime("%-d %B %Y")


def number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
