"""Record or check the golden games: seeded bot games of every game, variant and player count,
kept as the actions played and a short hash of every state and log line along the way.

    python tests/golden/record.py            # write tests/golden/<game>.jsonl.gz
    python tests/golden/record.py --only ore # one game

The engines may change shape, speed and code; a replay of these actions must still pass through
the same states (``to_json``, which is also what a table stores) and say the same log lines.
``tests/test_golden_replays.py`` replays them. A deliberate change of behaviour re-records the
games it touches, with the reason in the game's NOTES.md.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion import PlayerSpec, find_game, registry  # noqa: E402

HERE = Path(__file__).resolve().parent
GAMES_PER_COMBINATION = 20
MAX_STEPS = 1500
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
# every game with rules of its own (the score pads, one generic family, have no moves to replay)
GAME_IDS = tuple(g for g in registry.game_ids() if not g.startswith("scorepad"))


def digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=4).digest()


def state_digest(game, state) -> bytes:
    return digest(json.dumps(game.to_json(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False))


def combinations(game_id: str) -> Iterator[tuple[int, str | None, int]]:
    """(players, variant, game number) for every game to record, 20 per variant and count.
    A game whose table options are switches rather than variants (ARDEVUR) varies them over
    the 20 games of each mode and count."""
    game = find_game(game_id)
    low, high = game.players
    variants = game.variants or (None,)
    for players in range(low, high + 1):
        for variant in variants:
            if game_id == "ardevur":
                for index in range(GAMES_PER_COMBINATION):
                    yield players, _ardevur_variant(game, variant, index), index
                continue
            if game.check_setup([PlayerSpec(n) for n in NAMES[:players]], variant) is not None:
                continue
            for index in range(GAMES_PER_COMBINATION):
                yield players, variant, index


def _ardevur_variant(game, mode: str, index: int) -> str:
    words = []
    for number, switch in enumerate(game.switches):
        choices = [word for word, _ in switch["choices"]]
        words.append(choices[(index // (number + 1)) % len(choices)])
    return game.with_switches(mode, words) or mode


def bots_for(game, players: int, index: int) -> tuple[str, ...]:
    names = game.bot_names
    if index % 3 == 0:
        return (names[0],) * players
    if index % 3 == 1:
        return (names[-1],) * players
    return tuple(names[(seat + index) % len(names)] for seat in range(players))


def play(game_id: str, players: int, variant: str | None, index: int) -> dict[str, Any]:
    game = find_game(game_id)
    seed = 1000 * players + 37 * index + 7
    bots = bots_for(game, players, index)
    chooser = random.Random(f"{seed}/bots")
    state = game.setup([PlayerSpec(NAMES[s]) for s in range(players)], variant, seed)
    actions: list[dict] = []
    states = [state_digest(game, state)]
    lines: list[bytes] = []
    while game.end_if(state) is None and len(actions) < MAX_STEPS:
        found = next_move(game, state, bots, chooser)
        if found is None:
            break
        action = found
        after, line = game.play(state, action)
        actions.append(action)
        states.append(state_digest(game, after))
        lines.append(digest(line))
        state = after
    return {"players": players, "variant": variant, "index": index, "seed": seed, "bots": list(bots),
            "actions": actions, "states": base64.b64encode(b"".join(states)).decode(),
            "log": base64.b64encode(b"".join(lines)).decode(), "over": game.end_if(state) is not None}


def next_move(game, state, bots, chooser) -> dict | None:
    automatic = set(game.automatic_seats(state))
    for seat in game.acting_seats(state):
        if seat in automatic:
            action = game.bot_action(state, seat)
            if action is not None:
                return dict(action)
            continue
        step = game.bot_step(state, seat, bots[seat], chooser)
        if step is not None:
            return dict(step[0])
    return None


def path_of(game_id: str) -> Path:
    return HERE / f"{game_id}.jsonl.gz"


def read(game_id: str) -> list[dict[str, Any]]:
    with gzip.open(path_of(game_id), "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def write(game_id: str, records: list[dict[str, Any]]) -> None:
    # key order kept: a map in an action (areas to drain) is logged in the order it was given
    body = "".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n" for r in records)
    # mtime 0: the same games give the same bytes
    with open(path_of(game_id), "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as out:
        out.write(body.encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated game ids")
    args = parser.parse_args(argv)
    for game_id in (args.only.split(",") if args.only else GAME_IDS):
        records = [play(game_id, players, variant, index) for players, variant, index in combinations(game_id)]
        write(game_id, records)
        steps = sum(len(r["actions"]) for r in records)
        over = sum(r["over"] for r in records)
        print(f"{game_id}: {len(records)} games, {steps} moves, {over} finished, "
              f"{path_of(game_id).stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
