"""A frozen dataclass value with some fields changed, made quickly: every game's rules build each
new state this way, several times a move.

``dataclasses.replace`` runs the class's ``__init__`` again, and a frozen dataclass's ``__init__``
sets each field through ``object.__setattr__``; that made copying the state the bulk of a move's
cost. ``evolve`` gives the same value by laying the changes over a copy of the old value's
fields. It is for frozen dataclasses whose ``__init__`` only stores its fields (no
``__post_init__`` that checks or derives anything), which is what every game's state is.

A value may keep beside its fields what it worked out from them (the tiles by square, say), since
a value never changes and the answer cannot go stale. A new value must not inherit an answer
about fields that changed: ``evolve`` carries such a thing over only when the class names it in
``worked_out`` (a ``ClassVar`` mapping each name to the fields it is worked out from; none: from
the whole value) and none of those fields changes. Anything else kept beside the fields (a
``cached_property``) is dropped, and the new value works it out afresh.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping, TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__
_NAMES: dict[type, frozenset[str]] = {}  # each class's field names, found once
_WORKED: dict[type, Mapping[str, tuple[str, ...]] | None] = {}  # each class's ``worked_out``, or None
# what a change to some fields of a class drops, found once for each class and the fields changed
_DROPS: dict[tuple, tuple[str, ...]] = {}
_UNNAMED = ("anything kept beside the fields",)  # a class without ``worked_out`` keeps its fields alone


def evolve(value: T, **changes: Any) -> T:
    """``value`` with ``changes``, as ``dataclasses.replace(value, **changes)`` gives it, in a
    fraction of the time. A name that is not one of the value's fields is refused, as ``replace``
    refuses it."""
    cls = type(value)
    names = _NAMES.get(cls)
    if names is None:
        names = _learn(cls)
    kept = value.__dict__.copy()
    kept.update(changes)
    if len(kept) != len(names):
        drops = _DROPS.get((cls, *changes))
        if drops is None:
            drops = _drops(cls, names, tuple(changes))
        if drops is _UNNAMED:  # a cached_property or the like: keep the fields alone
            drops = kept.keys() - names
        for name in drops:
            kept.pop(name, None)
    new = _new(cls)
    _set(new, "__dict__", kept)  # a frozen dataclass refuses its own __setattr__
    return new


def _learn(cls: type) -> frozenset[str]:
    names = _NAMES[cls] = frozenset(f.name for f in fields(cls))
    _WORKED[cls] = getattr(cls, "worked_out", None) or None
    return names


def _drops(cls: type, names: frozenset[str], changed: tuple[str, ...]) -> tuple[str, ...]:
    """What a value of ``cls`` keeps beside its fields that a change to ``changed`` makes stale;
    a TypeError when one of them is not a field."""
    for name in changed:
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    worked = _WORKED[cls]
    if worked is None:
        found = _UNNAMED
    else:
        found = tuple(name for name, sources in worked.items() if not sources or any(f in sources for f in changed))
    _DROPS[(cls, *changed)] = found
    return found


__all__ = ["evolve"]
