"""Before the first turn: table options (from the variant), corporations, the deal and the public auctions.

Rolls follow the rulebook's two roll-offs: "first to a 64" (everyone rolls until someone rolls
a 64 alone; several 64s roll again among themselves) and "highest roll" (ties roll again).
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from ..core import PlayerSpec, require
from ..errors import BadAction
from .cards import DEV_CARDS, Catalog
from .state import active_mines, fresh_turn, new_player

MODES = ("standard", "fair-play", "clash-of-titans", "launched-start")
OPTIONS = {
    "remove_cards": ("yes", "no"),                       # the card-count table
    "endgame": ("total-control", "final-round", "minute-64", "exhausted"),
    "corporations": ("roll", "random"),
}
DEFAULTS = {"remove_cards": "yes", "endgame": "total-control", "corporations": "roll"}
# The table's options travel in its variant after the mode, "+"-joined: "fair-play+minute-64".
# Each word sets one option away from its default.
WORDS = {"all-cards": ("remove_cards", "no"), "final-round": ("endgame", "final-round"),
         "minute-64": ("endgame", "minute-64"), "exhausted": ("endgame", "exhausted"),
         "random-corporations": ("corporations", "random")}


def parse_variant(variant: str | None) -> tuple[str, dict]:
    """The mode and the options a variant names, or a BadAction saying which word is wrong."""
    mode, *words = (variant or "standard").split("+")
    if mode not in MODES:
        raise BadAction(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    options = dict(DEFAULTS)
    chosen: dict[str, str] = {}
    for word in words:
        if word not in WORDS:
            raise BadAction(f"unknown table option {word!r}; options: {', '.join(WORDS)}")
        name, value = WORDS[word]
        if name in chosen:
            raise BadAction(f"{chosen[name]!r} and {word!r} both set the {name.replace('_', ' ')} option; choose one")
        chosen[name] = word
        options[name] = value
    return mode, options


def roll(r: random.Random, cat: Catalog) -> int:
    return int(r.choice(cat.tables["die_faces"]))


def first_to_64(r: random.Random, cat: Catalog, seats: Sequence[int], log: list) -> int:
    top = max(cat.tables["die_faces"])
    group = list(seats)
    while True:
        rolls = {s: roll(r, cat) for s in group}
        log.append(rolls)
        hits = [s for s, v in rolls.items() if v == top]
        if len(hits) == 1:
            return hits[0]
        if hits:
            group = hits


def highest(r: random.Random, cat: Catalog, seats: Sequence[int], log: list) -> int:
    group = list(seats)
    while len(group) > 1:
        rolls = {s: roll(r, cat) for s in group}
        log.append(rolls)
        best = max(rolls.values())
        group = [s for s, v in rolls.items() if v == best]
    return group[0]


def new_table(cat: Catalog, players: Sequence[PlayerSpec], variant: str, seed: int) -> dict:
    money = cat.number("starting_money")
    mode, options = parse_variant(variant)
    return {
        "variant": mode, "options": options, "seed": seed, "step": 0, "phase": "ready",
        "turn": None, "stage": None, "turn_no": 0, "first": None, "picker": None,
        "players": [new_player(p.name, money) for p in players],
        "market": {}, "territory_deck": [], "auction": None, "grid": {}, "incentives": [], "action_decks": {},
        "box": [], "ts": fresh_turn(), "continuous": [], "offers": [], "end": None, "rolls": [], "redraft": [],
        "bots": {str(s): p.bot for s, p in enumerate(players) if p.bot},
        "quiet_run": 0, "bs_empty_on": None, "second_auction": False, "golds_claimed": 0, "over_reason": "",
    }


def _grid(cat: Catalog, d: dict, r: random.Random) -> None:
    n, remove = len(d["players"]), d["options"]["remove_cards"] == "yes"
    keep = cat.tables["targets_in_play"][str(n)]
    for tier in ("bronze", "silver", "gold"):
        # Removal draws the cards kept at random (from the table's seed, so the log replays it),
        # as many of each colour as the card-count table gives; the rest go back in the box.
        pool = [t.id for t in cat.targets.values() if t.tier == tier
                and not (d["variant"] == "fair-play" and t.needs_action)]
        r.shuffle(pool)
        if remove:
            pool = pool[:int(keep[tier])]
        d["grid"][tier] = [pool[i::3] for i in range(3)]
    incentives = list(cat.incentives)
    r.shuffle(incentives)
    if remove:
        incentives = incentives[:int(keep["incentives"])]
    d["incentives"] = incentives


def start(cat: Catalog, d: dict, seat: int, r: random.Random) -> None:
    """Shuffle every deck, lay out the target grid and roll for who picks first."""
    require(d["phase"] == "ready", "The game has already started.", "Setup")
    n = len(d["players"])
    remove = d["options"]["remove_cards"] == "yes"
    d["market"] = {c: cat.dev_count(c, n, remove) for c in DEV_CARDS}
    _grid(cat, d, r)
    deck = sorted(cat.territories)
    r.shuffle(deck)
    d["territory_deck"] = deck
    for corp in sorted(cat.corporations):
        cards = sorted(a for a, card in cat.actions.items() if card.corporation == corp)
        r.shuffle(cards)
        d["action_decks"][corp] = cards
    log: list = []
    d["first"] = first_to_64(r, cat, range(n), log)
    d["rolls"] = log
    if d["options"]["corporations"] == "random":
        corps = sorted(cat.corporations)
        r.shuffle(corps)
        for s, p in enumerate(d["players"]):
            p["corp"] = corps[s]
        d["phase"] = "deal"
    else:
        d["phase"], d["picker"] = "corporations", d["first"]


def choose_corporation(cat: Catalog, d: dict, seat: int, corp: str, r: random.Random) -> None:
    require(d["phase"] == "corporations", "Corporations are chosen at the start of the game.", "Setup")
    require(seat == d["picker"], f"{d['players'][d['picker']]['name']} chooses next (they won the roll).", "Setup")
    if corp not in cat.corporations:
        raise BadAction(f"unknown corporation {corp!r}; corporations: {', '.join(cat.corporations)}")
    taken = {p["corp"] for p in d["players"]}
    require(corp not in taken, f"{cat.corporations[corp].name} is already taken.", "Setup")
    d["players"][seat]["corp"] = corp
    left = [s for s, p in enumerate(d["players"]) if p["corp"] is None]
    if not left:
        d["phase"], d["picker"] = "deal", None
        return
    log: list = []
    d["picker"] = highest(r, cat, left, log) if len(left) > 1 else left[0]
    d["rolls"] = log


def clockwise(d: Mapping, start: int) -> list[int]:
    n = len(d["players"])
    return [(start + i) % n for i in range(n)]


def can_hold_dev(cat: Catalog, p: Mapping, card: str) -> bool:
    """No duplicates; the corporation's market advantage counts as the card it replaces."""
    return card not in p["dev"] and card != cat.corporations[p["corp"]].advantage


def deal(cat: Catalog, d: dict, r: random.Random) -> None:
    require(d["phase"] == "deal", "Cards are dealt once, after corporations are chosen.", "Setup")
    order = clockwise(d, d["first"])
    if d["variant"] != "fair-play":
        for s in order:
            p = d["players"][s]
            p["actions"].append(d["action_decks"][p["corp"]].pop())
    pile = [c for c in DEV_CARDS if c != "phone" for _ in range(d["market"][c])]
    r.shuffle(pile)
    for _ in range(2):
        for s in order:
            if not pile:
                break
            card = pile.pop()
            p = d["players"][s]
            if can_hold_dev(cat, p, card):
                p["dev"].append(card)
                d["market"][card] -= 1
    if d["variant"] == "launched-start":
        _launched(cat, d, r)
        return
    _open_auction(d, 1, int(cat.tables["auction_territories_first"]))


def _launched(cat: Catalog, d: dict, r: random.Random) -> None:
    wanted = int(cat.tables["launched_start_territories"])
    for s in clockwise(d, d["first"]):
        p = d["players"][s]
        while len(p["territories"]) < wanted and d["territory_deck"]:
            pick = next((t for t in reversed(d["territory_deck"]) if not completes_region(cat, p, t)), None)
            if pick is None:
                break
            d["territory_deck"].remove(pick)
            p["territories"].append(pick)
        mine = r.choice(sorted(p["territories"]))
        p["sites"][mine] = "active"
        p["explored_on"][mine] = 0
    begin_play(cat, d)


def completes_region(cat: Catalog, p: Mapping, territory: str) -> bool:
    """The anti-monopoly rule: nobody holds all three territories of a region (unless an
    action card lifted the rule for them)."""
    if p.get("monopoly"):
        return False
    region = cat.territories[territory].region
    held = {t for t in p["territories"] if cat.territories[t].region == region}
    return len(held | {territory}) == 3


def _open_auction(d: dict, number: int, goal: int) -> None:
    n = len(d["players"])
    revealed = [d["territory_deck"].pop() for _ in range(min(n, len(d["territory_deck"])))]
    d["auction"] = {"round": number, "goal": goal, "revealed": revealed, "winner": None}
    d["phase"] = "auction"


def bidders(cat: Catalog, d: Mapping) -> list[int]:
    a = d["auction"]
    return [s for s, p in enumerate(d["players"])
            if len(p["territories"]) < a["goal"] and any(not completes_region(cat, p, t) for t in a["revealed"])]


def auction_roll(cat: Catalog, d: dict, r: random.Random) -> None:
    require(d["phase"] == "auction" and d["auction"]["winner"] is None, "There is no auction roll to make now.",
            "Public auction")
    who = bidders(cat, d)
    log: list = []
    d["auction"]["winner"] = highest(r, cat, who, log)
    d["rolls"] = log


def pick_territory(cat: Catalog, d: dict, seat: int, territory: str, r: random.Random) -> None:
    a = d["auction"]
    require(d["phase"] == "auction" and a["winner"] is not None, "Roll for the auction first.", "Public auction")
    require(seat == a["winner"], f"{d['players'][a['winner']]['name']} won the roll and picks.", "Public auction")
    require(territory in a["revealed"], "Pick one of the territory cards laid out for the auction.", "Public auction")
    p = d["players"][seat]
    region = cat.region_of(territory)
    require(not completes_region(cat, p, territory),
            f"Anti-monopoly rule: {cat.territories[territory].name} would give you all 3 territories of {region.name}.",
            "Monopoly prevention")
    a["revealed"].remove(territory)
    p["territories"].append(territory)
    a["winner"] = None
    if d["territory_deck"]:
        a["revealed"].append(d["territory_deck"].pop())
    while not bidders(cat, d) and any(len(q["territories"]) < a["goal"] for q in d["players"]) \
            and d["territory_deck"]:
        a["revealed"].append(d["territory_deck"].pop())
    if bidders(cat, d):
        return
    d["territory_deck"].extend(a["revealed"])
    r.shuffle(d["territory_deck"])
    d["auction"] = None
    if a["round"] == 1:
        begin_play(cat, d)
        return
    # The second round ends with every development card back in the market and picked anew.
    for q in d["players"]:
        for card in q["dev"]:
            d["market"][card] += 1
        q["dev"] = []
    log: list = []
    winner = highest(r, cat, range(len(d["players"])), log)
    d["rolls"] = log
    d["redraft"] = clockwise(d, winner)
    d["phase"] = "redraft"


def call_auction(cat: Catalog, d: dict, seat: int) -> None:
    require(d["phase"] == "play" and seat == d["turn"], "Call the second auction before your own turn begins.",
            "Second auction")
    require(d["stage"] == "extraction" and d["ts"]["quiet"], "The second auction is called before your turn begins.",
            "Second auction")
    require(not d["second_auction"], "The second auction round has already been held.", "Second auction")
    short = [p["name"] for p in d["players"] if len(active_mines(p)) < 2]
    require(not short, f"Every player needs at least 2 active mines first ({', '.join(short)} not yet).",
            "Second auction")
    d["second_auction"] = True
    _open_auction(d, 2, int(cat.tables["auction_territories_second"]))
    if not bidders(cat, d):
        d["territory_deck"].extend(d["auction"]["revealed"])
        d["auction"], d["phase"] = None, "play"


def pick_development(cat: Catalog, d: dict, seat: int, cards: Sequence[str]) -> None:
    require(d["phase"] == "redraft" and d["redraft"] and d["redraft"][0] == seat,
            "Development cards are picked in turn order after the second auction.", "Second auction")
    p = d["players"][seat]
    require(len(cards) <= 2 and len(set(cards)) == len(cards), "Pick up to 2 different development cards.",
            "Second auction")
    for card in cards:
        _check_market_card(cat, d, p, card)
    for card in cards:
        p["dev"].append(card)
        d["market"][card] -= 1
    d["redraft"].pop(0)
    if not d["redraft"]:
        d["phase"] = "play"


def _check_market_card(cat: Catalog, d: Mapping, p: Mapping, card: str) -> None:
    if card not in DEV_CARDS or card == "phone":
        raise BadAction(f"unknown development card {card!r}; cards: {', '.join(c for c in DEV_CARDS if c != 'phone')}")
    require(d["market"].get(card, 0) > 0, f"No {card} card is left in the market.", "Development cards")
    require(can_hold_dev(cat, p, card),
            f"You already have {card} (held or as your market advantage); duplicates are not allowed.",
            "Development cards")


def begin_play(cat: Catalog, d: dict) -> None:
    from .turn import begin_turn
    d["phase"] = "play"
    d["turn"] = d["first"]
    begin_turn(cat, d)


__all__ = ["DEFAULTS", "MODES", "OPTIONS", "WORDS", "auction_roll", "bidders", "call_auction", "can_hold_dev", "choose_corporation",
           "clockwise", "completes_region", "deal", "first_to_64", "highest", "new_table", "pick_development",
           "parse_variant", "pick_territory", "roll", "start"]
