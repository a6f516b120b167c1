"""ARDEVUR's print set drawn by code from the catalogue the companion plays with: cards
(territories, development, targets, incentives, actions), dashboards, character guides, money,
resource tokens and structure markers. The map, the target grid and the score sheet are in
``ardevur_boards``. Lengths are millimetres in the piece's frame, y down."""

from __future__ import annotations

from companion.ardevur.cards import DEV_CARDS, catalog
from companion.ardevur.conditions import describe

from .. import style
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur_icons import badge

CORP_ORDER = ("great", "amu", "machine", "ardevur")
TIER_FILL = {"bronze": "bronze", "silver": "silver", "gold": "gold"}
CARD_PAD = 4.0
BAND = 14.0      # mm, the coloured title band of a card
TIMING = {"extraction": "Your extraction phase", "strategy": "Your strategy phase",
          "development": "Your development phase", "reward": "Your reward phase",
          "competitor": "A competitor's turn", "anytime": "Any time"}
BUILDS = {"explore": "Explore a territory: **License + Geologist**",
          "exploit": "Exploit an explored territory (open the mine): **Workforce + Machinery**",
          "warehouse": "Acquire or upgrade a warehouse", "office": "Acquire or upgrade an office",
          "vessel": "Acquire or upgrade a vessel", "road": "Build a road in Africa",
          "water": "Build a water pipeline in Africa", "factory": "Build a factory where you mine",
          "any": "Stands in for any missing card at double price, takes a loan, or clears a target"}


def cat_of(piece: Piece):
    return catalog(str(piece.game.root))


def ink_for(pen: Pen, fill: str) -> str:
    c = pen.colour(fill)
    light = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.55
    return style.DARK_ON_LIGHT if light else style.LIGHT_ON_DARK


def background(pen: Pen, fill: str) -> None:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)


def card_face(pen: Pen, band: str, title: str, subtitle: str = "") -> float:
    """Paper card with a coloured title band; returns where the body starts."""
    background(pen, "paper")
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, BAND + b, fill=band)
    ink = ink_for(pen, band)
    pen.text(f"**{title}**", CARD_PAD, 1.5, pen.w - 2 * CARD_PAD, BAND - 3, size=11, align="center",
             valign="middle", colour=ink)
    top = BAND + 2
    if subtitle:
        pen.text(subtitle, CARD_PAD, top, pen.w - 2 * CARD_PAD, 6, size=8, align="center", valign="middle")
        top += 7
    return top


def card_back(pen: Pen, fill: str, word: str) -> None:
    background(pen, fill)
    ink = ink_for(pen, fill)
    pen.rect(5, 5, pen.w - 10, pen.h - 10, stroke=ink, width=style.THIN_PT, radius=3)
    pen.text(f"**ARDEVUR**\n{word}", 8, pen.h / 2 - 14, pen.w - 16, 28, size=14, align="center", valign="middle",
             colour=ink)


def box_text(pen: Pen, text: str, y: float, h: float, size: float = 9.0) -> None:
    pen.text(text, CARD_PAD, y, pen.w - 2 * CARD_PAD, h, size=size, min_size=style.TEXT_MIN_PT, align="center",
             valign="middle")


# -- territory cards --------------------------------------------------------------------------

EXPLORE_CARDS = ("license", "geologist")
EXPLOIT_CARDS = ("workforce", "machinery")
TERRITORY_BACK = "territory-back"   # one back for every territory card: see NOTES.md (Print set)


def _requirement(pen: Pen, y: float, verb: str, cost: int, cards: tuple[str, str]) -> None:
    """One step of opening a mine: the two development cards it asks for and its cost."""
    w, h, icon = pen.w - 2 * CARD_PAD, 16.0, 8.5
    pen.rect(CARD_PAD, y, w, h, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT, radius=1.5)
    pen.text(f"**{verb}**", CARD_PAD + 1.5, y + 1.5, 19, 5, size=8, valign="middle")
    pen.text(f"**{cost}M**", CARD_PAD + 1.5, y + 7, 19, 7, size=12, valign="middle")
    cell = (w - 21) / 2
    for i, card in enumerate(cards):
        x = CARD_PAD + 21 + i * cell + (cell - icon) / 2
        badge(pen, card, x, y + 1.2, icon)
    pen.label("+", CARD_PAD + 21 + cell, y + 7, size=10, font="bold", align="center")


@painter("ardevur.territory", backs=True)
def territory(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    t = list(cat.territories.values())[piece.index]
    region = cat.regions[t.region]
    if piece.side == "back":
        card_back(pen, TERRITORY_BACK, "Territory")
        return
    card_face(pen, TIER_FILL[t.tier], t.name)
    pen.text(f"{region.name} · {region.continent.title()} · **{t.tier}**", CARD_PAD, BAND + 1, pen.w - 2 * CARD_PAD,
             6, size=7.5, align="center", valign="middle")
    _requirement(pen, 22, "Explore", t.explore, EXPLORE_CARDS)
    _requirement(pen, 39.5, "Exploit", t.exploit, EXPLOIT_CARDS)
    pen.text("Your market advantage stands in for its card.", CARD_PAD, 56, pen.w - 2 * CARD_PAD, 5, size=6.5,
             align="center", valign="middle")
    pen.rect(CARD_PAD, 61.5, pen.w - 2 * CARD_PAD, 8, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT)
    pen.text("Output per turn", CARD_PAD + 2, 62, 30, 7, size=8.5, valign="middle")
    pen.text(f"**{t.output}M**", pen.w / 2, 62, pen.w / 2 - CARD_PAD - 2, 7, size=12, align="right",
             valign="middle")
    if region.needs:
        needs = " and ".join(f"{k} ({region.costs[k]}M)" for k in region.needs)
        without = {"road": "No road: no sale.", "water": "No pipeline: half price."}
        text = f"Needs **{needs}**. " + " ".join(without[k] for k in region.needs)
    else:
        text = "European site: opening this mine lets you claim a government incentive."
    pen.text(text, CARD_PAD, 70.5, pen.w - 2 * CARD_PAD, 10, size=7.5, min_size=style.TEXT_MIN_PT,
             align="center", valign="middle")
    pen.label(f"Regional supremacy: ribbon {region.ribbon} points", pen.w / 2, pen.h - 4, size=6.5, align="center")


# -- development cards ------------------------------------------------------------------------

def _dev_list(cat) -> list[tuple[str, int]]:
    """(card, copy number) for every development card in the box, in the data's order."""
    return [(card, copy) for card in DEV_CARDS for copy in range(cat.development[card]["qty"])]


def _dev_needed(piece: Piece) -> bool:
    players = piece.build.players
    if players is None:
        return True
    cat = cat_of(piece)
    card, copy = _dev_list(cat)[piece.index]
    return copy < cat.dev_count(card, players)


@painter("ardevur.development", backs=True, needed=_dev_needed)
def development(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    card, _ = _dev_list(cat)[piece.index]
    if piece.side == "back":
        card_back(pen, "ink", "Development")
        return
    builds = {"license": "explore", "geologist": "explore", "machinery": "exploit", "workforce": "exploit",
              "phone": "any"}.get(card, card)
    name = "Phone Call" if card == "phone" else card.title()
    top = card_face(pen, "ink", name, "Development card")
    if card in EXPLORE_CARDS + EXPLOIT_CARDS:
        # the same badge the territory cards show where this card is needed
        side = 22.0
        badge(pen, card, (pen.w - side) / 2, top + 1, side, word=False)
        box_text(pen, BUILDS[builds] + ".", top + side + 3, 20, 9)
    else:
        box_text(pen, BUILDS[builds] + ".", top + 6, 30, 11)
    text = ("Used this turn only; back to the market at the end of your turn." if card == "phone"
            else "Returned to the market when used.")
    box_text(pen, text, pen.h - 22, 14, 8)


# -- targets and incentives ------------------------------------------------------------------

def _targets_in_order(cat) -> list:
    return [t for tier in ("bronze", "silver", "gold") for t in cat.targets.values() if t.tier == tier]


def _target_needed(piece: Piece) -> bool:
    players = piece.build.players
    if players is None:
        return True
    cat = cat_of(piece)
    target = _targets_in_order(cat)[piece.index]
    keep = int(cat.tables["targets_in_play"][str(players)][target.tier])
    same = [t for t in _targets_in_order(cat) if t.tier == target.tier]
    return same.index(target) < keep


def _reward_box(pen: Pen, label: str, points: int) -> None:
    y = pen.h - 24
    pen.rect(CARD_PAD, y, pen.w - 2 * CARD_PAD - 18, 18, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT)
    pen.text(f"Reward: **{label}**", CARD_PAD + 2, y + 1, pen.w - 2 * CARD_PAD - 22, 16, size=9, valign="middle")
    pen.circle(pen.w - CARD_PAD - 8, y + 9, 8, fill="gold", stroke="ink")
    pen.text(f"**{points}**\nSP", pen.w - CARD_PAD - 15, y + 2, 14, 14, size=9, align="center", valign="middle")


# A count of one reads in the singular on the card: "1 warehouse", not "1 warehouses".
SINGULAR = (("sites ", "site "), ("mines", "mine"), ("roads and pipelines", "road or pipeline"),
            ("cards ", "card "), ("assets", "asset"), ("regions ", "region "), ("factories", "factory"),
            ("warehouses", "warehouse"), ("offices", "office"), ("vessels", "vessel"))


def condition_text(condition) -> str:
    text = describe(condition)
    if condition[2] != 1:
        return text
    for plural, single in SINGULAR:
        text = text.replace(plural, single)
    return text


@painter("ardevur.target", backs=True, needed=_target_needed)
def target(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    t = _targets_in_order(cat)[piece.index]
    if piece.side == "back":
        card_back(pen, TIER_FILL[t.tier], f"{t.tier.title()} target")
        return
    top = card_face(pen, TIER_FILL[t.tier], t.name, f"{t.tier.title()} strategic target")
    box_text(pen, f"Claim at the end of your turn when you have **{condition_text(t.condition)}**.", top + 4, 30, 10)
    if t.needs_action:
        box_text(pen, "Needs an action card (left out in Fair Play).", top + 36, 8, 7)
    _reward_box(pen, t.reward.label(), t.points)


def _incentive_needed(piece: Piece) -> bool:
    players = piece.build.players
    if players is None:
        return True
    cat = cat_of(piece)
    return piece.index < int(cat.tables["targets_in_play"][str(players)]["incentives"])


@painter("ardevur.incentive", backs=True, needed=_incentive_needed)
def incentive(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    inc = list(cat.incentives.values())[piece.index]
    if piece.side == "back":
        card_back(pen, "europe", "Government incentive")
        return
    top = card_face(pen, "europe", inc.name, "Government incentive")
    box_text(pen, "Claim in your reward phase in the turn you open a mine in Europe (not together with a target).",
             top + 4, 30, 9)
    _reward_box(pen, inc.reward.label(), inc.points)


# -- action cards -----------------------------------------------------------------------------

@painter("ardevur.action", backs=True)
def action(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    card = list(cat.actions.values())[piece.index]
    corp = cat.corporations[card.corporation]
    if piece.side == "back":
        card_back(pen, corp.colour, f"{corp.short} action")
        return
    top = card_face(pen, corp.colour, card.name, f"{corp.short} action card")
    pen.rect(CARD_PAD, top, pen.w - 2 * CARD_PAD, 8, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT)
    pen.text(f"**When:** {TIMING[card.timing]}", CARD_PAD + 1, top + 0.5, pen.w - 2 * CARD_PAD - 2, 7, size=8,
             align="center", valign="middle")
    box_text(pen, card.text, top + 12, 34, 10)
    box_text(pen, "Once per game. Never on local sales, never after the endgame call.", pen.h - 13, 10, 7)


# -- dashboards (the character guides are in ardevur_guides) ----------------------------------------------------------

# -- money, resources, structures -------------------------------------------------------------

def _bills(piece: Piece) -> list[int]:
    return [int(v) for v, n in piece.option("bills", {}).items() for _ in range(int(n))]


@painter("ardevur.money")
def money(pen: Pen, piece: Piece) -> None:
    value = _bills(piece)[piece.index]
    shade = {2: "#e9e4d4", 4: "#d9e8d2", 8: "#d2e1ee", 16: "#eed9c4", 32: "#e3d2ee", 64: "#d4d4d4"}[value]
    background(pen, shade)
    pen.rect(2, 2, pen.w - 4, pen.h - 4, stroke="ink", width=style.THIN_PT, radius=2)
    pen.text(f"**{value}M**", 4, 4, pen.w - 8, pen.h - 12, size=20, align="center", valign="middle")
    pen.label("Hashtag Coin · ARDEVUR", pen.w / 2, pen.h - 4.5, size=6.5, align="center")


def _tokens(cat) -> list[str]:
    return [kind for kind, (_, count) in cat.tables["tokens"].items() for _ in range(int(count))]


@painter("ardevur.resource")
def resource(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    kind = _tokens(cat)[piece.index]
    value = int(cat.tables["tokens"][kind][0])
    r = pen.w / 2
    pen.circle(r, r, r + pen.bleed, fill=kind)
    ink = ink_for(pen, kind)
    letter = piece.game.resources[kind].letter
    pen.text(f"**{letter}**\n{value}M", 1, 1, pen.w - 2, pen.h - 2, size=8, align="center", valign="middle",
             colour=ink)


STRUCTURES = (("site", "Explored", "Mine"), ("site", "Explored", "Mine"), ("site", "Explored", "Mine"),
              ("site", "Explored", "Mine"), ("site", "Explored", "Mine"), ("infra", "Road", "Water"),
              ("infra", "Road", "Water"), ("house", "Warehouse", "Large warehouse"),
              ("house", "Warehouse", "Large warehouse"), ("office", "Office", "Large office"),
              ("office", "Office", "Large office"), ("vessel", "Vessel", "Large vessel"),
              ("vessel", "Vessel", "Large vessel"), ("factory", "Factory", "Factory"))


UPGRADABLE = ("house", "office", "vessel")


@painter("ardevur.structure", backs=True)
def structure(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    corp = cat.corporations[CORP_ORDER[piece.index // len(STRUCTURES)]]
    kind, front, back = STRUCTURES[piece.index % len(STRUCTURES)]
    word = front if piece.side == "front" else back
    r = pen.w / 2
    ink = ink_for(pen, corp.colour)
    pen.circle(r, r, r + pen.bleed, fill=corp.colour)
    upgraded = piece.side == "back" and kind in UPGRADABLE
    if upgraded:  # a ring marks the upgraded side of an asset, well inside the cut
        pen.circle(r, r, r - 2.2, stroke=ink, width=1.2)
    inset = 2.6 if upgraded else 2.2
    shown = word.replace("Large ", "Large\n")  # the upgrade's name on two lines
    pen.text(f"**{shown}**", inset, inset, pen.w - 2 * inset, pen.h - 2 * inset, font="condensed", size=7,
             min_size=style.TEXT_MIN_PT,
             align="center", valign="middle", colour=ink)
