"""A night's size refusals say what they are (docs/API.md): the code of the cap that was passed, counts in words."""

from conftest import Browser


def _body(player_ids, table_size, variant="rummy") -> dict:
    return {"name": "Thursday", "variant": variant, "player_ids": list(player_ids), "table_size": table_size,
            "rounds": 1}


def test_forty_players_at_tables_of_two_are_too_many_tables(api):
    league, ids = api.league([f"P{n}" for n in range(40)])
    # ⌈40 / 2⌉ = 20 tables, past the 16 a night has: API.md's too_many_tables, not cannot_seat.
    response = api.post(f"/leagues/{league}/nights", _body(ids, 2))
    assert response.status_code == 422
    details = response.get_json()["details"]
    assert (details["code"], details["path"], details["maximum"]) == ("too_many_tables", "player_ids", 16)
    assert api.ok("GET", f"/leagues/{league}/nights") == []


def test_one_player_is_counted_in_words(api):
    league, ids = api.league(("Ana",))
    response = api.post(f"/leagues/{league}/nights", _body(ids, 2))
    assert response.status_code == 422
    body = response.get_json()
    assert body["details"]["code"] == "cannot_seat"
    assert body["error"].startswith("1 player cannot be seated at tables of Rummy"), body["error"]


def test_the_new_night_page_says_too_many_tables_and_one_player(api, client):
    league, ids = api.league([f"P{n}" for n in range(40)])
    browser = Browser(client)
    browser.login("Ann")
    form = {"action": "open", "name": "Friday", "variant": "rummy", "options_for": "rummy",
            "players": [str(i) for i in ids], "table_size": "2", "rounds": "1", "seating": "mix", "season_id": ""}
    page = browser.post(f"/leagues/{league}/nights/new", form)
    assert page.status_code == 422
    assert "A night has at most 16 tables" in page.get_data(as_text=True)
    page = browser.post(f"/leagues/{league}/nights/new", {**form, "players": [str(ids[0])]})
    assert page.status_code == 422
    text = page.get_data(as_text=True)
    assert "1 player cannot be seated" in text and "1 players" not in text
