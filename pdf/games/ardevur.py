"""ARDEVUR's print set drawn by code from the catalogue the companion plays with: cards
(territories, development, targets, incentives, actions), dashboards, character guides, money,
resource tokens and structure markers. The map, the target grid and the score sheet are in
``ardevur_boards``. Every position, size and colour is a named box of
``cards_data/ardevur/layouts.toml``; lengths are millimetres in the piece's frame, y down."""

from __future__ import annotations

from companion.ardevur.data import DEV_CARDS, catalog
from companion.ardevur.data import describe

from .. import style
from ..boxes import boxes, fill_box, ink_on, label_box, moved, text_box
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur_icons import badge

CORP_ORDER = ("great", "amu", "machine", "ardevur")
TIER_FILL = {"bronze": "bronze", "silver": "silver", "gold": "gold"}
CARD = ("band", "title", "subtitle")
CARD_BACK = ("frame", "word")
TERRITORY = CARD + ("region", "explore", "exploit", "step-verb", "step-cost", "step-badges", "step-plus",
                    "advantage", "output", "output-label", "output-value", "needs", "ribbon")
DEVELOPMENT = CARD + ("badge", "builds-under-badge", "builds", "note")
REWARD = CARD + ("reward", "reward-text", "reward-disc", "reward-points")
TARGET = REWARD + ("condition", "action-note")
INCENTIVE = REWARD + ("condition",)
ACTION = CARD + ("timing", "timing-text", "text", "footer")
MONEY = ("frame", "value", "footer")
RESOURCE = ("value",)
STRUCTURE = ("ring", "word", "word-upgraded")
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


ink_for = ink_on   # the name the boards, dashboards and guides import


def background(pen: Pen, fill: str) -> None:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)


def card_face(pen: Pen, b: dict, band: str, title: str, subtitle: str = "") -> None:
    """Paper card with a coloured title band, its title, and the line under the band."""
    background(pen, "paper")
    fill_box(pen, b["band"], fill=band)
    text_box(pen, b["title"], f"**{title}**", colour=ink_for(pen, band))
    if subtitle:
        text_box(pen, b["subtitle"], subtitle)


def card_back(pen: Pen, piece: Piece, fill: str, word: str) -> None:
    b = boxes(piece, "card-back", CARD_BACK)
    background(pen, fill)
    ink = ink_for(pen, fill)
    fill_box(pen, b["frame"], ink=ink)
    text_box(pen, b["word"], f"**ARDEVUR**\n{word}", colour=ink)


# -- territory cards --------------------------------------------------------------------------

EXPLORE_CARDS = ("license", "geologist")
EXPLOIT_CARDS = ("workforce", "machinery")
TERRITORY_BACK = "territory-back"   # one back for every territory card: see NOTES.md (Print set)


def _requirement(pen: Pen, b: dict, step: str, verb: str, cost: int, cards: tuple[str, str]) -> None:
    """One step of opening a mine: the two development cards it asks for and its cost. The
    step's inner boxes are placed from its frame's top-left corner."""
    frame = b[step]
    fill_box(pen, frame)
    text_box(pen, moved(b["step-verb"], frame.x, frame.y), f"**{verb}**")
    text_box(pen, moved(b["step-cost"], frame.x, frame.y), f"**{cost}M**")
    badges = b["step-badges"]
    cell, icon = badges.w / 2, badges.h
    for i, card in enumerate(cards):
        x = frame.x + badges.x + i * cell + (cell - icon) / 2
        badge(pen, card, x, frame.y + badges.y, icon)
    label_box(pen, moved(b["step-plus"], frame.x, frame.y), "+")


@painter("ardevur.territory", backs=True)
def territory(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    t = list(cat.territories.values())[piece.index]
    region = cat.regions[t.region]
    if piece.side == "back":
        card_back(pen, piece, TERRITORY_BACK, "Territory")
        return
    b = boxes(piece, "territory", TERRITORY)
    card_face(pen, b, TIER_FILL[t.tier], t.name)
    text_box(pen, b["region"], f"{region.name} · {region.continent.title()} · **{t.tier}**")
    _requirement(pen, b, "explore", "Explore", t.explore, EXPLORE_CARDS)
    _requirement(pen, b, "exploit", "Exploit", t.exploit, EXPLOIT_CARDS)
    text_box(pen, b["advantage"], "Your market advantage stands in for its card.")
    fill_box(pen, b["output"])
    text_box(pen, b["output-label"], "Output per turn")
    text_box(pen, b["output-value"], f"**{t.output}M**")
    if region.needs:
        needs = " and ".join(f"{k} ({region.costs[k]}M)" for k in region.needs)
        without = {"road": "No road: no sale.", "water": "No pipeline: half price."}
        text = f"Needs **{needs}**. " + " ".join(without[k] for k in region.needs)
    else:
        text = "European site: opening this mine lets you claim a government incentive."
    text_box(pen, b["needs"], text)
    label_box(pen, b["ribbon"], f"Regional supremacy: ribbon {region.ribbon} points")


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


def dev_name(card: str) -> str:
    """The name a development card prints (and the checklist uses)."""
    return "Phone Call" if card == "phone" else card.title()


@painter("ardevur.development", backs=True, needed=_dev_needed)
def development(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    card, _ = _dev_list(cat)[piece.index]
    if piece.side == "back":
        card_back(pen, piece, "ink", "Development")
        return
    builds = {"license": "explore", "geologist": "explore", "machinery": "exploit", "workforce": "exploit",
              "phone": "any"}.get(card, card)
    b = boxes(piece, "development", DEVELOPMENT)
    card_face(pen, b, "ink", dev_name(card), "Development card")
    if card in EXPLORE_CARDS + EXPLOIT_CARDS:
        # the same badge the territory cards show where this card is needed
        spot = b["badge"]
        badge(pen, card, spot.x, spot.y, spot.w, word=False)
        text_box(pen, b["builds-under-badge"], BUILDS[builds] + ".")
    else:
        text_box(pen, b["builds"], BUILDS[builds] + ".")
    text = ("Used this turn only; back to the market at the end of your turn." if card == "phone"
            else "Returned to the market when used.")
    text_box(pen, b["note"], text)


# -- targets and incentives ------------------------------------------------------------------

def _targets_in_order(cat) -> list:
    return [t for tier in ("bronze", "silver", "gold") for t in cat.targets.values() if t.tier == tier]


def fixed_selection(piece_or_component) -> bool:
    """Whether a ``--players`` build prints only the targets (incentives) kept for that count,
    always the same ones (``options.selection = "fixed"`` on the component in game.toml). By
    default every card is printed and the setup removes the extra ones at random, unseen, as
    the rulebook does, so each game plays with a different selection."""
    options = getattr(piece_or_component, "options", {}) or {}
    return options.get("selection") == "fixed"


def _target_needed(piece: Piece) -> bool:
    players = piece.build.players
    if players is None or not fixed_selection(piece):
        return True
    cat = cat_of(piece)
    target = _targets_in_order(cat)[piece.index]
    keep = int(cat.tables["targets_in_play"][str(players)][target.tier])
    same = [t for t in _targets_in_order(cat) if t.tier == target.tier]
    return same.index(target) < keep


def _reward_box(pen: Pen, b: dict, label: str, points: int) -> None:
    fill_box(pen, b["reward"])
    text_box(pen, b["reward-text"], f"Reward: **{label}**")
    fill_box(pen, b["reward-disc"])
    text_box(pen, b["reward-points"], f"**{points}**\nSP")


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
        card_back(pen, piece, TIER_FILL[t.tier], f"{t.tier.title()} target")
        return
    b = boxes(piece, "target", TARGET)
    card_face(pen, b, TIER_FILL[t.tier], t.name, f"{t.tier.title()} strategic target")
    text_box(pen, b["condition"], f"Claim at the end of your turn when you have **{condition_text(t.condition)}**.")
    if t.needs_action:
        text_box(pen, b["action-note"], "Needs an action card (left out in Fair Play).")
    _reward_box(pen, b, t.reward.label(), t.points)


def _incentive_needed(piece: Piece) -> bool:
    players = piece.build.players
    if players is None or not fixed_selection(piece):
        return True
    cat = cat_of(piece)
    return piece.index < int(cat.tables["targets_in_play"][str(players)]["incentives"])


@painter("ardevur.incentive", backs=True, needed=_incentive_needed)
def incentive(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    inc = list(cat.incentives.values())[piece.index]
    if piece.side == "back":
        card_back(pen, piece, "europe", "Government incentive")
        return
    b = boxes(piece, "incentive", INCENTIVE)
    card_face(pen, b, "europe", inc.name, "Government incentive")
    text_box(pen, b["condition"], "Claim in your reward phase in the turn you open a mine in Europe (not together "
                                  "with a target).")
    _reward_box(pen, b, inc.reward.label(), inc.points)


# -- action cards -----------------------------------------------------------------------------

@painter("ardevur.action", backs=True)
def action(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    card = list(cat.actions.values())[piece.index]
    corp = cat.corporations[card.corporation]
    if piece.side == "back":
        card_back(pen, piece, corp.colour, f"{corp.short} action")
        return
    b = boxes(piece, "action", ACTION)
    card_face(pen, b, corp.colour, card.name, f"{corp.short} action card")
    fill_box(pen, b["timing"])
    text_box(pen, b["timing-text"], f"**When:** {TIMING[card.timing]}")
    text_box(pen, b["text"], card.text)
    text_box(pen, b["footer"], "Once per game. Never on local sales, never after the endgame call.")


# -- dashboards (the character guides are in ardevur_guides) ----------------------------------------------------------

# -- money, resources, structures -------------------------------------------------------------

def _bills(piece: Piece) -> list[int]:
    return [int(v) for v, n in piece.option("bills", {}).items() for _ in range(int(n))]


@painter("ardevur.money")
def money(pen: Pen, piece: Piece) -> None:
    value = _bills(piece)[piece.index]
    b = boxes(piece, "money", MONEY)
    background(pen, (piece.game.layouts["money"].background or "paper").format(value=value))
    fill_box(pen, b["frame"])
    text_box(pen, b["value"], f"**{value}M**")
    label_box(pen, b["footer"], "Hashtag Coin · ARDEVUR")


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
    text_box(pen, boxes(piece, "resource", RESOURCE)["value"], f"**{letter}**\n{value}M", colour=ink)


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
    b = boxes(piece, "structure", STRUCTURE)
    r = pen.w / 2
    ink = ink_for(pen, corp.colour)
    pen.circle(r, r, r + pen.bleed, fill=corp.colour)
    upgraded = piece.side == "back" and kind in UPGRADABLE
    if upgraded:  # a ring marks the upgraded side of an asset, well inside the cut
        fill_box(pen, b["ring"], ink=ink)
    shown = word.replace("Large ", "Large\n")  # the upgrade's name on two lines
    # the corporation's mark and short name under it: the owner is not told by colour alone
    mark = style.SEAT_MARKS[CORP_ORDER.index(corp.id)]
    text_box(pen, b["word-upgraded" if upgraded else "word"], f"**{shown}**\n{mark} {corp.short}", colour=ink)
