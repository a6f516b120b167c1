"""What every game definition provides, and the shared result types.

A game is data plus small pure functions (see DESIGN.md): ``setup`` builds the first state,
``apply`` validates an action and returns a new state or raises a ``RuleViolation`` (the old
state is never touched), ``legal`` never raises, ``problems`` lists everything wrong with a
state, ``end_if`` says whether the game is over and ``score`` gives the sheet.

States are immutable values that round-trip through JSON (``to_json``/``from_json``), so the
web app can store them, and every random event draws from ``rng(state)``: a ``random.Random``
seeded from the table's seed and the number of actions applied so far, so replaying a log
gives the same dice.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple, Sequence

from .declare import Declaration
from .errors import BadAction, GameOver, Problem, RuleViolation
from .frozen import evolve
from .hidden import fresh_seed

if TYPE_CHECKING:
    from .moves import Move, Moves

Action = Mapping[str, Any]


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    colour: str = ""
    bot: str | None = None  # id of a bot that plays this seat, or None for a person


class Finish(enum.Enum):
    WIN = "win"
    TIE = "tie"


@dataclass(frozen=True)
class Outcome:
    finish: Finish
    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class ScoreRow:
    category: str  # category id
    name: str      # what players call it
    points: tuple[float, ...]  # one entry per seat


@dataclass(frozen=True)
class ScoreSheet:
    players: tuple[str, ...]
    rows: tuple[ScoreRow, ...]
    totals: tuple[float, ...]
    ranks: tuple[int, ...]  # 1 = first; tied seats share a rank
    tiebreak: str = ""      # plain words on any tie-break used, empty if none was needed

    def outcome(self, reason: str) -> Outcome:
        """How a game scored on this sheet ends: the seats ranked first win, alone or tied."""
        winners = tuple(seat for seat, place in enumerate(self.ranks) if place == 1)
        return Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, reason)

    def to_json(self) -> dict:
        return {
            "players": list(self.players),
            "rows": [{"category": r.category, "name": r.name, "points": list(r.points)} for r in self.rows],
            "totals": list(self.totals),
            "ranks": list(self.ranks),
            "tiebreak": self.tiebreak,
        }


class TieWords(NamedTuple):
    """A tie-break in a player's words: what decides (``label``) and how each player's value
    reads after their name (``value``: 2 -> "passed 2nd"), for keys a bare number would not
    explain, such as a place in a column."""

    label: str
    value: Callable[[float], str]


def rank(totals: Sequence[float], tiebreaks: Sequence[Sequence[float]] = (), names: Sequence[str] = (),
         labels: Sequence[str] = (), lower: Sequence[int] = ()) -> tuple[tuple[int, ...], str]:
    """Rank seats by total, breaking ties with successive keys (higher is better, except for the
    keys whose index is in ``lower``).

    Returns the ranks and a sentence explaining each tie-break that decided something, e.g.
    "Ann and Bo tied on 31 points; ore left in mines decides (Ann: 9, Bo: 12)." Players a key
    leaves level are followed on to the next key, so every order on the sheet is explained.
    """
    seats = list(range(len(totals)))
    signs = [-1 if index in lower else 1 for index in range(len(tiebreaks))]
    keys = {s: (totals[s],) + tuple(sign * tb[s] for sign, tb in zip(signs, tiebreaks)) for s in seats}
    ordered = sorted(seats, key=lambda s: keys[s], reverse=True)
    ranks = [0] * len(seats)
    for position, seat in enumerate(ordered):
        if position and keys[seat] == keys[ordered[position - 1]]:
            ranks[seat] = ranks[ordered[position - 1]]
        else:
            ranks[seat] = position + 1
    say = (lambda s: names[s]) if names else (lambda s: f"seat {s + 1}")
    notes = []
    by_total: dict[float, list[int]] = {}
    for seat in seats:
        by_total.setdefault(totals[seat], []).append(seat)
    for total, group in sorted(by_total.items(), reverse=True):
        if len(group) < 2:
            continue
        who = and_list([say(s) for s in group])
        notes += _split(group, 0, tiebreaks, signs, labels, say, f"{who} tied on {_points(total)}") or [
            f"{who} tied: {_points(total)} each, and equal on every tie-break; they share the rank."]
    return tuple(ranks), " ".join(notes)


def _split(group: list[int], start: int, tiebreaks, signs, labels, say, lead: str) -> list[str]:
    """Sentences on how the first tie-break from ``start`` that tells ``group`` apart orders it,
    then on each part it still leaves level; empty when none tells them apart."""
    for index in range(start, len(tiebreaks)):
        values = tiebreaks[index]
        if len({values[s] for s in group}) < 2:
            continue
        label = labels[index] if index < len(labels) else f"tie-break {index + 1}"
        if isinstance(label, TieWords):
            label, words = label.label, label.value
            detail = ", ".join(f"{say(s)} {words(values[s])}" for s in sorted(group, key=lambda s: signs[index] * -values[s]))
        else:
            detail = ", ".join(f"{say(s)}: {_num(values[s])}" for s in group)
        notes = [f"{lead}; {label} decides ({detail})."]
        for value in sorted({values[s] for s in group}, key=lambda v: signs[index] * v, reverse=True):
            level = [s for s in group if values[s] == value]
            if len(level) < 2:
                continue
            who = and_list([say(s) for s in level])
            notes += _split(level, index + 1, tiebreaks, signs, labels, say, f"{who} are level on that too") or [
                f"{who} are level on that and every later tie-break; they share the rank."]
        return notes
    return []


def and_list(words: Sequence[str]) -> str:
    """"Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _points(value: float) -> str:
    """"1 point", "0 points", "2.5 points"."""
    return f"{_num(value)} point{'' if value == 1 else 's'}"


def ordinal(n: int) -> str:
    """A place as printed on a score sheet: 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def sheet(players: Sequence[str], rows: Sequence[ScoreRow], tiebreaks: Sequence[Sequence[float]] = (),
          labels: Sequence[str] = (), lower: Sequence[int] = ()) -> ScoreSheet:
    totals = tuple(sum(r.points[s] for r in rows) for s in range(len(players)))
    ranks, note = rank(totals, tiebreaks, players, labels, lower)
    return ScoreSheet(tuple(players), tuple(rows), totals, ranks, note)


def rng(seed: int | str, step: int) -> random.Random:
    """The generator for the action at ``step``: a function of the seed and the step only."""
    return random.Random(f"{seed}/{step}")


@dataclass(frozen=True)
class Option:
    """One thing a seat could do now, for the phone to offer: greyed out with ``reason``
    when the rules forbid it."""

    action: Mapping[str, Any]
    label: str
    allowed: bool = True
    reason: str = ""
    cost: str = ""


class Game:
    """Base of every game definition: one instance is one game bound to one data folder.

    A game declares its ``moves`` (``companion.moves``) and implements ``load`` (its numbers,
    from ``self.data_dir``), ``setup``, ``end_if``, ``score`` and ``to_json``/``from_json``;
    the skeleton here does the rest the same way for every game: ``apply`` checks the action's
    shape and seat and that the game is not over, runs the move's rule, counts the step and
    lets the game ``settle`` what follows by itself; ``refusal`` is the one legality check the
    buttons, the bots and ``legal`` share; ``play`` adds the log line.

    Every rule, option, bot and check reads its numbers from ``self.data``, so an instance made
    from an edited data folder plays, offers and refuses by the edited numbers.
    """

    id: str = ""
    name: str = ""
    players: tuple[int, int] = (1, 99)
    variants: tuple[str, ...] = ()
    # Action types whose result comes from randomness or reveals hidden information:
    # undo can never step back over one of them.
    barrier_actions: frozenset[str] = frozenset()
    # The game's actions declared once (companion.declare): fields and kinds, and whether each
    # randomises or reveals. When set, it decides undo barriers and the request check.
    actions: Declaration | None = None
    # Whether an action's "seat" is the seat acting (the host may act only for a seat no phone
    # holds); False where it names whose points they are (a score pad the host keeps).
    seat_is_actor: bool = True
    # Where the game is offered: a game played by its full rules, or a score pad.
    family: str = "Full rules"
    # Whether the game plays by the numbers of an edited data folder it is made with.
    reads_data: bool = True
    # The page and script its table uses (webapp/templates/games/<page>.html and
    # static/games/<page>.js); empty: the game's own id. Games that share one page name it.
    page: str = ""
    # Bots by name, e.g. ("random", "heuristic"); see ``bot_move``.
    bot_names: tuple[str, ...] = ()

    @property
    def search_bots(self) -> tuple[str, ...]:
        """Bots that search ahead (``companion.search``), by name: ``mcts``, or ``mcts:N`` for N
        iterations a move. Every game with bots has one through its ``bot_step``; they are far
        slower than ``bot_names``, which the tables offer and every bot test plays through."""
        return ("mcts",) if self.bot_names else ()
    # What ``taken`` lists, in the game's words ("assets", "mine sites").
    taken_name: str = "what each player held"
    # The new-table form. ``entries``: what the game list shows, as (variant, label) pairs
    # (empty: one entry per variant); an entry's own variant is not kept, its switches make the
    # table's variant. ``switches``: table options, each a dict of "name", "label", "choices"
    # ((word, label) pairs, the first the default with word "") and optionally "entry" (the
    # entry it shows with; without it, every entry). ``entry_legends``: an entry's heading.
    entries: tuple[tuple[str, str], ...] = ()
    switches: tuple[dict, ...] = ()
    entry_legends: Mapping[str, str] = {}

    @property
    def record(self) -> tuple[str, str]:
        """(id, name) of the game a finished play counts as in other score keepers: a score
        pad's play counts as the game it kept score for."""
        return self.id, self.name

    def with_switches(self, variant: str | None, words: Sequence[str]) -> str | None:
        """The table's variant from the entry or variant chosen and the words of the switches
        turned on, joined with "+" ("fair-play+minute-64"); ``check_setup`` judges the result."""
        words = [word for word in words if word]
        first = self.variants[0] if self.variants else ""
        if variant in dict(self.entries):
            variant, first = None, ""
        if not words:
            return variant
        return "+".join([word for word in [variant or first] if word] + words)

    def entry_problem(self, entry: str | None, players: int) -> str | None:
        """Why the entry of the game list chosen cannot start with so many players, or None."""
        return None

    # The game's moves (companion.moves): each action type with its declaration and rule.
    moves: "Moves | None" = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "moves" in cls.__dict__ and cls.moves is not None:
            cls.actions = cls.moves.declaration

    def __init__(self, data_dir: str | None = None) -> None:
        self.data_dir = None if data_dir is None else str(data_dir)

    @cached_property
    def data(self) -> Any:
        """The game's numbers read from ``data_dir`` (None: the shipped data), once per instance."""
        return self.load(self.data_dir)

    def load(self, data_dir: str | None) -> Any:
        """Read and check the game's tables from ``data_dir``; raise DataError with every problem."""
        return None

    # -- the skeleton (games with ``moves``) ---------------------------------
    def move_for(self, state: Any, action: Action) -> "Move":
        """The move ``action`` asks for, after the checks every game makes the same way: its
        declared shape, a seat that exists, and a game that is not over."""
        self.check_shape(action)
        if "seat" in action:
            seat = action["seat"]
            # the usual seat, answered without a call; anything else is checked and worded in full
            if type(seat) is not int or not 0 <= seat < len(state.players):
                self.check_seat(state, seat)
        if self.is_over(state):
            raise GameOver()
        return self.moves.by_type[action["type"]]

    def check_seat(self, state: Any, seat: Any) -> None:
        count = len(state.players)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
            raise BadAction(f"there is no seat {seat!r}; seats are 0–{count - 1}")

    def is_over(self, state: Any) -> bool:
        return getattr(state, "phase", None) == "over"

    def prepare(self, state: Any, action: Action) -> Any:
        """The state a move starts from (a game clears what lasts only until the next move)."""
        return state

    def settle(self, state: Any, action: Action) -> Any:
        """What follows by itself after a move (the next phase, forced passes, a sale)."""
        return state

    def stepped(self, before: Any, after: Any) -> Any:
        """``after`` counted as one more action than ``before`` (the dice of the next action
        come from the seed and this count)."""
        return evolve(after, step=before.step + 1)

    def apply(self, state: Any, action: Action) -> Any:
        if self.moves is None:
            raise NotImplementedError
        move = self.move_for(state, action)
        after = move.run(self, self.prepare(state, action), action)
        return self.settle(self.stepped(state, after), action)

    def refusal(self, state: Any, action: Action) -> str | None:
        """Why the rules refuse ``action`` now, in a player's words, or None when they accept it.
        Never raises for a refused action and never changes ``state``."""
        try:
            if self.moves is None:
                self.apply(state, action)
                return None
            move = self.move_for(state, action)
            if move.check is not None:
                return move.check(self, state, action)
            self.apply(state, action)
        except RuleViolation as exc:
            return str(exc)
        return None

    def action_view(self, action: Action, viewer: int | None) -> dict:
        """``action`` as ``viewer`` may see it in the log and the events (None: a watcher)."""
        return self.actions.seen_by(action, viewer) if self.actions is not None else dict(action)

    # -- to implement --------------------------------------------------------
    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> Any:
        raise NotImplementedError

    def end_if(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    def score(self, state: Any) -> ScoreSheet:
        raise NotImplementedError

    def to_json(self, state: Any) -> dict:
        raise NotImplementedError

    def from_json(self, data: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    # -- sensible defaults ---------------------------------------------------
    def legal(self, state: Any, action: Action) -> bool:
        return self.refusal(state, action) is None

    def problems(self, state: Any) -> list[Problem]:
        return []

    def view(self, state: Any, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator or the shared table screen). Games
        with hidden information (cards in hand, the order of a bag) leave it out here."""
        return self.to_json(state)

    def options(self, state: Any, seat: int | None) -> list[Option]:
        """What ``seat`` may do now; the web page shows these as buttons."""
        return []

    def is_barrier(self, action: Action, state: Any = None) -> bool:
        """Whether undo must stop before ``action``. ``state`` is the state it was applied
        to, for games where the same action type only sometimes reveals something."""
        if self.actions is not None:
            return self.actions.is_barrier(action, state, self)
        return action.get("type") in self.barrier_actions

    def check_shape(self, action: Action) -> None:
        """Raise BadAction unless ``action`` matches the game's declaration (no state needed)."""
        if self.actions is not None:
            self.actions.check_shape(action)

    def bot_move(self, state: Any, seat: int, bot: str, chooser: random.Random) -> Action | None:
        """The action the bot named ``bot`` takes for ``seat`` now (None when the table is not
        waiting for that seat). A bot decides from what the seat may see, never from hidden
        information, and never returns an action ``apply`` would refuse. A game overrides this
        or ``bot_step``."""
        if type(self).bot_step is Game.bot_step:
            raise NotImplementedError(f"{self.name} has no bot {bot!r}")
        step = self.bot_step(state, seat, bot, chooser)
        return None if step is None else step[0]

    def bot_step(self, state: Any, seat: int, bot: str, chooser: random.Random) -> tuple[Action, Any] | None:
        """``bot_move`` together with the state it leads to (bots that test their moves have it
        already, so the lab need not apply the move twice)."""
        if type(self).bot_move is Game.bot_move:
            raise NotImplementedError(f"{self.name} has no bot {bot!r}")
        action = self.bot_move(state, seat, bot, chooser)
        return None if action is None else (action, self.apply(state, action))

    def determinise(self, state: Any, seat: int, chooser: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state``, drawn with ``chooser``: everything the
        seat sees is kept and what it cannot see (other hands, the order of a deck or a bag, the
        seed of later draws) is dealt anew, so the result depends on the seat's view and the
        chooser alone. The search bot plays its samples. The default suits a game whose only
        hidden information is its later draws: a new seed."""
        return evolve(state, seed=fresh_seed(chooser))

    # Moves a search bot's playout plays before it is judged on the points as they stand
    # (``running_totals``) rather than played to the end; None plays every playout to the end.
    # Suits a long game whose points are banked as it goes, where a whole game of later dice
    # and draws would drown what one move changes.
    search_horizon: int | None = None

    def acting_seats(self, state: Any) -> tuple[int, ...]:
        """The seats the table is waiting for (several at once in simultaneous phases)."""
        return ()

    def turn_phrase(self, state: Any, seat: int) -> str | None:
        """A few words on what ``seat``, one the table waits for, is doing now ("9 work points
        left", "bidding"), for the turn banner; None when the game has nothing to add."""
        return None

    def waiting_phrase(self, state: Any, seats: tuple[int, ...]) -> str | None:
        """The words after "Waiting for Ben and Cy" on the phones of seats the table does not
        wait for ("to roll"), when the game has them; None keeps the default (one seat's
        ``turn_phrase`` in brackets, nothing for several)."""
        return None

    def automatic_seats(self, state: Any) -> tuple[int, ...]:
        """Seats the game plays by itself whatever the table says (a solo opponent that setup
        adds); seats marked with PlayerSpec.bot are played too."""
        return ()

    def bot_action(self, state: Any, seat: int) -> Action | None:
        """The action a bot playing ``seat`` takes now, or None when it has nothing to do.
        Games with a solo opponent or bot seats (PlayerSpec.bot) override this."""
        return None

    def first_seat(self, state: Any) -> int:
        """The seat that moves first in ``state`` (a new game): the lab's first-player measure."""
        return 0

    # What the seat ``round_leader`` gives holds, in the game's words, for the lab's report
    # ("Rounds in which each position held ..."); Ore's would be its starting player token,
    # whose holder pays the salaries.
    round_leader_words: str = "the first turn of the round"

    def round_leader(self, state: Any) -> int:
        """The seat that starts the round ``state`` is in (the holder of a starting player
        token): the lab counts how many rounds each seat started, to show why a position in
        the turn order is favoured. The default, ``first_seat``, suits a game whose
        ``first_seat`` reads the current state."""
        return self.first_seat(state)

    def taken(self, state: Any) -> tuple[tuple[str, ...], ...]:
        """Per seat, the names of the data's cards, tiles, assets or corporations the seat holds
        when the game ends: the simulation lab's "too strong / too weak" list."""
        return ()

    def listed_items(self) -> tuple[str, ...]:
        """Every name ``taken`` can list, from the data (each asset, mine site or corporation),
        for the lab's restricted play ("never takes X") to check a name against and to go
        through; empty: the lab goes through the names ``taken`` listed in the run."""
        return ()

    def reached_items(self, state: Any, action: Action) -> tuple[str, ...]:
        """Names of ``taken`` items ``action`` reaches for before holding them (a bid for a
        mine site, an auction started on it), so a lab seat forbidden an item never bids for
        it; an action that takes an item at once needs nothing here, since the lab sees the
        seat's ``taken`` grow."""
        return ()

    # Action types that decide the turn order (passing early for an earlier place), each with
    # a few words on how; the lab's restricted play tries a seat that always and one that
    # never plays it.
    turn_order_moves: Mapping[str, str] = {}

    def round_of(self, state: Any) -> int:
        return int(getattr(state, "round", 0) or 0)

    def running_totals(self, state: Any) -> tuple[float, ...]:
        """Points so far per seat, for the score-over-rounds chart."""
        return self.score(state).totals

    def score_notes(self, state: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Explanations the score page shows under the table: (heading, lines) pairs."""
        return ()

    def play(self, state: Any, action: Action) -> tuple[Any, str]:
        """Apply ``action`` and say what it did: the new state and one line for the log, from
        a single run of the rules (raises as ``apply`` does; nothing changes then)."""
        after = self.apply(state, action)
        return after, self.describe(state, action, after)

    def describe(self, before: Any, action: Action, after: Any) -> str:
        """One line for the log saying what ``action`` did, from the states before and after
        it; ``after`` is what ``apply`` returned, so describing never runs the rules again."""
        return str(action.get("type", "action")).replace("_", " ")

    def check_data(self, data_dir: Any = None) -> None:
        """Check the game's own tables beyond what the generic loader checks (raise DataError
        with every problem). ``headframe check`` calls it after the loader."""
        if type(self).load is not Game.load:
            type(self)(None if data_dir is None else str(data_dir)).data

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        """Score a documented end-of-game JSON file (``headframe score GAME FILE``)."""
        raise BadAction(f"{self.name} has no end-of-game file format yet")

    def check_setup(self, players: Sequence[PlayerSpec], variant: str | None) -> str | None:
        low, high = self.players
        if not low <= len(players) <= high:
            return f"{self.name} is for {low}–{high} players, not {len(players)}"
        if variant is not None and self.variants and variant not in self.variants:
            return f"unknown variant {variant!r}; variants: {', '.join(self.variants)}"
        return None


def require(condition: bool, message: str, rule: str | None = None) -> None:
    """Raise a RuleViolation with a player-facing message unless ``condition`` holds."""
    if not condition:
        raise RuleViolation(message, rule)


def field_of(action: Action, name: str, kind: type | tuple[type, ...] = int) -> Any:
    """Read a required field of an action, raising BadAction with a clear message."""
    if name not in action:
        raise BadAction(f"the action needs a {name!r} field")
    value = action[name]
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadAction(f"the action's {name!r} must be {expected}, got {value!r}")
    return value


__all__ = ["Action", "Finish", "Game", "Option", "Outcome", "PlayerSpec", "ScoreRow", "ScoreSheet",
           "field_of", "rank", "require", "rng", "sheet"]
