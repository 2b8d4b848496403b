"""Backup import: checked whole before the first write, capped per league, written in bulk; owners only download."""

import copy
import io
import json

import pytest
from sqlalchemy import event

from conftest import csrf_from
from ramo_keeper.accounts.service import create_user
from ramo_keeper.backups.backup import import_league
from ramo_keeper.errors import ServiceError
from ramo_keeper.extensions import db
from ramo_keeper.leagues.limits import MAX_GAMES_PER_LEAGUE, MAX_HANDS_PER_LEAGUE, MAX_PLAYERS_PER_LEAGUE
from ramo_keeper.leagues.service import create_league, join
from ramo_keeper.models import Game, League, Player

# README's example hand: Al goes out; Bo holds 10 in pips, a ten and an ace; Cy 19 in pips; Di 4 and three tens.
HAND = {"results": [
    {"player_id": 1, "cards": {}, "went_out": True},
    {"player_id": 2, "cards": {"pips": 10, "tens": 1, "aces": 1}},
    {"player_id": 3, "cards": {"pips": 19}},
    {"player_id": 4, "cards": {"pips": 4, "tens": 3}}]}
TWO_OUT = {"results": [dict(r, went_out=r["player_id"] in (1, 2)) for r in HAND["results"]]}


def backup(games: int, players: int = 4, hands_per_game: int = 2, last_hand=None) -> dict:
    data = {
        "format": "ramo-keeper-league-backup", "version": 1, "league": {"name": "Old"},
        "players": [{"id": n, "name": f"P{n}"} for n in range(1, players + 1)],
        "seasons": [{"id": 1, "name": "Spring", "is_current": True}],
        "games": [{"id": g, "variant": "rummy", "season_id": 1, "seats": [1, 2, 3, 4],
                   "hands": [HAND] * hands_per_game} for g in range(1, games + 1)],
    }
    if last_hand:
        data["games"][-1]["hands"] = [HAND, last_hand]
    return copy.deepcopy(data)


class Statements:
    """Counts the SQL statements that write (INSERT/UPDATE/DELETE) while it is open."""

    def __init__(self, engine):
        self.engine, self.writes = engine, []

    def _seen(self, conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            self.writes.append(statement)

    def __enter__(self):
        event.listen(self.engine, "before_cursor_execute", self._seen)
        return self

    def __exit__(self, *exc):
        event.remove(self.engine, "before_cursor_execute", self._seen)


@pytest.fixture
def fresh(app):
    with app.app_context():
        owner = create_user("Owner", "correct horse")
        league = create_league(owner, "Restored")
        db.session.commit()
        yield league


def _import(league, data):
    result = import_league(league, data)
    db.session.commit()
    return result


def test_a_rule_broken_in_the_last_game_stops_the_import_before_any_write(fresh):
    with Statements(db.engine) as statements, pytest.raises(ServiceError, match="Game 3, hand 2"):
        import_league(fresh, backup(3, last_hand=TWO_OUT))
    assert statements.writes == []
    db.session.rollback()
    assert db.session.get(League, fresh.id).players == []


def test_the_import_writes_in_bulk_the_same_statements_however_many_games_there_are(app, fresh):
    with Statements(db.engine) as small:
        _import(fresh, backup(2))
    with app.app_context():
        other = create_league(create_user("Other", "correct horse"), "Second")
        db.session.commit()
        with Statements(db.engine) as large:
            _import(other, backup(12))
        assert db.session.execute(db.select(db.func.count(Game.id)).filter_by(league_id=other.id)).scalar() == 12
    # Ten more games of four seats and two hands (8 results) each: not one statement more.
    assert len(large.writes) == len(small.writes), "\n".join(w[:60] for w in large.writes)
    assert len(small.writes) <= 10


@pytest.mark.parametrize(("data", "words"), [
    (lambda: backup(1, players=MAX_PLAYERS_PER_LEAGUE + 1), f"at most {MAX_PLAYERS_PER_LEAGUE:,} players"),
    (lambda: backup(MAX_GAMES_PER_LEAGUE + 1, hands_per_game=0), f"at most {MAX_GAMES_PER_LEAGUE:,} games"),
    (lambda: backup(1, hands_per_game=MAX_HANDS_PER_LEAGUE + 1), f"at most {MAX_HANDS_PER_LEAGUE:,} hands"),
], ids=["players", "games", "hands"])
def test_caps_per_league_are_refused_with_a_clear_message(fresh, data, words):
    with Statements(db.engine) as statements, pytest.raises(ServiceError, match=words):
        import_league(fresh, data())
    assert statements.writes == []


@pytest.mark.parametrize(("damage", "words"), [
    (lambda b: b["players"][1].__setitem__("name", "Bo\u202e"), "Player 2, name"),
    (lambda b: b["players"][1].__setitem__("id", "2"), "Player 2, id"),
    (lambda b: b["games"][0]["hands"][0]["results"][1]["cards"].__setitem__("pips", True), "Game 1, hand 1"),
    (lambda b: b["players"].append({"id": 9, "name": "p1"}), "Player 5: its name is used twice"),
], ids=["bidi-name", "id-as-text", "count-as-bool", "same-name-other-case"])
def test_the_file_is_checked_by_its_model_with_the_row_named(fresh, damage, words):
    data = backup(1)
    damage(data)
    with pytest.raises(ServiceError, match=words):
        import_league(fresh, data)


def test_an_imported_league_has_the_backups_games_and_totals(fresh):
    _import(fresh, backup(2))
    league = db.session.get(League, fresh.id)
    assert sorted(p.name for p in league.players) == ["P1", "P2", "P3", "P4"]
    from ramo_keeper.games.stored import state_of

    games = db.session.execute(db.select(Game).filter_by(league_id=league.id)).scalars().all()
    # Rummy: the player who goes out scores the others' cards, an ace low: (10+10+1) + 19 + (4+30) = 74 a hand.
    assert [p.total for p in state_of(games[0]).players][0] == 2 * 74


def test_only_the_owner_downloads_a_backup(app, new_web):
    with app.app_context():
        owner = create_user("Owner", "correct horse")
        league = create_league(owner, "Friday")
        for name, role in (("Sam", "scorer"), ("Vi", "viewer")):
            join(league, create_user(name, "correct horse"), role)
        db.session.commit()
        league_id = league.id
    for name, status in (("Vi", 403), ("Sam", 403), ("Owner", 200)):
        person = new_web()
        person.login(name)
        response = person.get(f"/leagues/{league_id}/backup.json")
        assert response.status_code == status, name
        seasons_page = person.get(f"/leagues/{league_id}/seasons").get_data(as_text=True)
        assert ("Download backup" in seasons_page) is (status == 200), name


def test_an_oversized_upload_through_the_page_says_why(app, new_web):
    with app.app_context():
        league = create_league(create_user("Owner", "correct horse"), "Restored")
        db.session.commit()
        league_id = league.id
    owner = new_web()
    owner.login("Owner")
    page = owner.get(f"/leagues/{league_id}/import").get_data(as_text=True)
    body = json.dumps(backup(1, players=MAX_PLAYERS_PER_LEAGUE + 1)).encode()
    response = owner.client.post(f"/leagues/{league_id}/import", content_type="multipart/form-data", data={
        "csrf_token": csrf_from(page), "file": (io.BytesIO(body), "backup.json")})
    assert response.status_code == 422
    assert f"at most {MAX_PLAYERS_PER_LEAGUE:,} players" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.execute(db.select(Player)).first() is None
