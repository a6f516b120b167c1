"""The golden games (``tests/golden/``): seeded bot games of every game, variant and player
count, recorded as the actions played with a short hash of every state (its JSON, which is
also what a table stores) and of every log line. However the engines change inside, each
recorded game must replay through the same states and say the same lines.

A deliberate change of behaviour re-records the games of that game
(``python tests/golden/record.py --only GAME``) and says why in its NOTES.md.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

import pytest

from companion import PlayerSpec, find_game

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))
import record  # noqa: E402

HASH = 4  # bytes per state and per log line


def chunks(text: str) -> list[bytes]:
    raw = base64.b64decode(text)
    return [raw[i:i + HASH] for i in range(0, len(raw), HASH)]


@pytest.mark.parametrize("game_id", record.GAME_IDS)
def test_recorded_games_replay_to_the_same_states_and_log_lines(game_id):
    game = find_game(game_id)
    records = record.read(game_id)
    per_combination: dict[tuple, int] = {}
    moves = 0
    for rec in records:
        where = f"{game_id} {rec['players']} players, {rec['variant']}, game {rec['index']}"
        # ARDEVUR's table options vary over the games of each mode
        key = (rec["players"], (rec["variant"] or "").split("+")[0] if game_id == "ardevur" else rec["variant"])
        per_combination[key] = per_combination.get(key, 0) + 1
        states, lines = chunks(rec["states"]), chunks(rec["log"])
        state = game.setup([PlayerSpec(record.NAMES[s]) for s in range(rec["players"])], rec["variant"], rec["seed"])
        assert record.state_digest(game, state) == states[0], f"{where}: the first state differs"
        for step, action in enumerate(rec["actions"]):
            state, line = game.play(state, action)
            assert record.state_digest(game, state) == states[step + 1], \
                f"{where}: the state after move {step + 1} ({action}) differs"
            assert record.digest(line) == lines[step], f"{where}: move {step + 1} ({action}) logs {line!r}, not as recorded"
        moves += len(rec["actions"])
        assert (game.end_if(state) is not None) == rec["over"], f"{where}: the game's end differs"
    assert moves > 0
    assert min(per_combination.values()) >= record.GAMES_PER_COMBINATION
