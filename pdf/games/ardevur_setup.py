"""ARDEVUR setup as printed on the checklist, in our own words and in the rulebook's order: the
cards kept for the player count (targets and incentives drawn at random, unseen), the map,
market and target grid, the bank, the action decks and the incentives in the market, the
development and territory decks face down in the centre of the map, each corporation's
starting money and cards dealt from that development deck (the rest then goes to the market by
type), and the first auction (or the launched start). Every
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


def _cards_step(game, cat, players, counts: Mapping[str, int], mode) -> str:
    fair = {None: " (in Fair Play, first take out the targets whose text names an action card)",
            "fair-play": " (Fair Play: first take out the targets whose text names an action card)"}.get(mode, "")
    if players is None:
        spans = "; ".join(f"{n} players: {_counts_phrase(_kept(cat, n))}" for n in sorted(_player_counts(cat)))
        return ("Fewer players play with fewer cards. Keep, by the number of players, " + spans +
                f". Shuffle each target colour and the incentives face down{fair} and put all but that many "
                "back in the box unseen; the development cards kept per type are on each card's count. "
                "Keeping every card instead is allowed: the game then runs longer.")
    kept = _kept(cat, players)
    per_type = ", ".join(f"{cat.dev_count(c, players)} {dev_name(c)}" for c in DEV_CARDS)
    targets = sum(kept[t] for t in TIERS)
    if (counts.get("target-cards"), counts.get("incentive-cards")) == (targets, kept["incentives"]):
        chosen = "This set prints only the targets and incentives kept: use them all."
    else:
        chosen = (f"Shuffle each target colour face down{fair} and keep the top {kept['bronze']} bronze, "
                  f"{kept['silver']} silver and {kept['gold']} gold; shuffle the incentives and keep the top "
                  f"{plural(kept['incentives'], 'card')}. The rest go back in the box unseen, so every game has its own "
                  "selection. Keeping every card instead is allowed: the game then runs longer.")
    dev = ("This set prints exactly these development cards." if counts.get("development-cards") == kept["development"]
           else "Keep the development cards per type as listed and put the rest back in the box.")
    return f"With {players} players the game uses {_counts_phrase(kept)} ({per_type}). {chosen} {dev}"


def _player_counts(cat) -> list[int]:
    return [int(n) for n in cat.tables["targets_in_play"]]


def _grid_step(mode) -> str:  # noqa: ARG001 - every mode lays the grid out alike
    return ("Lay the map board in the middle of the table. The target grid goes with the market organiser, "
            "and both go along the map's top edge (or one at the top, one at the bottom): together they are "
            "the market. Split each colour of targets kept, still face down, into three even piles and turn "
            "the piles face up in the grid, gold in the top row, silver in the middle, bronze at the bottom, "
            "so only the top card of each pile shows.")


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
    return (f"{actions} Put the incentives kept in the market's Incentives place, and use its Discard "
            "place as the discard pile.")


def _centre_step(cat) -> str:
    return ("Shuffle the development cards kept and put the deck face down in the centre of the map for "
            "the beginning stage; another player cuts it, so nobody can tell from the backs which cards "
            f"come first. Beside it go the {len(cat.territories)} territory cards, shuffled face down, "
            "for the first auction.")


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
    return (f"{action}From the development deck in the centre of the map, starting with the player who chose "
            f"first and going clockwise, deal 2 development cards to each player one at a time, face up on the "
            f"dashboard; a duplicate, or the card your corporation's market advantage already stands for, goes "
            f"to the market. Nobody holds more than {limit}. The rest of the deck then goes to the market "
            f"organiser, one group per type.")


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
            f"**{first} territories**, then shuffle the rest and put them in the market's Territory deck place.")
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
    return [_cards_step(game, cat, players, counts, mode), _grid_step(mode), _bank_step(cat), _decks_step(cat, mode),
            _centre_step(cat), _start_step(cat), _deal_step(cat, mode), _auction_step(cat, players, mode)]
