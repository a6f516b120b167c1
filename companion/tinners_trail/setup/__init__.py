"""Setting up a table: tiles laid face down and some revealed, survey cards dealt,
discs in random order in column 0, the development board for the player count."""

from __future__ import annotations

from typing import Sequence

from ...core import PlayerSpec, rng
from ...errors import BadAction
from ..data.tables import PIECES, REGIONS, Rules
from ..state import NO_LIMIT, SURVEY, Area, Player, State
from ..state.values import evolve
from ..state.wallace import SOLO_BOT, SOLO_OPTIONS, Lord, extra_mines, split_options

MODULES = ("arsenic", "emigration", "kickstarter")


def parse_variant(variant: str | None) -> tuple[str, ...]:
    """"base", "all", one module, or modules joined by "+" ("arsenic+emigration"); solo
    difficulty options join the same way ("arsenic+better-mines+deep-pockets")."""
    return _parse(variant)[0]


def difficulty(variant: str | None) -> tuple[str, ...]:
    return _parse(variant)[1]


def _parse(variant: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if variant in (None, ""):
        return (), ()
    parts = set(variant.split("+"))
    modules = set(MODULES) if "all" in parts else set()
    parts -= {"all", "base"}
    rest, options = split_options(tuple(sorted(parts)))
    unknown = [p for p in rest if p not in MODULES]
    if unknown:
        raise BadAction(f"unknown module {unknown[0]!r}; choose base, all, or any of "
                        f"{', '.join(MODULES)} joined by +, with the solo options {', '.join(SOLO_OPTIONS)}")
    return tuple(sorted(modules | set(rest))), options


def variant_ids() -> tuple[str, ...]:
    """The combinations offered in lists: modules, and each solo option on its own (any
    "+"-joined combination of both is accepted too)."""
    ids = ["base", "all"]
    for mask in range(1, 2 ** len(MODULES)):
        ids.append("+".join(m for i, m in enumerate(MODULES) if mask >> i & 1))
    ids += list(SOLO_OPTIONS) + ["better-mines+deep-pockets", "arsenic+better-mines+deep-pockets",
                               "better-mines+emigration+more-mines"]
    return tuple(dict.fromkeys(ids))


def size_key(players: Sequence[Player]) -> int:
    """The player count that picks the board and the map: a solo table counts as 1."""
    if len(players) == 2 and any(p.bot == SOLO_BOT for p in players):
        return 1
    return len(players)


def regions_in_play(key: int) -> tuple[str, ...]:
    """Region D's deck stays in the box with 1–3 players (solo plays as two)."""
    return REGIONS[:3] if key <= 3 else REGIONS


def uses_wild(key: int) -> bool:
    return key >= 3


def setup(specs: Sequence[PlayerSpec], variant: str | None, seed: int | str, rules: Rules) -> State:
    """The first state. Every random draw comes from one generator, in a fixed order: the tile
    stacks, the tiles turned face up, the survey decks, the wild deck, the discs' order."""
    modules, options = _parse(variant)
    specs = list(specs)
    if len(specs) == 1:
        specs.append(PlayerSpec("Lord Wallace", bot=SOLO_BOT))
    names = tuple(Player(s.name, s.bot) for s in specs)
    key = size_key(names)
    generator = rng(seed, 0)
    areas = _lay_tiles(generator, rules, key, modules)
    decks, dealt = _deal(generator, rules, key, modules, len(names))
    order = list(range(len(names)))
    generator.shuffle(order)
    lord = None
    if key == 1:
        seat = next(i for i, p in enumerate(names) if p.bot == SOLO_BOT)
        order = [seat] + [s for s in order if s != seat]  # his disc uppermost: he acts first
        lord = Lord(seat, options, deck=rules.lord_deck.ids, survey=dealt[seat])
        dealt[seat] = ()
    board = rules.boards[key]
    stock = tuple(tuple(board.pieces[p][r] for p in PIECES) for r in range(rules.rounds))
    pumps = tuple((r + 1, size, False) for r, groups in enumerate(board.pump_groups) for size in groups)
    return State(
        seed=seed, players=_players(names, dealt, rules, key, modules, lord), areas=areas, modules=modules,
        phase=SURVEY, track=(tuple(order),) + tuple(() for _ in range(rules.track_columns)),
        stock=stock, pumps=pumps,
        decks=tuple(sorted((r, tuple(d)) for r, d in decks.items())) if key <= 2 else (),
        market=tuple(0 for section in rules.market for _ in section), lord=lord,
    )


def _lay_tiles(generator, rules: Rules, key: int, modules: tuple[str, ...]) -> tuple[Area, ...]:
    """Each region's tiles shuffled onto its tile spaces face down, then some turned face up."""
    areas = {aid: Area(aid) for aid in rules.areas}
    regions, positions = rules.arrangement[key]
    for region in regions:
        stack = [t for t in rules.base_tiles if rules.tiles[t].region == region]
        if "kickstarter" in modules:
            stack += [t for t in rules.kickstarter_tiles if rules.tiles[t].region == region]
        generator.shuffle(stack)
        for position, tile in zip(positions, stack):
            areas[f"{region}{position}"] = Area(f"{region}{position}", tile=tile)
    for region in regions:
        cards = list(range(1, 8))
        generator.shuffle(cards)
        revealed = 0
        for position in cards:
            if revealed == rules.reveals[key]:
                break
            aid = f"{region}{position}"
            if areas[aid].tile and not areas[aid].face_up:
                areas[aid] = Area(aid, tile=areas[aid].tile, face_up=True)
                revealed += 1
    return tuple(areas[a] for a in rules.areas)


def _deal(generator, rules: Rules, key: int, modules: tuple[str, ...],
          seats: int) -> tuple[dict[str, list[str]], list[tuple[str, ...]]]:
    """The survey decks in play, shuffled, and each seat's dealt cards (two of each region, and
    a wild or Kickstarter card from three players up)."""
    decks = {r: list(rules.region_decks[r]) for r in regions_in_play(key)}
    for deck in decks.values():
        generator.shuffle(deck)
    extra = list(rules.kickstarter_deck if "kickstarter" in modules else rules.wild_deck)
    generator.shuffle(extra)
    dealt = []
    for _ in range(seats):
        hand = [deck.pop() for deck in decks.values() for _ in range(2)]
        if uses_wild(key):
            hand.append(extra.pop())
        dealt.append(tuple(hand))
    return decks, dealt


def _players(names: tuple[Player, ...], dealt: list[tuple[str, ...]], rules: Rules, key: int,
             modules: tuple[str, ...], lord: Lord | None) -> tuple[Player, ...]:
    own = rules.own_miners if "emigration" in modules else 0
    players = tuple(Player(p.name, p.bot, money=rules.starting_money, mines=rules.mines[key], drawn=dealt[seat],
                           own_miners=own, limit=NO_LIMIT) for seat, p in enumerate(names))
    if lord is None:
        return players
    him = players[lord.seat]
    return tuple(evolve(p, money=0, mines=p.mines + extra_mines(lord.options)) if p is him else p for p in players)
