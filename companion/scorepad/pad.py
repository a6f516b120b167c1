"""A score pad: points per player per category, added up into a final sheet (see family.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core import Action, Game, Option, Outcome, PlayerSpec, ScoreRow, ScoreSheet, field_of, require, sheet
from ..data import load_game
from ..declare import ActionSpec, Declaration, Field, Kind
from ..errors import BadAction, DataError, GameOver
from ..frozen import evolve

DEFAULT_CATEGORIES = (("points", "Points"),)
MAX_POINTS = 100_000


@dataclass(frozen=True)
class PadState:
    game: str | None
    players: tuple[str, ...]
    categories: tuple[tuple[str, str], ...]
    points: tuple[tuple[float, ...], ...]  # [category][seat]
    round: int = 1
    finished: bool = False
    agreed: tuple[int, ...] = ()  # seats that said this round is done


def categories_for(game_id: str | None) -> tuple[tuple[str, str], ...]:
    if not game_id:
        return DEFAULT_CATEGORIES
    try:
        data = load_game(game_id)
    except DataError:
        return DEFAULT_CATEGORIES
    return data.score_categories or DEFAULT_CATEGORIES


def _data_name(game_id: str) -> str:
    try:
        return load_game(game_id).name
    except DataError:
        return game_id


ANY_SEAT = Field("seat", Kind.INT, False, doc="the seat tapping it (anyone at the table may)")
DECLARATION = Declaration([
    ActionSpec("add_points", (Field("seat", Kind.INT, doc="whose points"), Field("category", Kind.STR),
                              Field("points", Kind.NUMBER, doc="points to add (negative to take off)")),
               doc="Add points to one player in one category."),
    ActionSpec("next_round", (ANY_SEAT,), host_only=True, doc="Start the next round for everyone."),
    ActionSpec("round_done", (Field("seat", Kind.INT, doc="the player saying so"),),
               doc="Say this round is done; the next starts when every player has."),
    ActionSpec("finish", (ANY_SEAT,), doc="End the game: the sheet becomes final."),
])


class ScorePad(Game):
    players = (1, 12)
    variants = ()
    actions = DECLARATION  # nothing on a score pad is random or hidden
    family = "Score pad"
    seat_is_actor = False  # "seat" says whose points; the host may write them for anyone
    page = "scorepad"  # every pad, whatever game's categories it keeps, uses the pad's page
    reads_data = False  # a pad keeps the shipped game's categories

    def __init__(self, scores: str | None = None):
        super().__init__()
        self.scores = scores  # the game whose categories this pad keeps; None: points only
        self.id = f"scorepad-{scores}" if scores else "scorepad"
        self.name = f"Score pad for {_data_name(scores)}" if scores else "Score pad"

    @property
    def record(self) -> tuple[str, str]:
        return (self.scores, _data_name(self.scores)) if self.scores else (self.id, self.name)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> PadState:
        cats = categories_for(self.scores)
        return PadState(self.scores, tuple(p.name for p in players), cats,
                        tuple(tuple(0 for _ in players) for _ in cats))

    def check_setup(self, players: Sequence[PlayerSpec], variant: str | None) -> str | None:
        low, high = self.players
        if not low <= len(players) <= high:
            return f"the score pad takes {low}–{high} players, not {len(players)}"
        return None

    def apply(self, state: PadState, action: Action) -> PadState:
        self.check_shape(action)
        kind = action["type"]
        if kind == "add_points":
            seat = field_of(action, "seat", int)
            category = field_of(action, "category", str)
            points = field_of(action, "points", (int, float))
            if state.finished:
                raise GameOver()
            require(0 <= seat < len(state.players), f"There is no seat {seat}; seats are 0–{len(state.players) - 1}.")
            ids = [c for c, _ in state.categories]
            require(category in ids, f"Unknown category {category!r}; categories: {', '.join(ids)}.")
            require(abs(points) <= MAX_POINTS, f"{points} points at once is more than the pad allows ({MAX_POINTS}).")
            index = ids.index(category)
            row = list(state.points[index])
            row[seat] += points
            grid = list(state.points)
            grid[index] = tuple(row)
            return evolve(state, points=tuple(grid))
        if kind == "next_round":
            if state.finished:
                raise GameOver()
            return evolve(state, round=state.round + 1, agreed=())
        if kind == "round_done":
            return self._agree(state, field_of(action, "seat", int))
        if kind == "finish":
            if state.finished:
                raise GameOver()
            return evolve(state, finished=True)
        raise BadAction(f"unknown action {kind!r}; the score pad takes add_points, next_round, round_done and finish")

    def _agree(self, state: PadState, seat: int) -> PadState:
        """One player says the round is done: the next starts once every player has."""
        if state.finished:
            raise GameOver()
        require(0 <= seat < len(state.players), f"There is no seat {seat}; seats are 0–{len(state.players) - 1}.")
        require(seat not in state.agreed, f"{state.players[seat]} has already said round {state.round} is done.")
        agreed = tuple(sorted(state.agreed + (seat,)))
        if len(agreed) == len(state.players):
            return evolve(state, round=state.round + 1, agreed=())
        return evolve(state, agreed=agreed)

    def options(self, state: PadState, seat: int | None) -> list[Option]:
        if state.finished:
            return []
        done = [] if seat is None or seat in state.agreed else [Option({"type": "round_done"}, f"Round {state.round} done →")]
        return done + [Option({"type": "next_round"}, "Next round"), Option({"type": "finish"}, "End the game")]

    def end_if(self, state: PadState) -> Outcome | None:
        if not state.finished:
            return None
        return self.score(state).outcome("the players ended the game")

    def score(self, state: PadState) -> ScoreSheet:
        rows = [ScoreRow(cid, name, state.points[i]) for i, (cid, name) in enumerate(state.categories)]
        return sheet(state.players, rows)

    def describe(self, before: PadState, action: Action, after: PadState) -> str:
        if action.get("type") == "add_points":
            unit = "point" if abs(action["points"]) == 1 else "points"
            line = f"{before.players[action['seat']]} {action['points']:+g} {unit}"
            if before.categories == DEFAULT_CATEGORIES:
                return line
            return f"{line} ({dict(before.categories)[action['category']]})"
        if action.get("type") == "round_done":
            who = before.players[action["seat"]]
            if after.round > before.round:
                return f"{who} says round {before.round} is done: everyone agrees, round {after.round} starts"
            return f"{who} says round {before.round} is done ({len(after.agreed)} of {len(before.players)} agree)"
        if action.get("type") == "next_round":
            return f"round {before.round} is done: round {after.round} starts"
        return super().describe(before, action, after)

    def to_json(self, state: PadState) -> dict:
        return {"game": state.game, "players": list(state.players), "categories": [list(c) for c in state.categories],
                "points": [list(r) for r in state.points], "round": state.round, "finished": state.finished,
                "agreed": list(state.agreed)}

    def from_json(self, data: Mapping[str, Any]) -> PadState:
        return PadState(data["game"], tuple(data["players"]), tuple(tuple(c) for c in data["categories"]),
                        tuple(tuple(r) for r in data["points"]), data["round"], data["finished"],
                        tuple(data.get("agreed", ())))  # tables stored before agreeing was kept

