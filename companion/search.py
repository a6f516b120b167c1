"""A player that thinks ahead: information-set Monte Carlo tree search, for every game.

The bot ``mcts`` (``mcts:N``: N iterations a move) decides for one seat. Each iteration
samples a complete state the seat cannot tell from the true one (``Game.determinise``: what
the seat sees is kept, other hands, deck orders and the seed of later draws are dealt anew),
walks one tree shared by every sample (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012: a node is a sequence of moves, so what a seat does not know never splits it), adds a node,
plays the rest of the game with the game's heuristic bot (or only ``Game.search_horizon``
moves of it), and credits every node's mover with how that game ended for it (``rewards``: the
win, and a little of the points lead; a playout stopped early, the points lead as it stands).
A node's moves are the ones the phone offers (``Game.options``, allowed); a child is chosen by UCB1 over the iterations in which it was available, its mean
reward stretched over the range of the tree's means (as MuZero does) so that small differences
in points still steer the search.

Nothing here reads what the seat may not see: the true state is asked only for the seat's own
buttons, and everything else is read from the samples. All randomness comes from the chooser
the bot is given, so the same seed plays the same games.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .bots import next_state
from .core import Action, Game

NAME = "mcts"
DEFAULT_ITERATIONS = 48
EXPLORATION = 0.7   # UCB1's constant for rewards in [0, 1]
MAX_PLAYOUT = 5000  # moves a playout may take before it is scored as it stands
LEAD_WEIGHT = 0.1   # how much a finished playout's points lead counts beside its win

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

    def ucb(self, low: float = 0.0, high: float = 1.0) -> float:
        """UCB1, with the mean reward stretched from [low, high] (the range of the tree's means)
        to [0, 1], so the exploration keeps its weight when rewards differ by little."""
        mean = self.reward / self.visits
        if high > low:
            mean = (mean - low) / (high - low)
        return mean + EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)


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
        self.low, self.high = math.inf, -math.inf  # the smallest and largest mean of a tried node

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
            mean = visited.reward / visited.visits
            self.low, self.high = min(self.low, mean), max(self.high, mean)

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
            index = max(tried, key=lambda i: node.children[keys[i]].ucb(self.low, self.high))
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
        """The game played on from ``state`` by the heuristic bot in every seat, to its end or
        for the game's ``search_horizon`` moves."""
        game = self.game
        for _ in range(MAX_PLAYOUT if game.search_horizon is None else game.search_horizon):
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
        """Each seat's reward in [0, 1]. A finished game: its share of the win (1 alone, 1/k
        tied k ways), with a little of its points lead (``lead``) so that a game already won
        or lost still prefers more points to fewer. A playout stopped before the end: its
        points lead as it stands."""
        game = self.game
        outcome = game.end_if(state)
        leads = lead(game.running_totals(state))
        if outcome is None:
            return leads
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        return [(1 - LEAD_WEIGHT) * (share if s in outcome.winners else 0.0) + LEAD_WEIGHT * leads[s]
                for s in range(len(leads))]


def lead(totals: Sequence[float]) -> list[float]:
    """Per seat, its points against the best of the others, in [0, 1]: 1/2 level, above 1/2
    ahead; ``a / (a + b)`` for positive points, so a lead counts in proportion to the points
    the game hands out."""
    found = []
    for seat, mine in enumerate(totals):
        best = max((t for s, t in enumerate(totals) if s != seat), default=mine)
        size = abs(mine) + abs(best)
        found.append(0.5 + 0.5 * (mine - best) / size if size else 0.5)
    return found


__all__ = ["DEFAULT_ITERATIONS", "NAME", "Node", "Search", "budget", "is_search", "lead", "step"]
