"""Every action worth offering a seat now, worked out from what that seat may see: its own
hand, the table, the tops of the target piles. Bots choose among them and the phone lists
them; the rules (``Game.refusal``) have the last word on each."""

from __future__ import annotations

from itertools import combinations

from ..data import ASSETS, DEV_CARDS, Catalog
from ..state import ArdState, Player
from ..moves.auction import bidders

_MARKET = tuple(c for c in DEV_CARDS if c != "phone")
_PAY = ({}, {"phone": True}, {"loan": True})  # the plain price, the phone call, a loan


def _free(s: ArdState, me: Player) -> list[str]:
    """Development cards in the market that ``me`` does not hold."""
    return [c for c in _MARKET if s.count(c) > 0 and c not in me.dev]


def _tops(s: ArdState) -> list[tuple[str, int]]:
    """(tier, pile) of every pile with a card on top."""
    return [(tier, i) for tier, piles in sorted(s.grid) for i, pile in enumerate(piles) if pile]


def _extraction(cat: Catalog, s: ArdState, seat: int, me: Player) -> list[dict]:
    mines = sorted(me.active)
    most = max(cat.numbers.mines_per_extraction) + s.ts.extra_mine  # a large office, and an action card
    found = [{"type": "extract", "seat": seat, "mines": list(combo), "use_factories": True}
             for size in range(min(most, len(mines)), 0, -1) for combo in combinations(mines, size)]
    return found + [{"type": "call_auction", "seat": seat}]


def _strategy(cat: Catalog, s: ArdState, seat: int, me: Player) -> list[dict]:
    free, found = _free(s, me), []
    room = cat.numbers.dev_card_limit - 1 - len(me.dev)
    for size in (2, 1):
        for combo in combinations(free, size):
            if size <= room:
                found.append({"type": "take_development", "seat": seat, "cards": list(combo)})
                continue
            for drop in combinations(me.dev, size - room):
                found.append({"type": "take_development", "seat": seat, "cards": list(combo), "discard": list(drop)})
    return found + [{"type": "draw_action", "seat": seat}, {"type": "take_phone", "seat": seat}]


def _building(cat: Catalog, s: ArdState, seat: int, me: Player) -> list[dict]:
    """Explore, exploit, roads and pipelines, assets and upgrades, each with every way to pay:
    the price, the phone call for a missing card, or a loan for the money short."""
    plain: list[tuple[str, dict]] = []
    for t in me.territories:
        status = me.site(t)
        if status in (None, "explored"):
            plain.append(("explore" if status is None else "exploit", {"territory": t}))
    for region in cat.regions.values():
        for kind in region.needs:
            plain.append(("build_infrastructure", {"region": region.id, "kind": kind}))
    regions = sorted({cat.territories[t].region for t, _ in me.sites}) or sorted(cat.regions)[:1]
    for kind in ASSETS:
        for region in (regions if kind != "vessel" else sorted(cat.regions)):
            plain.append(("acquire_asset", {"asset": kind, "region": region}))
    cards = [None] + list(me.targets) + list(me.incentives)
    upgrades = [(a.kind, a.region) for a in me.assets if not a.upgraded and a.kind != "factory"]
    upgrades += [("factory", region) for region in regions]
    for kind, region in upgrades:
        for card in cards:
            plain.append(("upgrade_asset", {"asset": kind, "region": region, **({"card": card} if card else {})}))
    ways = _PAY if me.phone else _PAY[:1]  # the phone call and the loan need the card in hand
    return [{"type": kind, "seat": seat, **fields, **way} for kind, fields in plain for way in ways]


def _development(cat: Catalog, s: ArdState, seat: int, me: Player) -> list[dict]:
    return _building(cat, s, seat, me) + [{"type": "global_sale", "seat": seat}, {"type": "local_sale", "seat": seat}]


def _reward(cat: Catalog, s: ArdState, seat: int, me: Player) -> list[dict]:
    found = []
    for tier, i in _tops(s):
        found.append({"type": "claim_target", "seat": seat, "tier": tier, "pile": i})
        found.append({"type": "shift_target", "seat": seat, "tier": tier, "pile": i})
    found.append({"type": "claim_incentive", "seat": seat})
    found += [{"type": "exchange_card", "seat": seat, "card": card} for card in me.targets + me.incentives]
    return found


STAGE_MOVES = {"extraction": _extraction, "strategy": _strategy, "development": _development, "reward": _reward}


def _play(cat: Catalog, s: ArdState, seat: int) -> list[dict]:
    me = s.players[seat]
    found = STAGE_MOVES[s.stage](cat, s, seat, me) if s.stage in STAGE_MOVES else []
    found += [{"type": kind, "seat": seat} for kind in ("pass", "call_total_control", "call_final_round")]
    # by the whole table's agreement: a top target nobody can ever meet leaves the grid
    found += [{"type": "retire_target", "seat": seat, "tier": tier, "pile": i} for tier, i in _tops(s)]
    return found + cards(cat, s, seat, (s.stage, "anytime"))


def _aims(cat: Catalog, s: ArdState, seat: int, card) -> list[dict]:
    """The ways to play one action card: against whom, for which card, on which pile."""
    if card.effect in ("take", "share", "steal_action"):
        # a card against the player whose turn it is names them; the others name anyone
        aims = [s.turn] if card.timing == "competitor" and s.turn != seat else range(len(s.players))
        return [{"target": other} for other in aims if other != seat]
    if card.effect == "card":
        return [{"pick": pick} for pick in _free(s, s.players[seat])]
    if card.effect == "shift":
        return [{"tier": tier, "pile": i} for tier, i in _tops(s)]
    return [{}]


def cards(cat: Catalog, s: ArdState, seat: int, timings: tuple) -> list[dict]:
    """Playing each held action card whose timing label is one of ``timings``."""
    found = []
    for card_id in s.players[seat].actions:
        card = cat.actions[card_id]
        if card.timing in timings:
            found += [{"type": "play_action", "seat": seat, "card": card_id, **aim}
                      for aim in _aims(cat, s, seat, card)]
    return found


def _setup(cat: Catalog, s: ArdState, seat: int) -> list[dict]:
    """Before play: start, corporations, the deal, the auctions and the re-pick."""
    phase = s.phase
    if phase == "ready":
        return [{"type": "start", "seat": seat}] if seat == 0 else []
    if phase == "corporations":
        taken = {p.corp for p in s.players}
        return [{"type": "choose_corporation", "seat": seat, "corporation": c}
                for c in cat.corporations if c not in taken] if s.picker == seat else []
    if phase == "deal":
        return [{"type": "deal", "seat": seat}] if s.first == seat else []
    if phase == "auction":
        if s.auction.winner is None:
            return [{"type": "auction_roll", "seat": seat}] if seat in bidders(cat, s) else []
        if s.auction.winner == seat:
            return [{"type": "pick_territory", "seat": seat, "territory": t} for t in s.auction.revealed]
        return []
    if phase == "redraft" and s.redraft and s.redraft[0] == seat:
        free = _free(s, s.players[seat])
        picks = [list(c) for c in combinations(free, 2)] + [[c] for c in free] + [[]]
        return [{"type": "pick_development", "seat": seat, "cards": p} for p in picks]
    return []


def _agreements(s: ArdState, seat: int) -> list[dict]:
    """What the table agrees on rather than plays: minute 64 on its clock, a retired target
    put back by the one who retired it."""
    found = [{"type": "call_time", "seat": seat}] if s.options.endgame == "minute-64" else []
    if s.retired is not None and s.retired.seat == seat:
        found.insert(0, {"type": "restore_target", "seat": seat})
    return found


def candidates(cat: Catalog, s: ArdState, seat: int) -> list[dict]:
    if s.phase != "play":
        return _setup(cat, s, seat)
    if s.offers:
        offer = s.offers[0]
        if offer.queue and offer.queue[0] == seat:
            return [{"type": "answer_offer", "seat": seat, "buy": b} for b in (True, False)]
        return []
    if s.turn != seat:
        # a card labelled "competitor" or "anytime" may be played in another player's turn
        return ([{"type": "call_total_control", "seat": seat}] if s.may_call == seat else []) \
            + cards(cat, s, seat, ("competitor", "anytime")) + _agreements(s, seat)
    if s.ts.must_discard:
        return [{"type": "discard_action", "seat": seat, "card": c} for c in s.players[seat].actions]
    return _play(cat, s, seat) + _agreements(s, seat)


__all__ = ["STAGE_MOVES", "candidates", "cards"]
