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
