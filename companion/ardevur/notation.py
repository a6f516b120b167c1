"""A compact one-line text of a position, for tests and failure messages (like chess's FEN):

    play t7 Bo:development | Ann/great 40M dev=license,road mines=asturias* sites=bor | Bo/amu ...

The phase, the turn number and who is in which phase; then per player their corporation,
money (and debt), development cards, sites (``*`` an active mine), stock, assets (``+``
upgraded), infrastructure, targets and incentives, action cards (how many) and the phone call
card. Only what is set is written, so an empty table reads short."""

from __future__ import annotations

from .state import ArdState, Player


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
        ("targets", p.targets), ("incentives", p.incentives))
    parts += [f"{name}={','.join(items)}" for name, items in fields if items]
    if p.actions:
        parts.append(f"hand={len(p.actions)}")
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


__all__ = ["notation"]
