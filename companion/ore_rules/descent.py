"""After gathering, the miners on a mine go one space deeper (rulebook, collection).

Both editions read the rule the same way: the deepest miner moves first; when it cannot go on
(the next space needs a mine cage its owner lacks, or it stands on the bottom space) the mine is
exhausted and every miner on it goes home; otherwise each miner that cannot go on goes home alone
and the others move down.
"""

from __future__ import annotations

from typing import Callable, Sequence

Reaches = Callable[[int, int], bool]  # (seat, space) -> whether that seat's miner may stand there


def reaches(needs: Sequence[int], space: int, cage: int) -> bool:
    """Whether a miner whose owner's mine cage is at ``cage`` may stand on ``space`` of a mine
    card whose spaces need the cage levels ``needs``: the space exists and the cage is deep
    enough."""
    return space < len(needs) and needs[space] <= cage


def descend(miners: Sequence[tuple[int, int]], reaches: Reaches) -> tuple[tuple[int | None, ...], bool]:
    """Where each (seat, space) miner stands after moving down, in the order given (None: it went
    home), and whether the mine is exhausted (then every entry is None)."""
    if not miners:
        return (), False
    deepest = max(miners, key=lambda m: m[1])
    if not reaches(deepest[0], deepest[1] + 1):
        return (None,) * len(miners), True
    return tuple(space + 1 if reaches(seat, space + 1) else None for seat, space in miners), False


__all__ = ["Reaches", "descend", "reaches"]
