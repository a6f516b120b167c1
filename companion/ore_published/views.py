"""What one seat may see: everything on the table, its own hand of buildings, the other hands
as counts, the building deck as a count and the other decks in no particular order (their
contents follow from what is on the table; their order is secret). Also the log line of each
move and the turn banner's words."""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..core import ordinal
from ..frozen import evolve
from ..hidden import fresh_seed, redeal, shuffled
from .data import RESOURCES, Catalog, contract_name
from .state import HIDDEN, State, acting, to_json

SPACE_WORDS = {"market": "Commodity market", "permit": "Permit office", "recruit": "Recruit", "cage": "Mine cage",
               "drill": "Drill bit", "private": "Private mine", "advance": "Advance orders"}


def building_name(cat: Catalog, card: str) -> str:
    building = cat.buildings.get(card)
    return building.name if building is not None else str(card)


def seen_by(state: State, seat: int | None) -> State:
    """The state as ``seat`` knows it: decks in no particular order (sorted), the building deck
    and the other hands as unknown cards, no seed. Bots decide from this alone."""
    players = tuple(p if i == seat or not p.hand else evolve(p, hand=(HIDDEN,) * len(p.hand))
                    for i, p in enumerate(state.players))
    return evolve(state, seed=0, players=players, contract_deck=tuple(sorted(state.contract_deck)),
                   building_deck=(HIDDEN,) * len(state.building_deck),
                   mines=tuple(evolve(m, deck=tuple(sorted(m.deck))) for m in state.mines))


def public_view(cat: Catalog, state: State, seat: int | None) -> dict[str, Any]:
    d = to_json(state)
    view = dict(d)
    view["decks"] = {"mines": {r: sorted(cards) for r, cards in d["decks"]["mines"].items()},
                     "contracts": sorted(d["decks"]["contracts"]),
                     "buildings": len(d["decks"]["buildings"])}
    players = []
    for index, p in enumerate(d["players"]):
        shown = dict(p)
        if index != seat:
            shown["hand"] = len(p["hand"])
        players.append(shown)
    view["players"] = players
    view["seat"] = seat
    view["prices"] = {m.res: cat.mines[m.card].price if m.card else None for m in state.mines}
    view["board"] = board(cat, state, d, seat)
    view.pop("seed", None)
    return view


def determinise(state: State, seat: int, chooser: random.Random) -> State:
    """A table ``seat`` cannot tell from ``state``, for the search bot: the order of every deck,
    the other players' building cards (pooled with the building deck: all face-down building
    cards) and the seed of later draws are dealt anew; everything the phone shows is kept."""
    others = [s for s in range(len(state.players)) if s != seat]
    dealt = redeal([state.building_deck] + [state.players[s].hand for s in others], chooser)
    players = list(state.players)
    for s, hand in zip(others, dealt[1:]):
        players[s] = evolve(players[s], hand=hand)
    mines = tuple(evolve(mine, deck=shuffled(mine.deck, chooser)) for mine in state.mines)
    return evolve(state, players=tuple(players), mines=mines, building_deck=dealt[0],
                  contract_deck=shuffled(state.contract_deck, chooser), seed=fresh_seed(chooser))


PHASES = {"deal": "Setup: turn up mines, deal contracts", "tasking": "Tasking", "collection": "Collection",
          "business": "Business", "cleanup": "End of round", "over": "Game over"}
# What a seat the table waits for is doing, for the turn banner ("placing a worker, 2 left").
STEPS = {"deal": "turning up mines and dealing contracts", "collection": "running the collection",
         "business": "filling contracts and building", "cleanup": "closing the round"}


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal_word(n: int) -> str:
    """"seventh" for 7 (the last round's name in the game's end), "11th" past ten."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else ordinal(n)


def turn_phrase(state: State, seat: int) -> str | None:
    phase = state.phase
    if phase != "tasking":
        return STEPS.get(phase)
    if state.early is not None:
        return "filling contracts early"
    if state.queue:
        owed = state.queue[0]
        return (f"trading {owed.res} at the market or declining" if owed.kind == "market"
                else "drawing building permits or declining")
    return f"placing a worker, {state.players[seat].home} left"


def space_texts(cat: Catalog, d: Mapping[str, Any]) -> dict[str, str]:
    n = cat.numbers
    wage = n.recruit_cost(d["recruited"])
    return {
        "market": f"Pick one resource and buy or sell up to {n.market_primary} at its price; then each other "
                  f"player may buy or sell {n.market_secondary} of it.",
        "permit": f"${n.permit_card_cost} a card for up to {n.permit_primary} building cards; each other player "
                  f"may pay for up to {n.permit_secondary}.",
        "recruit": f"Hire the worker waiting in the recruit area for ${wage} (once a game); it works from next round.",
        "cage": "Take your mine cage, or turn it to its deeper side.",
        "drill": f"Take a drill bit ({d['drills']} left): later enter a mine on a free deeper space.",
        "private": f"${n.private_mine_cost}: open your own mine from the top of a mine deck, worked by a temp.",
        "advance": "Start the next round, and fill contract rows early now.",
        "overtime": f"${n.overtime_cost}: use an action space even when taken (never a mine).",
    }


def _mine(cat: Catalog, card_id: str, workers: list, private_of: int | None = None) -> dict:
    card = cat.mines[card_id]
    at = {w["depth"]: w["seat"] for w in workers}
    return {"res": card.res, "card": card_id, "price": card.price, "private_of": private_of,
            "spaces": [{"amount": n, "cage": card.cages[i], "seat": at.get(i)} for i, n in enumerate(card.spaces)]}


def mine_label(cat: Catalog, card_id: str) -> str:
    """A mine card as the table reads it: "Lead mine, $3: 1 2 2 3 3"."""
    card = cat.mines[card_id]
    return f"{card.res.capitalize()} mine, ${card.price}: {' '.join(str(n) for n in card.spaces)}"


def contract_label(cat: Catalog, cid: str) -> str:
    """A contract as the table reads it: "#2: iron+lead=10; iron+coal=11 (3 VP)"."""
    card = cat.contracts[cid]
    return f"{contract_name(cid)}: {'; '.join(r.label() for r in card.rows)} ({card.vp} VP)"


def deal_choices(cat: Catalog, d: Mapping[str, Any]) -> dict[str, Any]:
    """The cards a real deal may have turned up, by name, for the Deal step's choices: each
    resource's mine deck and the contract deck (which cards they hold is public; their order
    is not), and the row's length."""
    # sorted: a deck's order is hidden (the card the phone draws next), only what it holds is known
    mines = [{"res": res, "cards": [{"id": c, "label": mine_label(cat, c)}
                                    for c in sorted(deck, key=lambda c: (len(c), c)) if c in cat.mines]}
             for res, deck in d["decks"]["mines"].items()]
    contracts = sorted((c for c in d["decks"]["contracts"] if c in cat.contracts),
                       key=lambda c: (len(c), c))
    return {"mines": mines, "contracts": [{"id": c, "label": contract_label(cat, c)} for c in contracts],
            "slots": len(d["row"])}


def refill_choices(cat: Catalog, d: Mapping[str, Any]) -> dict[str, Any]:
    """The real cards a table may turn up later in the round, by name: at the collection, a new
    card for each mine with workers in it (one may run out), from that resource's deck; at the
    round's close, a contract for each empty place in the row, from the contract deck."""
    decks = deal_choices(cat, d)
    working = {res for res, m in d["mines"].items() if m["card"] and m["workers"]}
    return {"mines": [m for m in decks["mines"] if m["res"] in working and m["cards"]],
            "contracts": decks["contracts"], "slots": sum(1 for c in d["row"] if c is None)}


def tasking_choices(cat: Catalog, d: Mapping[str, Any]) -> dict[str, Any]:
    """The real cards a placement may turn up, by name: the building cards of the game (one line
    a kind; which copies the face-down deck holds is not shown) for the permit office, and each
    resource's mine deck for a private mine."""
    buildings = sorted(cat.buildings.values(), key=lambda b: b.name)
    return {"buildings": [{"id": b.id, "label": f"{b.name} ({b.cost_label()}, {b.vp} VP)"} for b in buildings],
            "mines": deal_choices(cat, d)["mines"], "permits": cat.numbers.permit_primary}


def real_card_choices(cat: Catalog, d: Mapping[str, Any]) -> dict[str, Any]:
    """The step's choices of real cards, by name (None for the steps of other phases): ``deal``,
    ``real`` (a placement's draws) and ``refill`` (the collection's and the round's close)."""
    phase = d["phase"]
    return {"deal": deal_choices(cat, d) if phase == "deal" else None,
            "real": tasking_choices(cat, d) if phase == "tasking" else None,
            "refill": refill_choices(cat, d) if phase in ("collection", "cleanup") else None}


def board(cat: Catalog, state: State, d: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What the phone page draws: spaces with what each gives, mines, contracts, players
    (``d`` is the state's JSON form)."""
    names = [p["name"] for p in d["players"]]
    texts = space_texts(cat, d)
    spaces = [{"id": s, "name": SPACE_WORDS[s], "gives": texts[s], "seat": d["spaces"][s]} for s in d["spaces"]]
    spaces += [{"id": "overtime", "name": f"Overtime {i + 1}", "gives": texts["overtime"], "seat": s}
               for i, s in enumerate(d["overtime"])]
    mines = [_mine(cat, m["card"], m["workers"]) for m in d["mines"].values() if m["card"]]
    mines += [_mine(cat, p["private"]["card"], [{"seat": i, "depth": p["private"]["depth"]}], i)
              for i, p in enumerate(d["players"]) if p["private"]]
    row = []
    for slot, cid in enumerate(d["row"]):
        card = cat.contracts.get(cid) if cid else None
        row.append({"slot": slot, "id": cid, "name": contract_name(cid) if cid else "", "seat": d["contract_spaces"][slot],
                    "rows": [r.label() for r in card.rows] if card else [],
                    "vp": card.vp if card else 0, "buildings": card.buildings if card else 0})
    players = []
    for i, p in enumerate(d["players"]):
        held = []
        for c in p["contracts"]:
            card = cat.contracts[c["id"]]
            held.append({"id": c["id"], "name": contract_name(c["id"]), "next": card.rows[c["filled"]].label() if c["filled"] < len(card.rows) else "",
                         "filled": c["filled"], "rows": len(card.rows), "now": c["now"], "vp": card.vp})
        hand = [cat.building(h).name + f" ({cat.building(h).cost_label()}, {cat.building(h).vp} VP)"
                for h in p["hand"]] if i == seat else len(p["hand"])
        players.append({"seat": i, "name": p["name"], "money": p["money"], "cubes": p["cubes"], "cage": p["cage"],
                        "drills": p["drills"], "home": p["home"], "workers": p["workers"],
                        # a worker waits only where the box holds a piece of the colour for it
                        "waiting": p["waiting"] and p["workers"] < cat.numbers.workers_per_colour,
                        "fresh": p["fresh"],
                        "contracts": held, "completed": len(p["completed"]), "credits": p["credits"],
                        "built": [cat.building(b).name for b in p["built"]], "hand": hand})
    waiting = [names[s] for s in acting(state)]
    return {"phase": PHASES[d["phase"]], "first": names[d["first"]], "waiting": waiting, "spaces": spaces,
            "mines": mines, "row": row, "players": players, "deck_contracts": len(d["decks"]["contracts"]),
            **real_card_choices(cat, d),
            "deck_buildings": len(d["decks"]["buildings"])}


# -- the log ------------------------------------------------------------------------------
def _changes(before: State, after: State) -> str:
    """Money and cubes that changed hands, seat by seat: "Ann -$10 +2 copper"."""
    parts = []
    for p, q in zip(before.players, after.players):
        bits = [f"{'+' if q.money > p.money else '-'}${abs(q.money - p.money)}"] if q.money != p.money else []
        bits += [f"{new - old:+d} {r}" for r, old, new in zip(RESOURCES, p.cubes, q.cubes) if new != old]
        if bits:
            parts.append(f"{q.name} {' '.join(bits)}")
    return "; ".join(parts)


def _what(before: State, action: Mapping[str, Any]) -> str:
    """The space a placement names, as the log says it."""
    space = action.get("space")
    if space == "mine":
        return f"the {action.get('res')} mine"
    if space == "contract":
        slot = action.get("slot")
        return f"contract {contract_name(before.row[slot])}" if isinstance(slot, int) and 0 <= slot < len(before.row) \
            else "a contract"
    return SPACE_WORDS.get(str(space), str(space or ""))


def describe(cat: Catalog, before: State, action: Mapping[str, Any], after: State) -> str:
    """One log line from the states before and after ``action`` (the rules are not run again)."""
    seat = action.get("seat")
    who = before.players[seat].name if isinstance(seat, int) and 0 <= seat < len(before.players) else "?"
    kind = str(action.get("type"))
    text = {"place": f"{who} places a worker on {_what(before, action)}", "collect": "collection",
            "close_round": f"round {before.round} closes", "deal": "the mines are turned up and contracts dealt",
            "fill": f"{who} fills a row of contract {contract_name(action.get('contract'))}",
            "build": f"{who} builds {building_name(cat, str(action.get('building')))}",
            "recall": f"{who} recalls a worker from the {action.get('res')} mine",
            "done": f"{who} has finished", "pass": f"{who} places no more this round",
            "trade": f"{who} trades", "draw": f"{who} draws building cards", "decline": f"{who} declines"}.get(kind, kind)
    notes = [_changes(before, after)]
    if kind == "collect":
        notes += [f"the {m.res} mine is spent, a new one turned up" for m, was in zip(after.mines, before.mines)
                  if m.card != was.card]
    lost = [c for c in after.discard if c not in before.discard]
    if lost:
        notes.append(f"lost unfilled: {', '.join(contract_name(c) for c in lost)}")
    earlier = [x for q in before.players for x in q.completed]
    done = [c for p in after.players for c in p.completed if c not in earlier]
    if done:
        notes.append(f"completed: {', '.join(contract_name(c) for c in done)}")
    notes = [n for n in notes if n]
    return f"{text} — {'; '.join(notes)}" if notes else text
