"""Play now: a guest with its own league, tied to the browser by a signed cookie, on the same pages."""

import csv
import io
import re
from datetime import timedelta

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, Membership, Player, User, utcnow

from .helpers import game_id_of, play_now, record


def guest_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("ramo_guest=")]
    assert len(cookies) == 1, response.headers.getlist("Set-Cookie")
    return cookies[0]


def test_the_landing_page_offers_play_now(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/play"' in page and "Play now" in page


def test_play_now_makes_a_guest_with_its_own_league_and_opens_the_first_hand_form(app, web):
    response = play_now(web, "rummy", ["Al", "Bo", "Cy"])
    game_id = game_id_of(response)
    page = web.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.search(r"Record hand <span data-hand-number>1</span>", page)
    with app.app_context():
        guest = db.session.execute(db.select(User)).scalar_one()
        assert guest.is_guest and guest.username == "Guest"
        membership = db.session.execute(db.select(Membership)).scalar_one()
        assert membership.user_id == guest.id and membership.role == "owner"
        game = db.session.get(Game, game_id)
        assert game.league_id == membership.league_id and game.variant == "rummy"
        assert [s.player.name for s in game.seats] == ["Al", "Bo", "Cy"]
        assert game.season is not None and game.season.is_current


def test_the_guest_cookie_is_long_lived_httponly_and_samesite_lax(web):
    cookie = guest_cookie(play_now(web, "ramo", ["Al", "Bo"]))
    max_age = int(re.search(r"Max-Age=(\d+)", cookie).group(1))
    assert max_age >= 365 * 24 * 3600
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie


def test_the_guest_cookie_is_secure_in_production(app, web):
    app.config["SESSION_COOKIE_SECURE"] = True
    assert "; Secure" in guest_cookie(play_now(web, "ramo", ["Al", "Bo"]))


def test_the_cookie_alone_brings_the_guest_back_after_the_session_ends(app, client, web):
    game_id = game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    client.delete_cookie("session", domain="keeper.test")
    assert client.get(f"/games/{game_id}").status_code == 200
    assert "Save to an account" in client.get("/").get_data(as_text=True)


def test_a_tampered_or_unknown_guest_cookie_is_nobody(app, client, web):
    game_id = game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    value = client.get_cookie("ramo_guest", domain="keeper.test").value
    for forged in (value[:-2] + ("AA" if not value.endswith("AA") else "BB"), "InVzZXIifQ.abc"):
        other = app.test_client()
        other.set_cookie("ramo_guest", forged, domain="keeper.test")
        assert other.get(f"/games/{game_id}").status_code == 302  # to the login page
    with app.app_context():
        guest = db.session.execute(db.select(User)).scalar_one()
        guest.is_guest = False  # a guest saved to an account is no longer reachable by the cookie
        db.session.commit()
    client.delete_cookie("session", domain="keeper.test")
    assert client.get(f"/games/{game_id}").status_code == 302


def test_a_guest_records_hands_through_the_same_pages_and_rules(app, web):
    game_id = game_id_of(play_now(web, "rummy", ["Al", "Bo", "Cy"]))
    # Rummy: the player who goes out scores everyone else's cards: 20 pips + 3 tens (30) = 50.
    record(web, app, game_id, "Al", {"Bo": {"pips": 20}, "Cy": {"tens": 3}})
    page = web.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.search(r"Record hand <span data-hand-number>2</span>", page)
    scoreboard = page.split('class="scoreboard', 1)[1].split("</table>", 1)[0]
    assert re.search(r"Al.*?50", scoreboard, re.S)


def test_a_returning_guest_is_offered_the_names_used_before_as_chips(app, web):
    game_id_of(play_now(web, "contract", ["Al", "Bo", "Cy"]))
    page = web.get("/play").get_data(as_text=True)
    assert re.findall(r'aria-label="Add ([^"]+)"', page) == ["Al", "Bo", "Cy"]
    assert re.search(r'<input checked[^>]*value="contract"', page), "the last game is preselected"
    # A chip tap puts the name in the first empty box, keeping what was typed.
    page = web.post("/play", {"variant": "contract", "chip": "Bo", "names-0": "Di", "names-1": "",
                              "names-2": "", "names-3": ""}, htmx=True).get_data(as_text=True)
    assert "<html" not in page
    assert re.findall(r'name="names-\d" type="text" value="([^"]*)"', page) == ["Di", "Bo", "", ""]
    assert re.findall(r'aria-label="Add ([^"]+)"', page) == ["Al", "Cy"]
    # The same guest reuses the same roster players: no second Bo.
    game_id_of(play_now(web, "rummy", ["Bo", "Di"]))
    with app.app_context():
        names = db.session.execute(db.select(Player.name).order_by(Player.name)).scalars().all()
        assert names == ["Al", "Bo", "Cy", "Di"]
        assert db.session.execute(db.select(db.func.count(User.id))).scalar() == 1


def test_one_more_player_adds_a_name_box(web):
    web.get("/play")
    page = web.post("/play", {"variant": "ramo", "more": "1", **{f"names-{i}": "" for i in range(4)}})
    assert len(re.findall(r'name="names-\d"', page.get_data(as_text=True))) == 5


def test_mistakes_are_explained_and_make_no_guest(app, web):
    too_few = play_now(web, "contract", ["Al", "Bo"])
    assert too_few.status_code == 422
    assert "Contract Rummy is for 3 to 5 players: you named 2." in too_few.get_data(as_text=True)
    twice = play_now(web, "ramo", ["Al", "al"])
    assert twice.status_code == 422 and "al is typed twice" in twice.get_data(as_text=True)
    unknown = play_now(web, "poker", ["Al", "Bo"])
    assert unknown.status_code == 422 and "Not a valid choice" in unknown.get_data(as_text=True)
    # A character that flips the writing direction could make one name look like another.
    bidi = play_now(web, "ramo", ["Al", "B\u202eo"])
    assert bidi.status_code == 422 and "change the writing direction" in bidi.get_data(as_text=True)
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(User.id))).scalar() == 0
        assert db.session.execute(db.select(db.func.count(Player.id))).scalar() == 0


def test_guest_creation_is_throttled_per_address(app, new_web):
    app.config["GUEST_CREATE_LIMIT"] = 2
    here = {"environ_base": {"REMOTE_ADDR": "203.0.113.7"}}
    for _ in range(2):
        game_id_of(play_now(new_web(), "ramo", ["Al", "Bo"], **here))
    refused = play_now(new_web(), "ramo", ["Al", "Bo"], **here)
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    assert "Too many new guests from this address" in refused.get_data(as_text=True)
    assert "ramo_guest=" not in " ".join(refused.headers.getlist("Set-Cookie"))
    game_id_of(play_now(new_web(), "ramo", ["Al", "Bo"], environ_base={"REMOTE_ADDR": "203.0.113.8"}))
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(User.id)).filter_by(is_guest=True)).scalar() == 3


def test_an_existing_guest_starting_more_games_is_not_throttled(app, web):
    app.config["GUEST_CREATE_LIMIT"] = 1
    for _ in range(3):
        game_id_of(play_now(web, "ramo", ["Al", "Bo"]))


def test_a_guest_cannot_log_in_with_a_password_and_the_api_ignores_its_cookie(app, web):
    from ramo_keeper.accounts.service import authenticate
    from ramo_keeper.guests.service import NO_PASSWORD

    game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    with app.app_context():
        key = db.session.execute(db.select(User.username_key)).scalar_one()
        assert authenticate(key, NO_PASSWORD) is None and authenticate(key, "") is None
    assert web.client.get("/api/v1/leagues").status_code == 401


def test_an_account_is_sent_to_its_leagues_not_to_play_now(app, web):
    web.register("Ana")
    response = web.get("/play")
    assert response.status_code == 200
    assert "start a new game from one of your leagues" in response.get_data(as_text=True)
    assert web.post("/play", {"variant": "ramo", "start": "1", "names-0": "Al", "names-1": "Bo"}).status_code == 200
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Game.id))).scalar() == 0


def test_a_returning_guest_is_noted_at_most_once_a_day(app, client, web):
    game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    long_ago = utcnow() - timedelta(days=30)
    with app.app_context():
        db.session.execute(db.update(User).values(last_seen_at=long_ago))
        db.session.commit()
    client.delete_cookie("session", domain="keeper.test")
    response = client.get("/")
    assert "ramo_guest=" in " ".join(response.headers.getlist("Set-Cookie")), "the cookie slides forward"
    with app.app_context():
        seen = db.session.execute(db.select(User.last_seen_at)).scalar_one()
        assert utcnow() - seen < timedelta(minutes=1)
    assert "ramo_guest=" not in " ".join(client.get("/").headers.getlist("Set-Cookie"))


def test_a_guest_shares_a_live_link_and_exports_standings_like_everyone(app, web):
    game_id = game_id_of(play_now(web, "rummy", ["Al", "Bo"]))
    # Rummy to 150: Al goes out while Bo holds 15 tens (150), so the game ends after one hand.
    record(web, app, game_id, "Al", {"Bo": {"tens": 15}})
    web.get(f"/games/{game_id}")
    assert web.post(f"/games/{game_id}/share").status_code == 303
    with app.app_context():
        game = db.session.get(Game, game_id)
        token, league_id, season_id = game.share_token, game.league_id, game.season_id
        assert game.status == "finished"
    stranger = app.test_client()
    live = stranger.get(f"/live/{token}")
    assert live.status_code == 200 and "150" in live.get_data(as_text=True)
    export = web.get(f"/leagues/{league_id}/seasons/{season_id}/standings.csv").get_data().decode("utf-8-sig")
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(export))}
    # Two players: the winner gets round(100·(2−1)/(2−1)) = 100 placement points, the other 0.
    assert (rows["Al"]["points"], rows["Al"]["wins"], rows["Al"]["total"]) == ("100", "1", "150")
    assert (rows["Bo"]["points"], rows["Bo"]["wins"]) == ("0", "0")
