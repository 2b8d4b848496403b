"""`flask guests prune`: idle guest leagues go; anything saved to an account, or in use, stays."""

from datetime import timedelta

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import AuditEntry, Game, Hand, HandResult, League, Player, User, utcnow

from .helpers import game_id_of, play_now, record


def make_guest(app, new_web, names=("Al", "Bo")) -> dict:
    web = new_web()
    game_id = game_id_of(play_now(web, "rummy", list(names)))
    record(web, app, game_id, names[0], {names[1]: {"pips": 7}})
    assert web.undo(game_id).status_code == 303  # leaves an audit row behind
    with app.app_context():
        game = db.session.get(Game, game_id)
        user_id = db.session.execute(db.select(User.id).order_by(User.id.desc()).limit(1)).scalar()
        return {"web": web, "game_id": game_id, "league_id": game.league_id, "user_id": user_id}


def idle_for(app, guest: dict, days: int) -> None:
    """Pretend the guest and its games were last touched `days` days ago."""
    then = utcnow() - timedelta(days=days)
    with app.app_context():
        db.session.execute(db.update(User).where(User.id == guest["user_id"]).values(last_seen_at=then))
        db.session.execute(db.update(Game).where(Game.league_id == guest["league_id"]).values(updated_at=then))
        db.session.commit()


def exists(app, model, row_id) -> bool:
    with app.app_context():
        return db.session.get(model, row_id) is not None


def row_count(app, model) -> int:
    with app.app_context():
        return db.session.execute(db.select(db.func.count()).select_from(model)).scalar()


def test_an_idle_guest_league_goes_with_everything_in_it(app, runner, new_web):
    idle, active = make_guest(app, new_web), make_guest(app, new_web, ("Cy", "Di"))
    idle_for(app, idle, 91)
    idle_for(app, active, 89)
    result = runner.invoke(args=["guests", "prune"])
    assert result.exit_code == 0, result.output
    assert "Removed 1 guest league(s) idle for 90 days or more, with 1 game(s), and 1 guest(s)." in result.output
    assert not exists(app, League, idle["league_id"]) and not exists(app, User, idle["user_id"])
    assert exists(app, League, active["league_id"]) and exists(app, Game, active["game_id"])
    # Only the active guest's rows are left: its game, hand (undone, so none), audit row and players.
    assert (row_count(app, Game), row_count(app, Hand), row_count(app, HandResult)) == (1, 0, 0)
    assert row_count(app, AuditEntry) == 1 and row_count(app, Player) == 2
    # The removed guest's cookie is now nobody's.
    assert idle["web"].get(f"/games/{idle['game_id']}").status_code == 302


def prune(runner, *days: str) -> str:
    return runner.invoke(args=["guests", "prune", *days]).output


def test_days_is_an_option_and_the_default_comes_from_the_configuration(app, runner, new_web):
    guest = make_guest(app, new_web)
    idle_for(app, guest, 10)
    assert "Removed 0 guest league(s) idle for 30 days" in prune(runner, "--days", "30")
    app.config["GUEST_IDLE_DAYS"] = 14
    assert "Removed 0 guest league(s) idle for 14 days" in prune(runner)
    assert exists(app, League, guest["league_id"])
    assert "Removed 1 guest league(s) idle for 7 days" in prune(runner, "--days", "7")
    assert not exists(app, League, guest["league_id"])


@pytest.mark.parametrize("days", ["0", "-3", "soon"])
def test_days_must_be_a_positive_whole_number(runner, days):
    assert runner.invoke(args=["guests", "prune", "--days", days]).exit_code != 0


def test_a_guest_saved_as_an_account_is_never_pruned(app, runner, new_web):
    guest = make_guest(app, new_web)
    guest["web"].get("/guest/save")
    saved = guest["web"].post("/guest/keep", {"username": "Ana", "password": "correct horse",
                                              "confirm": "correct horse"})
    assert saved.status_code == 303
    idle_for(app, guest, 400)
    assert "Removed 0 guest league(s)" in runner.invoke(args=["guests", "prune"]).output
    assert exists(app, League, guest["league_id"]) and exists(app, Game, guest["game_id"])


def test_an_accounts_idle_league_and_a_guest_league_an_account_joined_are_kept(app, runner, new_web):
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import create_league, join

    shared = make_guest(app, new_web)
    with app.app_context():
        ana = create_user("Ana", "correct horse")
        own = create_league(ana, "Friday")
        join(db.session.get(League, shared["league_id"]), ana)
        db.session.commit()
        own_id = own.id
    idle_for(app, shared, 200)
    with app.app_context():
        db.session.execute(db.update(League).values(created_at=utcnow() - timedelta(days=500)))
        db.session.commit()
    assert "Removed 0 guest league(s)" in runner.invoke(args=["guests", "prune"]).output
    assert exists(app, League, shared["league_id"]) and exists(app, League, own_id)
    assert exists(app, User, shared["user_id"])


def test_a_guest_whose_game_changed_recently_is_kept(app, runner, new_web):
    guest = make_guest(app, new_web)
    idle_for(app, guest, 120)
    with app.app_context():
        db.session.execute(db.update(Game).values(updated_at=utcnow() - timedelta(days=2)))
        db.session.commit()
    assert "Removed 0 guest league(s)" in runner.invoke(args=["guests", "prune"]).output
    assert exists(app, Game, guest["game_id"])
