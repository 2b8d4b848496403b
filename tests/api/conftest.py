"""API fixtures: users with bearer tokens, and a client that talks /api/v1 with them."""

import pytest

from ramo_keeper.accounts.service import create_user, find_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.models import League, Membership

from .helpers import Api


@pytest.fixture
def make_api(app):
    def make(name: str) -> Api:
        with app.app_context():
            user = find_user(name) or create_user(name, "correct horse")
            token = issue_token(user)
            db.session.commit()
        return Api(app, token)

    return make


@pytest.fixture
def api(make_api) -> Api:
    return make_api("Ann")


@pytest.fixture
def member(app, make_api):
    """Another user in a league with the given role, as an Api."""

    def add(league_id: int, name: str, role: str) -> Api:
        other = make_api(name)
        with app.app_context():
            league = db.session.get(League, league_id)
            db.session.add(Membership(league=league, user=find_user(name), role=role))
            db.session.commit()
        return other

    return add
