"""The table cache of one server process never goes back a version: two moves stored a moment
apart may be published in either order, and phones waiting on the later one must not be told
the table is at the earlier."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import create_engine

from webapp.tables.cache import Store


@dataclass
class _Table:
    id: str
    version: int
    game_id: str = "scorepad"


def test_a_version_published_late_does_not_hide_the_newer_one(tmp_path):
    store = Store(create_engine(f"sqlite:///{tmp_path / 'x.db'}"))
    store.note_version("t", 12)
    store.note_version("t", 11)  # the earlier move's publish came second
    assert store.cached_version("t") == 12
    store.keep(_Table("t", 12))
    store.keep(_Table("t", 11))
    assert store.snapshot("t", 12) is not None and store.snapshot("t", 11) is None
    store.note_version("t", 13)
    assert store.cached_version("t") == 13
