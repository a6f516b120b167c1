"""One log line per action, from the states before and after it; money the action moves for
the acting player is added in brackets."""

from __future__ import annotations

from typing import Mapping

from ...core import Game
from ..data import RESOURCES
from ..state import State


ROWS_OF = {"buy_asset": "assets", "buy_initiative": "initiatives", "take_contract": "contracts"}


def describe_action(game: Game, state: State, action: Mapping, after: State) -> str:
    line = _describe(game, state, action, after)
    seat = action.get("seat")
    if action.get("type") != "replenish" and isinstance(seat, int) and 0 <= seat < len(state.players):
        change = after.players[seat].money - state.players[seat].money
        if change:
            line += f" ({'+' if change > 0 else '-'}${abs(change)})"
    return line


def _who(state: State, action: Mapping) -> str:
    seat = action.get("seat")
    return state.players[seat].name if isinstance(seat, int) and 0 <= seat < len(state.players) else "?"


def _describe(game: Game, state: State, action: Mapping, after: State) -> str:
    who = _who(state, action)
    kind = action.get("type")
    if kind == "place":
        where = action.get("where")
        if where == "mine":
            token = action.get("token")
            extra = f" with {token.replace('_', ' ')}" if token else ""
            space = action.get("space", 0) + 1 if token == "drill_bit" else 1
            return f"{who} places a miner on the {action.get('mine')} mine, space {space}{extra}"
        return f"{who} places a miner on the {str(where).replace('_', ' ')}"
    if kind == "sell":
        return f"{who} sells 1 {action.get('resource')}"
    if kind == "fill":
        return f"{who} fills the due row of contract #{action.get('contract')}"
    if kind in ROWS_OF:
        return f"{who} {'takes' if kind == 'take_contract' else 'buys'} {_card(game, state, kind, action)}"
    if kind == "replenish":
        return _replenished(game, state, after)
    return _describe_other(game, state, kind, action, who)


def _card(game: Game, state: State, kind: str, action: Mapping) -> str:
    """The card a purchase or a contract taken names, as the log shows it."""
    cat = game.data
    row = ROWS_OF[kind]
    slot = action.get("slot")
    cards = state.rows.of(row)
    card = cards[slot] if isinstance(slot, int) and 0 <= slot < len(cards) else action.get("discarded")
    if row == "assets" and card in cat.assets:
        return cat.assets[card].name
    if row == "initiatives" and card in cat.initiatives:
        return cat.initiatives[card].name
    if row == "contracts":
        return f"contract #{card}"
    return str(card)


def _replenished(game: Game, state: State, after: State) -> str:
    cat = game.data
    shown = ", ".join(f"a new {r} mine" for r in RESOURCES if after.mine(r).card != state.mine(r).card)
    new_assets = [cat.assets[c].name for c in after.rows.assets if c]
    return (f"Replenished. Mines: {shown or 'unchanged'}. Assets: {', '.join(new_assets)}. "
            f"Contracts: {', '.join('#' + str(c) for c in after.rows.contracts if c) or '-'}."
            + (f" Game ends: {'; '.join(after.end)}." if after.end else ""))


def _describe_other(game: Game, state: State, kind: str, action: Mapping, who: str) -> str:
    """The market's, relief's and the cards' smaller actions, in words."""
    offered = state.takeover[0].number if state.takeover else None
    names = [p.name for p in state.players]
    target = action.get("target")
    owner = f"{names[target]}'s" if isinstance(target, int) and 0 <= target < len(names) else "an opponent's"
    rows = action.get("rows")
    asset = game.data.assets.get(action.get("asset")) if isinstance(action.get("asset"), str) else None
    lines = {
        "take_over": f"{who} takes over contract #{offered}",
        "decline": f"{who} lets contract #{offered} go",
        "market_done": f"{who} finishes the market turn",
        "pass": f"{who} passes",
        "relieve": f"{who} takes a miner back from the {action.get('mine')} mine",
        "relief_done": f"{who} is done taking miners back",
        "efficient": f"{who} fills {rows} more row{'' if rows == 1 else 's'} of contract #{action.get('contract')} "
                     f"with Efficient Ops",
        "subcontract": f"{who} fills lines of {owner} contracts with Subcontracted Ops",
        "take_own_contract": f"{who} takes the next contract of their stack",
        "exchange": f"{who} trades barrels with {asset.name if asset else 'an exchange'}",
        "cash_futures": f"{who} cashes in a Futures token",
    }
    return lines.get(kind, f"{who}: {str(kind).replace('_', ' ')}")
