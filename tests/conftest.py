"""Shared fixtures: an app on a fresh database (SQLite file, or PostgreSQL from DATABASE_URL).

Under pytest-xdist (`make test` runs `pytest -n …`) each worker has its own PostgreSQL database
(DATABASE_URL's name + `_gw0`, `_gw1`, …), its own tmp_path for SQLite files and its own range of
ports for gunicorn (xdist_isolation.py).
"""

import gc
import os
import re
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from route_builder_cache import install as cache_route_builders
from sqlalchemy import event, text
from sqlalchemy.exc import OperationalError
from xdist_isolation import WORKER, create_worker_database, drop_worker_database, worker_database_url

from ramo_keeper import create_app
from ramo_keeper.extensions import db

BASE_DATABASE_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = BASE_DATABASE_URL.startswith("postgres")
POSTGRES_URL = worker_database_url(BASE_DATABASE_URL) if ON_POSTGRES else ""
if ON_POSTGRES:
    # Anything that reads the environment (a server, a CLI) reaches this worker's database too.
    os.environ["DATABASE_URL"] = POSTGRES_URL
_schema_ready = False
cache_route_builders()

TEST_CONFIG = {
    "TESTING": True,
    "SECRET_KEY": "test-secret",
    "SERVER_NAME": "keeper.test",
    "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",  # scrypt costs ~0.1 s per user
}


def pytest_configure(config):
    if not hasattr(config, "workerinput"):
        # Compile the catalogues once, before xdist's workers start, so none of them writes a .mo
        # file another one is reading.
        from i18n.conftest import compile_catalogues

        compile_catalogues()


# Browser tests run in this many lanes, each a Chromium of its own on one xdist worker. One lane kept every
# browser test on one worker, a third of `make test`'s time with the other workers done and a core idle; two
# lanes on two cores still leave each browser the CPU its 10 s waits need.
BROWSER_LANES = int(os.environ.get("RAMO_BROWSER_LANES", "2"))


def browser_lanes(items) -> dict[str, int]:
    """Each browser test module's lane: the modules, most tests first, each to the lane with the fewest so far
    (a module stays in one lane: its module-scoped servers and pages are built once)."""
    counts: dict[str, int] = {}
    for item in items:
        if _is_browser_test(item):
            module = item.nodeid.split("::")[0]
            counts[module] = counts.get(module, 0) + 1
    loads, lanes = [0] * max(1, BROWSER_LANES), {}
    for module, count in sorted(counts.items(), key=lambda pair: (-pair[1], pair[0])):
        lane = loads.index(min(loads))
        lanes[module], loads[lane] = lane, loads[lane] + count
    return lanes


def _is_browser_test(item) -> bool:
    return not item.get_closest_marker("xdist_group") and (
        item.get_closest_marker("e2e") is not None or "browser" in getattr(item, "fixturenames", ()))


# Browser tests of what a page looks like and weighs, whatever the database behind it: photographs of every
# control, the bar and headings, axe in light and dark, the bytes of a first visit, clipped words. They run on
# SQLite (`make test`); the PostgreSQL half of CI skips them, as it does the golden images and Lighthouse, to
# keep CI under 30 minutes. The browser tests that play, race and keep hands run on both.
LOOKS_ONLY = {"test_pixels.py", "test_one_look.py", "test_page_weight.py", "test_no_clipped_words.py",
              "test_rules_pages_browser.py"}


@pytest.hookimpl(trylast=True)  # after the e2e folders' conftests have marked their tests
def pytest_collection_modifyitems(config, items):
    # `--dist loadgroup` keeps each xdist_group on one worker; other tests spread freely. xdist hands out
    # the largest groups first, one to each worker, so the browser lanes start at once on workers of their own.
    if ON_POSTGRES:
        looks = pytest.mark.skip(reason="a page's look and weight do not depend on the database: checked on SQLite")
        for item in items:
            if item.fspath.basename in LOOKS_ONLY:
                item.add_marker(looks)
    lanes = browser_lanes(items)
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue  # a module that names its own group (test_lighthouse.py)
        if _is_browser_test(item):
            item.add_marker(pytest.mark.xdist_group(f"browser-{lanes[item.nodeid.split('::')[0]]}"))
        elif _uses_gunicorn(item):
            # One multi-worker server at a time: several booting at once on a small machine take
            # longer than a server is given to start, and the races they test need the CPU.
            item.add_marker(pytest.mark.xdist_group("gunicorn"))
        elif _uses_module_fixture(item):
            # A module-scoped fixture is built once per worker that runs one of the module's tests.
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def _uses_gunicorn(item) -> bool:
    module_globals = vars(item.module) if getattr(item, "module", None) else {}
    return any(getattr(value, "__module__", None) == "gunicorn_server" for value in module_globals.values())


def _uses_module_fixture(item) -> bool:
    fixtures = getattr(item, "_fixtureinfo", None)
    definitions = fixtures.name2fixturedefs.values() if fixtures else ()
    return any(defs and defs[-1].scope in ("module", "package", "class") for defs in definitions)


@pytest.fixture(scope="session", autouse=True)
def worker_database():
    """This xdist worker's own PostgreSQL database, created empty for the run and dropped after it."""
    if ON_POSTGRES and WORKER:
        create_worker_database(BASE_DATABASE_URL)
    yield POSTGRES_URL
    if ON_POSTGRES and WORKER:
        drop_worker_database(BASE_DATABASE_URL)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory):
    """A SQLite file with the empty schema, made once per worker: each test copies it (well under
    a millisecond) instead of running create_all (about 90 ms)."""
    path = tmp_path_factory.mktemp("template") / "schema.sqlite3"
    template = make_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with template.app_context():
        db.create_all()
        db.session.remove()
        db.engine.dispose()
    # Out of WAL mode, the one file holds everything (no -wal beside it to copy); each test's app
    # switches its copy back to WAL on its first connection, as it does a new file.
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA journal_mode=DELETE").fetchone() == ("delete",)
    return path


class WholeAnswerClient(FlaskClient):
    """Every test client reads a streamed answer whole and closes it, as a server does once it is sent;
    a test that looks at the stream itself asks for `buffered=False`. Left unread, a download's body
    held its database snapshot open until the garbage collector dropped it in some later test."""

    def open(self, *args, buffered: bool = True, **kwargs):
        return super().open(*args, buffered=buffered, **kwargs)


class KeptTemplateCode(BytecodeCache):
    """Compiled templates kept in memory for the whole worker: every test builds a new app, and so a new Jinja
    environment that compiled each template it rendered again (about 7% of the page tests' CPU, measured). Jinja keys
    each entry by the template's name and checks it against a checksum of the source, so an edited template
    is compiled anew, as it would be without the cache."""

    def __init__(self):
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket):
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATE_CODE = KeptTemplateCode()


def make_app(config: dict):
    """create_app(config) whose test clients are WholeAnswerClients: every app a test talks to comes from here."""
    app = create_app(config)
    app.test_client_class = WholeAnswerClient
    app.jinja_env.bytecode_cache = TEMPLATE_CODE
    return app


def _truncate(statement: str) -> None:
    """TRUNCATE waits for every lock on the tables. A streamed download that a test left unread after its
    first piece (Werkzeug's client reads one) keeps its snapshot's read transaction, and so its locks,
    until the garbage collector closes it; a collection does that. A connection still held after that
    is ended, rather than the worker waiting for pytest-timeout to kill it (the "node down" of a run)."""
    for attempt in range(3):
        try:
            db.session.execute(text("SET LOCAL lock_timeout = '3s'"))
            db.session.execute(text(statement))
            db.session.commit()
            return
        except OperationalError:
            db.session.rollback()
            if attempt == 0:
                gc.collect()
            else:
                db.session.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
                db.session.commit()
    raise RuntimeError("the tables stayed locked: " + statement[:60])


def reset_database() -> None:
    """Empty every table. PostgreSQL keeps one schema for the run and truncates; SQLite starts anew."""
    global _schema_ready
    if ON_POSTGRES:
        if not _schema_ready:
            db.drop_all()
            db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
            db.session.commit()
            db.create_all()
            _schema_ready = True
        tables = ", ".join(f'"{t.name}"' for t in db.metadata.sorted_tables)
        _truncate(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    else:
        db.create_all()


def mark_schema_changed() -> None:
    """A test that rebuilt the schema itself (the migration test) tells the fixture."""
    global _schema_ready
    _schema_ready = False


def statements(app, request) -> tuple:
    """The response to `request()` and the SQL statements it ran."""
    seen = []

    def listener(conn, cursor, statement, *args):
        seen.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            response = request()
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
    return response, seen


@pytest.fixture
def app(tmp_path, request):
    if ON_POSTGRES:
        url = POSTGRES_URL
    else:
        database = tmp_path / "test.sqlite3"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), database)
        url = f"sqlite:///{database}"
    app = make_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        reset_database()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def _seeded_files(tmp_path_factory) -> dict:
    return {"folder": tmp_path_factory.mktemp("seeded")}


@pytest.fixture
def seeded_once(app, _seeded_files):
    """`seeded_once(key, seed)`: seed() run on this test's database, returning what it returns. On SQLite the
    seeding runs once per worker: the database it leaves is kept as a file, and a later test with the same key
    gets a copy of that file (milliseconds) and the same result, instead of seeding anew (seconds: every hand
    through the services). A seed must be a pure function of its key. On PostgreSQL it runs each time."""

    def seed_once(key: str, seed):
        if ON_POSTGRES:
            return seed()
        database = Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))
        kept = _seeded_files["folder"] / f"{len(_seeded_files)}.sqlite3"
        if key not in _seeded_files:
            result = seed()
            with app.app_context():
                db.session.remove()
                db.engine.dispose()  # the last connection checkpoints the WAL into the file and removes it
            assert not Path(f"{database}-wal").exists(), "the seeded database is not all in its file"
            shutil.copyfile(database, kept)
            _seeded_files[key] = (kept, result)
            return result
        kept, result = _seeded_files[key]
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        for leftover in (Path(f"{database}-wal"), Path(f"{database}-shm")):
            leftover.unlink(missing_ok=True)
        shutil.copyfile(kept, database)
        return result

    return seed_once


@pytest.fixture
def other_worker(app):
    """Another app instance on the same database, as a second gunicorn worker is: its own pool and kept store.

    Call it for a new instance; each one's connections are closed when the test ends.
    """
    started = []

    def start():
        keys = ("TESTING", "SQLALCHEMY_DATABASE_URI", "SECRET_KEY", "SERVER_NAME", "PASSWORD_HASH_METHOD")
        started.append(make_app({key: app.config[key] for key in keys}))
        return started[-1]

    yield start
    for other in started:
        with other.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


CSRF_RE = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


def csrf_from(html: str) -> str:
    match = CSRF_RE.search(html)
    assert match, "page has no CSRF token"
    return match.group(1) or match.group(2)


UNDO_FORM_RE = re.compile(r'<form[^>]*action="/games/\d+/undo"[^>]*>(.*?)</form>', re.S)
HIDDEN_INPUT_RE = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


def undo_fields(html: str) -> dict:
    """What the page's Undo form posts: its hidden fields, as a browser (or htmx) sends them."""
    match = UNDO_FORM_RE.search(html)
    assert match, "page has no Undo form"
    return dict(HIDDEN_INPUT_RE.findall(match.group(1)))


class Browser:
    """A test client that behaves like a person's browser: fetches forms to get their CSRF token."""

    def __init__(self, client):
        self.client = client
        self.token = None

    def get(self, url, **kwargs):
        response = self.client.get(url, **kwargs)
        text_ = response.get_data().decode("utf-8", "replace")  # a download (.xlsx) is no text
        if "csrf_token" in text_:
            self.token = csrf_from(text_)
        return response

    def post(self, url, data=None, htmx=False, **kwargs):
        if self.token is None:
            self.get("/register")
        data = dict(data or {})
        headers = dict(kwargs.pop("headers", {}))
        if htmx:
            headers.update({"HX-Request": "true", "X-CSRFToken": self.token})
        else:
            data.setdefault("csrf_token", self.token)
        return self.client.post(url, data=data, headers=headers, **kwargs)

    def undo(self, game_id, htmx=False, **kwargs):
        """Tap Undo on the game page as it is now."""
        page = self.get(f"/games/{game_id}", headers=kwargs.get("headers", {})).get_data(as_text=True)
        return self.post(f"/games/{game_id}/undo", undo_fields(page), htmx=htmx, **kwargs)

    def register(self, name, password="correct horse"):
        self.get("/register")
        response = self.post("/register", {"username": name, "password": password, "confirm": password})
        assert response.status_code == 303, response.get_data(as_text=True)
        return response

    def login(self, name, password="correct horse"):
        self.get("/login")
        return self.post("/login", {"username": name, "password": password})

    def logout(self):
        self.get("/")
        return self.post("/logout")

    def session(self) -> tuple[str, str | None]:
        """This browser's session cookie and CSRF token: with `resume`, another test client is this person,
        logged in, without logging in again (for a world kept by `seeded_once`: same secret, same database)."""
        app = self.client.application
        cookie = self.client.get_cookie(app.config["SESSION_COOKIE_NAME"], domain=app.config["SERVER_NAME"])
        assert cookie is not None, "this browser has no session"
        return cookie.value, self.token

    def resume(self, session: tuple[str, str | None]) -> "Browser":
        app = self.client.application
        value, self.token = session
        self.client.set_cookie(app.config["SESSION_COOKIE_NAME"], value, domain=app.config["SERVER_NAME"])
        return self


@pytest.fixture
def web(client):
    return Browser(client)


@pytest.fixture
def new_web(app):
    """More people, each with their own cookie jar."""
    return lambda: Browser(app.test_client())


class Table:
    """A league owned by Ana with players on its roster, and Ana logged in through `web`."""

    def __init__(self, app, web, names):
        from ramo_keeper.accounts.service import create_user
        from ramo_keeper.leagues.service import add_player, create_league

        with app.app_context():
            owner = create_user("Ana", "correct horse")
            league = create_league(owner, "Friday")
            self.players = {name: add_player(league, name).id for name in names}
            self.league_id = league.id
            self.season_id = league.seasons[0].id
            db.session.commit()
        self.app, self.web = app, web
        web.login("Ana")

    def facts(self) -> dict:
        """What `resumed` needs to be this table again on a copy of its database (tests/conftest.py: seeded_once)."""
        return {"players": self.players, "league_id": self.league_id, "season_id": self.season_id,
                "session": self.web.session()}

    @classmethod
    def resumed(cls, app, web, facts: dict) -> "Table":
        table = cls.__new__(cls)
        table.app, table.web = app, web.resume(facts["session"])
        table.players, table.league_id, table.season_id = facts["players"], facts["league_id"], facts["season_id"]
        return table

    def id(self, name: str) -> int:
        return self.players[name]

    def new_game(self, variant: str, seats: list[str], dealer: str | None = None, **options) -> int:
        """Create a game through the new-game page, as a person would."""
        data = {"variant": variant, "options_for": variant, "seat": [str(self.id(n)) for n in seats],
                "first_dealer_id": str(self.id(dealer or seats[0])), "season_id": str(self.season_id),
                "action": "create"}
        from ramo_keeper import rules

        for option in rules.get_variant(variant).options:
            value = options.get(option.key, option.default)
            if option.kind == "bool":
                if value:
                    data[f"opt_{option.key}"] = "on"
            else:
                data[f"opt_{option.key}"] = str(value)
        url = f"/leagues/{self.league_id}/games/new"
        self.web.get(url)
        response = self.web.post(url, data)
        assert response.status_code == 303, response.get_data(as_text=True)
        return int(response.headers["Location"].rstrip("/").split("/")[-1])

    def hand_data(self, out: str | None = None, laid=(), cards=None, rummy=False, key=None) -> dict:
        """The hand form's fields: out is a name or None ("nobody"/"no knock")."""
        import uuid

        data = {"went_out": str(self.id(out)) if out else "none", "idempotency_key": key or uuid.uuid4().hex}
        for name in laid:
            data[f"laid_{self.id(name)}"] = "y"
        for name, counts in (cards or {}).items():
            for category, count in counts.items():
                data[f"c_{self.id(name)}_{category}"] = str(count)
        if rummy:
            data["went_rummy"] = "y"
        return data

    def post_hand(self, game_id: int, htmx=False, **hand):
        self.web.get(f"/games/{game_id}")
        return self.web.post(f"/games/{game_id}/hands", self.hand_data(**hand), htmx=htmx)

    def state(self, game_id: int):
        from ramo_keeper.games.stored import load_game, state_of

        with self.app.app_context():
            return state_of(load_game(game_id))

    def totals(self, game_id: int) -> dict[str, int]:
        return {p.name: p.total for p in self.state(game_id).players}


@pytest.fixture
def table(app, web):
    return Table(app, web, ["A", "B", "C", "D"])
