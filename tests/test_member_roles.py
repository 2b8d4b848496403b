"""Changing members' roles and removing members: a league always keeps an owner, and a change is made
only by someone who is an owner when it is made (the races themselves: security/test_members_race_server.py)."""

import pytest

from ramo_keeper.accounts.service import create_user
from ramo_keeper.errors import Conflict
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import change_role, create_league, join, remove_member
from ramo_keeper.models import League, Membership


def two_owners(app) -> int:
    with app.app_context():
        ana, bo = create_user("Ana", "correct horse"), create_user("Bo", "correct horse")
        league = create_league(ana, "Friday")
        join(league, bo, "owner")
        db.session.commit()
        return league.id


def membership(league_id: int, name: str) -> Membership:
    return db.session.execute(db.select(Membership).join(Membership.user).where(
        Membership.league_id == league_id, Membership.user.has(username=name))).scalar_one()


def roles(league_id: int) -> dict[str, str]:
    return {m.user.username: m.role for m in db.session.get(League, league_id).memberships}


@pytest.mark.parametrize("change", [lambda member, by: change_role(member, "viewer", by=by),
                                    lambda member, by: remove_member(member, by=by)], ids=["role", "remove"])
def test_someone_no_longer_an_owner_changes_nobody(app, change):
    """What the second of two owners' requests meets once the first made it a viewer: it changes nothing."""
    league_id = two_owners(app)
    with app.app_context():
        membership(league_id, "Bo").role = "viewer"
        db.session.commit()
        bo = membership(league_id, "Bo").user
        with pytest.raises(Conflict, match="You are no longer an owner of Friday: nothing was changed."):
            change(membership(league_id, "Ana"), bo)
        db.session.rollback()
        assert roles(league_id) == {"Ana": "owner", "Bo": "viewer"}


def test_a_member_removed_meanwhile_is_not_changed(app):
    league_id = two_owners(app)
    with app.app_context():
        ana, bo = membership(league_id, "Ana"), membership(league_id, "Bo")
        assert bo.user.username == "Bo"  # loaded, as the page's request had it before another one removed Bo
        db.session.execute(db.delete(Membership).where(Membership.id == bo.id)
                           .execution_options(synchronize_session=False))
        with pytest.raises(Conflict, match="Bo is no longer a member of Friday."):
            change_role(bo, "viewer", by=ana.user)
        db.session.commit()
        assert roles(league_id) == {"Ana": "owner"}


def test_an_owner_who_leaves_lands_on_their_leagues_with_the_message(app, web):
    league_id = two_owners(app)
    web.login("Ana", "correct horse")
    with app.app_context():
        own = membership(league_id, "Ana").id
    web.get(f"/leagues/{league_id}")
    response = web.post(f"/leagues/{league_id}/members/{own}/remove")
    assert response.status_code == 303 and response.headers["Location"].endswith("/leagues")
    page = web.get("/leagues").get_data(as_text=True)
    assert "Ana was removed from the league." in page
    with app.app_context():
        assert roles(league_id) == {"Bo": "owner"}
