"""How many of each Tinners' Trail piece a table needs, from the rules' tables: the modules a
variant plays with, the seats a player count lays out (a solo game as two), and the
developments a table uses - those its development board holds, plus those the supply hands
out through survey cards and Michigan."""

from __future__ import annotations

from collections import Counter

from companion.data.model import GameData
from companion.tinners_trail.data.tables import load_rules

MODULES = ("arsenic", "emigration", "kickstarter")
SOLO_SEATS = 2  # a one-player game adds Lord Wallace's seat and is laid out as for two
SURVEY_PIECES = {"miner": "miner", "port": "port", "pump": "steam_pump"}


def modules(variant: str | None, known: list[str]) -> tuple[str, ...]:
    """The modules a build's variant plays with: every one for a full box or ``all``."""
    if variant is None or variant == "all":
        return MODULES
    return tuple(m for m in MODULES if m == variant and m in known)


def seats(players: int) -> int:
    return max(players, SOLO_SEATS)


def _deck_pieces(game: GameData, deck_id: str, players: int) -> dict[str, Counter]:
    """Per region (or 'wild' / 'kickstarter'), the development pieces its survey cards place."""
    deck = game.decks.get(deck_id)
    found: dict[str, Counter] = {}
    if deck is None or (deck.players and not deck.players[0] <= players <= deck.players[1]):
        return found
    for row in deck.rows:
        span = row.get("players")
        if span is not None and not span[0] <= players <= span[1]:
            continue
        piece = SURVEY_PIECES.get(row["benefit"])
        group = deck_id if "regions" in deck.columns else str(row.get("region", deck_id))
        if piece:
            found.setdefault(group, Counter())[piece] += row.qty
    return found


def developments_needed(game: GameData, players: int, variant: str | None) -> dict[str, int]:
    """Developments of each kind a table of ``players`` uses at most: the development board's
    pieces (steam pumps: every group, refilled each round), one per survey card that places a
    piece from the supply (a player holds either a wild or a Kickstarter card, so the larger of
    the two counts), and Michigan's pieces with Emigration."""
    rules = load_rules(str(game.root))
    mods = modules(variant, game.variant_ids())
    board = rules.boards[seats(players)]
    need = Counter({kind: sum(counts) for kind, counts in board.pieces.items()})
    need["steam_pump"] += sum(sum(groups) for groups in board.pump_groups)
    decks = _deck_pieces(game, "survey-cards", seats(players))
    wild = decks.pop("Wild", Counter())
    if "kickstarter" in mods:
        kick = _deck_pieces(game, "kickstarter-survey-cards", seats(players)).get("kickstarter-survey-cards")
        wild = wild | (kick or Counter())  # the larger count of each kind
    for counter in list(decks.values()) + [wild]:
        need.update(counter)
    if "emigration" in mods:
        for pieces in rules.emigration["michigan"]["pieces"]:
            need.update(pieces)
    return dict(need)
