"""What a phone may see: everything on the table, but never the order of a face-down pile."""

from __future__ import annotations


def public_view(d: dict, seat: int | None) -> dict:
    view = dict(d)
    view["draw"] = {row: len(cards) for row, cards in d["draw"].items()}
    view["piles"] = {res: {"draw": len(p["draw"]), "used": p["used"]} for res, p in d["piles"].items()}
    players = []
    for player in d["players"]:
        shown = dict(player)
        # Contract race: only the top card of each stack is face up.
        shown["race"] = {"top": player["race"][0] if player["race"] else None, "left": len(player["race"])}
        players.append(shown)
    view["players"] = players
    view["seed"] = None
    return view
