"""Shared fixtures: a fresh app per test on a temporary database, and a live server for the browser."""

from __future__ import annotations

import gc
import os
import re
import tempfile
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.i18n.catalogues import compile_all
from scorekeeper.stores import passwords
from tests.apps import AppShelf, remember_rule_parts, remember_static_files, remember_url_builders, share_templates
from tests.fresh import PostgresTemplate, SqliteTemplate, forget_process_state



def _files_in_memory(folder: str = "/dev/shm", room: int = 4 << 30) -> None:
    """The tests' files (each test's database in its ``tmp_path``, the PostgreSQL servers' folders, a server's
    lock files) in a memory-backed folder where the machine has one with room to spare, unless TMPDIR says where.
    On this project's machines ``/tmp`` is an ext4 disk mounted with ``discard``: each file removed costs a few
    milliseconds of waiting, and a run makes and removes over ten thousand."""
    if os.environ.get("TMPDIR"):
        return
    try:
        free = os.statvfs(folder)
    except OSError:
        return
    if free.f_bavail * free.f_frsize >= room and os.access(folder, os.W_OK | os.X_OK):
        os.environ["TMPDIR"] = folder  # for the servers and installs the tests start too
        tempfile.tempdir = None  # worked out again, from TMPDIR


_files_in_memory()
# Directors' passwords are hashed at a lower scrypt cost than the app's (scorekeeper/stores/passwords.py): the
# same code path, but some six hundred hashes at the full cost took a tenth of the suite's CPU time.
# tests/tournaments/test_access.py checks the app's own cost.
passwords.method = "scrypt:1024:8:1"
# A plain `pytest` (without make) still runs on catalogues compiled from the current .po files.
compile_all(only_stale=True)
# The apps of this process share their compiled URL builders, parsed rules, static files' table and templates
# (tests/apps.py).
remember_url_builders()
remember_rule_parts()
share_templates()
remember_static_files()

#: Debian's Chromium headless shell (package ``chromium-headless-shell``), the build Playwright itself runs for
#: headless tests: the same Blink and V8 as the full browser, without the full browser's own layer. Measured on
#: the two-core machine (docs/DEVELOPING.md, "Where the time goes"): a context with its page and two loads cost
#: 0.88 CPU-s in the full browser's main process and three renderer processes; in the shell 0.14 CPU-s and one
#: renderer, and the browser tests took 161 s instead of 275 s.
CHROMIUM = "/usr/bin/chromium-headless-shell"
PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}


# --- Both engines: SQLite (the default) and PostgreSQL (DATABASE_URL) --------------------------
#: The tests that run twice, on SQLite and on PostgreSQL (docs/DEVELOPING.md, "Tests"): every test in these files or folders
#: that uses the app fixtures (``app``, ``csrf_app``, ``no_csrf_app``, ``client``, ``db``, ``live_server``) or asks
#: for ``engine``, except browser tests (the pages are the same; the live server's path to the database is run on
#: both by tests/workers) and those marked ``sqlite_only``. The web pages that only render what the engine says
#: (the referee, words, number formats, caching) run on SQLite alone, to keep ``make test`` within its time.
BOTH_ENGINES = (
    "tests/test_store.py", "tests/test_storage_contract.py", "tests/tournaments/", "tests/clubs/", "tests/workers/",
    "tests/seasons/", "tests/hosting/",
    "tests/test_same_deal_same_verdict.py", "tests/safety/test_same_key_race.py", "tests/safety/test_import_shape.py",
    *(f"tests/web/test_{name}.py" for name in (
        "fuzz_routes", "deals", "deals_one_trip", "deals_penalties", "deal_saved_answer", "one_deal_path", "one_deal_form", "tables",
        "games", "game_links", "history", "options_mid_game", "rule_sets", "language", "scorepad_extras",
        "foundation", "fresh_form")),
)


def pytest_generate_tests(metafunc) -> None:
    if "engine" not in metafunc.fixturenames:
        return
    where = metafunc.definition.path.relative_to(Path(__file__).resolve().parent.parent).as_posix()
    marked = metafunc.definition.get_closest_marker
    if where.startswith(BOTH_ENGINES) and not marked("sqlite_only") and not marked("browser"):
        metafunc.parametrize("engine", ["sqlite", "postgresql"], indirect=True)


@pytest.hookimpl(tryfirst=True)  # before pytest's -m selection and pytest-xdist's groups read the marks
def pytest_collection_modifyitems(config, items) -> None:
    """The marks a test earns by what it uses (docs/DEVELOPING.md, "Tests"): ``browser`` for a real Chromium (every
    test asking for Playwright's ``browser``, as ``phone`` does), which also puts it in the one pytest-xdist group
    that shares that browser; ``postgres`` for a test on the suite's PostgreSQL server."""
    for item in items:
        names = item.fixturenames
        if "browser" in names and not item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("engine") == "postgresql"
        if (on_postgres or "pg_cluster" in names) and not item.get_closest_marker("postgres"):
            item.add_marker(pytest.mark.postgres)


#: A test of pytest-playwright's: its ``browser_name`` parametrization puts the browser in the test's id.
BROWSER_TEST = re.compile(r"\[(?:[^\]]*-)?chromium(?:-[^\]]*)?\]$")


def pytest_collection_finish(session) -> None:
    """What was imported and collected (the package, the libraries, thousands of test items) is set aside from the
    garbage collector, which then walks only what the tests make; and it runs less often (each test's app leaves
    cycles behind, so it runs many times a test by default). Measured on tests/web and tests/seasons, it took a
    tenth of the tests' time."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` with the browser tests in as many groups as there are workers (at most three), each
    test file whole in one group (files spread by a hash of their path), so that each group runs in one worker and
    shares its Chromium, and the browser tests no longer bound the suite's time alone. pytest-xdist 3.8 groups by appending the ``xdist_group`` to a test's id, which pytest 9.2 no longer
    lets a plugin change (pytest-xdist issue 1386): the scheduler, which sees only the ids, groups a test whose id
    names the browser (every test using Playwright's ``browser`` has it) and still honours a group in the id."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    workers = config.getoption("numprocesses")
    groups = max(1, min(3, workers if isinstance(workers, int) else 2))

    class BrowserTogether(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if BROWSER_TEST.search(nodeid):
                return f"browser-{zlib.crc32(nodeid.split('::')[0].encode()) % groups}"
            return super()._split_scope(nodeid)

        def schedule(self) -> None:
            """LoadScopeScheduling.schedule's first distribution (pytest-xdist 3.8), in the order of ``_first``:
            the browser groups, then the tests that mostly wait, then the rest as collected."""
            if self.collection is not None:
                return super().schedule()
            if not self._check_nodes_have_same_collection():
                self.log("**Different tests collected, aborting run**")
                return
            self.collection = list(next(iter(self.registered_collections.values())))
            units: dict[str, dict[str, bool]] = {}
            for nodeid in self.collection:
                units.setdefault(self._split_scope(nodeid), {})[nodeid] = False
            for scope, nodeids in sorted(units.items(), key=lambda unit: _first(unit[0], len(unit[1]))):
                self.workqueue[scope] = nodeids
            for _ in range(len(self.nodes) - len(self.workqueue)):  # more workers than work: the extra ones go
                self.assigned_work.popitem()[0].shutdown()
            for node in self.nodes:
                self._assign_work_unit(node)
            for node in self.nodes:
                self._reschedule(node)
            if not self.workqueue:
                for node in self.nodes:
                    node.shutdown()

    return BrowserTogether(config, log)


#: Tests that spend most of their time waiting (on servers they start, a stopped database, timeouts): run early,
#: beside the tests that keep the cores busy, rather than together at the end (their folder sorts last).
MOSTLY_WAITING = ("tests/workers/", "tests/safety/test_room_full.py", "tests/test_install.py", "tests/test_serve.py",
                  "tests/hosting/test_public_url.py", "tests/hosting/test_behind_proxy.py", "tests/cli/")


def _first(scope: str, size: int) -> tuple[int, int]:
    """Where a unit of work goes in the queue: a browser group first (the largest first), then a test that mostly
    waits, then every other test in the order collected (sorted() keeps it)."""
    if scope.startswith("browser-"):
        return (0, -size)
    return (1, 0) if scope.startswith(MOSTLY_WAITING) else (2, 0)


@pytest.fixture
def engine(request) -> str:
    """The database engine of this test's app: "sqlite" (a file in tmp_path) or "postgresql"."""
    return getattr(request, "param", "sqlite")


@pytest.fixture(scope="session")
def pg_cluster():
    """A throw-away PostgreSQL server for this test process (tests/pgcluster.py: each pytest-xdist worker starts
    its own, in a temporary folder of its own, on a unix socket there) with a migrated template database
    (``pg_cluster.template``, its name)."""
    from scorekeeper.db import migrate
    from tests.pgcluster import Cluster

    cluster = Cluster()
    template = cluster.database()
    migrate(template)
    cluster.template = cluster.name(template)
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory) -> SqliteTemplate:
    return SqliteTemplate(tmp_path_factory.mktemp("template"))


@pytest.fixture(scope="session")
def _postgres_template(pg_cluster) -> Iterator[PostgresTemplate]:
    template = PostgresTemplate(pg_cluster, pg_cluster.url(pg_cluster.template))
    yield template
    template.close()


@pytest.fixture
def database(engine: str, tmp_path: Path, request, monkeypatch) -> Iterator[str]:
    """The database of this test's app, as freshly migrated (tests/fresh.py): a SQLite file of its own in
    tmp_path, or this process's PostgreSQL database brought back to the migrated template's state, whose files
    beside it (sheets, lock files) go to tmp_path, as do a child process's."""
    forget_process_state()
    if engine == "sqlite":
        yield request.getfixturevalue("_sqlite_template").copy(tmp_path / "test.sqlite")
    else:
        url = request.getfixturevalue("_postgres_template").fresh()
        monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
        yield url
    forget_process_state()


#: An app driven by the test client answers one request at a time: on PostgreSQL its pool holds one connection,
#: opened once (a pool that grows opens connections in its own threads while a test runs, and psycopg_pool's
#: jitter then draws from the global ``random``, which hypothesis forbids while it draws its examples).
ONE_THREAD = {"DATABASE_POOL_SIZE": 1}


#: The apps of this test process, one per configuration, each handed to one test at a time (tests/apps.py).
SHELF = AppShelf()


def _app(config: dict) -> Iterator:
    app = SHELF.take(config)
    yield app
    SHELF.give_back(app)


@pytest.fixture
def app(database: str):
    yield from _app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "test-only", **ONE_THREAD})


@pytest.fixture
def csrf_app(database: str):
    """An app that checks CSRF tokens the way production does."""
    yield from _app({"DATABASE": database, "SECRET_KEY": "test-only", **ONE_THREAD})


@pytest.fixture
def no_csrf_app(database: str):
    """An app with CSRF checks off, for tests that post forms without scraping the token first."""
    yield from _app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": database, "SECRET_KEY": "t",
                     **ONE_THREAD})


@pytest.fixture
def client(no_csrf_app):
    return no_csrf_app.test_client()


@pytest.fixture
def db(no_csrf_app):
    from scorekeeper.db import connect

    database = connect(no_csrf_app.config["DATABASE"])
    yield database
    database.close()


class LiveServer:
    def __init__(self, app, server, thread):
        self.app = app
        self.server = server
        self.thread = thread
        self.url = f"http://127.0.0.1:{server.effective_port}"

    def __call__(self, path: str = "/") -> str:
        return self.url + path


@pytest.fixture
def live_server(database: str) -> Iterator[LiveServer]:
    """The real app served by waitress on a free port, with CSRF protection on."""
    from waitress.server import create_server

    app = create_app({"DATABASE": database, "SECRET_KEY": "live-test"})
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    closing = threading.Event()

    def run() -> None:
        try:
            server.run()
        except (OSError, ValueError):
            # close() shuts the sockets of connections still kept alive while the loop may be in select():
            # the loop then sees a closed descriptor. Only that moment is expected; any other is a failure.
            if not closing.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield LiveServer(app, server, thread)
    closing.set()
    stop_server(server, thread)


def stop_server(server, thread: threading.Thread) -> None:
    """Stop a waitress server run in ``thread`` at once. Closing only its listening socket left its loop running
    while a browser kept a connection alive (until the page closed, or the join gave up after 5 s): the loop itself
    now closes every connection with the listening socket, so it ends at its next turn; then its request threads."""
    from waitress.channel import HTTPChannel

    def close_everything() -> None:
        for channel in list(server._map.values()):
            if isinstance(channel, HTTPChannel):
                channel.handle_close()
        server.close()

    server.trigger.pull_trigger(close_everything)  # run by the server's loop, in its thread
    thread.join(timeout=5)
    server.task_dispatcher.shutdown(timeout=5)


# --- Playwright: Debian's Chromium headless shell, phone-sized, touch enabled ------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONES["390x844"], "has_touch": True, "is_mobile": True}


@pytest.fixture
def phone(browser, request):
    """A fresh phone-sized page; parametrize indirectly with a key of PHONES to choose the size. When the test
    also has a ``live_server``, the server starts first and so stops last, after the page has closed."""
    if "live_server" in request.fixturenames:
        request.getfixturevalue("live_server")
    size = getattr(request, "param", "390x844")
    yield from open_page(browser, viewport=PHONES[size], has_touch=True, is_mobile=True, device_scale_factor=2)


#: What htmx logs as an error when a request of the page is cut short by the page itself: a scoreboard's poll or a
#: preview still on its way when a link or a form leaves the page, or a preview replaced by a newer one while typing
#: (``hx-sync="this:replace"``, on purpose). No fault of the page; a refused or failed answer is logged as
#: ``htmx:responseError`` and still counts.
LEAVING_THE_PAGE = ("htmx:sendAbort", "htmx:sendError", "htmx:afterRequest")


def _a_problem(message) -> bool:
    return message.type in ("error", "warning") and not message.text.startswith(LEAVING_THE_PAGE)


def open_page(browser, **context_options) -> Iterator:
    """A page in a fresh browser context that keeps its console errors and warnings (``page.console_messages``);
    the context closes when the fixture that yields from it ends."""
    context = browser.new_context(**context_options)
    page = context.new_page()
    page.console_messages = []
    page.on("console", lambda msg: page.console_messages.append(msg) if _a_problem(msg) else None)
    page.on("pageerror", lambda exc: page.console_messages.append(exc))
    yield page
    context.close()


def tap_and_settle(page, target) -> None:
    """Tap a control that makes htmx ask the server (a radio that reshapes a form), wait for that answer, then for
    its swap to settle. Playwright's "networkidle" cannot stand in: it is reported once per page load, so after
    the first it returns at once, before the answer lands."""
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        target.tap()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def assert_fits_phone(page) -> None:
    """No horizontal scrolling, and every visible control is at least 44 px in both directions."""
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"page scrolls sideways by {overflow}px"
    small = page.evaluate(
        """() => {
          const targets = new Set();
          for (const el of document.querySelectorAll('a, button, input, select, textarea, summary, [role=button]')) {
            if (el.type === 'hidden') continue;
            // Links inside running text are exempt (WCAG 2.5.8 inline exception).
            if (el.tagName === 'A' && el.closest('p, li, td, dd')) continue;
            // A checkbox or radio is tapped through its label.
            if ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) { targets.add(el.closest('label')); continue; }
            targets.add(el);
          }
          return [...targets].filter(el => {
              const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
              return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; })
            .map(el => { const r = el.getBoundingClientRect();
                         return {tag: el.tagName, text: (el.innerText || el.name || el.id || '').slice(0, 30),
                                 w: Math.round(r.width), h: Math.round(r.height)}; })
            .filter(x => x.w < 44 || x.h < 44);
        }"""
    )
    assert not small, f"controls smaller than 44px: {small}"
