"""A backup names the marks each result has: an old file, with a true or false per mark in every result,
reads as before (its marks arrive as the stored list of marks), and a new file leaves the false ones out,
which every version of the import reads as false."""

from ramo_keeper.backups.backup import export_league, import_league
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game, HandResult

FLAGS = {"went_out": False, "laid_down": False, "knocked": False, "went_rummy": False}


def result(player_id, cards=None, **marks):
    return {"player_id": player_id, "cards": cards or {}, **FLAGS, **marks}


# As a backup written before the marks were stored as data: four flags in every result.
OLD_FILE = {
    "format": "ramo-keeper-league-backup", "version": 1,
    "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bo"}, {"id": 3, "name": "Cy"}],
    "games": [
        # Rummy (docs/RULES.md §3): Ann goes rummy, Bo 9 pips + Cy one ten = 19, doubled: Ann 38.
        {"id": 7, "variant": "rummy", "seats": [1, 2, 3], "first_dealer_id": 1, "hands": [{"results": [
            result(1, went_out=True, went_rummy=True), result(2, {"pips": 9}), result(3, {"tens": 1})]}]},
        # Manipulation (§4, example 1): Ann knocks with 4, Bo 17, Cy 30: Ann 13 + 26 = 39.
        {"id": 8, "variant": "manipulation", "seats": [1, 2, 3], "first_dealer_id": 1, "hands": [{"results": [
            result(1, {"pips": 4}, knocked=True), result(2, {"tens": 1, "pips": 7}), result(3, {"tens": 3})]}]},
    ],
}


def test_an_old_backups_flags_become_the_stored_marks_and_are_written_back_the_same(world):
    league = create_league(world.user, "Restored")
    db.session.commit()
    import_league(league, OLD_FILE)
    db.session.commit()
    games = db.session.execute(db.select(Game).where(Game.league_id == league.id).order_by(Game.variant)).scalars()
    rummy, knock = sorted(games, key=lambda g: g.variant != "rummy")
    marks = {g.variant: [r.marks for r in db.session.execute(
        db.select(HandResult).where(HandResult.hand_id == g.hands[0].id).order_by(HandResult.position)).scalars()]
        for g in (rummy, knock)}
    assert marks == {"rummy": [["went_out", "went_rummy"], [], []], "manipulation": [["knocked"], [], []]}
    assert [s.total for s in rummy.seats] == [38, 0, 0]
    assert [s.total for s in knock.seats] == [39, 0, 0]
    # Written back with the true marks only: a mark left out is false to every version of the import.
    written = {g["variant"]: g["hands"][0]["results"] for g in export_league(league)["games"]}
    assert written["rummy"] == [{"player_id": written["rummy"][0]["player_id"], "cards": {}, "went_out": True,
                                 "went_rummy": True}] + written["rummy"][1:]
    assert [{k: v for k, v in r.items() if k in FLAGS} for r in written["rummy"]] == [
        {"went_out": True, "went_rummy": True}, {}, {}]
    assert [{k: v for k, v in r.items() if k in FLAGS} for r in written["manipulation"]] == [{"knocked": True}, {}, {}]
    assert [r["cards"] for r in written["manipulation"]] == [{"pips": 4}, {"tens": 1, "pips": 7}, {"tens": 3}]
