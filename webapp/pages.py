"""The pages phones open at the table: start or join a table, play, read the log, see the
score, look back at past games. Every page works without script; static/js/table.js adds
live updates and sends actions without reloading.

Table pages live under ``/tables/<id>`` because the seat and host cookies are scoped there.
"""

from __future__ import annotations

from flask import (Blueprint, Response, current_app, flash, redirect, render_template, request, send_from_directory,
                   url_for)

from companion import ScoreRow, ScoreSheet
from companion.core import and_list
from companion.errors import HeadframeError

from . import exports, tables, views
from .charts import score_chart
from .errors import Conflict, NotFound, WebError, error_body
from .jsonbody import load_object
from .qr import qr_svg
from .security import HOST_COOKIE, SEAT_COOKIE, client_address, join_limit, set_table_cookie

bp = Blueprint("pages", __name__)
# Host names only this computer can reach: a QR code of them is no use to other phones.
LOCAL_NAMES = {"127.0.0.1", "localhost", "[::1]", "::1"}


@bp.app_template_global()
def static_file(name: str) -> str:
    return url_for("static", filename=name)


bp.add_app_template_global(views.main_move, "main_move")
bp.add_app_template_filter(views.number, "number")
bp.add_app_template_filter(views.ordinal, "ordinal")
bp.add_app_template_filter(and_list, "and_list")
bp.add_app_template_filter(views.local_time, "local_time")


# -- start or join ---------------------------------------------------------------------

@bp.get("/")
def index():
    return _home()


def _home(error: str | None = None, form=None, status: int = 200):
    chosen = form.get("game") if form else "scorepad"
    seat_me = (form.get("seat_me") == "1") if form else True
    return render_template("pages/index.html", choices=views.game_choices(), chosen=chosen,
                           switches=views.game_switches(form),
                           rows=views.player_rows(form), palette=views.PALETTE, error=error, seat_me=seat_me,
                           max_players=views.most_players(), name_max=tables.NAME_MAX), status


@bp.post("/tables")
def create():
    game_id, variant = views.split_choice(request.form.get("game", ""))
    players = views.players_from_form(request.form)
    problem = views.choice_problem(game_id, variant, players)
    if problem:
        return _home(problem, request.form, 422)
    variant = views.with_switches(game_id, variant, request.form)
    try:
        table, host_token = tables.create_table(game_id, players, variant)
        seat_token = None
        if request.form.get("seat_me") == "1":
            table, seat_token = tables.join(table.join_code, 0)
    except HeadframeError as exc:
        return _home(_message(exc), request.form, _status(exc))
    response = redirect(url_for("pages.table", table_id=table.id), 303)
    set_table_cookie(response, table.id, host_token, host=True)
    if seat_token:
        set_table_cookie(response, table.id, seat_token)
    return response


@bp.get("/join")
def join_form():
    code = request.args.get("code", "")
    if code:
        return _find_code(code)
    return render_template("pages/join.html", code="", error=None)


@bp.get("/j/<code>")
def join_link(code: str):
    return _find_code(code)


@bp.post("/join")
def join_post():
    return _find_code(request.form.get("code", ""))


def _find_code(code: str):
    try:
        table = join_limit(current_app).attempt(client_address(), lambda: tables.find_by_code(code))
    except WebError as exc:
        return render_template("pages/join.html", code=code, error=_message(exc)), exc.status
    return redirect(url_for("pages.seats", table_id=table.id, code=table.join_code), 303)


@bp.get("/tables/<table_id>/join")
def seats(table_id: str):
    table, _code = _table_for_code(table_id, request.args.get("code", ""))
    seat, host = views.viewer(table)
    return render_template("pages/seats.html", table=table, code=table.join_code, my_seat=seat, is_host=host,
                           title=views.game_title(table), error=None)


@bp.post("/tables/<table_id>/join")
def take_seat(table_id: str):
    table, code = _table_for_code(table_id, request.form.get("code", ""))
    raw = request.form.get("seat", "")
    try:
        table, token = tables.join(code, views.form_int(raw),
                                   request.cookies.get(SEAT_COOKIE))
    except WebError as exc:
        seat, host = views.viewer(table)
        return render_template("pages/seats.html", table=tables.get(table_id), code=code, my_seat=seat,
                               is_host=host, title=views.game_title(table), error=_message(exc)), exc.status
    response = redirect(url_for("pages.table", table_id=table.id), 303)
    set_table_cookie(response, table.id, token)
    return response


def _table_for_code(table_id: str, code: str) -> tuple[tables.Table, str]:
    """The table, but only for a phone that knows its join code."""
    def look_up() -> tables.Table:
        table = tables.find_by_code(code)
        if table.id != table_id:
            raise NotFound("No table has that join code.")
        return table

    table = join_limit(current_app).attempt(client_address(), look_up)
    return table, table.join_code


# -- the table ----------------------------------------------------------------------------

@bp.get("/tables/<table_id>")
def table(table_id: str):
    return _table_page(tables.overdue(tables.get(table_id)))


@bp.get("/tables/<table_id>/fragment")
def fragment(table_id: str):
    table = tables.overdue(tables.get(table_id))
    response = current_app.make_response(render_template("pages/_live.html", **_context(table)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/tables/<table_id>/act")
def act(table_id: str):
    """An action from a no-script form, or JSON (the page script sends its actions to the
    JSON API). A page opened to play for a seat (``?for=N``) sends its moves for that seat;
    who may make them is decided where every action's seat is (``tables.acting_for``)."""
    table = tables.get(table_id)
    wanted = views.asked_for()
    version = None
    try:
        if request.is_json:
            data = load_object(request.get_data(cache=True))
            action, version = data.get("action"), data.get("version")
        else:
            action = views.action_from_form(request.form, table.game.actions)
            version = views.form_int(request.form.get("version", ""))
        if isinstance(action, dict) and wanted is not None:
            action.setdefault("seat", wanted)
        done = tables.act(table_id, views.caller(), version, action)
    except HeadframeError as exc:
        if request.is_json:
            body, status = error_body(exc)
            return current_app.json.response(body), status
        had = version if isinstance(exc, Conflict) and isinstance(version, int) else None
        return _table_page(tables.get(table_id), error=exc, since=had)
    if request.is_json:
        return current_app.json.response({"ok": True, "version": done["version"]})
    return redirect(url_for("pages.table", table_id=table_id, **views.for_args(wanted)), 303)


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str):
    """The host undoes the last move still in effect; a player, their own last move."""
    raw = request.form.get("version", "")
    try:
        done = tables.undo(table_id, views.caller(), views.form_int(raw))
    except HeadframeError as exc:
        return _table_page(tables.get(table_id), error=exc)
    flash(tables.log(table_id, after=done.version - 1, limit=1)[0]["summary"], "ok")  # "Undid: Anna bids £1"
    return redirect(url_for("pages.table", table_id=table_id), 303)


@bp.post("/tables/<table_id>/end")
def end(table_id: str):
    if request.form.get("confirm") != "yes":
        return _table_page(tables.get(table_id), error=WebError("Tick the box to confirm you want to end the game."))
    try:
        tables.end_game(table_id, request.cookies.get(HOST_COOKIE))
    except HeadframeError as exc:
        return _table_page(tables.get(table_id), error=exc)
    return redirect(url_for("pages.score", table_id=table_id), 303)


@bp.post("/tables/<table_id>/seats/<int:seat>/free")
def free_seat(table_id: str, seat: int):
    return _host_step(table_id, lambda token: tables.remove_seat(table_id, token, seat),
                      "The seat is free: another phone can take it with the join code.")


def _host_step(table_id: str, step, done: str):
    try:
        step(request.cookies.get(HOST_COOKIE))
    except HeadframeError as exc:
        return _table_page(tables.get(table_id), error=exc)
    flash(done, "ok")
    return redirect(url_for("pages.table", table_id=table_id), 303)


def _context(table: tables.Table) -> dict:
    seat, host = views.viewer(table)
    chosen = views.playing_for(table, host)  # "Play for Dana"
    # A host's phone that holds no seat and has chosen none follows the turn (see followed_seats).
    followed = tables.followed_seats(table) if host and seat is None and chosen is None else ()
    playing_for = chosen if chosen is not None else (followed[0] if len(followed) == 1 else None)
    own_seat = seat
    if playing_for is not None:
        seat = playing_for  # the host's phone shows and plays that seat's moves
    game = table.game
    # A phone with neither a seat nor the host token (someone watching, a freed phone) sees the
    # table but never moves it could not send; a host without a seat plays for a seat first.
    watching = seat is None and not host
    options = [] if table.finished else tables.options_for(table, seat, host)
    if followed:  # the phone in the middle of the table: each move says whose it is and names its seat
        options = views.moves_of(table, followed)
    can_undo, undo_reason = views.undo_status(table, seat, host)
    return {"table": table, "game": game, "title": views.game_title(table), "view": game.view(table.state, seat),
            "seat": seat, "is_host": host, "options": options, "version": table.version,
            "round": game.round_of(table.state), "partial": views.partial_for(game),
            "can_undo": can_undo, "undo_reason": undo_reason, "recent": views.recent_events(table),
            "act_url": url_for("pages.act", table_id=table.id, **views.for_args(playing_for)),
            "fragment_url": url_for("pages.fragment", table_id=table.id, **views.for_args(chosen)),
            "playing_for": playing_for, "following": len(followed) == 1, "own_seat": own_seat, "turn": views.turn(table, seat, for_another=playing_for is not None and playing_for != own_seat), "watching": watching,
            "freed": own_seat is None and not host and bool(request.cookies.get(SEAT_COOKIE)),
            "phoneless": views.phoneless_seats(table) if host and not table.finished else []}


def _table_page(table: tables.Table, error: Exception | None = None, since: int | None = None):
    context = _context(table)
    join_url = _public_url() + url_for("pages.join_link", code=table.join_code).lstrip("/")
    show_code = context["is_host"] or context["seat"] is not None
    status = _status(error) if error else 200
    alert = None
    if isinstance(error, Conflict):
        alert = (("info", f"Before your tap arrived: {'; '.join(changes)}. ", _NOT_APPLIED) if (changes := _changes_since(table, since))
                 else ("info", "The table changed before your tap arrived. ", _NOT_APPLIED))
    elif error is not None:
        alert = ("error", "Not allowed: ", _message(error))
    local_only = not current_app.config.get("PUBLIC_URL") and request.host.split(":")[0] in LOCAL_NAMES
    return render_template("pages/table.html", **context, alert=alert, join_url=join_url, show_code=show_code,
                           local_only=local_only,
                           qr=qr_svg(join_url, f"QR code to join with code {table.join_code}") if show_code else None,
                           script=views.script_for(table.game)), status


_NOT_APPLIED = "Your tap was not applied. The table now shows the latest state."


def _changes_since(table: tables.Table, version: int | None) -> list[str]:
    """What the table did after ``version`` (the one a refused tap was made on), in the log's words."""
    if version is None or not 0 <= version < table.version:
        return []
    return [e["summary"] for e in tables.log(table.id, after=version, limit=20) if e["kind"] != "setup" and e["summary"]]


def _public_url() -> str:
    """The address other phones should use: PUBLIC_URL when the server knows its LAN name
    better than the browser that asked (someone on the host machine opening localhost)."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base if base.endswith("/") else base + "/"


# -- after the game -------------------------------------------------------------------------

@bp.get("/tables/<table_id>/log")
def log(table_id: str):
    table = tables.get(table_id)
    seat, host = views.viewer(table)
    events = tables.seen_by(table.game, tables.log(table_id), seat)
    can_undo, undo_reason = views.undo_status(table, seat, host)
    return render_template("pages/log.html", table=table, title=views.game_title(table), events=events,
                           names=views.seat_names(table), is_host=host, can_undo=can_undo,
                           undo_reason=undo_reason)


def _sheet(data: dict) -> ScoreSheet:
    raw = data["sheet"]
    rows = tuple(ScoreRow(r["category"], r["name"], tuple(r["points"])) for r in raw["rows"])
    return ScoreSheet(tuple(raw["players"]), rows, tuple(raw["totals"]), tuple(raw["ranks"]), raw.get("tiebreak", ""))


@bp.get("/tables/<table_id>/score")
def score(table_id: str):
    table = tables.get(table_id)
    data = tables.score(table_id)
    sheet = _sheet(data)
    colours = [p["colour"] for p in data["players"]]
    chart = score_chart(sheet.players, [r["totals"] for r in data["rounds"]], colours,
                        title=f"{views.game_title(table)}: score over the rounds",
                        round_labels=[str(r["round"]) for r in data["rounds"]])
    podium = sorted(range(len(sheet.players)), key=lambda s: (sheet.ranks[s], s))
    return render_template("pages/score.html", table=table, title=views.game_title(table), sheet=sheet,
                           colours=colours, chart=chart, podium=podium, outcome=data["outcome"],
                           notes=table.game.score_notes(table.state),
                           finished=data["finished"], bgstats_url=exports.bgstats_url(table_id) if data["finished"] else None)


@bp.get("/tables/<table_id>/scoresheet.pdf")
def scoresheet(table_id: str):
    table = tables.get(table_id)
    paper = request.args.get("paper", "a4")
    if paper not in ("a4", "letter"):
        raise WebError("Paper must be a4 or letter.")
    from pdf.scoresheet import scoresheet_pdf  # reportlab loads on the first score sheet, not in every worker

    played = views.long_date_of(table.updated_at)
    data = scoresheet_pdf(_sheet(tables.score(table_id)), views.game_title(table), played, paper=paper,
                          table_code=table.join_code, data=table.data.label() if table.data and table.data.edited else "")
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{table.game_id}-{table.id}-scores.pdf"'
    return response


@bp.get("/history")
def history():
    finished = tables.finished_tables()
    for entry in finished:
        entry["title"] = views.game_title(entry["game"], entry.get("variant"))
        sheet = entry.get("sheet") or {}
        players = sheet.get("players", [])
        winners = (entry.get("outcome") or {}).get("winners", [])
        entry["winners"] = [players[w] for w in winners if 0 <= w < len(players)]
        entry["when"] = views.local_time(entry["finished_at"], with_date=True)
    return render_template("pages/history.html", finished=finished, stats=tables.player_stats())


# -- short links and the installable app ------------------------------------------------------

@bp.get("/t/<table_id>")
@bp.get("/t/<table_id>/<path:rest>")
def short(table_id: str, rest: str = ""):
    target = f"/tables/{table_id}" + (f"/{rest}" if rest else "")
    if request.query_string:
        target += "?" + request.query_string.decode("latin-1")
    return redirect(target, 302)


@bp.get("/sw.js")
def service_worker():
    # Served from the root so it may control every page (a worker's scope is its folder).
    response = send_from_directory(current_app.static_folder, "sw.js", mimetype="text/javascript", max_age=0)
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    return send_from_directory(current_app.static_folder, "manifest.webmanifest",
                               mimetype="application/manifest+json", max_age=3600)


def _message(exc: Exception) -> str:
    return error_body(exc)[0]["error"]["message"]


def _status(exc: Exception) -> int:
    return error_body(exc)[1]
