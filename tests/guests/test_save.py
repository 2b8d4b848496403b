"""Save to an account: keep the guest as an account, or move its games into an account's league.

The move test counts every row before and after: nothing lost, nothing duplicated, standings equal.
"""

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.games.stored import load_game, state_of
from ramo_keeper.models import AuditEntry, Game, GameResult, Hand, HandResult, League, Player, Season, User
from ramo_keeper.seasons.standings import season_standings

from .helpers import game_id_of, hand, play_now, record

COUNTED = {"hands": Hand, "hand results": HandResult, "audit rows": AuditEntry, "players": Player,
           "game results": GameResult, "games": Game}


def counts(app) -> dict[str, int]:
    with app.app_context():
        return {what: db.session.execute(db.select(db.func.count()).select_from(model)).scalar()
                for what, model in COUNTED.items()}


def test_keeping_the_guest_as_an_account_keeps_every_game(app, client, web, new_web):
    game_id = game_id_of(play_now(web, "rummy", ["Al", "Bo"]))
    record(web, app, game_id, "Al", {"Bo": {"pips": 12}})
    before = counts(app)
    assert "Make this an account" in web.get("/guest/save").get_data(as_text=True)
    response = web.post("/guest/keep", {"username": "Ana", "password": "correct horse", "confirm": "correct horse"})
    assert response.status_code == 303
    assert any(c.startswith("ramo_guest=;") for c in response.headers.getlist("Set-Cookie")), "cookie cleared"
    assert counts(app) == before
    with app.app_context():
        ana = db.session.execute(db.select(User)).scalar_one()
        assert (ana.username, ana.is_guest) == ("Ana", False) and ana.check_password("correct horse")
    assert "Hello, Ana" in web.get("/").get_data(as_text=True)
    elsewhere = new_web()
    elsewhere.login("Ana")
    assert elsewhere.get(f"/games/{game_id}").status_code == 200


def test_keeping_needs_a_free_name_and_a_password(app, web, new_web):
    new_web().register("Ana")
    game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    web.get("/guest/save")
    taken = web.post("/guest/keep", {"username": "ana", "password": "correct horse", "confirm": "correct horse"})
    assert taken.status_code == 422 and "The name ana is taken." in taken.get_data(as_text=True)
    short = web.post("/guest/keep", {"username": "Bea", "password": "short", "confirm": "short"})
    assert short.status_code == 422 and "Use at least 8 characters." in short.get_data(as_text=True)
    common = web.post("/guest/keep", {"username": "Bea", "password": "password1", "confirm": "password1"})
    assert common.status_code == 422 and "most common passwords" in common.get_data(as_text=True)
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(User.id)).filter_by(is_guest=True)).scalar() == 1


@pytest.fixture
def ana_with_friday(app):
    """Ana's league Friday: "bo" (the guest's Bo, in other case), Zed, and one game of their own."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.games.service import create_game, record_hand
    from ramo_keeper.leagues.service import add_player, create_league
    from ramo_keeper.rules import HandInput, PlayerResult

    with app.app_context():
        ana = create_user("Ana", "correct horse")
        friday = create_league(ana, "Friday")
        bo, zed = add_player(friday, "bo"), add_player(friday, "Zed")
        game = create_game(friday, ana, "rummy", [bo.id, zed.id])
        record_hand(game.id, ana, HandInput((PlayerResult(bo.id, {"pips": 3}), PlayerResult(zed.id, {}, {"went_out"}))))
        db.session.commit()
        return {"league_id": friday.id, "bo": bo.id, "zed": zed.id, "game_id": game.id,
                "season_id": friday.seasons[0].id}


def guest_history(app, web):
    """Two guest games: one finished with a corrected hand, one in progress after an undo."""
    first = game_id_of(play_now(web, "rummy", ["Al", "Bo", "Cy"]))
    record(web, app, first, "Al", {"Bo": {"pips": 20}, "Cy": {"tens": 3}})          # Al 50
    record(web, app, first, "Bo", {"Al": {"pips": 9}, "Cy": {"tens": 1}})           # Bo 19
    web.get(f"/games/{first}/hands/2/edit")
    fixed = web.post(f"/games/{first}/hands/2", hand(app, first, "Bo", {"Al": {"pips": 9}, "Cy": {"tens": 2}}))
    assert fixed.status_code == 303                                                 # Bo 29 (audit: edit)
    record(web, app, first, "Al", {"Bo": {"tens": 10}, "Cy": {"pips": 5}})          # Al 155: over 150
    second = game_id_of(play_now(web, "rummy", ["Bo", "Cy"]))
    record(web, app, second, "Cy", {"Bo": {"pips": 4}})
    assert web.undo(second).status_code == 303                     # audit: undo
    record(web, app, second, "Bo", {"Cy": {"pips": 6}})                             # Bo 6
    return first, second


def by_name(rows) -> dict:
    return {row["name"].lower(): {k: v for k, v in row.items() if k not in ("player_id", "name")} for row in rows}


def snapshot(app, game_ids, season_id) -> dict:
    """What a person sees: each game's hands and totals by name, and the season's standings by name."""
    with app.app_context():
        games = {}
        for game_id in game_ids:
            game = load_game(game_id)
            names = {s.player_id: s.player.name.lower() for s in game.seats}
            games[game_id] = {
                "totals": {p.name.lower(): p.total for p in state_of(game).players},
                "hands": [[(names[r.player_id], r.cards, r.marks) for r in h.results] for h in game.hands],
                "status": game.status,
                "audit": [(a.action, a.hand_number, [names[r["player_id"]] for r in (a.before or {})["results"]])
                          for a in db.session.execute(db.select(AuditEntry).filter_by(game_id=game_id)
                                                      .order_by(AuditEntry.id)).scalars()],
            }
        tables = season_standings(db.session.get(Season, season_id))["tables"]
        return {"games": games, "standings": {t["variant"]: by_name(t["rows"]) for t in tables}}


def test_moving_the_guests_games_into_an_accounts_league_loses_and_duplicates_nothing(app, web, ana_with_friday):
    first, second = guest_history(app, web)
    with app.app_context():
        guest = db.session.execute(db.select(User).filter_by(is_guest=True)).scalar_one()
        guest_league = db.session.get(Game, first).league_id
        guest_season = db.session.get(Game, first).season_id
    before_counts = counts(app)
    assert before_counts == {"hands": 1 + 3 + 1, "hand results": 2 + 9 + 2, "audit rows": 2,
                             "players": 2 + 3, "game results": 3, "games": 3}
    before = snapshot(app, [first, second], guest_season)
    assert before["games"][first]["totals"] == {"al": 155, "bo": 29, "cy": 0}
    assert before["games"][second]["totals"] == {"bo": 6, "cy": 0}
    assert before["standings"]["rummy"]["al"]["points"] == 100 and before["standings"]["rummy"]["bo"]["points"] == 50
    friday_before = snapshot(app, [ana_with_friday["game_id"]], ana_with_friday["season_id"])
    with app.app_context():
        versions = {game_id: db.session.get(Game, game_id).version for game_id in (first, second)}

    web.login("Ana")
    page = web.get("/guest/save").get_data(as_text=True)
    assert "Move your guest games" in page and "Friday" in page
    response = web.post("/guest/move", {"league": str(ana_with_friday["league_id"])})
    assert response.status_code == 303
    assert any(c.startswith("ramo_guest=;") for c in response.headers.getlist("Set-Cookie")), "cookie cleared"

    # The guest's Bo is Friday's bo: one player fewer, every other row exactly once.
    assert counts(app) == {**before_counts, "players": before_counts["players"] - 1}
    with app.app_context():
        moved_season = db.session.get(Season, guest_season)
        assert moved_season.league_id == ana_with_friday["league_id"]
        assert moved_season.name == "Season 1 (as guest)" and not moved_season.is_current
        assert db.session.get(Season, ana_with_friday["season_id"]).is_current
        for game_id in (first, second):
            game = db.session.get(Game, game_id)
            assert game.league_id == ana_with_friday["league_id"]
            assert ana_with_friday["bo"] in [s.player_id for s in game.seats]
        ana = db.session.execute(db.select(User).filter_by(username="Ana")).scalar_one()
        assert {a.user_id for a in db.session.execute(db.select(AuditEntry)).scalars()} == {ana.id}
        assert db.session.get(User, guest.id) is None and db.session.get(League, guest_league) is None
        # A merged name changes what the pages show, so cached copies (ETags) must not match any more.
        assert all(db.session.get(Game, game_id).version > version for game_id, version in versions.items())
        roster = db.session.execute(db.select(Player.name).filter_by(league_id=ana_with_friday["league_id"])
                                    .order_by(Player.name_key)).scalars().all()
        assert roster == ["Al", "bo", "Cy", "Zed"]
    assert snapshot(app, [first, second], guest_season) == before
    assert snapshot(app, [ana_with_friday["game_id"]], ana_with_friday["season_id"]) == friday_before
    assert web.get(f"/games/{first}").status_code == 200


def test_moving_into_a_new_league_of_ones_own(app, web, new_web):
    first = game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    before = counts(app)
    new_web().register("Ana")
    web.login("Ana")
    web.get("/guest/save")
    assert web.post("/guest/move", {"league": "new"}).status_code == 303
    assert counts(app) == before
    with app.app_context():
        league = db.session.get(Game, first).league
        assert [(m.user.username, m.role) for m in league.memberships] == [("Ana", "owner")]


def test_a_league_where_the_account_only_views_is_not_a_target(app, web, ana_with_friday, new_web):
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import change_role, join

    with app.app_context():
        membership = join(db.session.get(League, ana_with_friday["league_id"]), create_user("Vi", "correct horse"))
        change_role(membership, "viewer")
        db.session.commit()
    game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    before = counts(app)
    web.login("Vi")
    assert "Friday" not in web.get("/guest/save").get_data(as_text=True)
    refused = web.post("/guest/move", {"league": str(ana_with_friday["league_id"])})
    assert refused.status_code == 422 and "Not a valid choice" in refused.get_data(as_text=True)
    assert counts(app) == before


def test_without_a_guest_cookie_there_is_nothing_to_move(web):
    web.register("Ana")
    page = web.get("/guest/save")
    assert page.status_code == 200 and "This phone holds no guest games" in page.get_data(as_text=True)
    assert web.post("/guest/move", {"league": "new"}).status_code == 303


def _move_a_guest_into(web, league_id: int, **headers) -> None:
    game_id_of(play_now(web, "rummy", ["Al", "Bo"]))
    web.login("Ana")
    web.get("/guest/save", **headers)
    response = web.post("/guest/move", {"league": str(league_id)}, **headers)
    assert response.status_code == 303, response.get_data(as_text=True)


def test_every_further_guest_saved_into_one_league_gets_a_season_name_of_its_own(app, web, new_web, ana_with_friday):
    """Issue 34, finding 1: both guests' seasons wanted "Season 1 (as guest)" and the second move was a 500.
    The second takes the next number, worded in the mover's language as the first is."""
    league_id = ana_with_friday["league_id"]
    _move_a_guest_into(web, league_id)
    _move_a_guest_into(new_web(), league_id)
    for _ in range(2):
        _move_a_guest_into(new_web(), league_id, headers={"Accept-Language": "ko"})
    with app.app_context():
        seasons = db.session.execute(db.select(Season.name, Season.is_current).filter_by(league_id=league_id)
                                     .order_by(Season.id)).all()
    assert [tuple(row) for row in seasons] == [
        ("Season 1", True), ("Season 1 (as guest)", False), ("Season 1 (as guest 2)", False),
        ("Season 1 (게스트)", False), ("Season 1 (게스트 2)", False)]
