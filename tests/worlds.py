"""A test module's worlds: the state many of its tests start from, built once and copied for each test.

Many modules start every test from the same world: a club with a season of played evenings, a tournament with
its first round under way. Building it again for each test was most of their time (issue 31). A module names
each of its worlds after the fixture its tests ask for, with the function that builds it:

    WORLDS = Worlds(season=_season)       # the tests asking for ``season`` start from _season's world
    database, world = WORLDS.database, WORLDS.world

- ``_season(app)`` builds the world through ``app``, a real app (the config of conftest's ``no_csrf_app``, or of
  the app fixture named by ``app=``) on a fresh database, and answers a dict of what the tests need of it: ids,
  links, the test clients it signed in, a ``tests.clubs.helpers.Club``;
- the first test of this process that asks for ``season`` (itself or through another fixture) builds it; it is
  kept, one per engine and per value of the fixtures named in ``by`` (a world that depends on a parameter);
- ``database`` (conftest's, overridden) hands each such test a database of its own in the world's state: a copy
  of the kept SQLite file, or the kept ``Snapshot`` put back into this process's PostgreSQL database. A copy keeps
  the world's ids and links, and a test's writes reach no other test;
- ``world`` answers the builder's dict for this test: each test client in it, and each object holding ``.app``
  and ``.client`` (as a ``Club`` does), made again for this test's app with the cookies of the builder's (its
  session: its sign-in). They are signed with the same key (checked). A module may bind it under another name
  (``database`` keeps its own: it overrides conftest's).

The app's in-process caches are empty at the start of each test (conftest's ``database``), the first one's too. A
test of the module that asks for no world's name gets conftest's fresh database.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from scorekeeper.web.language import COOKIE as LANGUAGE_COOKIE
from tests.fresh import Snapshot, copy_sqlite, forget_process_state

#: The config of conftest's app fixtures (tests/conftest.py) a world is built with, by fixture name; the cookies
#: its clients keep are signed with that key, and ``world`` checks the test's app has the same.
CONFIGS = {
    "no_csrf_app": {"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "t"},
    "app": {"TESTING": True, "SECRET_KEY": "test-only"},
}
#: As conftest's apps: a pool of one connection on PostgreSQL.
ONE_THREAD = {"DATABASE_POOL_SIZE": 1}


class Kept:
    """A built world: what its builder answered, the cookies of its clients by key, and its database to copy (a
    SQLite file, or a ``Snapshot``)."""

    def __init__(self, values: dict, cookies: dict[str, dict[str, str]], database, secret_key: str) -> None:
        self.values, self.cookies, self.database, self.secret_key = values, cookies, database, secret_key


class Worlds:
    """A module's worlds by the fixture name that asks for each (module docstring); ``database`` and ``world``
    are the fixtures to bind in the module."""

    def __init__(self, *, app: str = "no_csrf_app", by: tuple[str, ...] = (), **builders: Callable[..., dict]):
        self.app, self.by, self.builders = app, tuple(by), builders
        self.kept: dict[tuple, Kept] = {}  # for the process: a module's tests may come to a worker in turns
        worlds = self

        @pytest.fixture
        def database(database, engine, request, tmp_path_factory):
            """This test's database (conftest's, fresh) holding its world when it asks for one."""
            key = worlds._key(request, engine)
            if key is None:
                return database
            if key not in worlds.kept:
                params = {by: request.getfixturevalue(by) for by in worlds.by}
                worlds.kept[key] = worlds._build(worlds.builders[key[0]], params, engine, database,
                                                 tmp_path_factory.mktemp("world"))
            kept = worlds.kept[key].database
            if engine == "sqlite":
                return copy_sqlite(kept, database, whole=True)
            return request.getfixturevalue("_postgres_template").fresh(kept)

        @pytest.fixture
        def world(database, engine, request) -> dict:
            """What this test's world's builder answered, its clients signed in on this test's app."""
            kept = worlds.kept[worlds._key(request, engine)]
            app = request.getfixturevalue(worlds.app)
            assert app.secret_key == kept.secret_key, "the world's cookies are signed with another key (CONFIGS)"
            return {name: _again(value, app, kept.cookies.get(name)) for name, value in kept.values.items()}

        self.database, self.world = database, world

    def _key(self, request, engine: str) -> tuple | None:
        """The world of this test: the first whose name it asks for, on its engine, with the values of ``by``."""
        name = next((name for name in self.builders if name in request.fixturenames), None)
        if name is None:
            return None
        return (name, engine, *(repr(request.getfixturevalue(by)) for by in self.by))

    def _build(self, builder: Callable[..., dict], params: dict, engine: str, database: str, folder) -> Kept:
        """The world built through a real app on a fresh database, and kept: on SQLite in a file of its own (the
        test's file is then copied over, never written while the world is made), on PostgreSQL in the process's
        database (put back by ``fresh`` right after)."""
        from scorekeeper import create_app

        where = copy_sqlite(database, folder / "world.sqlite", whole=True) if engine == "sqlite" else database
        app = create_app({**CONFIGS[self.app], "DATABASE": where, **ONE_THREAD})
        values = builder(app, **params)
        cookies = {name: _cookies(app, client) for name, client in _clients(values)}
        forget_process_state()  # the builder's kept connections closed (a SQLite file then whole, without its WAL)
        kept = copy_sqlite(where, folder / "kept.sqlite") if engine == "sqlite" else Snapshot(where)
        return Kept(values, cookies, kept, app.secret_key)


def _clients(values: dict):
    """The test clients of a builder's answer, by its key: a client, or the ``.client`` of an object with an app."""
    for name, value in values.items():
        if isinstance(value, FlaskClient):
            yield name, value
        elif isinstance(getattr(value, "client", None), FlaskClient) and hasattr(value, "app"):
            yield name, value.client


def _cookies(app, client: FlaskClient) -> dict[str, str]:
    """The cookies the app sets that a client carries: its session (a sign-in) and its language."""
    kept = {}
    for name in (app.config["SESSION_COOKIE_NAME"], LANGUAGE_COOKIE):
        cookie = client.get_cookie(name)
        if cookie is not None:
            kept[name] = cookie.value
    return kept


def _again(value, app, cookies: dict[str, str] | None):
    """A value of a builder's answer for this test's ``app``: a client (or an object holding one and its app)
    made again with the builder's cookies; anything else (ids, links, frozen rows) as it is."""
    if cookies is None:
        return value
    client = app.test_client()
    for name, cookie in cookies.items():
        client.set_cookie(name, cookie)
    if isinstance(value, FlaskClient):
        return client
    moved = copy.copy(value)
    moved.app, moved.client = app, client
    return moved
