"""The small text formats of the cells that carry rules (``cards_data/ardevur/NOTES.md``): a
target's condition, a reward, an action card's effect; and a condition in words."""

from __future__ import annotations

from .tables import ASSETS, CONDITIONS, EFFECTS, NUMBERED, UPGRADES, Reward

_WORDS = {
    "explored": "sites explored or active", "mines": "active mines", "money": "million in money",
    "stock": "million of stored resources", "asset": "{arg}s", "assets": "assets",
    "upgraded": "upgraded assets", "infra": "roads and pipelines", "regions": "regions with an active mine",
    "continents": "continents with an active mine", "africa": "active mines in Africa",
    "europe": "active mines in Europe", "gold_mine": "active gold-tier mines", "factory": "factories",
    "sale": "million earned in one global sale", "territories": "territory cards",
    "actions_used": "action cards played", "supremacy": "regions where you lead with an active mine",
}


def reward(text: str) -> Reward | str:
    """``money N`` or ``upgrade ASSET``; a string is what is wrong with ``text``."""
    parts = text.split()
    if len(parts) == 2 and parts[0] == "money" and parts[1].isdigit():
        return Reward("money", int(parts[1]))
    if len(parts) == 2 and parts[0] == "upgrade" and parts[1] in UPGRADES + ("any",):
        return Reward("upgrade", parts[1])
    return f"expected 'money N' or 'upgrade ASSET' (ASSET: {', '.join(UPGRADES)}, any), got {text!r}"


def condition(text: str) -> tuple[str, str, int] | str:
    """``KIND N`` or ``KIND:ARG N``; a string is what is wrong with ``text``."""
    parts = text.split()
    if len(parts) != 2 or not parts[1].isdigit():
        return f"expected 'KIND N' or 'KIND:ARG N', got {text!r}"
    kind, _, arg = parts[0].partition(":")
    if kind not in CONDITIONS:
        return f"unknown condition {kind!r}; conditions: {', '.join(CONDITIONS)}"
    if (kind == "asset") != bool(arg) or (arg and arg not in ASSETS):
        return f"'asset' takes one of {', '.join(ASSETS)} as 'asset:NAME N'; other conditions take no ':'"
    return kind, arg, int(parts[1])


def effect(text: str) -> tuple[str, int] | str:
    """An effect kind, with its even amount where the kind takes one; a string is what is wrong."""
    parts = text.split()
    if not parts or parts[0] not in EFFECTS:
        return f"unknown effect {text!r}; effects: {', '.join(EFFECTS)}"
    if parts[0] in NUMBERED:
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) % 2:
            return f"{parts[0]!r} takes an even amount in millions, e.g. '{parts[0]} 8'"
        return parts[0], int(parts[1])
    if len(parts) != 1:
        return f"{parts[0]!r} takes no amount"
    return parts[0], 0


def words(kind: str, arg: str, need: int) -> str:
    """The condition's words after its number: "2 warehouses", "1 warehouse"."""
    text = _WORDS[kind].format(arg=arg)
    if need != 1 or kind in ("money", "stock", "sale"):
        return text
    if kind == "infra":
        return "road or pipeline"
    parts = text.split(" ")
    for i, word in enumerate(parts):
        if word.endswith("s"):
            parts[i] = word[:-3] + "y" if word.endswith("ies") else word[:-1]
            break
    return " ".join(parts)


def describe(condition: tuple[str, str, int]) -> str:
    """A target's condition as its card prints it: "2 active mines"."""
    kind, arg, need = condition
    return f"{need} {words(kind, arg, need)}"


__all__ = ["condition", "describe", "effect", "reward", "words"]
