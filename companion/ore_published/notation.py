"""A one-line text form of a position, for tests (like FEN for chess), and its reading back.

    round=2 phase=tasking first=1 turn=2 queue=0:market:coal |
    row=c3,-@1,c12,c7 spaces=market:2,cage:0 overtime=- discard=c9 |
    lead=lead-3[0@1,2@0] coal=coal-1 copper=copper-2 iron=iron-1[1@2] gold=gold-4 |
    Ann $7 cubes=lead:1,iron:2 home=3 drills=1 contracts=c5:1* hand=bank#1 |
    Bo $3 colour=green cubes=coal:2 home=2 private=gold-2@1 completed=c1 built=saloon#2 hired passed |
    decks contracts=c8,c2 buildings=hotel#1,bank#2 lead=lead-5,lead-1

Sections, separated by `` | ``:

1. ``key=value`` pairs: ``round``, ``phase``, ``first``, ``turn`` (``-``: nobody), and when set
   ``early``, ``advance``, ``queue`` (secondary actions owed, ``seat:market:RES`` or
   ``seat:permit``), ``step`` and ``seed``; ``recruited``, ``drills`` and ``temps`` (supply)
   default to what the players' pieces leave.
2. The contract row, left to right (a card or ``-``, then ``@seat`` when a worker took its
   space this round); the action spaces taken (``space:seat``); the overtime spaces (default:
   as many as the player count has, all free); the lost contracts.
3. The mines in play: ``RES=CARD`` (``-`` before the deal) and the workers in it as
   ``[seat@depth,...]``, depth 0 being the top space.
4. One section per player: a one-word name, ``$money``, then what differs from a new player:
   ``cubes=RES:n,...``, ``colour``, ``workers`` (default from the data) and ``home`` (default:
   all of them), ``cage``, ``drills``, ``credits``, ``private=CARD@depth``, ``contracts=ID:rows
   filled`` (``*`` when a row was filled this round), ``completed``, ``hand``, ``built``, and the
   words ``hired`` (the waiting worker is recruited), ``fresh``, ``passed``, ``done``.
5. Optionally ``decks`` with each deck top first (``contracts``, ``buildings``, one per mine
   resource); a deck left out holds every card of its kind found nowhere else, in data order.
"""

from __future__ import annotations

from typing import Callable

from ..errors import BadAction
from ..frozen import evolve
from .data import RESOURCES, Catalog
from .state import ACTION_SPACES, SPACE_INDEX, Held, Mine, Owed, Player, Private, State, Worker, cards_in_play, \
    placed_cards

FLAGS = ("hired", "fresh", "passed", "done")


def _seat(text: str) -> int | None:
    return None if text == "-" else int(text)


def _seat_text(seat: int | None) -> str:
    return "-" if seat is None else str(seat)


def _cards(text: str) -> tuple[str, ...]:
    return tuple(c for c in text.split(",") if c)


# -- writing -----------------------------------------------------------------------------
def notation(cat: Catalog, state: State) -> str:
    """``state`` as one line (what equals its default is left out)."""
    return " | ".join([_head(cat, state), _board(cat, state), " ".join(_mine_text(m) for m in state.mines),
                       *(_player_text(cat, state, seat) for seat in range(len(state.players))),
                       *filter(None, [_decks_text(cat, state)])])


def _head(cat: Catalog, state: State) -> str:
    head = [f"round={state.round}", f"phase={state.phase}", f"first={state.first}", f"turn={_seat_text(state.turn)}"]
    head += [f"{key}={value}" for key, value in (("early", state.early), ("advance", state.advance))
             if value is not None]
    if state.queue:
        head.append("queue=" + ",".join(f"{o.seat}:{o.kind}" + (f":{o.res}" if o.res else "") for o in state.queue))
    supply = _supply(cat, state.players)
    head += [f"{key}={getattr(state, key)}" for key in ("recruited", "drills", "temps")
             if getattr(state, key) != supply[key]]
    head += [f"{key}={getattr(state, key)}" for key in ("step", "seed") if getattr(state, key)]
    return " ".join(head)


def _board(cat: Catalog, state: State) -> str:
    row = ",".join((card or "-") + (f"@{seat}" if seat is not None else "")
                   for card, seat in zip(state.row, state.contract_spaces))
    words = [f"row={row}"]
    taken = [f"{space}:{seat}" for space, seat in zip(ACTION_SPACES, state.spaces) if seat is not None]
    if taken:
        words.append("spaces=" + ",".join(taken))
    free = (None,) * cat.numbers.overtime_spaces.get(len(state.players), 0)
    if state.overtime != free:
        words.append("overtime=" + ",".join(_seat_text(s) for s in state.overtime))
    if state.discard:
        words.append("discard=" + ",".join(state.discard))
    return " ".join(words)


def _mine_text(mine: Mine) -> str:
    workers = f"[{','.join(f'{w.seat}@{w.depth}' for w in mine.workers)}]" if mine.workers else ""
    return f"{mine.res}={mine.card or '-'}{workers}"


def _player_text(cat: Catalog, state: State, seat: int) -> str:
    p = state.players[seat]
    words = [p.name, f"${p.money}"]
    cubes = ",".join(f"{r}:{n}" for r, n in zip(RESOURCES, p.cubes) if n)
    words += [f"cubes={cubes}"] if cubes else []
    defaults = {"colour": cat.numbers.colours[seat], "workers": cat.numbers.workers, "home": p.workers, "cage": 0,
                "drills": 0, "credits": 0}
    words += [f"{key}={getattr(p, key)}" for key, value in defaults.items() if getattr(p, key) != value]
    if p.private is not None:
        words.append(f"private={p.private.card}@{p.private.depth}")
    if p.contracts:
        words.append("contracts=" + ",".join(f"{c.id}:{c.filled}" + ("*" if c.now else "") for c in p.contracts))
    words += [f"{key}={','.join(getattr(p, key))}" for key in ("completed", "hand", "built") if getattr(p, key)]
    flags = {"hired": not p.waiting, "fresh": p.fresh, "passed": p.passed, "done": p.done}
    return " ".join(words + [flag for flag in FLAGS if flags[flag]])


def _decks_text(cat: Catalog, state: State) -> str:
    left = _unplaced(cat, state)
    decks = {"contracts": state.contract_deck, "buildings": state.building_deck, **{m.res: m.deck for m in state.mines}}
    words = [f"{key}={','.join(cards)}" for key, cards in decks.items() if cards != left[key]]
    return " ".join(["decks"] + words) if words else ""


# -- what follows from the rest ------------------------------------------------------------------
def _supply(cat: Catalog, players: tuple[Player, ...]) -> dict[str, int]:
    """Recruits so far, drill bits and temps left, as the players' pieces leave them."""
    n = cat.numbers
    return {"recruited": sum(1 for p in players if not p.waiting),
            "drills": n.drill_bits - sum(p.drills for p in players),
            "temps": n.temp_workers - sum(1 for p in players if p.private is not None)}


def _unplaced(cat: Catalog, state: State) -> dict[str, tuple[str, ...]]:
    """Each deck as it is when it holds every card of its kind found nowhere else, in data order."""
    placed = {kind: set(cards) for kind, cards in placed_cards(state).items()}
    left = {kind: tuple(c for c in cards if c not in placed[kind]) for kind, cards in cards_in_play(cat, state).items()}
    return {"contracts": left["contracts"], "buildings": left["buildings"],
            **{m.res: tuple(c for c in left["mines"] if cat.mines[c].res == m.res) for m in state.mines}}


# -- reading -----------------------------------------------------------------------------
def parse(cat: Catalog, text: str) -> State:
    """The position ``text`` describes; BadAction naming what cannot be read."""
    try:
        return _parse(cat, text)
    except (ValueError, KeyError, IndexError) as exc:
        raise BadAction(f"cannot read the position {text!r}: {exc}") from None


def _pairs(text: str, lone: tuple[str, ...] = ()) -> dict[str, str]:
    found = {}
    for word in text.split():
        key, sep, value = word.partition("=")
        if not sep and key not in lone:
            raise ValueError(f"expected key=value, got {word!r}")
        found[key] = value if sep else "yes"
    return found


def _parse(cat: Catalog, text: str) -> State:
    sections = [s.strip() for s in text.split("|")]
    if len(sections) < 5:
        raise ValueError("it needs the header, the board, the mines and a section for each of two players or more")
    decks = _pairs(sections.pop()[len("decks"):]) if sections[-1].startswith("decks") else {}
    head, board, mine_text, *people = sections
    fields = _pairs(head)
    mines = tuple(_mine(cat, word) for word in mine_text.split())
    players = tuple(_player(cat, seat, section) for seat, section in enumerate(people))
    state = State(seed=_number(fields.get("seed", "0")), players=players, mines=mines, row=(), contract_spaces=(),
                  overtime=(None,) * cat.numbers.overtime_spaces[len(players)], contract_deck=(), building_deck=(),
                  step=int(fields.get("step", 0)), round=int(fields["round"]), phase=fields["phase"],
                  first=int(fields["first"]), turn=_seat(fields["turn"]), queue=_queue(fields.get("queue", "")),
                  early=_seat(fields.get("early", "-")), advance=_seat(fields.get("advance", "-")))
    state = _with_board(cat, state, _pairs(board))
    supply = _supply(cat, players)
    state = evolve(state, **{key: int(fields.get(key, supply[key])) for key in ("recruited", "drills", "temps")})
    left = _unplaced(cat, state)
    deck: Callable[[str], tuple[str, ...]] = lambda key: _known(cat, _cards(decks[key])) if key in decks else left[key]
    return evolve(state, contract_deck=deck("contracts"), building_deck=deck("buildings"),
                   mines=tuple(evolve(m, deck=deck(m.res)) for m in state.mines))


def _number(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _queue(text: str) -> tuple[Owed, ...]:
    owed = []
    for item in _cards(text):
        seat, kind, *res = item.split(":")
        if kind not in ("market", "permit"):
            raise ValueError(f"a secondary action is market or permit, got {kind!r}")
        owed.append(Owed(int(seat), kind, res[0] if res else None))
    return tuple(owed)


def _with_board(cat: Catalog, state: State, board: dict[str, str]) -> State:
    row, seats = [], []
    for slot in board["row"].split(","):
        card, _, seat = slot.partition("@")
        row.append(None if card == "-" else _known(cat, (card,))[0])
        seats.append(int(seat) if seat else None)
    spaces = [None] * len(ACTION_SPACES)
    for item in _cards(board.get("spaces", "")):
        space, seat = item.split(":")
        spaces[SPACE_INDEX[space]] = int(seat)
    overtime = tuple(_seat(s) for s in _cards(board["overtime"])) if "overtime" in board else state.overtime
    return evolve(state, row=tuple(row), contract_spaces=tuple(seats), spaces=tuple(spaces), overtime=overtime,
                   discard=_known(cat, _cards(board.get("discard", ""))))


def _mine(cat: Catalog, word: str) -> Mine:
    res, _, rest = word.partition("=")
    if res not in RESOURCES:
        raise ValueError(f"unknown resource {res!r}; resources: {', '.join(RESOURCES)}")
    card, _, workers = rest.partition("[")
    placed = tuple(Worker(*(int(n) for n in w.split("@"))) for w in _cards(workers.rstrip("]")))
    return Mine(res, None if card == "-" else _known(cat, (card,))[0], placed)


def _player(cat: Catalog, seat: int, section: str) -> Player:
    name, money, *rest = section.split()
    if not money.startswith("$"):
        raise ValueError(f"{name}'s second word is their money, such as $5, got {money!r}")
    fields = _pairs(" ".join(rest), FLAGS)
    cubes = dict(item.split(":") for item in _cards(fields.get("cubes", "")))
    unknown = sorted(set(cubes) - set(RESOURCES))
    if unknown:
        raise ValueError(f"unknown resource {unknown[0]!r}; resources: {', '.join(RESOURCES)}")
    workers = int(fields.get("workers", cat.numbers.workers))
    private = fields.get("private")
    return Player(
        name=name, colour=fields.get("colour", cat.numbers.colours[seat]), money=int(money[1:]),
        cubes=tuple(int(cubes.get(r, 0)) for r in RESOURCES),
        workers=workers, home=int(fields.get("home", workers)), waiting="hired" not in fields,
        fresh="fresh" in fields, cage=int(fields.get("cage", 0)), drills=int(fields.get("drills", 0)),
        private=None if private is None else Private(_known(cat, (private.split("@")[0],))[0],
                                                     int(private.split("@")[1])),
        contracts=tuple(Held(c.split(":")[0], int(c.split(":")[1].rstrip("*")), c.endswith("*"))
                        for c in _known(cat, _cards(fields.get("contracts", "")), lambda c: c.split(":")[0])),
        completed=_known(cat, _cards(fields.get("completed", ""))), hand=_known(cat, _cards(fields.get("hand", ""))),
        built=_known(cat, _cards(fields.get("built", ""))), credits=int(fields.get("credits", 0)),
        passed="passed" in fields, done="done" in fields)


def _known(cat: Catalog, cards: tuple[str, ...], id_of: Callable[[str], str] = lambda c: c) -> tuple[str, ...]:
    """``cards``, each checked to be a card of the data (a building copy as ``bank#2``)."""
    for card in cards:
        ident = id_of(card)
        if ident not in cat.contracts and ident not in cat.mines and ident not in cat.building_copies():
            raise ValueError(f"no card {ident!r} in the data")
    return cards


__all__ = ["notation", "parse"]
