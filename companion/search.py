"""A player that thinks ahead: information-set Monte Carlo tree search, for every game.

The bot ``mcts`` (``mcts:N``: N iterations a move) decides for one seat. Each iteration
samples a complete state the seat cannot tell from the true one (``Game.determinise``: what
the seat sees is kept, other hands, deck orders and the seed of later draws are dealt anew),
walks one tree shared by every sample (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012: a node is a sequence of moves, so what a seat does not know never splits it), adds a node,
plays the rest of the game with the game's heuristic bot, and credits every node's mover with
how that game ended for it. A node's moves are the ones the phone offers (``Game.options``,
allowed); a child is chosen by UCB1 over the iterations in which it was available.

Nothing here reads what the seat may not see: the true state is asked only for the seat's own
buttons, and everything else is read from the samples. All randomness comes from the chooser
the bot is given, so the same seed plays the same games.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any

from .bots import next_state
from .core import Action, Game

NAME = "mcts"
DEFAULT_ITERATIONS = 48
EXPLORATION = 0.7   # UCB1's constant for rewards in [0, 1]
MAX_PLAYOUT = 5000  # moves a playout may take before it is scored as it stands

Step = tuple[Action, Any]


def budget(bot: str) -> int | None:
    """Iterations a move for a search bot's name (``mcts``, ``mcts:N``); None for another bot."""
    base, _, count = bot.partition(":")
    if base != NAME:
        return None
    if not count:
        return DEFAULT_ITERATIONS
    if not count.isdigit() or int(count) < 1:
        raise ValueError(f"unknown bot {bot!r}: the search bot's budget is mcts:N, N a whole number from 1")
    return int(count)


def is_search(bot: str) -> bool:
    return bot.partition(":")[0] == NAME


@dataclass
class Node:
    """One sequence of moves: how often it was tried, what its mover won, and how often it could
    have been tried (the iterations whose sample allowed it)."""

    mover: int = -1
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[str, "Node"] = field(default_factory=dict)
    widened: set[str] = field(default_factory=set)  # the moves added under this node so far
    prior: str | None = None  # the heuristic bot's choice here, once asked

    def child(self, key: str, mover: int) -> "Node":
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node(mover)
        return node

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def key_of(action: Action) -> str:
    return json.dumps(action, sort_keys=True, default=str)


def allowed(game: Game, state: Any, seat: int) -> list[Action]:
    """The seat's moves as the phone offers them, allowed ones only."""
    return [dict(option.action) for option in game.options(state, seat) if option.allowed]


def step(game: Game, state: Any, seat: int, bot: str, chooser: random.Random) -> Step | None:
    """The search bot's move for ``seat`` and the state it leads to (None when the table is not
    waiting for it)."""
    if seat not in game.acting_seats(state):
        return None
    moves = allowed(game, state, seat)
    if not moves:  # a seat the phone offers nothing to (it moves by itself): the heuristic's move
        return game.bot_step(state, seat, "heuristic", chooser)
    if len(moves) == 1:
        return moves[0], game.apply(state, moves[0])
    action = Search(game, seat, chooser).best(state, moves, budget(bot) or DEFAULT_ITERATIONS)
    return action, game.apply(state, action)


class Search:
    """The tree of one decision, and the iterations that grow it."""

    def __init__(self, game: Game, seat: int, chooser: random.Random):
        self.game, self.seat = game, seat
        self.rng = random.Random(chooser.getrandbits(64))
        self.root = Node(seat)

    def best(self, state: Any, moves: list[Action], iterations: int) -> Action:
        """The root move tried most often (ties: the better mean, then the heuristic's choice,
        then the earlier button)."""
        for _ in range(iterations):
            self.iterate(self.game.determinise(state, self.seat, self.rng), moves)

        def rank(index: int) -> tuple:
            key = key_of(moves[index])
            node = self.root.children.get(key)
            tried = node.visits if node else 0
            return tried, node.reward / tried if tried else 0.0, key == self.root.prior, -index

        return moves[max(range(len(moves)), key=rank)]

    def iterate(self, sample: Any, root_moves: list[Action]) -> None:
        path: list[Node] = []
        node, state, moves, mover = self.root, sample, root_moves, self.seat
        self.root.visits += 1
        while moves is not None:
            child_key, action = self.select(node, state, moves, mover)
            child = node.children[child_key]
            path.append(child)
            state = self.game.apply(state, action)
            if child.visits == 0:
                break
            node = child
            mover, moves, state = self.next_choice(state)
        rewards = self.rewards(self.playout(state))
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]

    def select(self, node: Node, state: Any, moves: list[Action], mover: int) -> tuple[str, Action]:
        """A new move while the node may widen (the heuristic's choice first, then one at
        random), else the best by UCB1 among the tried moves available in this sample."""
        keys = [key_of(m) for m in moves]
        for key in keys:
            node.child(key, mover).available += 1
        tried = [i for i, key in enumerate(keys) if node.children[key].visits]
        untried = [i for i, key in enumerate(keys) if not node.children[key].visits]
        if untried and (not tried or len(node.widened) < 1 + math.isqrt(node.visits)):
            index = self.newcomer(node, state, mover, keys, untried)
            node.widened.add(keys[index])
        else:
            index = max(tried, key=lambda i: node.children[keys[i]].ucb())
        return keys[index], moves[index]

    def newcomer(self, node: Node, state: Any, mover: int, keys: list[str], untried: list[int]) -> int:
        """The untried move to add: the heuristic bot's choice the first time, else at random."""
        if node.prior is None:
            found = self.game.bot_step(state, mover, "heuristic", self.rng)
            node.prior = key_of(found[0]) if found is not None else ""
        for index in untried:
            if keys[index] == node.prior:
                return index
        return untried[self.rng.randrange(len(untried))]

    def next_choice(self, state: Any) -> tuple[int, list[Action] | None, Any]:
        """The next seat with a choice and its moves, after the moves nobody chooses (one button,
        a solo opponent) are played; None for the moves when the game is over or stuck."""
        game = self.game
        for _ in range(MAX_PLAYOUT):
            if game.end_if(state) is not None:
                return -1, None, state
            automatic = set(game.automatic_seats(state))
            mover, moves = -1, []
            for seat in game.acting_seats(state):
                if seat in automatic:
                    action = game.bot_action(state, seat)
                    if action is not None:
                        mover, moves = seat, [action]
                        break
                    continue
                moves = allowed(game, state, seat)
                if moves:
                    mover = seat
                    break
            if not moves:
                return -1, None, state
            if len(moves) > 1:
                return mover, moves, state
            state = game.apply(state, moves[0])
        return -1, None, state

    def playout(self, state: Any) -> Any:
        """The game played on from ``state`` by the heuristic bot in every seat."""
        game = self.game
        for _ in range(MAX_PLAYOUT):
            if game.end_if(state) is not None:
                return state
            after = self.playout_step(state)
            if after is None:
                return state
            state = after
        return state

    def playout_step(self, state: Any) -> Any:
        return next_state(self.game, state, lambda seat: self.game.bot_step(state, seat, "heuristic", self.rng))

    def rewards(self, state: Any) -> list[float]:
        """Each seat's share of the win: 1 alone, 1/k tied k ways, 0 otherwise (a game the
        playout could not finish is judged by its score sheet as it stands)."""
        game = self.game
        outcome = game.end_if(state)
        ranks = game.score(state).ranks if outcome is None else None
        winners = outcome.winners if outcome is not None else tuple(s for s, r in enumerate(ranks) if r == 1)
        seats = len(ranks) if ranks is not None else len(game.running_totals(state))
        share = 1.0 / len(winners) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(seats)]


__all__ = ["DEFAULT_ITERATIONS", "NAME", "Node", "Search", "budget", "is_search", "step"]
