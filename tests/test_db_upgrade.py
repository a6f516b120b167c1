"""A database made when a table's variant had room for 64 characters is upgraded on start and
then keeps the longest combination of options the game accepts, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlalchemy

from companion import find_game
from webapp import db


def _old_schema(url: str) -> None:
    """The tables as the previous version made them: ``variant`` a 64-character column."""
    engine = sqlalchemy.create_engine(url, poolclass=sqlalchemy.pool.NullPool)
    old = sqlalchemy.MetaData()
    for table in db.Base.metadata.sorted_tables:
        columns = [sqlalchemy.Column(c.name, sqlalchemy.String(64) if (table.name, c.name) == ("tables", "variant")
                                     else c.type, primary_key=c.primary_key) for c in table.columns]
        sqlalchemy.Table(table.name, old, *columns)
    old.create_all(engine)
    engine.dispose()


def _variant_length(engine) -> int | None:
    return next(c["type"].length for c in sqlalchemy.inspect(engine).get_columns("tables") if c["name"] == "variant")


def test_an_old_database_is_upgraded_and_keeps_the_longest_combination(db_url):
    _old_schema(db_url)
    longest = "+".join(s["choices"][-1][0] for s in find_game("tinners-trail").switches)
    assert len(longest) > 64 and find_game("tinners-trail").check_setup([{"name": "Ann"}], longest) is None
    engine = db.make_engine(db_url, pool_size=1)
    try:
        if db.is_postgres(engine):  # SQLite never enforced the length: only PostgreSQL's column changes
            assert _variant_length(engine) is None
        db.upgrade(engine)  # a second start changes nothing
        with engine.begin() as connection:
            connection.execute(db.TableRow.__table__.insert().values(
                id="t1", join_code="ABC", game="tinners-trail", variant=longest, seed=1, version=0, head=0,
                state="{}", finished=False))
            kept = connection.execute(sqlalchemy.text("SELECT variant FROM tables WHERE id = 't1'")).scalar()
        assert kept == longest
    finally:
        engine.dispose()


def test_several_servers_starting_at_once_upgrade_it_once(db_url):
    from concurrent.futures import ThreadPoolExecutor

    _old_schema(db_url)
    with ThreadPoolExecutor(4) as pool:
        engines = list(pool.map(lambda _: db.make_engine(db_url, pool_size=1), range(4)))
    try:
        assert db.is_postgres(engines[0]) is False or _variant_length(engines[0]) is None
        with engines[1].begin() as connection:
            connection.execute(db.TableRow.__table__.insert().values(
                id="t2", join_code="DEF", game="tinners-trail", variant="x" * 200, seed=1, version=0, head=0,
                state="{}", finished=False))
    finally:
        for engine in engines:
            engine.dispose()
