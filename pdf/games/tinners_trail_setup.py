"""Tinners' Trail setup as printed on the checklist: the board, the development board's fill,
markers, tiles, survey cards and the modules, in our own words and with the numbers of the
build's player count (every count when the whole box is printed)."""

from __future__ import annotations

from typing import Mapping

from companion.tinners_trail.data.tables import PIECES, load_rules

from ..setup_steps import plural, setup_steps
from .tinners_trail_counts import SOLO_SEATS, modules

PIECE_NAMES = {"miner": "miner", "port": "port", "train": "train", "adit": "adit"}


def by_count(values: Mapping[int, object], low: int = 1) -> str:
    """'6 with 1–2 players, 5 with 3–4, 4 with 5': equal neighbours share a span."""
    spans: list[tuple[int, int, object]] = []
    for n in sorted(k for k in values if k >= low):
        if spans and spans[-1][2] == values[n] and spans[-1][1] == n - 1:
            spans[-1] = (spans[-1][0], n, values[n])
        else:
            spans.append((n, n, values[n]))
    parts = [f"{v} with {a}–{b}" if a != b else f"{v} with {a}" for a, b, v in spans]
    first = " player" if spans[0][:2] == (1, 1) else " players"
    return parts[0] + first + "".join(", " + p for p in parts[1:])


def board_fill(board, rounds: int) -> list[str]:
    """Each round column of one development board: its pieces and steam-pump groups."""
    columns = []
    for r in range(rounds):
        bits = [plural(board.pieces[k][r], PIECE_NAMES[k]) for k in PIECES if board.pieces[k][r]]
        groups = board.pump_groups[r]
        sizes = sorted(set(groups))
        pumps = " and ".join(f"{plural(groups.count(s), 'group')} of {plural(s, 'steam pump')}" for s in sizes)
        columns.append(f"round {r + 1}: " + ", ".join(bits + [pumps]))
    return columns


def board_totals(board) -> str:
    kinds = [plural(sum(board.pieces[k]), PIECE_NAMES[k]) for k in PIECES]
    pumps = sum(sum(g) for g in board.pump_groups)
    return ", ".join(kinds + [plural(pumps, "steam pump")])


@setup_steps("tinners-trail")
def tinners_trail_setup(game, options, counts: Mapping[str, int]) -> list[str]:
    rules = load_rules(str(game.root))
    players = options.players
    mods = modules(options.variant, game.variant_ids())
    seats = None if players is None else max(players, SOLO_SEATS)
    steps = []
    if players == 1:
        steps.append("**Solo:** lay out as for 2 players below (you and Lord Wallace each take a colour), "
                     "then make the changes on Lord Wallace's reference card. He keeps all 6 survey cards "
                     "he is dealt, shuffled face down, as his own deck.")
    steps += [_board(rules, seats), _supply(game, rules, mods, counts), _colours(rules, seats, players, mods),
              _markers(rules), _tiles(rules, seats, mods, counts), _reveal(rules, seats, players),
              _survey(game, rules, seats, mods)]
    if seats is None or seats == 2:
        steps.append(("With 2 players: the" if seats is None else "The")
                     + " wild deck stays in the box; each region's put-back cards are shuffled into that "
                     "region's unused cards and the decks lie face down beside the board: they are drawn "
                     "from during the game.")
    steps += _module_steps(rules, mods)
    steps.append("Ore prices are not set yet: the first round opens by rolling the three price dice "
                 "for tin and then for copper, and a cube of each ore marks its price column on the "
                 "ore-price table.")
    return steps


def _board(rules, seats) -> str:
    if seats is None:
        fills = "; ".join(f"**{n} players**: {board_totals(rules.boards[n])}" for n in sorted(rules.boards) if n > 1)
        return ("Lay the main board in the middle. Put the development board for your player count in "
                "the framed space at its bottom right and fill it: each cell names the pieces it takes, "
                "round by round, and each steam-pump cell says how many groups of how many pumps to lay "
                f"there ({fills}; 1 player uses the 2-player board).")
    board = rules.boards[seats]
    return (f"Lay the main board in the middle and the **{seats}-player** development board in "
            f"the framed space at its bottom right. Fill its round columns ({board_totals(board)} in all): "
            + "; ".join(board_fill(board, rules.rounds)) + ".")


def _supply(game, rules, mods, counts) -> str:
    extra = " and the arsenic cubes" if "arsenic" in mods else ""
    return ("Beside the board, as a common supply: the tin, copper and water cubes" + extra +
            ", the drainage tokens, the £100 tokens and the developments left over from the "
            "development board (survey cards and Michigan hand those out). Put the three price dice "
            "(orange, blue, black) and the auction marker beside the board, and the round marker on "
            "'Round 1' of the investment panel.")


def _colours(rules, seats, players, mods) -> str:
    if seats is None:
        mines = "mines: " + by_count(rules.mines)
    else:
        mines = f"{rules.mines[seats]} mines"
    extra = ""
    if "arsenic" in mods:
        extra += ", a calciner and a work-track limiter (Arsenic)"
    if "emigration" in mods:
        extra += f", {rules.own_miners} miners of the colour (Emigration)"
    return (f"Each player takes one colour (its letter is on every piece): the score, money and work "
            f"markers, **{mines}**, the 2 peek tokens and the 2 extra-score tokens (+100/+200 and "
            f"+300/+400){extra}.")


def _markers(rules) -> str:
    return (f"Stack everyone's score marker on space 0 of the outer track and money marker on space "
            f"**{rules.starting_money}**: each player starts with **£{rules.starting_money}**. Shuffle the "
            "work markers in a closed hand and lay them, in the order drawn, down the '0' column of the "
            "work track from the top, one per space: the top marker acts first.")


def _tiles(rules, seats, mods, counts) -> str:
    bonus = counts.get("kickstarter-area-tiles", 0)
    kick = (f" (Kickstarter: shuffle the {bonus} Kickstarter tiles into the stacks of their regions first)"
            if "kickstarter" in mods and bonus else "")
    if seats is None:
        layout = by_count({n: f"{len(r)} regions × spaces 1–{max(p)}" for n, (r, p) in rules.arrangement.items()})
        return (f"Sort the area tiles by the region letter on their backs and shuffle each stack face "
                f"down{kick}. Take the map card for your player count and lay one tile face down on each "
                f"area it frames ({layout}); unused tiles go back to the box unseen.")
    regions, positions = rules.arrangement[seats]
    spaces = len(regions) * len(positions)
    unused = sorted(set(rules.areas[a].region for a in rules.areas) - set(regions))
    left = f" Region {', '.join(unused)} stays empty." if unused else ""
    return (f"Sort the area tiles by the region letter on their backs and shuffle each stack face "
            f"down{kick}. Using the {seats}-player map card, lay one tile face down on each of "
            f"the **{spaces} areas** numbered 1–{max(positions)} in regions {', '.join(regions)}.{left} "
            "Unused tiles go back to the box unseen.")


def _reveal(rules, seats, players) -> str:
    how = ("Shuffle the area setup cards of region A and turn them over one at a time; each names an "
           "area: turn its tile face up (a number with no tile is skipped)")
    if seats is None:
        return f"{how}, until the region shows its quota ({by_count(rules.reveals)} per region). " \
               "Do the same for every other region in play, then put the setup cards away."
    regions = rules.arrangement[seats][0]
    shown = rules.reveals[players]
    return (f"{how}, until **{plural(shown, 'tile')}** of region A "
            f"{'is' if shown == 1 else 'are'} face up. Do the same for "
            f"{', '.join(regions[1:])}, then put the setup cards away.")


def _survey(game, rules, seats, mods) -> str:
    per, wild = int(game.setup.get("survey_draw_per_region", 2)), int(game.setup.get("survey_draw_wild", 1))
    if seats is None:
        return (f"Sort the survey cards into decks by their backs and shuffle each: the four regions and "
                f"the wild deck (region D's deck only with 4–5 players, the wild deck only with 3–5). "
                f"Deal every player {per} cards of each region deck in play and {wild} wild card"
                + (" (Kickstarter: a Kickstarter survey card instead of the wild one)" if "kickstarter" in mods else "")
                + ". Each player keeps one card of each region and puts the other back unseen; keep your "
                  "cards hidden.")
    regions = rules.arrangement[seats][0]
    wilds = seats > 2
    extra = f" and {wild} from the wild deck" if wilds else ""
    if wilds and "kickstarter" in mods:
        extra += " (Kickstarter pack: one Kickstarter survey card in its place; the rest go back unseen)"
    return (f"Make a survey deck per region ({', '.join(regions)}) from the cards with that back"
            + (" and a wild deck" if wilds else "") + f", and shuffle each. Deal every player "
            f"**{per} cards from each region deck**{extra}. Each player keeps one card of each region "
            "and puts the other back unseen; keep your cards hidden.")


def _module_steps(rules, mods) -> list[str]:
    out = []
    if "arsenic" in mods:
        out.append("Arsenic module: lay the arsenic market board beside the main board; calciners and "
                   "limiters stay with their owners until used.")
    if "emigration" in mods:
        out.append("Emigration module: lay the emigration board beside the main board and put each "
                   "Kimberly and Adelaide token on its round's space (K1–K4, A1–A4).")
    return out
