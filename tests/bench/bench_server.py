"""Server benchmark: many phones on `headframe serve`, measured against a hello-world floor.

    python3 tests/bench/bench_server.py               # 200 tables x 5 phones for 60 s
    python3 tests/bench/bench_server.py --seconds 20  # shorter

Every phone polls its table every 2 s (with If-None-Match: a 304 while nothing changed) and
acts every 5 s; a phone whose action meets a newer table (409) redraws and tries once more.
The same traffic then goes to a hello-world Flask app under the same server: the same
waitress settings and the same number of server processes (serve's default, one per core,
unless --workers says). That is the floor the companion is compared with. Before the load,
the instance is filled with --stored finished tables, and one table gets --history logged
actions, so an action there can be timed against one in a fresh table.

CPU and memory are those of the server's whole process tree. Memory is the peak, sampled
twice a second, of the processes' summed PSS (each shared page counted once, split among
the processes that map it); the summed RSS, which counts the pages workers share with
their parent once per process, is printed beside it.

Then, on the same server and tables, the phones sync as the table page does
(``static/js/table.js``) for ``--sync-seconds``: each long-polls ``/events`` (20 s) on a
connection of its own, as a browser does, and when the server has no room for another waiting
request it polls ``GET /api/tables/<id>`` once a second for 30 s before trying again; each
phone still acts every ``--act`` seconds, through the shared connections. The server's CPU
and the bench's own are printed beside the figures, with the load average: on a shared
machine the figures mean little when the load is above the number of cores. For every accepted action the bench times how long
until every other phone of its table has been told of that version (or a newer one), counted
from the moment the action was sent; an action some phone had not seen when the run ended
counts with the time it had waited (so the figures are never flattered). Phones stop acting
5 s before the end so late actions can still be seen. All 1,000 pages open in the same instant,
so the figures are also given for the actions sent while their first checks were being answered
(the opening) and for those sent after it, and per 5 s of the run.

All traffic goes to 127.0.0.1 and every run is bounded in time. Targets: p99 action
latency <= 50 ms, throughput >= 60 % of the floor's, peak memory <= 150 MB, an action in
the long table within 1.2x of one in a fresh table, an action seen by every other phone of
its table within 1 s at p99.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PLAYERS = [{"name": n, "colour": c} for n, c in
           (("Ann", "#c0392b"), ("Bo", "#2980b9"), ("Cy", "#27ae60"), ("Di", "#8e44ad"), ("Ed", "#d35400"))]
ADD = {"type": "add_points", "category": "points", "points": 1}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tree(pid: int) -> list[int]:
    """The server and its worker processes."""
    try:
        return [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return [pid]


def _kb(path: str, field: str) -> int:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def memory_mb(pid: int) -> tuple[float, float]:
    """(PSS, RSS) of the server's processes together, in MB. PSS shares each page among the
    processes that map it, so it is what the server as a whole takes; the sum of RSS counts
    the pages the workers share with their parent once per process."""
    pids = tree(pid)
    return (sum(_kb(f"/proc/{p}/smaps_rollup", "Pss:") for p in pids) / 1024,
            sum(_kb(f"/proc/{p}/status", "VmRSS:") for p in pids) / 1024)


def cpu_seconds(pid: int) -> float:
    total = 0
    for p in tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class PeakMemory:
    """Samples the server's memory every ``every`` seconds while the load runs."""

    def __init__(self, pid: int, every: float = 0.5):
        self.pid, self.every = pid, every
        self.pss = self.rss = 0.0

    def sample(self) -> None:
        pss, rss = memory_mb(self.pid)
        self.pss, self.rss = max(self.pss, pss), max(self.rss, rss)

    async def run(self, end: float) -> None:
        while time.monotonic() < end:
            self.sample()
            await asyncio.sleep(self.every)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


# -- filling the instance ---------------------------------------------------------------

def populate(instance: Path, stored: int, history: int) -> str:
    """Add ``stored`` finished tables (copies of one real table) and one table with
    ``history`` logged actions, written straight to the database. Returns that table's id."""
    from companion import find_game
    from webapp import create_app, tables
    from webapp.db import EVENT_COLUMNS, SEAT_COLUMNS, TABLE_COLUMNS
    from webapp.tables.model import dumps, pack, random_text

    def insert(name: str, columns: str) -> str:
        return f"INSERT INTO {name} ({columns}) VALUES ({', '.join(':' + c for c in columns.split(', '))})"

    app = create_app(None, instance_path=instance)
    game = find_game("scorepad")
    with app.app_context():
        sql = app.extensions["headframe"].sql
        template, host = tables.create_table("scorepad", PLAYERS)
        ended = tables.end_game(template.id, host)
        with sql.transaction() as tx:
            row = tx.one(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = :tid", {"tid": ended.id})
            seats = tx.all(f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = :tid", {"tid": ended.id})
            events = tx.all(f"SELECT {', '.join(EVENT_COLUMNS)} FROM events WHERE table_id = :tid", {"tid": ended.id})
        row = dict(zip(TABLE_COLUMNS.split(", "), row))
        seats = [dict(zip(SEAT_COLUMNS.split(", "), s)) for s in seats]
        events = [dict(zip(EVENT_COLUMNS, e)) for e in events]
        for start in range(1, stored, 1000):
            batch = range(start, min(stored, start + 1000))
            rows, seat_rows, event_rows = [], [], []
            for _ in batch:
                table_id = random_text(tables.ID_ALPHABET, tables.ID_LENGTH)
                rows.append({**row, "id": table_id, "join_code": random_text(tables.CODE_ALPHABET, tables.CODE_LENGTH)})
                seat_rows += [{**s, "table_id": table_id} for s in seats]
                event_rows += [{**e, "table_id": table_id} for e in events]
            with sql.transaction(write=True) as tx:
                tx.many(insert("tables", TABLE_COLUMNS), rows)
                tx.many(insert("seats", SEAT_COLUMNS), seat_rows)
                tx.many(insert("events", ", ".join(EVENT_COLUMNS)), event_rows)

        long, host = tables.create_table("scorepad", PLAYERS)
        state = long.state
        rows = []
        now = time.time()
        for seq in range(1, history + 1):
            action = {**ADD, "seat": seq % 5}
            state, summary = game.play(state, action)
            text = dumps(game.to_json(state))
            rows.append(dict(table_id=long.id, seq=seq, kind="action", seat=seq % 5, at=now, action=dumps(action),
                             summary=summary, round=1, barrier=False, undone=False, prev=seq - 1,
                             undoes=None, state_z=pack(text)))
        with sql.transaction(write=True) as tx:
            for start in range(0, len(rows), 1000):
                tx.many(insert("events", ", ".join(EVENT_COLUMNS)), rows[start:start + 1000])
            tx.run("UPDATE tables SET version = :v, head = :v, state = :state WHERE id = :tid",
                   {"v": history, "state": text, "tid": long.id})
        app.extensions["headframe"].engine.dispose()
    (instance / "long-table.json").write_text(json.dumps({"id": long.id, "host": host, "version": history}))
    return long.id


# -- a small HTTP/1.1 keep-alive client on asyncio -----------------------------------------

class Pool:
    def __init__(self, port: int, size: int):
        self.port = port
        self.size = size
        self.idle: asyncio.Queue = asyncio.Queue()

    async def open(self) -> None:
        for _ in range(self.size):
            self.idle.put_nowait(await asyncio.open_connection("127.0.0.1", self.port))

    async def close(self) -> None:
        while not self.idle.empty():
            pair = self.idle.get_nowait()
            if pair is not None:
                pair[1].close()

    async def request(self, method: str, path: str, body: dict | None = None,
                      headers: dict | None = None) -> tuple[int, dict, bytes, float]:
        """(status, headers, body, seconds). The time runs from sending (or from connecting,
        when the server closed the last connection, as waitress does after every 304) to the
        last byte of the answer."""
        pair = await self.idle.get()
        started = time.perf_counter()
        try:
            if pair is None:
                pair = await asyncio.open_connection("127.0.0.1", self.port)
            reader, writer = pair
            payload = json.dumps(body).encode() if body is not None else b""
            head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(payload)}"]
            if body is not None:
                head.append("Content-Type: application/json")
            head += [f"{k}: {v}" for k, v in (headers or {}).items()]
            writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
            await writer.drain()
            status = int((await reader.readline()).split()[1])
            answer = {}
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b""):
                    break
                key, _, value = line.decode("latin-1").partition(":")
                answer[key.strip().lower()] = value.strip()
            length = int(answer.get("content-length", 0))
            data = await reader.readexactly(length) if length else b""
            took = time.perf_counter() - started
            if answer.get("connection", "").lower() == "close":
                writer.close()
                pair = None
            return status, answer, data, took
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
            if pair is not None:
                pair[1].close()
            pair = None
            raise
        finally:
            self.idle.put_nowait(pair)


class Stats:
    def __init__(self):
        self.act_latency: list[float] = []
        self.poll_latency: list[float] = []
        self.requests = 0
        self.statuses: dict[int, int] = {}
        self.errors = 0
        self.last_error = ""

    def count(self, status: int) -> None:
        self.requests += 1
        self.statuses[status] = self.statuses.get(status, 0) + 1


async def phone(pool: Pool, stats: Stats, paths: dict, token: str | None, end: float, poll_every: float,
                act_every: float, rng: random.Random) -> None:
    version = 0
    now = time.monotonic()
    next_poll = now + rng.uniform(0, poll_every)
    next_act = now + rng.uniform(0, act_every)
    while True:
        due = min(next_poll, next_act)
        if due >= end:
            return
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        try:
            if next_poll <= next_act:
                next_poll += poll_every
                status, _, data, took = await pool.request("GET", paths["poll"], headers={"If-None-Match": f'"{version}"'})
                stats.count(status)
                stats.poll_latency.append(took)
                if status == 200 and paths["parse"]:
                    version = json.loads(data)["version"]
            else:
                next_act += act_every
                for _attempt in range(2):
                    status, _, data, took = await pool.request(
                        "POST", paths["act"], {"version": version, "action": ADD},
                        {"X-Headframe-Token": token} if token else None)
                    stats.count(status)
                    stats.act_latency.append(took)
                    if not paths["parse"]:
                        break
                    body = json.loads(data)
                    if status == 409:  # another phone at the table was quicker: redraw and retry once
                        version = body["error"]["current"]["version"]
                        continue
                    if status == 200:
                        version = body["version"]
                    break
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
            stats.errors += 1
            stats.last_error = repr(exc)


async def setup_tables(port: int, count: int) -> list[tuple[str, list[str]]]:
    pool = Pool(port, 16)
    await pool.open()
    made = []

    async def one():
        status, _, data, _ = await pool.request("POST", "/api/tables", {"game": "scorepad", "players": PLAYERS})
        created = json.loads(data)
        tokens = []
        for seat in range(len(PLAYERS)):
            status, _, data, _ = await pool.request("POST", f"/api/tables/{created['id']}/seats",
                                                    {"code": created["join_code"], "seat": seat})
            tokens.append(json.loads(data)["token"])
        made.append((created["id"], tokens))

    await asyncio.gather(*(one() for _ in range(count)))
    await pool.close()
    return made


async def load(port: int, phones: list[tuple[dict, str | None]], seconds: float, connections: int,
               poll_every: float, act_every: float, memory: PeakMemory) -> tuple[Stats, float]:
    pool = Pool(port, connections)
    await pool.open()
    stats = Stats()
    rng = random.Random(1)
    started = time.monotonic()
    end = started + seconds
    await asyncio.gather(memory.run(end),
                         *(phone(pool, stats, paths, token, end, poll_every, act_every, random.Random(rng.random()))
                           for paths, token in phones))
    elapsed = time.monotonic() - started
    await pool.close()
    return stats, elapsed


async def alternating_actions(port: int, tables_: list[tuple[str, str, int]], count: int) -> list[list[float]]:
    """``count`` actions in each table, one after another in turn, so that any drift in the
    machine's load hits every table alike. Returns the times per table."""
    pool = Pool(port, 1)
    await pool.open()
    versions = [v for _, _, v in tables_]
    times: list[list[float]] = [[] for _ in tables_]
    for _ in range(count):
        for i, (table_id, token, _) in enumerate(tables_):
            status, _, data, took = await pool.request("POST", f"/api/tables/{table_id}/actions",
                                                       {"version": versions[i], "action": {**ADD, "seat": 0}},
                                                       {"X-Headframe-Token": token})
            assert status == 200, data
            versions[i] = json.loads(data)["version"]
            times[i].append(took)
    await pool.close()
    return times


# -- sync: how soon the other phones of a table see an action ---------------------------------

SYNC_WAIT_S = 20          # the page's long-poll
SYNC_POLL_S = 1.0         # its plain poll, while the server has no room for a long-poll
SYNC_SPELL_S = 30.0       # how long it polls before trying a long-poll again
SYNC_QUIET_S = 5.0        # phones stop acting this long before the end


class Sync:
    """Per table, the accepted actions not yet seen by every other phone, and the times."""

    def __init__(self, phones: int):
        self.phones = phones
        self.pending: dict[str, dict[int, tuple[float, set[int]]]] = {}
        self.known: dict[tuple[str, int], tuple[int, float]] = {}  # (table, seat) -> newest version seen, when
        self.seen_after: list[float] = []   # per action: until the last other phone knew of it
        self.seen_at: list[float] = []      # per action: when it was sent
        self.unseen = 0                     # actions some phone had not seen at the end
        self.long_polls = self.no_room = self.polls = 0
        self.pages = 0                      # phones in the run
        self.started = 0                    # phones whose first check has been answered
        self.all_started = float("inf")     # when the last of them was
        self.began = time.perf_counter()    # when the phones started

    def accepted(self, table: str, version: int, sent: float, seat: int) -> None:
        # Another phone may have been told of the new version before the acting phone read its
        # own answer: it counts as seen then.
        others, last = set(), sent
        for other in set(range(self.phones)) - {seat}:
            known, when = self.known.get((table, other), (-1, 0.0))
            if known >= version:
                last = max(last, when)
            else:
                others.add(other)
        if others:
            self.pending.setdefault(table, {})[version] = (sent, others)
        elif self.phones > 1:
            self.seen_after.append(last - sent)
            self.seen_at.append(sent)

    def saw(self, table: str, seat: int, version: int) -> None:
        now = time.perf_counter()
        if version > self.known.get((table, seat), (-1, 0.0))[0]:
            self.known[(table, seat)] = (version, now)
        waiting = self.pending.get(table, {})
        for accepted in [v for v in waiting if v <= version]:
            sent, left = waiting[accepted]
            left.discard(seat)
            if not left:
                self.seen_after.append(now - sent)
                self.seen_at.append(sent)
                del waiting[accepted]

    def close(self) -> None:
        now = time.perf_counter()
        for waiting in self.pending.values():
            for sent, _left in waiting.values():
                self.seen_after.append(now - sent)
                self.seen_at.append(sent)
                self.unseen += 1
        self.pending.clear()


class PagePhone:
    """One phone's table page: the version it knows, its token and its seat."""

    def __init__(self, table: str, seat: int, token: str):
        self.table, self.seat, self.token, self.version = table, seat, token, 0
        self.started = False  # its first check has been answered


async def page_sync(pool: Pool, stats: Stats, sync: Sync, phone_: PagePhone, end: float) -> None:
    """The page's check loop (``check`` in table.js): a first plain poll, then long-polls, polling
    once a second for a spell whenever the server answered a long-poll at once without news."""
    poll_until, first = 0.0, True
    while time.monotonic() < end:
        try:
            now = time.monotonic()
            if not first and now >= poll_until:
                wait = max(1, min(SYNC_WAIT_S, int(end - now)))
                after = phone_.version
                status, _, data, took = await pool.request(
                    "GET", f"/api/tables/{phone_.table}/events?after={after}&wait={wait}")
                stats.count(status)
                sync.long_polls += 1
                body = json.loads(data)
                if body["version"] > phone_.version:
                    phone_.version = body["version"]
                    sync.saw(phone_.table, phone_.seat, phone_.version)
                elif body["version"] <= after and took < 0.5:  # not a change (this phone's own action may be one)
                    sync.no_room += 1
                    poll_until = time.monotonic() + SYNC_SPELL_S
                continue
            first = False
            status, _, data, took = await pool.request("GET", f"/api/tables/{phone_.table}",
                                                       headers={"If-None-Match": f'"{phone_.version}"'})
            stats.count(status)
            stats.poll_latency.append(took)
            sync.polls += 1
            if status == 200:
                phone_.version = max(phone_.version, json.loads(data)["version"])
                sync.saw(phone_.table, phone_.seat, phone_.version)
            if not phone_.started:
                phone_.started = True
                sync.started += 1
                if sync.started == sync.pages:
                    sync.all_started = time.perf_counter()
            if time.monotonic() >= poll_until:
                continue  # connected, and a long-poll may follow: the page sends it at once
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError, KeyError) as exc:
            stats.errors += 1
            stats.last_error = repr(exc)
            poll_until = time.monotonic() + SYNC_SPELL_S
            await asyncio.sleep(SYNC_POLL_S * (1 + 2 * random.random()))  # as the page waits after a failure
            continue
        await asyncio.sleep(SYNC_POLL_S)


async def page_acts(pool: Pool, stats: Stats, sync: Sync, phone_: PagePhone, end: float, act_every: float,
                    rng: random.Random) -> None:
    """The player's taps: an action every ``act_every`` seconds, a second try after a 409."""
    next_act = time.monotonic() + rng.uniform(0, act_every)
    while next_act < end - SYNC_QUIET_S:
        await asyncio.sleep(max(0.0, next_act - time.monotonic()))
        next_act += act_every
        try:
            for _attempt in range(2):
                sent = time.perf_counter()
                status, _, data, took = await pool.request(
                    "POST", f"/api/tables/{phone_.table}/actions", {"version": phone_.version, "action": ADD},
                    {"X-Headframe-Token": phone_.token})
                stats.count(status)
                stats.act_latency.append(took)
                body = json.loads(data)
                if status == 409:
                    phone_.version = max(phone_.version, body["error"]["current"]["version"])
                    sync.saw(phone_.table, phone_.seat, phone_.version)
                    continue
                if status == 200:
                    sync.accepted(phone_.table, body["version"], sent, phone_.seat)
                    # the answer is the table at that version, which the page draws: a move played
                    # on a newer table than the phone had (one that did not conflict) shows the
                    # phone every move before it too
                    phone_.version = max(phone_.version, body["version"])
                    sync.saw(phone_.table, phone_.seat, phone_.version)
                break
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError, KeyError) as exc:
            stats.errors += 1
            stats.last_error = repr(exc)


async def sync_load(port: int, made: list[tuple[str, list[str]]], phones: int, seconds: float, connections: int,
                    act_every: float, server_pid: int) -> tuple[Stats, Sync, float, float, float, PeakMemory]:
    """The sync phase; returns also the server's CPU seconds and the bench's own over the run
    (not counting the phones' first look at their tables), and the server's peak memory."""
    pool = Pool(port, connections)
    await pool.open()
    stats, sync = Stats(), Sync(phones)
    rng = random.Random(2)
    pages = [PagePhone(tid, seat, tokens[seat]) for tid, tokens in made for seat in range(phones)]
    sync.pages = len(pages)
    # Each page waits on a connection of its own, as a browser does: a waiting request holds
    # its connection, and a phone's taps go out on another (here the shared pool).
    own = [Pool(port, 1) for _ in pages]
    for page, line in zip(pages, own):  # each phone starts from the table as it is now
        await line.open()
        _, _, data, _ = await line.request("GET", f"/api/tables/{page.table}")
        page.version = json.loads(data)["version"]
    cpu, client = cpu_seconds(server_pid), time.process_time()
    started = time.monotonic()
    sync.began = time.perf_counter()
    end = started + seconds
    memory = PeakMemory(server_pid)
    await asyncio.gather(memory.run(end), *(page_sync(line, stats, sync, page, end) for page, line in zip(pages, own)),
                         *(page_acts(pool, stats, sync, page, end, act_every, random.Random(rng.random()))
                           for page in pages))
    sync.close()
    elapsed = time.monotonic() - started
    cpu, client = cpu_seconds(server_pid) - cpu, time.process_time() - client
    await pool.close()
    for line in own:
        await line.close()
    memory.sample()
    return stats, sync, elapsed, cpu, client, memory


def sync_report(stats: Stats, sync: Sync, elapsed: float, server_cpu: float, client_cpu: float,
                memory: PeakMemory) -> dict:
    row = {"actions": len(sync.seen_after), "seen_p50_ms": 1000 * percentile(sync.seen_after, 50),
           "seen_p99_ms": 1000 * percentile(sync.seen_after, 99),
           "seen_max_ms": 1000 * max(sync.seen_after, default=float("nan")), "unseen": sync.unseen,
           "long_polls": sync.long_polls, "no_room": sync.no_room, "polls": sync.polls,
           "rps": stats.requests / elapsed, "errors": stats.errors}
    # Where the time goes: the server's CPU and this client's own, per second of the run (2 cores: at most 2.0).
    print(f"sync CPU   server {server_cpu / elapsed:.2f} s/s ({1000 * server_cpu / max(1, stats.requests):.2f} ms/request),"
          f"  bench client {client_cpu / elapsed:.2f} s/s, load average {os.getloadavg()[0]:.2f};"
          f"  peak memory {memory.pss:.1f} MB PSS ({memory.rss:.1f} MB summed RSS)", flush=True)
    row["peak_pss_mb"] = memory.pss
    # The run starts with every phone opening its page in the same instant: until the last
    # of them has had its first check answered, actions queue behind those checks. Actions
    # sent after that are the table night itself; both are shown, and the whole run below.
    opening = [t for at, t in zip(sync.seen_at, sync.seen_after) if at < sync.all_started]
    steady = [t for at, t in zip(sync.seen_at, sync.seen_after) if at >= sync.all_started]
    row["opening_s"] = sync.all_started - sync.began
    for name, values in (("opening", opening), ("steady", steady)):
        row[f"{name}_p50_ms"], row[f"{name}_p99_ms"] = 1000 * percentile(values, 50), 1000 * percentile(values, 99)
        row[f"{name}_max_ms"], row[f"{name}_actions"] = 1000 * max(values, default=float("nan")), len(values)
    print(f"sync opening ({sync.pages} phones' first checks, {row['opening_s']:.1f} s): {len(opening)} actions,"
          f" seen by every other phone p50 {row['opening_p50_ms']:.0f} ms, p99 {row['opening_p99_ms']:.0f} ms,"
          f" max {row['opening_max_ms']:.0f} ms;  after it: {len(steady)} actions, p50 {row['steady_p50_ms']:.0f} ms,"
          f" p99 {row['steady_p99_ms']:.0f} ms, max {row['steady_max_ms']:.0f} ms", flush=True)
    # When the slow ones happened: p99 and the count over 1 s, per 5 s of the run.
    if sync.seen_at:
        start = min(sync.seen_at)
        spans: dict[int, list[float]] = {}
        for at, took in zip(sync.seen_at, sync.seen_after):
            spans.setdefault(int((at - start) // 5), []).append(took)
        print("sync over time (per 5 s: p99 ms / actions over 1 s): " + "  ".join(
            f"{5 * k}s {1000 * percentile(v, 99):.0f}/{sum(t > 1 for t in v)}" for k, v in sorted(spans.items())),
            flush=True)
    print(f"sync       {row['rps']:8.1f} req/s  action seen by every other phone: p50 {row['seen_p50_ms']:6.0f} ms"
          f"  p99 {row['seen_p99_ms']:6.0f} ms  max {row['seen_max_ms']:6.0f} ms  ({row['actions']} actions,"
          f" {sync.unseen} not seen by all at the end)  long-polls {sync.long_polls} ({sync.no_room} without room),"
          f" polls {sync.polls}  action p99 {1000 * percentile(stats.act_latency, 99):.1f} ms"
          f"  statuses {dict(sorted(stats.statuses.items()))}  errors {stats.errors} {stats.last_error}", flush=True)
    return row


# -- servers ---------------------------------------------------------------------------------

def start_server(command: list[str], port: int) -> subprocess.Popen:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"server exited: {command}")
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("server did not start")


def floor_server(port: int, threads: int, workers: int) -> None:
    """A hello-world Flask app under the same server as `headframe serve`: the same waitress
    settings and the same number of processes sharing the port."""
    from flask import Flask, jsonify

    from webapp.serve import make_server
    from webapp.workers import listen, supervise

    app = Flask("floor")

    @app.route("/hello", methods=["GET", "POST"])
    def hello():
        return jsonify({"hello": "world"})

    if workers <= 1:
        make_server(app, "127.0.0.1", port, threads).run()
        return
    sockets = listen("127.0.0.1", port)
    supervise(workers, lambda: make_server(app, "127.0.0.1", port, threads, sockets).run(), sockets)


def report(name: str, stats: Stats, elapsed: float, memory: PeakMemory, cpu: float) -> dict:
    row = {"name": name, "requests": stats.requests, "rps": stats.requests / elapsed,
           "act_p50_ms": 1000 * percentile(stats.act_latency, 50), "act_p99_ms": 1000 * percentile(stats.act_latency, 99),
           "poll_p50_ms": 1000 * percentile(stats.poll_latency, 50),
           "poll_p99_ms": 1000 * percentile(stats.poll_latency, 99), "errors": stats.errors,
           "statuses": dict(sorted(stats.statuses.items())), "peak_pss_mb": memory.pss, "peak_rss_sum_mb": memory.rss,
           "cpu_ms_per_request": 1000 * cpu / max(1, stats.requests)}
    print(f"{name:<10} {row['rps']:8.1f} req/s  action p50 {row['act_p50_ms']:6.1f} ms  p99 {row['act_p99_ms']:6.1f} ms"
          f"  poll p50 {row['poll_p50_ms']:6.1f} ms  p99 {row['poll_p99_ms']:6.1f} ms"
          f"  peak memory {memory.pss:6.1f} MB PSS ({memory.rss:.1f} MB summed RSS)"
          f"  server CPU {row['cpu_ms_per_request']:.2f} ms/request"
          f"  statuses {row['statuses']}  errors {stats.errors} {stats.last_error}", flush=True)
    return row


def measure(name: str, server: subprocess.Popen, port: int, phones: list, args: argparse.Namespace) -> dict:
    cpu = cpu_seconds(server.pid)
    memory = PeakMemory(server.pid)
    stats, elapsed = asyncio.run(load(port, phones, args.seconds, args.connections, args.poll, args.act, memory))
    memory.sample()
    return report(name, stats, elapsed, memory, cpu_seconds(server.pid) - cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--phones", type=int, default=5, help="phones per table (at most 5)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between polls per phone")
    parser.add_argument("--act", type=float, default=5.0, help="seconds between actions per phone")
    parser.add_argument("--stored", type=int, default=10_000, help="finished tables in the database")
    parser.add_argument("--history", type=int, default=10_000, help="logged actions in the long table")
    parser.add_argument("--threads", type=int, default=4, help="waitress threads per process, both servers")
    parser.add_argument("--workers", type=int, help="server processes, both servers (default: serve's own)")
    parser.add_argument("--connections", type=int, default=100, help="client keep-alive connections")
    parser.add_argument("--samples", type=int, default=300, help="sequential actions timed per table")
    parser.add_argument("--sync-seconds", type=float, help="length of the sync phase (default: --seconds; 0: none)")
    parser.add_argument("--floor-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.floor_server:
        floor_server(args.floor_server, args.threads, args.workers)
        return 0
    args.phones = max(1, min(args.phones, len(PLAYERS)))
    if args.workers is None:
        from webapp.serve import default_workers

        args.workers = default_workers()

    instance = Path(tempfile.mkdtemp(prefix="headframe-bench-"))
    try:
        t0 = time.monotonic()
        long_id = populate(instance, args.stored, args.history)
        long = json.loads((instance / "long-table.json").read_text())
        print(f"filled {instance}: {args.stored} stored tables, one with {args.history} actions "
              f"({time.monotonic() - t0:.1f} s)", flush=True)

        port = free_port()
        server = start_server([sys.executable, "-m", "headframe", "serve", "--host", "127.0.0.1", "--port",
                               str(port), "--instance", str(instance), "--threads", str(args.threads),
                               "--workers", str(args.workers)], port)
        try:
            fresh = asyncio.run(setup_tables(port, 1))[0]
            fresh_times, long_times = asyncio.run(alternating_actions(
                port, [(fresh[0], fresh[1][0], len(PLAYERS)), (long_id, long["host"], long["version"])], args.samples))
            fresh_ms, long_ms = 1000 * statistics.median(fresh_times), 1000 * statistics.median(long_times)
            print(f"action, median of {len(fresh_times)}: fresh table {fresh_ms:.2f} ms, table with "
                  f"{args.history} logged actions {long_ms:.2f} ms, ratio {long_ms / fresh_ms:.2f} (target <= 1.2)",
                  flush=True)

            made = asyncio.run(setup_tables(port, args.tables))
            phones = [({"poll": f"/api/tables/{tid}", "act": f"/api/tables/{tid}/actions", "parse": True}, tokens[p])
                      for tid, tokens in made for p in range(args.phones)]
            print(f"load: {args.tables} tables x {args.phones} phones, poll every {args.poll} s, act every "
                  f"{args.act} s, {args.seconds} s, {args.workers} server processes x {args.threads} waitress threads",
                  flush=True)
            ours = measure("headframe", server, port, phones, args)
            sync_seconds = args.seconds if args.sync_seconds is None else args.sync_seconds
            synced = None
            if sync_seconds > 0:
                print(f"sync: the same {args.tables} tables x {args.phones} phones as table pages (long-poll, or "
                      f"poll every {SYNC_POLL_S:.0f} s without room), act every {args.act} s, {sync_seconds} s",
                      flush=True)
                synced = sync_report(*asyncio.run(sync_load(port, made, args.phones, sync_seconds, args.connections,
                                                            args.act, server.pid)))
        finally:
            server.terminate()
            server.wait(10)

        port = free_port()
        floor = start_server([sys.executable, __file__, "--floor-server", str(port), "--threads", str(args.threads),
                              "--workers", str(args.workers)], port)
        try:
            phones = [({"poll": "/hello", "act": "/hello", "parse": False}, None)] * (args.tables * args.phones)
            base = measure("floor", floor, port, phones, args)
        finally:
            floor.terminate()
            floor.wait(10)

        ratio = ours["rps"] / base["rps"]
        print(f"throughput {ratio:.0%} of the floor (target >= 60%); action p99 {ours['act_p99_ms']:.1f} ms "
              f"(target <= 50); peak memory {ours['peak_pss_mb']:.0f} MB PSS with {args.stored} stored tables "
              f"(target <= 150)" + (f", {synced['peak_pss_mb']:.0f} MB while syncing" if synced else "")
              + f"; long/fresh action {long_ms / fresh_ms:.2f} (target <= 1.2)"
              + (f"; action seen by every other phone p50 {synced['seen_p50_ms']:.0f} ms, p99 "
                 f"{synced['seen_p99_ms']:.0f} ms, max {synced['seen_max_ms']:.0f} ms (target p99 <= 250, max <= 1000; after the "
                 f"opening p99 {synced['steady_p99_ms']:.0f} ms)"
                 if synced else ""))
        return 0
    finally:
        shutil.rmtree(instance, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
