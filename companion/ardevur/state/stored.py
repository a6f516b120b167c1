"""The state's JSON form: what a table stores and the golden replays hash. Every object's keys
come out in sorted order, as the stored form has always been written, and ``from_json`` reads
back exactly what ``to_json`` wrote (``from_json(to_json(s)) == s``)."""

from __future__ import annotations

from typing import Any, Mapping

from ..data import DEV_CARDS
from .records import (ArdState, Asset, Auction, End, Infra, Offer, Options, Player, Retired, Sale, Share, TurnState)

_SORTED_CARDS = sorted(range(len(DEV_CARDS)), key=lambda index: DEV_CARDS[index])


def _player(p: Player) -> dict:
    return {"actions": list(p.actions),
            "assets": [{"kind": a.kind, "region": a.region, "upgraded": a.upgraded} for a in p.assets],
            "best_sale": p.best_sale, "corp": p.corp, "debt": p.debt, "dev": list(p.dev),
            "explored_on": dict(p.explored_on), "incentives": list(p.incentives),
            "infra": [{"kind": i.kind, "region": i.region} for i in p.infra], "money": p.money,
            "monopoly": p.monopoly, "name": p.name, "phone": p.phone, "sites": dict(p.sites), "stock": dict(p.stock),
            "targets": list(p.targets), "territories": list(p.territories), "used_actions": p.used_actions}


def _ts(ts: TurnState) -> dict:
    out = {"against": ts.against, "discount": ts.discount, "done": ts.done, "embargo": ts.embargo,
           "europe_exploit": ts.europe_exploit, "explored": list(ts.explored), "extra_mine": ts.extra_mine,
           "local_sale": ts.local_sale}
    if ts.must_discard is not None:
        out["must_discard"] = ts.must_discard
    out.update({"no_fees": ts.no_fees, "played": list(ts.played), "quiet": ts.quiet})
    if ts.restored is not None:
        out["restored"] = ts.restored
    out["steady"] = ts.steady
    return out


def _grid(s: ArdState) -> dict:
    return {tier: [list(pile) for pile in piles] for tier, piles in sorted(s.grid)}


def _first_half(s: ArdState) -> dict:
    """The keys from ``action_decks`` to ``market`` (an object's keys in sorted order)."""
    a = s.auction
    out: dict[str, Any] = {
        "action_decks": {corp: list(cards) for corp, cards in s.action_decks},
        "auction": None if a is None else {"goal": a.goal, "revealed": list(a.revealed), "round": a.round,
                                           "winner": a.winner},
        "bots": {str(seat): bot for seat, bot in sorted(s.bots, key=lambda pair: str(pair[0]))},
        "box": list(s.box), "bs_empty_on": s.bs_empty_on,
        "continuous": [{"card": e.card, "kind": e.kind, "owner": e.owner, "target": e.target} for e in s.continuous],
        "end": None if s.end is None else {"by": s.end.by, "last": s.end.last, "why": s.end.why},
        "first": s.first, "golds_claimed": s.golds_claimed, "grid": _grid(s), "incentives": list(s.incentives)}
    if s.last_sale is not None:
        sale = s.last_sale
        out["last_sale"] = {"fixed": sale.fixed, "income": sale.income, "roll": sale.roll, "seat": sale.seat}
    out["market"] = {DEV_CARDS[index]: s.market[index] for index in _SORTED_CARDS} if s.market else {}
    return out


def to_json(s: ArdState) -> dict:
    out = _first_half(s)
    if s.may_call is not None:
        out["may_call"] = s.may_call
    o = s.options
    out.update({
        "offers": [{"price": f.price, "queue": list(f.queue), "region": f.region, "seller": f.seller, "value": f.value}
                   for f in s.offers],
        "options": {"corporations": o.corporations, "endgame": o.endgame, "remove_cards": o.remove_cards},
        "over_reason": s.over_reason, "phase": s.phase, "picker": s.picker,
        "players": [_player(p) for p in s.players], "quiet_run": s.quiet_run, "redraft": list(s.redraft)})
    if s.retired is not None:
        r = s.retired
        out["retired"] = {"card": r.card, "pile": r.pile, "seat": r.seat, "tier": r.tier}
    out.update({
        "rolls": [{str(seat): face for seat, face in sorted(roll, key=lambda pair: str(pair[0]))} for roll in s.rolls],
        "second_auction": s.second_auction, "seed": s.seed, "stage": s.stage, "step": s.step,
        "territory_deck": list(s.territory_deck), "ts": _ts(s.ts), "turn": s.turn, "turn_no": s.turn_no,
        "variant": s.variant})
    return out


# -- reading it back -------------------------------------------------------------------------
def _player_of(p: Mapping[str, Any]) -> Player:
    return Player(
        name=p["name"], money=p["money"], corp=p["corp"], debt=p["debt"], dev=tuple(p["dev"]), phone=p["phone"],
        actions=tuple(p["actions"]), territories=tuple(p["territories"]), sites=tuple(sorted(p["sites"].items())),
        explored_on=tuple(sorted(p["explored_on"].items())), stock=tuple(sorted(p["stock"].items())),
        assets=tuple(Asset(a["kind"], a["region"], a["upgraded"]) for a in p["assets"]),
        infra=tuple(Infra(i["kind"], i["region"]) for i in p["infra"]), targets=tuple(p["targets"]),
        incentives=tuple(p["incentives"]), used_actions=p["used_actions"], best_sale=p["best_sale"],
        monopoly=p["monopoly"])


def _ts_of(t: Mapping[str, Any]) -> TurnState:
    return TurnState(done=t["done"], local_sale=t["local_sale"], explored=tuple(t["explored"]),
                     europe_exploit=t["europe_exploit"], extra_mine=t["extra_mine"], no_fees=t["no_fees"],
                     steady=t["steady"], discount=t["discount"], embargo=t["embargo"], played=tuple(t["played"]),
                     against=t["against"], quiet=t["quiet"], must_discard=t.get("must_discard"),
                     restored=t.get("restored"))


def _optional(d: Mapping[str, Any], key: str, make: Any) -> Any:
    value = d.get(key)
    return None if value is None else make(value)


def _tables(d: Mapping[str, Any]) -> dict[str, Any]:
    """The cards on the table: market, decks, grid, auction."""
    market = d["market"]
    return {
        "market": tuple(market[card] for card in DEV_CARDS) if market else (),
        "territory_deck": tuple(d["territory_deck"]),
        "auction": _optional(d, "auction", lambda a: Auction(a["round"], a["goal"], tuple(a["revealed"]), a["winner"])),
        "grid": tuple((tier, tuple(tuple(pile) for pile in d["grid"][tier]))
                      for tier in ("bronze", "silver", "gold") if tier in d["grid"]),
        "incentives": tuple(d["incentives"]),
        "action_decks": tuple((corp, tuple(cards)) for corp, cards in sorted(d["action_decks"].items())),
        "box": tuple(d["box"])}


def _happenings(d: Mapping[str, Any]) -> dict[str, Any]:
    """What is under way or just happened: offers, effects, the end, rolls, a sale."""
    return {
        "continuous": tuple(Share(e["owner"], e["target"], e["card"], e["kind"]) for e in d["continuous"]),
        "offers": tuple(Offer(f["seller"], f["region"], f["value"], f["price"], tuple(f["queue"]))
                        for f in d["offers"]),
        "end": _optional(d, "end", lambda e: End(e["by"], e["last"], e["why"])),
        "rolls": tuple(tuple(sorted((int(seat), face) for seat, face in roll.items())) for roll in d["rolls"]),
        "last_sale": _optional(d, "last_sale", lambda s: Sale(s["seat"], s["roll"], s["income"], s["fixed"])),
        "retired": _optional(d, "retired", lambda r: Retired(r["seat"], r["tier"], r["pile"], r["card"])),
        "may_call": d.get("may_call")}


def from_json(d: Mapping[str, Any]) -> ArdState:
    o = d["options"]
    return ArdState(
        variant=d["variant"], options=Options(o["remove_cards"], o["endgame"], o["corporations"]), seed=d["seed"],
        players=tuple(_player_of(p) for p in d["players"]), step=d["step"], phase=d["phase"], turn=d["turn"],
        stage=d["stage"], turn_no=d["turn_no"], first=d["first"], picker=d["picker"], ts=_ts_of(d["ts"]),
        redraft=tuple(d["redraft"]), bots=tuple(sorted((int(seat), bot) for seat, bot in d["bots"].items())),
        quiet_run=d["quiet_run"], bs_empty_on=d["bs_empty_on"], second_auction=d["second_auction"],
        golds_claimed=d["golds_claimed"], over_reason=d["over_reason"], **_tables(d), **_happenings(d))


__all__ = ["from_json", "to_json"]
