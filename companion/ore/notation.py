"""A compact one-line text for a position (tests assert on it) and one log line per action.

Player: ``Joe $5 au1 o1 fe0 cu0 c1 m3 cage1 db1 co0 x1 #1:0 done:0 fut:au2``
(money, barrels gold/oil/iron/copper/coal, miners employed, cage level, drill bits, collab ops,
strikes, each held contract with its filled rows, completed contracts, futures tokens).
Mine: ``gold=3p-gold-1[0@1,2@0]`` (card, then seat@space for each miner; ``!`` = exhausted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from .cards import RESOURCES

if TYPE_CHECKING:
    from .game import Ore
    from .state import OreState

SHORT = {"gold": "au", "oil": "o", "iron": "fe", "copper": "cu", "coal": "c"}


def player_notation(p: Mapping) -> str:
    parts = [p["name"], f"${p['money']}"]
    parts += [f"{SHORT[r]}{p['barrels'][r]}" for r in RESOURCES]
    parts += [f"m{p['miners']}", f"cage{p['cage']}", f"db{p['drill_bits']}", f"co{p['collab_ops']}",
              f"x{p['strikes']}"]
    parts += [f"#{c['number']}:{''.join(str(r) for r in c['done']) or '-'}" for c in p["contracts"]]
    parts.append(f"done:{len(p['completed'])}")
    parts += [f"fut:{SHORT[f['res']]}{f['count']}" for f in p["futures"]]
    parts += [f"{x['kind']}:{x['card']}@{'-' if x['space'] is None else x['space']}" for x in p["private"]]
    if p["assets"]:
        parts.append("assets:" + ",".join(p["assets"]))
    return " ".join(parts)


def mine_notation(res: str, mine: Mapping) -> str:
    miners = ",".join(f"{m['seat']}@{m['space']}" for m in mine["miners"])
    return f"{res}={mine['card']}{'!' if mine['exhausted'] else ''}[{miners}]"


def notation(state: "OreState") -> str:
    d = state.data
    head = f"r{d['round']} {d['phase']} start={d['start']} turn={d['turn']}"
    mines = " ".join(mine_notation(r, d["mines"][r]) for r in RESOURCES)
    players = " | ".join(player_notation(p) for p in d["players"])
    return f"{head} | {mines} | {players}"


def describe_action(game: "Ore", state: "OreState", action: Mapping, after: "OreState") -> str:
    """One log line; money the action moves for the acting player is added in brackets."""
    line = _describe(game, state, action, after)
    seat = action.get("seat")
    if action.get("type") != "replenish" and isinstance(seat, int) and 0 <= seat < len(state.data["players"]):
        change = after.data["players"][seat]["money"] - state.data["players"][seat]["money"]
        if change:
            line += f" ({'+' if change > 0 else '-'}${abs(change)})"
    return line


def _describe(game: "Ore", state: "OreState", action: Mapping, after: "OreState") -> str:
    d = state.data
    seat = action.get("seat")
    who = d["players"][seat]["name"] if isinstance(seat, int) and 0 <= seat < len(d["players"]) else "?"
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
    if kind in ("buy_asset", "buy_initiative", "take_contract"):
        row = {"buy_asset": "assets", "buy_initiative": "initiatives", "take_contract": "contracts"}[kind]
        slot = action.get("slot")
        card = d["rows"][row][slot] if isinstance(slot, int) and 0 <= slot < 5 else action.get("discarded")
        if row == "assets" and card in game.cat.assets:
            card = game.cat.assets[card].name
        elif row == "initiatives" and card in game.cat.initiatives:
            card = game.cat.initiatives[card].name
        elif row == "contracts":
            card = f"contract #{card}"
        return f"{who} {'takes' if row == 'contracts' else 'buys'} {card}"
    if kind == "replenish":
        a = after.data
        shown = ", ".join(f"a new {r} mine" for r in RESOURCES if a["mines"][r]["card"] != d["mines"][r]["card"])
        new_assets = [game.cat.assets[c].name for c in a["rows"]["assets"] if c]
        return (f"Replenished. Mines: {shown or 'unchanged'}. Assets: {', '.join(new_assets)}. "
                f"Contracts: {', '.join('#' + str(c) for c in a['rows']['contracts'] if c) or '-'}."
                + (f" Game ends: {'; '.join(a['end'])}." if a["end"] else ""))
    return _describe_other(game, d, kind, action, who)


def _describe_other(game: "Ore", d: Mapping, kind: str, action: Mapping, who: str) -> str:
    """The market's, relief's and the cards' smaller actions, in words."""
    offered = d["takeover"][0]["number"] if d.get("takeover") else None
    names = [p["name"] for p in d["players"]]
    target = action.get("target")
    owner = f"{names[target]}'s" if isinstance(target, int) and 0 <= target < len(names) else "an opponent's"
    rows = action.get("rows")
    asset = game.cat.assets.get(action.get("asset")) if isinstance(action.get("asset"), str) else None
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
