"""Every league-scoped page answers 404 to outsiders and 403 to viewers who try to write.

The routes are read from the app's URL map, so a new league-scoped route is covered
(or makes this test fail until its ids are known here) without anyone remembering to add it.
"""

import pytest

from ramo_keeper import create_app
from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league, join
from ramo_keeper.models import Membership

# Routes that are public, or scoped by something other than league membership.
# "/n/": find your table, open to anyone holding the board's link (tests/nights/test_find_your_table.py).
NOT_LEAGUE_SCOPED_PREFIXES = ("/static", "/api/", "/join/", "/rules", "/live/", "/n/")
# Pages that only show a form for changing something: viewers get 403 there too.
WRITE_FORMS = {
    "/leagues/<int:league_id>/games/new",
    "/games/<int:game_id>/hands/<int:number>/edit",
    "/games/<int:game_id>/delete",
    # The house-rule editor is a scorer's or owner's form; the house rule's own page is for everyone.
    "/leagues/<int:league_id>/house-rules/new",
    "/leagues/<int:league_id>/house-rules/<int:ruleset_id>/edit",
    "/leagues/<int:league_id>/nights/new",  # opening a club night is a scorer's form
}
# Any member's phone may take a player's seat and count that player's cards (issue 21): a viewer's too.
MEMBER_WRITES = {
    "/games/<int:game_id>/seat",
    "/games/<int:game_id>/seat/leave",
    "/games/<int:game_id>/draft",
}
# Pages only the owner may read (issue 11: a backup holds the whole league).
OWNER_READS = {"/leagues/<int:league_id>/backup.json"}
SCOPING_ARGS = {"league_id", "game_id", "season_id", "player_id", "member_id", "number", "hand_number", "ruleset_id",
                "night_id"}


def league_routes():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    routes = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(NOT_LEAGUE_SCOPED_PREFIXES) or not (rule.arguments & SCOPING_ARGS):
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            routes.append(pytest.param(rule.rule, method, id=f"{method} {rule.rule}"))
    return routes


@pytest.fixture
def world(app, new_web, seeded_once):
    """A league owned by Ana with a viewer Vi, an outsider Out, and one of everything in it. Seeded once a
    worker (tests/conftest.py: seeded_once): each test gets a copy of the database and the three sessions."""

    def seed():
        with app.app_context():
            ana, vi = create_user("Ana", "correct horse"), create_user("Vi", "correct horse")
            create_user("Out", "correct horse")
            league = create_league(ana, "Friday")
            league.ratings = True  # the ratings page exists only while the league rates: a viewer reads it too
            join(league, vi).role = "viewer"
            players = [add_player(league, name) for name in ("Bo", "Cy", "Di")]
            ids = {
                "league_id": league.id,
                "player_id": players[0].id,
                "member_id": db.session.execute(db.select(Membership.id).filter_by(user_id=ana.id)).scalar_one(),
                "season_id": league.seasons[0].id,
            }
            ids.update(extra_ids(league, ana, players))
            db.session.commit()
        sessions = {}
        for name in ("Ana", "Vi", "Out"):
            person = new_web()
            person.login(name)
            sessions[name] = person.session()
        return ids, sessions

    ids, sessions = seeded_once("test_access: Ana's league with a viewer and an outsider", seed)
    return ids, {name: new_web().resume(session) for name, session in sessions.items()}


def extra_ids(league, owner, players) -> dict:
    """Ids of a game with one hand, once games exist."""
    try:
        from ramo_keeper.games import hand_inputs
        from ramo_keeper.games import service as games
    except ImportError:
        return {}
    game = games.create_game(league, owner, "ramo", [p.id for p in players])
    games.record_hand(game.id, owner, hand_inputs.from_body({"results": [
        {"player_id": players[0].id, "cards": {}, "went_out": True},
        {"player_id": players[1].id, "cards": {"low": 1}},
        {"player_id": players[2].id, "cards": {"high": 1}},
    ]}))
    from ramo_keeper.house_rules.service import create_ruleset

    ruleset = create_ruleset(league, "Nonna's Ramo", {"out_score": -30}, based_on="ramo")
    from ramo_keeper.nights.service import open_night

    night = open_night(league, owner, "Thursday", "ramo", [p.id for p in players], 3, 2)
    return {"game_id": game.id, "number": 1, "hand_number": 1, "ruleset_id": ruleset.id, "night_id": night.id}


def url_for_rule(rule: str, ids: dict) -> str:
    url = rule
    for arg in SCOPING_ARGS | {"token_id"}:
        for converter in ("int:", ""):
            placeholder = f"<{converter}{arg}>"
            if placeholder in url:
                url = url.replace(placeholder, str(ids[arg]))
    assert "<" not in url, f"test_access does not know how to fill {rule}"
    return url


@pytest.mark.parametrize(("rule", "method"), league_routes())
def test_outsiders_get_404(world, rule, method):
    ids, people = world
    outsider = people["Out"]
    outsider.get("/leagues")
    url = url_for_rule(rule, ids)
    response = outsider.get(url) if method == "GET" else outsider.post(url, {}) if method == "POST" else \
        outsider.client.open(url, method=method, headers={"X-CSRFToken": outsider.token})
    assert response.status_code == 404


@pytest.mark.parametrize(("rule", "method"),
                         [p for p in league_routes()
                          if (p.values[1] != "GET" and p.values[0] not in MEMBER_WRITES)
                          or p.values[0] in WRITE_FORMS | OWNER_READS])
def test_viewers_get_403_on_writes(world, rule, method):
    ids, people = world
    viewer = people["Vi"]
    viewer.get("/leagues")
    url = url_for_rule(rule, ids)
    response = viewer.get(url) if method == "GET" else viewer.post(url, {}) if method == "POST" else \
        viewer.client.open(url, method=method, headers={"X-CSRFToken": viewer.token})
    assert response.status_code == 403


@pytest.mark.parametrize(("rule", "method"),
                         [p for p in league_routes()
                          if p.values[1] == "GET" and p.values[0] not in WRITE_FORMS | OWNER_READS])
def test_viewers_can_read(world, rule, method):
    ids, people = world
    response = people["Vi"].get(url_for_rule(rule, ids))
    assert response.status_code == 200


def test_the_route_list_is_not_empty():
    rules = {p.values[0] for p in league_routes()}
    assert "/leagues/<int:league_id>" in rules
    assert "/leagues/<int:league_id>/players" in rules


def test_a_viewers_phone_takes_a_seat_and_counts_that_players_cards(world):
    ids, people = world
    viewer = people["Vi"]
    game = ids["game_id"]
    viewer.get(f"/games/{game}")
    assert viewer.post(f"/games/{game}/seat", {"player_id": str(ids["player_id"])}).status_code == 303
    assert viewer.post(f"/games/{game}/draft", {"hand_number": "2", "c_low": "3"}).status_code == 303
    assert "Sent to the scorer." in viewer.get(f"/games/{game}").get_data(as_text=True)
    assert viewer.post(f"/games/{game}/seat/leave", {}).status_code == 303
    # Without a seat the phone writes nothing.
    assert viewer.post(f"/games/{game}/draft", {"hand_number": "2", "c_low": "4"}).status_code == 403
