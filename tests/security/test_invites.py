"""Invite links expire, can be revoked and used up, never grant more than their role,
and stop working when a member is removed."""

from datetime import timedelta

from conftest import csrf_from
from ramo_keeper.extensions import db
from ramo_keeper.models import Invite, League, Membership, utcnow


def _league(web) -> int:
    web.register("Ana")
    web.get("/leagues")
    response = web.post("/leagues", {"name": "Friday"})
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def _invite(web, league_id, **fields) -> str:
    page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    response = web.client.post(f"/leagues/{league_id}/invite", data={"csrf_token": csrf_from(page), **fields})
    assert response.status_code == 303
    with web.client.application.app_context():
        return "/join/" + db.session.get(League, league_id).invite_token


def _person(new_web, name):
    person = new_web()
    person.register(name)
    return person


def _role(app, league_id, name) -> str | None:
    with app.app_context():
        return db.session.execute(db.select(Membership.role).join(Membership.user).where(
            Membership.league_id == league_id).filter_by(username=name)).scalar_one_or_none()


def _join(person, link):
    person.get(link)
    return person.post(link)


def test_an_invite_works_for_7_days_by_default_then_expires(app, web, new_web):
    league_id = _league(web)
    link = _invite(web, league_id)
    with app.app_context():
        invite = db.session.execute(db.select(Invite)).scalar_one()
        assert timedelta(days=6, hours=23) < invite.expires_at - utcnow() <= timedelta(days=7)
        invite.expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    bo = _person(new_web, "Bo")
    assert bo.get(link).status_code == 404
    assert _join(bo, link).status_code == 404
    assert _role(app, league_id, "Bo") is None


def test_a_viewer_invite_makes_viewers(app, web, new_web):
    league_id = _league(web)
    link = _invite(web, league_id, role="viewer")
    bo = _person(new_web, "Bo")
    assert "join as a viewer" in bo.get(link).get_data(as_text=True)
    assert _join(bo, link).status_code == 303
    assert _role(app, league_id, "Bo") == "viewer"


def test_an_invite_cannot_make_owners(app, web):
    league_id = _league(web)
    page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    web.client.post(f"/leagues/{league_id}/invite", data={"csrf_token": csrf_from(page), "role": "owner"})
    with app.app_context():
        assert db.session.execute(db.select(Invite)).scalars().all() == []


def test_a_use_limit_holds(app, web, new_web):
    league_id = _league(web)
    link = _invite(web, league_id, max_uses="1")
    assert _join(_person(new_web, "Bo"), link).status_code == 303
    cy = _person(new_web, "Cy")
    assert _join(cy, link).status_code == 404
    assert _role(app, league_id, "Cy") is None


def test_a_revoked_invite_stops_working(app, web, new_web):
    league_id = _league(web)
    link = _invite(web, league_id)
    page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    web.client.post(f"/leagues/{league_id}/invite/revoke", data={"csrf_token": csrf_from(page)})
    assert _join(_person(new_web, "Bo"), link).status_code == 404


def test_a_removed_member_cannot_come_back_with_the_link_or_rise_above_the_new_invites_role(app, web, new_web):
    league_id = _league(web)
    link = _invite(web, league_id, role="viewer")
    vi = _person(new_web, "Vi")
    _join(vi, link)
    assert _role(app, league_id, "Vi") == "viewer"
    with app.app_context():
        member_id = db.session.execute(db.select(Membership.id).filter_by(role="viewer")).scalar_one()
    page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    web.client.post(f"/leagues/{league_id}/members/{member_id}/remove", data={"csrf_token": csrf_from(page)})
    assert _join(vi, link).status_code == 404
    assert _role(app, league_id, "Vi") is None
    # A new viewer link: Vi comes back as viewer, not one role higher.
    _join(vi, _invite(web, league_id, role="viewer"))
    assert _role(app, league_id, "Vi") == "viewer"


def test_a_member_opening_a_link_keeps_their_role_and_uses_nothing(app, web, new_web):
    league_id = _league(web)
    link = _invite(web, league_id, role="scorer", max_uses="1")
    vi = _person(new_web, "Vi")
    with app.app_context():
        from ramo_keeper.leagues.service import join
        from ramo_keeper.models import User

        join(db.session.get(League, league_id), db.session.execute(
            db.select(User).filter_by(username="Vi")).scalar_one(), "viewer")
        db.session.commit()
    _join(vi, link)
    assert _role(app, league_id, "Vi") == "viewer"
    with app.app_context():
        assert db.session.execute(db.select(Invite.uses)).scalar_one() == 0


def test_the_owner_sees_the_links_role_expiry_and_uses(web):
    league_id = _league(web)
    _invite(web, league_id, role="viewer", days="1", max_uses="3")
    page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "joins as viewer, until" in page and "used 0 of 3 times" in page
