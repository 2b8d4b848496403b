"""Leagues, invites, roles and rosters."""

from ramo_keeper.extensions import db
from ramo_keeper.models import League, Membership, Player


def create_league(web, name="Friday cards") -> int:
    web.get("/leagues")
    response = web.post("/leagues", {"name": name})
    assert response.status_code == 303
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def invite_link(web, league_id) -> str:
    web.get(f"/leagues/{league_id}")
    web.post(f"/leagues/{league_id}/invite")
    with web.client.application.app_context():
        return "/join/" + db.session.get(League, league_id).invite_token


def test_creator_becomes_owner_and_league_gets_a_current_season(app, web):
    web.register("Ana")
    league_id = create_league(web)
    page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "Friday cards" in page and "You are owner." in page
    with app.app_context():
        league = db.session.get(League, league_id)
        assert [s.name for s in league.seasons if s.is_current] == ["Season 1"]


def test_empty_league_name_is_shown_next_to_the_field(web):
    web.register("Ana")
    web.get("/leagues")
    response = web.post("/leagues", {"name": "   "})
    assert response.status_code == 422
    assert "A league needs a name." in response.get_data(as_text=True)


def test_invite_link_lets_a_second_account_join_as_scorer(app, web, new_web):
    web.register("Ana")
    league_id = create_league(web)
    link = invite_link(web, league_id)
    bo = new_web()
    bo.register("Bo")
    page = bo.get(link).get_data(as_text=True)
    assert "Join Friday cards" in page
    response = bo.post(link)
    assert response.status_code == 303
    assert "You are scorer." in bo.get(f"/leagues/{league_id}").get_data(as_text=True)


def test_invite_link_requires_login_first(web, new_web):
    web.register("Ana")
    link = invite_link(web, create_league(web))
    response = new_web().get(link)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_revoked_or_unknown_invite_says_so_plainly(web, new_web):
    web.register("Ana")
    league_id = create_league(web)
    link = invite_link(web, league_id)
    web.post(f"/leagues/{league_id}/invite/revoke")
    bo = new_web()
    bo.register("Bo")
    for url in (link, "/join/made-up-token"):
        response = bo.get(url)
        assert response.status_code == 404
        assert "This invite link does not work" in response.get_data(as_text=True)
    assert bo.post(link).status_code == 404


def test_new_invite_link_replaces_the_old_one(web, new_web):
    web.register("Ana")
    league_id = create_league(web)
    first = invite_link(web, league_id)
    second = invite_link(web, league_id)
    assert first != second
    bo = new_web()
    bo.register("Bo")
    assert bo.get(first).status_code == 404
    assert bo.get(second).status_code == 200


def _join(web, new_web, name):
    league_id = create_league(web)
    link = invite_link(web, league_id)
    other = new_web()
    other.register(name)
    other.get(link)
    other.post(link)
    return league_id, other


def test_owner_changes_roles_and_viewer_cannot_write(app, web, new_web):
    web.register("Ana")
    league_id, bo = _join(web, new_web, "Bo")
    with app.app_context():
        member_id = db.session.execute(db.select(Membership.id).join(Membership.user).filter_by(
            username="Bo")).scalar_one()
    web.get(f"/leagues/{league_id}")
    assert web.post(f"/leagues/{league_id}/members/{member_id}/role", {"role": "viewer"}).status_code == 303
    bo.get(f"/leagues/{league_id}/players")
    assert bo.post(f"/leagues/{league_id}/players", {"name": "Cy"}).status_code == 403
    assert "Add player" not in bo.get(f"/leagues/{league_id}/players").get_data(as_text=True)


def test_scorer_cannot_change_roles(app, web, new_web):
    web.register("Ana")
    league_id, bo = _join(web, new_web, "Bo")
    with app.app_context():
        owner_id = db.session.execute(db.select(Membership.id).filter_by(role="owner")).scalar_one()
    bo.get(f"/leagues/{league_id}")
    assert bo.post(f"/leagues/{league_id}/members/{owner_id}/role", {"role": "viewer"}).status_code == 403


def test_owner_removes_a_member_who_then_gets_404(app, web, new_web):
    web.register("Ana")
    league_id, bo = _join(web, new_web, "Bo")
    with app.app_context():
        member_id = db.session.execute(db.select(Membership.id).filter_by(role="scorer")).scalar_one()
    web.get(f"/leagues/{league_id}")
    web.post(f"/leagues/{league_id}/members/{member_id}/remove")
    assert bo.get(f"/leagues/{league_id}").status_code == 404


def test_last_owner_cannot_step_down(app, web):
    web.register("Ana")
    league_id = create_league(web)
    with app.app_context():
        member_id = db.session.execute(db.select(Membership.id)).scalar_one()
    web.get(f"/leagues/{league_id}")
    web.post(f"/leagues/{league_id}/members/{member_id}/role", {"role": "viewer"})
    page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "A league needs at least one owner" in page
    assert "You are owner." in page


def test_user_can_be_in_several_leagues_and_switch(web, new_web):
    web.register("Ana")
    first = create_league(web, "Friday cards")
    second = create_league(web, "Family")
    page = web.get("/leagues").get_data(as_text=True)
    assert "Friday cards" in page and "Family" in page
    web.get(f"/leagues/{first}")
    assert 'aria-current="true"' in web.get("/leagues").get_data(as_text=True)
    assert web.get(f"/leagues/{second}").status_code == 200


def test_roster_add_rename_archive(app, web):
    web.register("Ana")
    league_id = create_league(web)
    url = f"/leagues/{league_id}/players"
    web.get(url)
    for name in ("Bo", "Cy"):
        assert web.post(url, {"name": name}).status_code == 303
    with app.app_context():
        bo = db.session.execute(db.select(Player).filter_by(name="Bo")).scalar_one()
    assert web.post(f"{url}/{bo.id}/rename", {"name": "Bodil"}).status_code == 303
    assert web.post(f"{url}/{bo.id}/archive").status_code == 303
    page = web.get(url).get_data(as_text=True)
    assert "Bodil" in page and "(archived)" in page
    league_page = web.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "Cy" in league_page and "Bodil" not in league_page


def test_player_names_are_unique_in_a_league_whatever_the_case(web):
    web.register("Ana")
    league_id = create_league(web)
    url = f"/leagues/{league_id}/players"
    web.get(url)
    web.post(url, {"name": "Bo"})
    response = web.post(url, {"name": "bO"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "bO is already on the roster." in page and 'value="bO"' in page


def test_empty_player_name_is_refused(web):
    web.register("Ana")
    league_id = create_league(web)
    url = f"/leagues/{league_id}/players"
    web.get(url)
    response = web.post(url, {"name": "  "})
    assert response.status_code == 422
    assert "A name cannot be empty." in response.get_data(as_text=True)


def test_rename_to_a_taken_name_keeps_the_typed_value(app, web):
    web.register("Ana")
    league_id = create_league(web)
    url = f"/leagues/{league_id}/players"
    web.get(url)
    web.post(url, {"name": "Bo"})
    web.post(url, {"name": "Cy"})
    with app.app_context():
        cy = db.session.execute(db.select(Player).filter_by(name="Cy")).scalar_one()
    response = web.post(f"{url}/{cy.id}/rename", {"name": "BO"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "BO is already on the roster." in page and 'value="BO"' in page


def test_adding_a_player_through_htmx_returns_only_the_roster_fragment(web):
    web.register("Ana")
    league_id = create_league(web)
    url = f"/leagues/{league_id}/players"
    web.get(url)
    response = web.post(url, {"name": "Bo"}, htmx=True, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Bo" in page and '<div id="roster">' in page
    assert "<html" not in page
    full = web.get(url).get_data(as_text=True)
    assert "<html" in full and '<div id="roster">' in full
