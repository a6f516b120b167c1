"""Ore (prototype) setup as printed on the checklist, in our own words: money and miners, the
bank, the mine decks for the build's player count, the development and contract decks cut to
size, the starting player, and what the short, long and contract-race variants change. Every
number is read from the game's data or from what this build prints."""

from __future__ import annotations

from typing import Mapping

from ..setup_steps import plural, setup_steps

DECK_NAMES = {"3p": "3-player", "4-5p": "4-5-player"}


def _counts_by_players(game, key: str, players: int | None) -> str:
    table = game.setup["by_players"]
    if players is not None:
        return f"**{table[str(players)][key]}**"
    return ", ".join(f"{row[key]} with {n}" for n, row in sorted((int(k), v) for k, v in table.items())) + " players"


def _mines_step(game, options) -> str:
    table = game.setup["by_players"]
    kinds = ", ".join(game.resources[r].name.lower() for r in game.tables["barrels"])
    if options.variant == "long":
        deck = "Long game: take both mine decks (3-player and 4-5-player backs) together"
    elif options.players is not None:
        deck = f"Take the **{DECK_NAMES[table[str(options.players)]['mines']]}** mine deck (its name is on every back)"
    else:
        by_deck: dict[str, list[int]] = {}
        for n, row in sorted((int(k), v) for k, v in table.items()):
            by_deck.setdefault(row["mines"], []).append(n)
        deck = "Take the mine deck for your player count (" + "; ".join(
            f"{DECK_NAMES[d]} deck: {' or '.join(map(str, ns))} players" for d, ns in by_deck.items()) + ")"
    step = f"{deck}, sort the cards into one stack per kind of ore ({kinds}) and shuffle each stack."
    if options.variant == "short":
        keep = ", ".join(f"{n} {kind}" for kind, n in game.setup["short"]["mines"].items())
        step += f" Short game: keep only {keep} mines, the rest go back unseen."
    return step + " Turn the top card of each stack face up: that is the mine of its kind in play."


def _developments_step(game, options, counts: Mapping[str, int]) -> str:
    row = game.setup["available_per_row"]
    assets, initiatives = counts.get("assets", 0), counts.get("initiatives", 0)
    if options.variant == "short":
        short = game.setup["short"]
        dark_assets = sum(r.qty for r in game.decks["assets"].rows if r["mark"] == "dark")
        dark_initiatives = sum(r.qty for r in game.decks["initiatives"].rows if r["mark"] == "dark")
        cut = (f"Short game: put back every card with a pale dot; shuffle the {dark_assets} assets with a "
               f"black dot and keep **{short['assets']}**; use the {dark_initiatives} initiatives with a black dot")
    elif options.variant == "long":
        cut = f"Long game: use all {assets} assets and all {initiatives} initiatives"
    else:
        cut = (f"Shuffle the {assets} assets and keep {_counts_by_players(game, 'assets', options.players)}; "
               f"the rest go back unseen. Use all {initiatives} initiatives")
    return (f"{cut}. Lay {row} assets and {row} initiatives face up in their rows beside the acquisition "
            "card, each deck face down as its draw pile.")


def _contracts_step(game, options, counts: Mapping[str, int]) -> str:
    row = game.setup["available_per_row"]
    contracts = counts.get("contracts", 0)
    short = game.setup["short"]
    first = ""
    if options.variant == "short":
        first = f"Short game: put contracts {short['contracts_up_to'] + 1}–{contracts} back unseen. "
    deal = (first + "Shuffle the contracts and deal each player one: the highest number takes the "
            "**starting player token**")
    if options.variant in ("long", "contract-race"):
        deal += "; shuffle the dealt contracts back in."
    else:
        keep = f"**{short['contracts']}**" if options.variant == "short" else \
            _counts_by_players(game, "contracts", options.players)
        deal += (f"; the dealt contracts go face up on a contract discard pile. Of the rest keep {keep} "
                 "and put the others back unseen.")
    if options.variant == "contract-race":
        return (f"{deal} Contract race: deal every player a face-down stack of {game.setup['contract_race_stack']} "
                "contracts and turn its top card face up; the rest go back unseen. There is no contract row "
                "and the contract track stays closed.")
    return f"{deal} Lay {row} face up as the contract row, the rest face down as its draw pile."


@setup_steps("ore")
def ore_setup(game, options, counts: Mapping[str, int]) -> list[str]:
    s = game.setup
    chips = ", ".join(f"${v}" for v in game.tables["chips"])
    contracted = game.tables["contracted_miners"]
    return [
        "Lay the acquisition tracks & slag heap card in the middle of the table. Make the bank beside it: "
        f"money chips sorted by value ({chips}) and the barrels in one pile per kind of ore.",
        _mines_step(game, options),
        _developments_step(game, options, counts),
        _contracts_step(game, options, counts),
        f"Each player takes the miners of one colour and a reference card, and starts with **${s['starting_money']}** "
        f"and **{plural(s['starting_miners'], 'miner')}** in play; the colour's other miners wait beside the "
        f"board. The {contracted} white contracted miners and the Strike!, private mine/market, futures, "
        "collab ops/drill bit and mine cage tokens wait beside the bank.",
    ]
