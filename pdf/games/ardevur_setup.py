"""ARDEVUR setup as printed on the checklist, in our own words: the cards kept for the player
count, the map, market and target grid, the bank, the action and territory decks, each
corporation's starting money and cards, and the first auction (or the launched start). Every
number is read from the same tables the companion's starting table uses (``game.toml`` tables,
``development.csv``), for the build's player count and mode (every count when it prints all)."""

from __future__ import annotations

from typing import Mapping

from companion.ardevur.data import DEV_CARDS, TIERS, catalog
from companion.ardevur.setup import MODES

from ..setup_steps import plural, setup_steps
from .ardevur import dev_name

def _kept(cat, players: int) -> dict[str, int]:
    """The cards in play for a player count: targets per colour, incentives, development cards."""
    keep = cat.tables["targets_in_play"][str(players)]
    out = {tier: int(keep[tier]) for tier in TIERS}
    out["incentives"] = int(keep["incentives"])
    out["development"] = sum(cat.dev_count(card, players) for card in DEV_CARDS)
    return out


def _counts_phrase(kept: Mapping[str, int]) -> str:
    tiers = ", ".join(f"**{kept[t]} {t}**" for t in TIERS)
    return (f"{tiers} targets, **{plural(kept['incentives'], 'incentive')}** and "
            f"**{plural(kept['development'], 'development card')}**")


def _cards_step(game, cat, players, counts: Mapping[str, int]) -> str:
    if players is None:
        spans = "; ".join(f"{n} players: {_counts_phrase(_kept(cat, n))}" for n in sorted(_player_counts(cat)))
        return ("Fewer players play with fewer cards. Keep, by the number of players, " + spans +
                ". Draw the targets and incentives you keep at random from their shuffled decks and put "
                "the rest back in the box unseen; the development cards kept per type are on each card's "
                "count. Keeping every card instead is allowed: the game then runs longer.")
    kept = _kept(cat, players)
    per_type = ", ".join(f"{cat.dev_count(c, players)} {dev_name(c)}" for c in DEV_CARDS)
    printed = (counts.get("target-cards"), counts.get("incentive-cards"), counts.get("development-cards"))
    if printed == (sum(kept[t] for t in TIERS), kept["incentives"], kept["development"]):
        how = "This set prints exactly these cards: use them all."
    else:
        how = ("Shuffle each target colour and the incentives, keep that many of each at random and put "
               "the rest back in the box unseen, and keep the development cards per type as listed. "
               "Keeping every card instead is allowed: the game then runs longer.")
    return f"With {players} players the game uses {_counts_phrase(kept)} ({per_type}). {how}"


def _player_counts(cat) -> list[int]:
    return [int(n) for n in cat.tables["targets_in_play"]]


def _grid_step(mode) -> str:
    fair = ("" if mode not in (None, "fair-play") else
            (" Fair Play: first take out the targets that can only be won with an action card "
             "(their text names one)." if mode == "fair-play" else
             " (Fair Play: first take out the targets that can only be won with an action card.)"))
    return ("Lay the map board in the middle and the target grid and market organiser along its top "
            "edge (or one at the top, one at the bottom): together they are the market." + fair +
            " Shuffle each target colour face down on its own and split it into three even piles; turn "
            "the piles face up in the grid, gold in the top row, silver in the middle, bronze at the "
            "bottom, so only the top card of each pile shows.")


def _bank_step(cat) -> str:
    bills = ", ".join(str(b) for b in cat.tables["bills"])
    tokens = cat.tables["tokens"]   # resource -> [value, count]
    stacks = ", ".join(f"{count} {res} ({value} M)" for res, (value, count) in
                       sorted(tokens.items(), key=lambda item: item[1]))
    return (f"Sort the money bills by value into the market's bank slots ({bills} M). Stand the resource "
            f"tokens on edge in one stack per resource, cheapest first: {stacks}.")


def _decks_step(cat, mode) -> str:
    corps = sorted(cat.corporations.values(), key=lambda c: c.order)
    order = ", ".join(c.name for c in corps)
    per = sum(1 for a in cat.actions.values() if a.corporation == corps[0].id)
    if mode == "fair-play":
        actions = "Fair Play: the action cards stay in the box."
    else:
        actions = (f"Sort the action cards by corporation ({per} each), shuffle each deck and lay them "
                   f"face down in the market, left to right: {order}."
                   + (" (Fair Play leaves them in the box.)" if mode is None else ""))
    return (f"{actions} Put the development cards kept in the market, one group per type, and pick "
            "an empty market slot as the discard pile. Shuffle the incentives and lay them face down in "
            "the middle of the map; another player cuts the deck, so nobody reads the order from the "
            f"backs. Beside them go the {len(cat.territories)} territory cards, shuffled face down.")


def _start_step(cat) -> str:
    bills = " + ".join(str(b) for b in cat.tables["starting_bills"])
    top = max(cat.tables["die_faces"])
    return (f"Each player takes **{cat.number('starting_money')} M** from the bank ({bills} M). Everyone "
            f"rolls the die until one player alone rolls a {top}: they choose a corporation first and take "
            "its dashboard, structure markers and character guide; the others then roll, and the highest "
            "roll chooses next (ties roll again), until everyone has one. A table that agrees may hand "
            "out the corporations at random instead.")


def _deal_step(cat, mode) -> str:
    action = ("" if mode == "fair-play" else
              ("Each player draws 1 action card of their corporation and keeps it face down"
               + (" (not in Fair Play)" if mode is None else "") + ". "))
    limit = int(cat.tables["dev_card_limit"])
    return (f"{action}Starting with the player who chose first and going clockwise, deal 2 development "
            f"cards to each player one at a time, face up on the dashboard; a duplicate, or the card "
            f"your corporation's market advantage already stands for, goes back to the market. "
            f"Nobody holds more than {limit}.")


def _auction_step(cat, players, mode) -> str:
    first = int(cat.tables["auction_territories_first"])
    launched = (f"Launched Start: no auction; each player takes {cat.tables['launched_start_territories']} "
                "territory cards at random and marks one of them, chosen at random, as an active mine.")
    if mode == "launched-start":
        return launched
    reveal = f"**{players}**" if players is not None else "one per player"
    step = (f"First auction: turn {reveal} territory cards face up. Everyone still bidding rolls the die; "
            f"the highest roll (ties roll again) takes one of them onto the first slot of their dashboard, "
            f"and a new card is turned up in its place. Repeat until every player holds "
            f"**{first} territories**, then shuffle the rest back as the territory deck in the market.")
    if mode is None:
        step += " " + launched
    if mode in (None, "clash-of-titans"):
        step += (f" Clash of Titans: each player may hold up to {cat.tables['action_card_limit_clash']} "
                 f"action cards instead of {cat.tables['action_card_limit']}.")
    return step


@setup_steps("ardevur")
def ardevur_setup(game, options, counts: Mapping[str, int]) -> list[str]:
    cat = catalog(str(game.root))
    mode = options.variant if options.variant in MODES else None
    players = options.players
    return [_cards_step(game, cat, players, counts), _grid_step(mode), _bank_step(cat), _decks_step(cat, mode),
            _start_step(cat), _deal_step(cat, mode), _auction_step(cat, players, mode)]
