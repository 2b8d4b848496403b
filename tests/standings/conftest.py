"""Fixtures for the standings tests."""

import pytest
from flask import g, request_started

from .builders import World


def _fresh_globals(sender, **extra):
    # Requests made while a test holds the app context reuse that context, and with it `g`,
    # where Flask-WTF caches the CSRF token and Flask-Login the user: start each request clean,
    # so two browsers in one test never see each other's token or login.
    for name in list(vars(g)):
        delattr(g, name)


@pytest.fixture
def ctx(app):
    """An application context for tests that call the services directly."""
    request_started.connect(_fresh_globals, app)
    with app.app_context():
        yield app
    request_started.disconnect(_fresh_globals, app)


@pytest.fixture
def world(ctx):
    return World()
