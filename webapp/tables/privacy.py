"""What each viewer may see of the moves: the web room asks the game (``Game.action_view``)
for every action it serves, in the log, the events and the exports alike."""

from __future__ import annotations

from functools import lru_cache

from companion import Game


def seen_by(game: Game, events: list[dict], seat: int | None) -> list[dict]:
    """``events`` as ``seat`` may see them (None: a watcher, or a host without a seat): each
    action as ``Game.action_view`` shows it to that seat, so what a move keeps private (the cards
    a player discards face down) reaches nobody but the seat that made it."""
    if not hides_actions(game):
        return events
    return [{**event, "action": game.action_view(event["action"], seat)} if isinstance(event["action"], dict)
            else event for event in events]


@lru_cache(maxsize=None)
def hides_actions(game: Game) -> bool:
    """Whether the game keeps any part of an action from some viewer: a field its declaration
    marks private, or a view of actions of its own."""
    declared = game.actions is not None and any(spec.private for spec in game.actions)
    return declared or type(game).action_view is not Game.action_view


@lru_cache(maxsize=None)
def private_types(game: Game) -> frozenset[str]:
    """The action types of which some viewer may see less than the whole move."""
    if type(game).action_view is not Game.action_view:
        return frozenset(game.actions.types()) if game.actions is not None else frozenset()
    return frozenset(spec.type for spec in game.actions if spec.private) if game.actions is not None else frozenset()


def needs_viewer(game: Game, events: list[dict]) -> bool:
    """Whether what ``events`` show depends on who asks: one of them is a move some viewer may
    see less of. Most events are not: they are answered the same to every phone."""
    private = private_types(game)
    return bool(private) and any(isinstance(e["action"], dict) and e["action"].get("type") in private for e in events)
