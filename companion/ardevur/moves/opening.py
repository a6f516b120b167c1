"""The opening: the host starts the table (decks shuffled, the grid laid, the roll for the
first pick), corporations are chosen, and the first player deals.

The roll-offs are in ``rolls``.
"""

from __future__ import annotations

import random
from ...core import rng
from ...errors import BadAction
from ..data import DEV_CARDS, TIERS, Catalog
from ..state import ArdState, can_hold_dev, clockwise, completes_region, put, replace
from .auction import open_auction
from .rolls import first_to_64, highest
from .turn import begin_play, refuse


def lay_grid(cat: Catalog, s: ArdState, r: random.Random) -> ArdState:
    """The target grid and the incentives, drawn from the seed (and thinned by the card-count table)."""
    n, remove = len(s.players), s.options.remove_cards == "yes"
    keep = cat.tables["targets_in_play"][str(n)]
    grid = []
    for tier in TIERS:
        # Removal draws the cards kept at random (from the table's seed, so the log replays it),
        # as many of each colour as the card-count table gives; the rest go back in the box.
        pool = [t.id for t in cat.targets.values() if t.tier == tier
                and not (s.variant == "fair-play" and t.needs_action)]
        r.shuffle(pool)
        if remove:
            pool = pool[:int(keep[tier])]
        grid.append((tier, tuple(tuple(pool[i::3]) for i in range(3))))
    incentives = list(cat.incentives)
    r.shuffle(incentives)
    if remove:
        incentives = incentives[:int(keep["incentives"])]
    return replace(s, grid=tuple(grid), incentives=tuple(incentives))


def check_start(cat: Catalog, s: ArdState, action) -> None:
    if s.phase != "ready":
        refuse("The game has already started.", "Setup")
    if action["seat"] != 0:
        refuse(f"{s.players[0].name}, in the first seat, starts the game: shuffle and roll for the first pick.",
               "Setup")


def start(game, s: ArdState, action) -> ArdState:
    """Shuffle every deck, lay out the target grid and roll for who picks first."""
    cat = game.data
    check_start(cat, s, action)
    r = rng(s.seed, s.step)
    n = len(s.players)
    remove = s.options.remove_cards == "yes"
    s = replace(s, market=tuple(cat.dev_count(c, n, remove) for c in DEV_CARDS))
    s = lay_grid(cat, s, r)
    deck = sorted(cat.territories)
    r.shuffle(deck)
    decks = []
    for corp in sorted(cat.corporations):
        cards = sorted(a for a, card in cat.actions.items() if card.corporation == corp)
        r.shuffle(cards)
        decks.append((corp, tuple(cards)))
    first, log = first_to_64(r, cat, range(n))
    s = replace(s, territory_deck=tuple(deck), action_decks=tuple(decks), first=first, rolls=log)
    if s.options.corporations == "random":
        corps = sorted(cat.corporations)
        r.shuffle(corps)
        players = tuple(replace(p, corp=corps[seat]) for seat, p in enumerate(s.players))
        return replace(s, players=players, phase="deal")
    return replace(s, phase="corporations", picker=first)


def check_corporation(cat: Catalog, s: ArdState, action) -> None:
    seat, corp = action["seat"], action["corporation"]
    if s.phase != "corporations":
        refuse("Corporations are chosen at the start of the game.", "Setup")
    if seat != s.picker:
        refuse(f"{s.players[s.picker].name} chooses next (they won the roll).", "Setup")
    if corp not in cat.corporations:
        raise BadAction(f"unknown corporation {corp!r}; corporations: {', '.join(cat.corporations)}")
    if any(p.corp == corp for p in s.players):
        refuse(f"{cat.corporations[corp].name} is already taken.", "Setup")


def choose_corporation(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_corporation(cat, s, action)
    players = list(s.players)
    players[action["seat"]] = replace(players[action["seat"]], corp=action["corporation"])
    s = replace(s, players=tuple(players))
    left = [seat for seat, p in enumerate(players) if p.corp is None]
    if not left:
        return replace(s, phase="deal", picker=None)
    if len(left) == 1:
        return replace(s, picker=left[0], rolls=())
    picker, log = highest(rng(s.seed, s.step), cat, left)
    return replace(s, picker=picker, rolls=log)


def picks_left(s: ArdState, action) -> bool:
    """Whether choosing a corporation leaves a roll-off for the next pick."""
    return sum(1 for p in s.players if p.corp is None) > 2


def check_deal(cat: Catalog, s: ArdState, action) -> None:
    if s.phase != "deal":
        refuse("Cards are dealt once, after corporations are chosen.", "Setup")
    if action["seat"] != s.first:
        refuse(f"{s.players[s.first].name} deals: they won the roll for the first pick.", "Setup")


def deal(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_deal(cat, s, action)
    r = rng(s.seed, s.step)
    order = clockwise(s, s.first)
    players = list(s.players)
    decks = dict(s.action_decks)
    if s.variant != "fair-play":
        for seat in order:
            corp = players[seat].corp
            players[seat] = replace(players[seat], actions=players[seat].actions + decks[corp][-1:])
            decks[corp] = decks[corp][:-1]
    market = dict(zip(DEV_CARDS, s.market))
    pile = [c for c in DEV_CARDS if c != "phone" for _ in range(market[c])]
    r.shuffle(pile)
    for _ in range(2):
        for seat in order:
            if not pile:
                break
            card = pile.pop()
            if can_hold_dev(cat, players[seat], card):
                players[seat] = replace(players[seat], dev=players[seat].dev + (card,))
                market[card] -= 1
    s = replace(s, players=tuple(players), action_decks=tuple(decks.items()),
                market=tuple(market[c] for c in DEV_CARDS))
    if s.variant == "launched-start":
        return _launched(cat, s, r)
    return open_auction(s, 1, int(cat.tables["auction_territories_first"]))


def _launched(cat: Catalog, s: ArdState, r: random.Random) -> ArdState:
    """Launched Start: each player takes territories from the deck, one of them a mine."""
    wanted = int(cat.tables["launched_start_territories"])
    deck = list(s.territory_deck)
    players = list(s.players)
    for seat in clockwise(s, s.first):
        p = players[seat]
        while len(p.territories) < wanted and deck:
            pick = next((t for t in reversed(deck) if not completes_region(cat, p, t)), None)
            if pick is None:
                break
            deck.remove(pick)
            p = replace(p, territories=p.territories + (pick,))
        mine = r.choice(sorted(p.territories))
        players[seat] = replace(p, sites=put(p.sites, mine, "active"), explored_on=put(p.explored_on, mine, 0))
    return begin_play(replace(s, players=tuple(players), territory_deck=tuple(deck)))


__all__ = ["check_corporation", "check_deal", "check_start", "choose_corporation", "deal", "lay_grid", "picks_left",
           "start"]
