"""A compact one-line text of a position, for tests and failure messages (like chess's FEN),
and its reading back:

    play t7 Bo:development | Ann/great 40M dev=license,road sites=asturias*,bor | Bo/amu 12M owes8M ...

Sections, separated by `` | ``:

1. The phase, ``t`` and the turn number, in play the player whose turn it is with the phase of
   their turn (``Bo:development``), and ``ends-after:NAME`` once the end is called (the last
   player to play).
2. One section per player: a one-word name with the corporation (``-`` for none yet), money,
   then only what is set: ``owesNM`` (a loan's repayment), ``dev`` (development cards),
   ``sites`` (``*`` marks an active mine), ``stock`` (``source:value``), ``assets``
   (``kind@region``, ``+`` when upgraded), ``infra`` (``kind@region``), ``targets``,
   ``incentives``, ``hand`` (action cards) and the word ``phone``.

``parse`` builds the position from the table ``setup.scenario`` lays (the grid from the seed,
full decks and market) less what the text gives the players; what the text does not say (the
grid, the decks' order) comes from that table.
"""

from __future__ import annotations

from typing import Any

from .data import Catalog
from .state import ArdState, Player, from_json
from .setup.scenario import table

def _player(p: Player) -> str:
    parts = [f"{p.name}/{p.corp or '-'}", f"{p.money}M"]
    if p.debt:
        parts.append(f"owes{p.debt}M")
    fields = (
        ("dev", p.dev),
        ("sites", [f"{t}{'*' if status == 'active' else ''}" for t, status in p.sites]),
        ("stock", [f"{source}:{value}" for source, value in p.stock]),
        ("assets", [f"{a.kind}{'+' if a.upgraded else ''}@{a.region}" for a in p.assets]),
        ("infra", [f"{i.kind}@{i.region}" for i in p.infra]),
        ("targets", p.targets), ("incentives", p.incentives), ("hand", p.actions))
    parts += [f"{name}={','.join(items)}" for name, items in fields if items]
    if p.phone:
        parts.append("phone")
    return " ".join(parts)


def notation(s: ArdState) -> str:
    head = [s.phase, f"t{s.turn_no}"]
    if s.phase == "play" and s.turn is not None:
        head.append(f"{s.players[s.turn].name}:{s.stage}")
    if s.end is not None:
        head.append(f"ends-after:{s.players[s.end.last].name}")
    return " | ".join([" ".join(head)] + [_player(p) for p in s.players])


# -- reading it back -------------------------------------------------------------------------
def _fields(words: list[str]) -> dict[str, Any]:
    found: dict[str, Any] = {"money": int(words[0].removesuffix("M"))}
    for word in words[1:]:
        if word == "phone":
            found["phone"] = True
        elif word.startswith("owes"):
            found["debt"] = int(word[4:].removesuffix("M"))
        else:
            name, _, items = word.partition("=")
            found[name] = items.split(",")
    return found


def _structures(items: list[str], upgraded: bool) -> list[dict]:
    built = []
    for item in items:
        kind, _, region = item.partition("@")
        entry = {"kind": kind.rstrip("+"), "region": region}
        if upgraded:
            entry["upgraded"] = kind.endswith("+")
        built.append(entry)
    return built


def _give(d: dict, seat: int, fields: dict[str, Any]) -> None:
    """Set a player's holdings, taking the cards they hold out of the market and the decks."""
    p = d["players"][seat]
    p.update(money=fields["money"], debt=fields.get("debt", 0), phone=fields.get("phone", False),
             dev=fields.get("dev", []), targets=fields.get("targets", []), incentives=fields.get("incentives", []),
             actions=fields.get("hand", []))
    sites = {t.rstrip("*"): "active" if t.endswith("*") else "explored" for t in fields.get("sites", [])}
    p.update(sites=sites, explored_on={t: 0 for t in sites},
             stock={source: int(value) for source, _, value in (s.rpartition(":") for s in fields.get("stock", []))},
             assets=_structures(fields.get("assets", []), True), infra=_structures(fields.get("infra", []), False))
    p["territories"] = list(sites)
    d["territory_deck"] = [t for t in d["territory_deck"] if t not in sites]
    for card in p["dev"] + (["phone"] if p["phone"] else []):
        d["market"][card] -= 1
    for corp, cards in d["action_decks"].items():
        d["action_decks"][corp] = [c for c in cards if c not in p["actions"]]
    for tier, piles in d["grid"].items():
        d["grid"][tier] = [[c for c in pile if c not in p["targets"]] for pile in piles]


def _head(d: dict, words: list[str], names: list[str]) -> None:
    d["phase"], d["turn_no"] = words[0], int(words[1][1:])
    d["turn"] = d["stage"] = d["first"] = None
    for word in words[2:]:
        name, _, rest = word.partition(":")
        if name == "ends-after":
            last = names.index(rest)
            by = (last + 1) % len(names)
            d["end"] = {"by": by, "last": last, "why": f"{names[by]} called the end"}
        else:
            d["turn"], d["stage"] = names.index(name), rest
            d["first"] = 0


def parse(cat: Catalog, text: str, mode: str = "standard", seed: int = 1) -> ArdState:
    """The position ``text`` says, in a table of ``mode`` laid from ``seed``."""
    head, *sections = text.split(" | ")
    players = [section.split() for section in sections]
    names = [words[0].partition("/")[0] for words in players]
    corps = [words[0].partition("/")[2] for words in players]
    d = table(len(players), mode, [None if corp == "-" else corp for corp in corps], seed, cat)
    for seat, words in enumerate(players):
        d["players"][seat]["name"] = names[seat]
        _give(d, seat, _fields(words[1:]))
    _head(d, head.split(), names)
    return from_json(d)


__all__ = ["notation", "parse"]
