"""ARDEVUR's moves table: for any action of a declared shape, sent by any seat at any point of
a game (not only the ones the phones offer), each move's cheap check gives exactly the refusal
its rule gives, or lets through exactly what the rule accepts, and nothing but a refusal ever
comes out of a rule."""

import random

import pytest

from companion import PlayerSpec, RuleViolation, find_game
from companion.ardevur.setup import MODES
from companion.declare import Kind

GAME = find_game("ardevur")
CAT = GAME.data


def pools(state) -> dict[str, list]:
    """Values for each field name: the game's own ids, ones held now, and junk."""
    held = [c for p in state.players for c in p.actions + p.targets + p.incentives + p.territories]
    return {
        "corporation": list(CAT.corporations) + ["nobody"],
        "territory": list(CAT.territories)[:8] + [t for p in state.players for t in p.territories] + ["atlantis"],
        "region": list(CAT.regions) + ["atlantis"],
        "card": held + list(CAT.actions)[:3] + list(CAT.targets)[:2] + ["joker"],
        "cards": [[], ["license"], ["license", "geologist"], ["road", "road"], ["phone"], ["joker"],
                  ["license", "geologist", "office"]],
        "discard": [[], ["license"], ["vessel", "road"]],
        "mines": [[t for t, _ in p.sites] for p in state.players] + [[], ["atlantis"], list(CAT.territories)[:4]],
        "tier": ["bronze", "silver", "gold"],
        "pile": [0, 1, 2, 3, -1],
        "target": [0, 1, 2, 3, 7, -1],
        "pick": ["license", "phone", "joker", "vessel"],
        "kind": ["road", "water"],
        "asset": ["warehouse", "office", "vessel", "factory"],
        "dismantle": [f"{i.region}:{i.kind}" for p in state.players for i in p.infra] + ["sahel:road", "x"],
    }


def random_action(chooser: random.Random, state, kind: str, seat: int) -> dict:
    spec = GAME.actions.specs[kind]
    values = pools(state)
    action = {"type": kind, "seat": seat}
    for f in spec.fields:
        if f.name == "seat" or (not f.required and chooser.random() < 0.5):
            continue
        if f.kind is Kind.BOOL:
            action[f.name] = chooser.random() < 0.5
        elif f.name in values:
            action[f.name] = chooser.choice(values[f.name])
    return action


def reachable(mode: str, players: int, seed: int, steps: int = 300):
    chooser = random.Random(seed)
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], mode, seed)
    for step in range(steps):
        if GAME.end_if(state) is not None:
            return
        if step % 5 == 0:
            yield state
        move = GAME.bot_step(state, GAME.acting_seats(state)[0], chooser.choice(GAME.bot_names), chooser)
        if move is None:
            return
        state = move[1]


@pytest.mark.parametrize("mode", MODES)
def test_every_declared_action_from_any_seat_is_refused_by_its_check_exactly_as_by_its_rule(mode):
    chooser = random.Random(mode)
    tried = accepted = 0
    states = [state for players in (2, 3, 4) for state in reachable(mode, players, len(mode) + players)]
    for state in states:
        for kind in GAME.actions.types():
            for _ in range(2):
                action = random_action(chooser, state, kind, chooser.randrange(len(state.players)))
                try:
                    GAME.apply(state, action)
                    refused = None
                except RuleViolation as exc:
                    refused = str(exc)
                assert GAME.refusal(state, action) == refused, action
                tried += 1
                accepted += refused is None
    assert tried > 1500 and accepted > 30
