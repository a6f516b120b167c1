"""Play whole games through the phone pages, one browser page per player, as a table would.

    python tests/browser/play_pages.py tinners-trail|base --players 4 --out /tmp/play
    python tests/browser/play_pages.py ore-published --players 4 --names Ben,Bea,Bo,Cy
    python tests/browser/play_pages.py tinners-trail|base --players 4 --phones 2 --switch arsenic
    python tests/browser/play_pages.py ardevur|standard --players 3 --phones 1 --host-unseated

Starts ``headframe serve`` on 127.0.0.1 with a fresh instance folder, opens one 360 px phone
per player (every other one in the dark theme), creates the table on the first phone and seats
the others by join code. With ``--phones K`` only the first K players hold a phone; the host
taps "Play for NAME" and makes the others' moves on the host's phone (the log must say "entered
by the host for NAME"). With ``--host-unseated`` the first phone starts the table without a seat
(a phone in the middle of the table), follows the turn and plays for every seat without a phone.
``--switch`` ticks a table option of the game on the home page (e.g. ``arsenic``). Then, until the game is over or ``--moves`` run out, a phone whose
banner says "Your turn" makes a move and taps it; a refusal must be shown as a message, and
the phone then tries another move.

Which move: with ``--policy bot`` (the default, for games that have bots) the game's own
heuristic bot is asked, from the table as stored, what that seat would do; the phone finds the
button for that move on its page (filling the move's fields) and taps it, so the game moves
towards its end. A move the bot wants that the page does not offer is printed as MISSING and a
random enabled move is tapped instead. With ``--policy random`` every move is picked at random.

Screenshots: each phone at the start, every ``--every`` moves, and the first time each kind of
move comes up (the phone about to make it, and the next phone, which waits), then each phone's
final table and score page. It prints what it did and every refusal it saw, so a person can
read the refusals and look at the screenshots.

Not a test (a game takes minutes): the browser tests cover each feature; this plays them
together. Chromium from Debian (``HEADFRAME_CHROMIUM`` or /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

# the browser tests' own steps for creating a table and taking a seat (this folder is on the path
# when the script runs)
from test_table_flow import start_table, take_seat

PHONE = {"width": 360, "height": 640}
NAMES = ("Anna", "Ben", "Cara", "Dana", "Eli")
# moves a random player should not pick: they end nothing and undo everything
AVOID = re.compile(r"undo|leave|free the seat|play for|end the game|reset", re.I)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(instance: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "headframe", "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--instance", str(instance), "--threads", "8"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=5):
                return process, url
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("headframe serve did not start")


def my_turn(page) -> bool:
    meta = page.locator("#live [data-my-turn]")
    return meta.count() > 0 and meta.first.get_attribute("data-my-turn") == "1"


def over(page) -> bool:
    meta = page.locator("#live [data-finished]")
    return meta.count() > 0 and meta.first.get_attribute("data-finished") == "1"


def moves(page):
    found = []
    for form in page.locator("#live form.hf-action").all():
        button = form.locator("button[type=submit]:not([disabled]), button:not([type]):not([disabled])")
        if button.count() == 0 or not form.is_visible() and not form.locator("xpath=ancestor::details").count():
            continue
        label = " ".join((button.first.text_content() or button.first.get_attribute("aria-label") or "").split())
        if AVOID.search(label):
            continue
        found.append((form, button.first, label))
    return found


def fill(form, rng: random.Random) -> None:
    for select in form.locator("select").all():
        values = [v for v in select.evaluate("s => [...s.options].filter(o => !o.disabled).map(o => o.value)") if v != ""]
        if values:
            select.select_option(rng.choice(values))
    for box in form.locator("input[type=number]").all():
        low = box.get_attribute("min")
        high = box.get_attribute("max")
        low = int(float(low)) if low else 0
        high = int(float(high)) if high else low + 6
        box.fill(str(rng.randint(low, max(low, high))))
    for box in form.locator("input[type=checkbox]").all():
        if box.is_enabled() and rng.random() < 0.5:
            box.check()
    for box in form.locator("input[type=radio]").all():
        if box.is_enabled() and rng.random() < 0.5:
            box.check()


def open_folds(form) -> None:
    """Open the fold the form sits in, or the fold inside it that holds its fields; a form in a
    section shown when a link to it is followed (an area of a map) is shown by tapping that link."""
    closed = form.locator("xpath=ancestor::details[not(@open)]/summary | .//details[not(@open)]/summary")
    for _ in range(8):  # outermost first: a fold inside another shows once the outer one is open
        if closed.count() == 0:
            break
        closed.first.click()
    if form.is_visible():
        return
    ids = form.evaluate("f => { const found = []; for (let e = f; e; e = e.parentElement) if (e.id) found.push(e.id);"
                        " return found; }")
    for section in ids:
        link = form.page.locator(f'a[href="#{section}"]')
        if link.count():
            link.first.click()
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="the game choice as on the home page, e.g. tinners-trail|base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=1500, help="stop after this many taps (default 1500)")
    parser.add_argument("--every", type=int, default=40, help="screenshots every N taps (default 40)")
    parser.add_argument("--policy", choices=("bot", "random"), default="bot",
                        help="bot: the game's heuristic bot picks each move (default); random: any enabled move")
    parser.add_argument("--names", help="the players' names, separated by commas (default Anna, Ben, Cara, ...)")
    parser.add_argument("--phones", type=int, help="how many players hold a phone (default all); the host plays for the rest")
    parser.add_argument("--host-unseated", action="store_true",
                        help="the host's phone starts the table without a seat and plays for the seats without a phone")
    parser.add_argument("--switch", action="append", default=[],
                        help="a table option to tick on the home page, by its name (arsenic, emigration, ...); repeatable")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("play-out"))
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    names = [n.strip() for n in args.names.split(",")] if args.names else list(NAMES[:args.players])
    if len(names) != args.players or len(set(names)) != len(names) or not all(names):
        parser.error(f"--names: give {args.players} different names, separated by commas")
    phones = args.players if args.phones is None else args.phones
    if not 0 <= phones <= args.players or (phones == 0 and not args.host_unseated):
        parser.error("--phones: between 1 and --players (0 only with --host-unseated)")
    # a stopped run still stops its server (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    with tempfile.TemporaryDirectory() as instance:
        process, url = serve(Path(instance))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=os.environ.get("HEADFRAME_CHROMIUM", "/usr/bin/chromium"),
                                             args=["--no-sandbox", "--disable-gpu"])
                # the host's phone first (seated as the first player unless --host-unseated), then
                # one phone for each further player who holds one
                holders = list(range(phones)) if not args.host_unseated else [None, *range(phones)]
                phones_open = []
                for index in range(len(holders)):
                    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True,
                                                  color_scheme="dark" if index % 2 else "light")
                    page = context.new_page()
                    page.set_default_timeout(15_000)
                    phones_open.append(page)
                host = phones_open[0]
                table_url, code = start_table(host, url, names, args.game, switches=args.switch,
                                              seat_me=not args.host_unseated)
                for page, seat in zip(phones_open[1:], holders[1:]):
                    take_seat(page, url, code, names[seat])
                seats = Seats(host, {s: page for s, page in zip(holders, phones_open) if s is not None}, table_url, names)
                referee = Referee(Path(instance), table_url.rstrip("/").rsplit("/", 1)[1])
                labels = [names[s] if s is not None else "host" for s in holders]
                return play(seats, phones_open, labels, args, rng, referee)
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


class Referee:
    """The table as the server stored it (read from its database) and the game's own bot, which
    says what a seat would sensibly do next."""

    def __init__(self, instance: Path, table_id: str):
        sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
        from webapp import create_app, tables

        self.app, self.tables, self.table_id = create_app(instance_path=instance), tables, table_id
        self.chooser = random.Random(7)

    def table(self):
        with self.app.app_context():
            return self.tables.get(self.table_id)

    def waiting_for(self) -> tuple[int, ...]:
        table = self.table()
        return () if table.finished else tuple(table.game.acting_seats(table.state))

    def move(self, seat: int) -> dict | None:
        table = self.table()
        game = table.game
        if not game.bot_names:
            return None
        bot = "heuristic" if "heuristic" in game.bot_names else game.bot_names[-1]
        action = game.bot_move(table.state, seat, bot, self.chooser)
        return None if action is None else {k: v for k, v in dict(action).items() if k != "seat"}


class Seats:
    """Which phone makes a seat's move: the phone that holds it, or the host's phone, which taps
    "Play for NAME" for a seat without a phone (and "back to your seat" for its own)."""

    def __init__(self, host, phones: dict, table_url: str, names: list[str]):
        self.host, self.phones, self.url, self.names = host, phones, table_url.split("?")[0], names
        self.showing = None  # the seat the host's phone plays for now, None for its own view
        self.switches = 0

    def page_for(self, seat: int):
        if seat in self.phones:
            page = self.phones[seat]
            if page is self.host and self.showing is not None:
                self.host.get_by_role("link", name="back to your seat").click()
                self.host.wait_for_url(self.url)
                self.showing = None
            return page
        if self.showing != seat:
            self.host.get_by_role("link", name=f"Play for {self.names[seat]}").first.click()
            self.host.wait_for_url(re.compile(rf"\?for={seat}$"))
            self.showing, self.switches = seat, self.switches + 1
        return self.host

    def check_log(self) -> list[str]:
        """Every move of a seat without a phone says in the log that the host entered it for that
        seat, and no move of a seat with one does; the lines that do not."""
        token = next(c["value"] for c in self.host.context.cookies() if c["name"] == "hf_host")
        table_id = self.url.rstrip("/").rsplit("/", 1)[1]
        request = urllib.request.Request(self.url.split("/tables/")[0] + f"/api/tables/{table_id}/log",
                                         headers={"X-Headframe-Token": token})
        with urllib.request.urlopen(request, timeout=30) as answer:
            events = json.load(answer)["events"]
        wrong = []
        for event in events:
            if event["kind"] != "action" or event.get("seat") is None:
                continue
            by_host = event["summary"].endswith(f"(entered by the host for {self.names[event['seat']]})")
            if by_host == (event["seat"] in self.phones):
                wrong.append(f"{event['seq']}: {event['summary']}")
        return wrong


HIDDEN_BOOKKEEPING = ("csrf_token", "version", "action")  # hidden inputs that are not part of the move


def _same(wanted, value) -> bool:
    return wanted == value or (not isinstance(wanted, (list, dict)) and str(wanted) == str(value))


def _names(form, fields: set[str], wanted: dict) -> dict[str, set[str]]:
    """Each key of ``wanted`` and the form's fields that carry it: its own name, or for a list,
    one field per item named after it (``discard`` -> ``discard_A``, ``discard_B``)."""
    return {key: {key} if key in fields else {f for f in fields if isinstance(value, list) and f.startswith(key + "_")}
            for key, value in wanted.items()}


def _offers(form, carried: dict[str, set[str]], wanted: dict) -> bool:
    """Whether each of the form's lists of choices holds the value the move wants there."""
    for key, names in carried.items():
        value = wanted[key]
        for name in names:
            options = form.locator(f'select[name="{name}"] option').evaluate_all("l => l.map(e => e.value)")
            if options and not any(o in map(str, value) if isinstance(value, list) else o == str(value)
                                   for o in options):
                return False
    return True


def as_page_sends(wanted: dict) -> dict:
    """The move as a page's form sends it, where the form takes it in another shape than the
    rules' action: Tinners' Trail's steam pumps drain up to three areas, given as area and
    amount, area2 and amount2, area3 and amount3."""
    drain = wanted.get("drain")
    if wanted.get("type") == "steam_pumps" and isinstance(drain, dict) and 1 <= len(drain) <= 3:
        sent = {"type": "steam_pumps"}
        for suffix, (area, amount) in zip(("", "2", "3"), drain.items()):
            sent.update({f"area{suffix}": area, f"amount{suffix}": amount})
        return sent
    return wanted


def find_move(page, wanted: dict):
    """The form on ``page`` that sends ``wanted``: a button whose action is exactly it, or a form
    whose fields take the rest of it (filled here). A form's hidden inputs (an area's own form
    names its area) are part of what it sends. A form for real dice or tiles, whose fields the
    move does not name, is not the move. None when the page offers no such move."""
    partial = None
    forms = page.locator("#live form.hf-action").all()
    # the game's own buttons first; a form for real dice, tiles or bag draws only when no button is the move
    forms.sort(key=lambda form: form.get_attribute("data-action") is None)
    for form in forms:
        raw = form.get_attribute("data-action")
        base = json.loads(raw) if raw else {"type": form.get_attribute("data-type")}
        base.pop("seat", None)
        if not raw:
            hidden = form.locator("input[type=hidden]").evaluate_all("l => l.map(e => [e.name, e.value])")
            base.update({k: v for k, v in hidden if k and not k.startswith("_") and k not in HIDDEN_BOOKKEEPING})
        fields = {n for n in form.locator("select, input:not([type=hidden])").evaluate_all("l => l.map(e => e.name)")}
        # a box the move leaves out may keep an empty or zero value (real cards the server draws,
        # nothing sold); a choice of real dice may not
        blank = set(form.locator("input, select").evaluate_all(
            "l => l.filter(e => e.type !== 'hidden' && (e.value === '' || e.value === '0')).map(e => e.name)"))
        if base.keys() == wanted.keys() and all(_same(wanted[k], v) for k, v in base.items()) and fields <= blank:
            open_folds(form)  # a move inside steps (ARDEVUR: what, then which) is tapped after opening them
            return form
        carried = _names(form, fields, {k: v for k, v in wanted.items() if k not in base})
        if partial is None and all(k in wanted and _same(wanted[k], v) for k, v in base.items()) \
                and all(carried.values()) and fields - blank <= set().union(*carried.values(), set()) \
                and _offers(form, carried, wanted):
            partial = (form, base, carried)
    if partial is None:
        return None
    form, base, carried = partial
    open_folds(form)
    for key, names in carried.items():
        value = wanted[key]
        for name in sorted(names):
            box = form.locator(f'[name="{name}"]').first
            kind = (box.get_attribute("type") or box.evaluate("e => e.tagName")).lower()
            if isinstance(value, list):  # one of the items in each of the list's fields
                options = box.locator("option").evaluate_all("l => l.map(e => e.value)")
                chosen = [o for o in options if o in map(str, value)]
                if kind != "select" or not chosen:
                    return None
                box.select_option(chosen[0])
            elif kind == "select":
                box.select_option(str(value))
            elif kind in ("checkbox", "radio"):
                form.locator(f'[name="{name}"][value="{value}"]').first.check() if kind == "radio" \
                    else box.set_checked(bool(value))
            else:
                box.fill(str(value))
    return form


def snap(page, path: Path) -> None:
    """A full-page screenshot; on a machine too busy to take it in time, a line saying so and
    the game goes on."""
    try:
        # from the top: a page scrolled part way stitches its sticky status bar into the middle
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(path), full_page=True, timeout=60_000)
    except Exception as problem:  # Playwright's timeout
        print(f"no screenshot {path.name}: {str(problem).splitlines()[0][:120]}")


def shoot(pages, names, out: Path, tag: str) -> None:
    for page, name in zip(pages, names):
        snap(page, out / f"{tag}-{name}.png")


BAR_PARTS = """() => { window.scrollTo(0, 0);
  const bottom = el => el ? Math.round(el.getBoundingClientRect().bottom) : null;
  const bar = document.getElementById('status-bar');
  return {bar: bottom(bar), move: bottom(bar && (bar.querySelector('form.sb-main button') || bar.querySelector('.sb-choose'))),
          undo: bottom(bar && bar.querySelector('form.sb-undo button'))}; }"""


def where_the_bar_is(page) -> str:
    """How far down the first screen (px from the top, the page at its top) the status bar, its
    move (or "Choose…") and Undo end."""
    parts = page.evaluate(BAR_PARTS)
    return ", ".join(f"{k} ends at {v} px" if v is not None else f"no {k}" for k, v in parts.items())


def label_of(button) -> str:
    return " ".join((button.text_content() or button.get_attribute("aria-label") or "").split())


def random_move(page, name, rng, log):
    """(form, button, label, kind) of one enabled move of ``page`` with its fields filled at
    random, or None."""
    options = moves(page)
    if not options:
        log(f"{name}: my turn, but no enabled move")
        return None
    form, button, label = rng.choice(options)
    open_folds(form)
    fill(form, rng)
    raw = form.get_attribute("data-action")
    kind = json.loads(raw).get("type") if raw else form.get_attribute("data-type")
    return form, button, label, kind or "move"


def choose(seats, rng, referee, policy, log):
    """(page, name, form, button, label, kind) of the next tap, or None when nobody can move."""
    waiting = [s for s in referee.waiting_for() if s < len(seats.names)]  # a bot's seat (Lord Wallace) moves itself
    if not waiting:
        return None
    seat = rng.choice(waiting)
    name = seats.names[seat]
    page = seats.page_for(seat)
    if not my_turn(page):
        return None  # this phone has not heard of the last move yet
    wanted = referee.move(seat) if policy == "bot" else None
    if wanted is not None:
        form = find_move(page, wanted)
        if form is None and as_page_sends(wanted) != wanted:
            form = find_move(page, as_page_sends(wanted))
        if form is None:
            log(f"{name}: MISSING on the page: the bot's move {wanted}")
        else:
            button = form.locator("button[type=submit], button:not([type])").first
            if not button.is_disabled():
                return page, name, form, button, label_of(button), wanted["type"]
            log(f"{name}: GREYED on the page though the rules allow it: {wanted}")
    picked = random_move(page, name, rng, log)
    return None if picked is None else (page, name, *picked)


def play(seats, pages, names, args, rng, referee) -> int:
    """Tap moves until the game is over; ``pages`` are the phones open (the host's first) and
    ``names`` what their screenshots are called."""
    taps = refusals = idle = 0
    kinds: set[str] = set()
    shoot(pages, names, args.out, "000-start")
    while taps < args.moves:
        if any(over(p) for p in pages):
            print("the game is over")
            break
        try:
            picked = choose(seats, rng, referee, args.policy, print)
        except Exception as problem:  # the page redrew while it was read
            print(f"a page redrew while it was read ({str(problem).splitlines()[0][:200]}): again")
            time.sleep(0.3)
            continue
        if picked is None:
            idle += 1
            if idle > 60:
                print("nobody could move for 30 s: stopping")
                break
            time.sleep(0.5)
            continue
        idle = 0
        page, name, form, button, label, kind = picked
        if kind not in kinds:
            kinds.add(kind)
            print(f"     where {name}'s page shows {kind}: {where_the_bar_is(page)}")
            index = pages.index(page)
            for who in dict.fromkeys((index, (index + 1) % len(pages))):
                snap(pages[who], args.out / f"kind-{kind}-{taps:03}-{names[who]}.png")
        before = page.locator("#live [data-version]").first.get_attribute("data-version")
        page.evaluate("() => { const a = document.getElementById('alert'); if (a) a.textContent = ''; }")
        try:
            open_folds(form)
            button.click()
        except Exception as problem:  # a redraw replaced the form under the tap: try again
            print(f"{name}: tap on {label!r} missed ({type(problem).__name__})")
            continue
        taps += 1
        deadline = time.monotonic() + 10
        now = before
        while time.monotonic() < deadline:
            now = page.locator("#live [data-version]").first.get_attribute("data-version")
            alert = page.locator("#alert").inner_text().strip()
            if now != before or alert:
                break
            time.sleep(0.1)
        alert = page.locator("#alert").inner_text().strip()
        if alert and now == before:
            refusals += 1
            print(f"{taps:4} {name}: {label} -> refused: {' '.join(alert.split())}")
        else:
            print(f"{taps:4} {name}: {label}")
        if taps % args.every == 0:
            shoot(pages, names, args.out, f"{taps:03}")
    time.sleep(1)  # every phone hears of the last move
    finished = any(over(p) for p in pages)
    shoot(pages, names, args.out, "999-end")
    for page, name in zip(pages, names):
        page.goto(page.url.split("#")[0].split("?")[0].rstrip("/") + "/score")  # not an area link's #fragment
        snap(page, args.out / f"score-{name}.png")
    print(f"{taps} taps, {refusals} refusals, kinds of move: {', '.join(sorted(kinds))}; game over: {finished}")
    if len(seats.phones) < len(seats.names):
        wrong = seats.check_log()
        print(f"the host played for the seats without a phone ({seats.switches} times it tapped \"Play for\"); "
              f"log lines that do not say who entered them: {len(wrong)}")
        for line in wrong[:20]:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
