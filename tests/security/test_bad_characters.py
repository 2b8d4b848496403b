"""One text validator: NUL, control and direction-changing characters are refused with a 4xx and a message,
in every way a name, token or key comes in, and nothing is stored."""

import pytest

from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.models import League, Player, Season, User
from ramo_keeper.text.validation import TextError, clean_name, name_key, whole_number

BAD_NAMES = {
    "nul": "Bo\x00b",
    "bell": "Bo\x07",
    "newline": "Bo\nCy",
    "right-to-left override": "Bo\u202etxt.exe",
    "left-to-right isolate": "\u2066Bo",
    "line separator": "Bo\u2028Cy",
}


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_the_validator_refuses_it_with_a_sentence(name):
    with pytest.raises(TextError) as refused:
        clean_name(name)
    assert refused.value.message.startswith("A name cannot contain")


def test_ordinary_names_from_everywhere_pass():
    for name in ("Bo", "Zoë", "Straße", "김민지", "محمد", "👩‍👩‍👧 family", "O'Brien-Smith"):
        assert clean_name(f"  {name} ") == name
    assert name_key("STRASSE") == name_key("Straße")


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_pages_refuse_it_in_user_league_player_and_season_names(app, table, new_web, name):
    web = table.web
    web.get("/leagues")
    assert 400 <= web.post("/leagues", {"name": name}).status_code < 500
    web.get(f"/leagues/{table.league_id}/players")
    assert 400 <= web.post(f"/leagues/{table.league_id}/players", {"name": name}).status_code < 500
    web.get(f"/leagues/{table.league_id}/seasons")
    assert 400 <= web.post(f"/leagues/{table.league_id}/seasons", {"name": name}).status_code < 500
    stranger = new_web()
    stranger.get("/register")
    response = stranger.post("/register", {"username": name, "password": "long enough", "confirm": "long enough"})
    assert 400 <= response.status_code < 500
    assert "cannot contain" in response.get_data(as_text=True) or "cannot be stored" in response.get_data(
        as_text=True)
    with app.app_context():
        stored = [*db.session.execute(db.select(League.name)).scalars(),
                  *db.session.execute(db.select(Player.name)).scalars(),
                  *db.session.execute(db.select(Season.name)).scalars(),
                  *db.session.execute(db.select(User.username)).scalars()]
        assert name not in stored


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_the_api_refuses_it_in_league_player_and_season_names(app, name):
    with app.app_context():
        token = issue_token(create_user("Ann", "correct horse"))
        db.session.commit()
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    assert 400 <= client.post("/api/v1/leagues", json={"name": name}, headers=auth).status_code < 500
    league_id = client.post("/api/v1/leagues", json={"name": "Friday"}, headers=auth).get_json()["id"]
    for path in (f"/api/v1/leagues/{league_id}/players", f"/api/v1/leagues/{league_id}/seasons"):
        response = client.post(path, json={"name": name}, headers=auth)
        assert 400 <= response.status_code < 500, path
        assert response.get_json()["error"]
    with app.app_context():
        assert db.session.execute(db.select(Player)).first() is None
        assert [s.name for s in db.session.execute(db.select(Season)).scalars()] == ["Season 1"]


def test_nul_in_an_invite_or_live_token_or_an_idempotency_key_is_a_4xx(table):
    web = table.web
    for path in ("/join/abc%00def", "/live/abc%00def"):
        assert web.get(path).status_code in (400, 404), path
    game_id = table.new_game("rummy", ["A", "B", "C"])
    web.get(f"/games/{game_id}")
    data = table.hand_data(out="A", cards={"B": {"pips": 5}, "C": {"pips": 7}}, key="key\x00one")
    response = web.post(f"/games/{game_id}/hands", data)
    assert response.status_code == 400
    assert "cannot be stored" in response.get_data(as_text=True)
    assert table.state(game_id).hand_count == 0


@pytest.mark.parametrize("typed", ["３", "١٢", "²", "1_0", "٣"])
def test_full_width_and_other_non_ascii_digits_are_not_card_counts(table, typed):
    game_id = table.new_game("rummy", ["A", "B", "C"])
    response = table.post_hand(game_id, out="A", cards={"B": {"pips": typed}, "C": {"pips": 7}})
    assert response.status_code == 422
    assert "Enter a whole number." in response.get_data(as_text=True)
    assert table.state(game_id).hand_count == 0
    assert whole_number(typed) is None and whole_number("12") == 12
