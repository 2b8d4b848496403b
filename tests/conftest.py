"""Shared fixtures: an app on a fresh database (SQLite file, or PostgreSQL from DATABASE_URL)."""

import os
import re

import pytest
from sqlalchemy import text

from ramo_keeper import create_app
from ramo_keeper.extensions import db

POSTGRES_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = POSTGRES_URL.startswith("postgres")
_schema_ready = False


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
        db.session.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
        db.session.commit()
    else:
        db.create_all()


def mark_schema_changed() -> None:
    """A test that rebuilt the schema itself (the migration test) tells the fixture."""
    global _schema_ready
    _schema_ready = False


@pytest.fixture
def app(tmp_path):
    url = POSTGRES_URL if ON_POSTGRES else f"sqlite:///{tmp_path / 'test.sqlite3'}"
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": url,
        "SECRET_KEY": "test-secret",
        "SERVER_NAME": "keeper.test",
    })
    with app.app_context():
        reset_database()
    yield app
    with app.app_context():
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


class Browser:
    """A test client that behaves like a person's browser: fetches forms to get their CSRF token."""

    def __init__(self, client):
        self.client = client
        self.token = None

    def get(self, url, **kwargs):
        response = self.client.get(url, **kwargs)
        text_ = response.get_data(as_text=True)
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


@pytest.fixture
def web(client):
    return Browser(client)


@pytest.fixture
def new_web(app):
    """More people, each with their own cookie jar."""
    return lambda: Browser(app.test_client())
