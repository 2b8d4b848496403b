"""Phase 10 plays through everything the other games do: pages, API, live view, standings, exports, backup.

The game is worked out by hand from docs/RULES.md §6 (low 5, high 10, skip 15, wild 25):
hand 1 is §6's example (B out; A laid down with 2 low + 1 wild = 35; C 3 low, 2 high, 1 skip = 50).
Hands 2–10: A goes out in even hands and B in odd ones; both lay down every hand and the one not
out holds one low card (5); C never lays down and holds 2 high (20).
After hand 1: A 35, B 0, C 50; A and B at phase 2.
A is out in hands 2, 4, 6, 8, 10 and holds 5 in 3, 5, 7, 9: 35 + 20 = 55.
B is out in hands 1, 3, 5, 7, 9 and holds 5 in 2, 4, 6, 8, 10: 25.
C: 50 + 9 × 20 = 230. A and B lay down in all ten hands, so both complete phase 10 in hand 10.
Winner: B (lowest total among completers, 25 < 55). Places B 1, A 2, C 3; points 100, 50, 0.
"""

import csv
import io
import json
import re

from ramo_keeper.backups.backup import export_league, import_league
from ramo_keeper.extensions import db


def later_hands():
    """Hands 2–10 as (out, cards of the other completer-to-be)."""
    return [("A", "B") if number % 2 == 0 else ("B", "A") for number in range(2, 11)]


def test_phase10_through_the_pages_live_view_standings_and_exports(table):
    game_id = table.new_game("phase10", ["A", "B", "C"])
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "1 deck of 108 Phase 10 cards" in page and "two sets of three" in page
    assert '<th scope="col" class="num">Phase</th>' in page and "No knock" not in page
    response = table.post_hand(game_id, out="B", laid=["A"],
                               cards={"A": {"low": 2, "wild": 1}, "C": {"low": 3, "high": 2, "skip": 1}})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert table.totals(game_id) == {"A": 35, "B": 0, "C": 50}
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Hand 2: B deals" in page and "a set of three and a run of four" in page
    for out, other in later_hands():
        response = table.post_hand(game_id, out=out, laid=[other], cards={other: {"low": 1}, "C": {"high": 2}})
        assert response.status_code == 303, response.get_data(as_text=True)
    state = table.state(game_id)
    assert state.finished and table.totals(game_id) == {"A": 55, "B": 25, "C": 230}
    assert [p.name for p in state.players if p.player_id in state.winner_ids] == ["B"]

    # The live view shows the same scoreboard to anyone with the link.
    table.web.post(f"/games/{game_id}/share")
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    link = re.search(r'http://keeper\.test(/live/[\w-]+)', page).group(1)
    live = table.app.test_client().get(link).get_data(as_text=True)
    assert "Scoreboard" in live and ">230<" in live and "Phase" in live

    # Standings: one Phase 10 table, places B 1, A 2, C 3 -> 100, 50, 0 league points.
    season = f"/leagues/{table.league_id}/seasons/{table.season_id}"
    standings = json.loads(table.web.get(f"{season}/standings.json").get_data(as_text=True))
    (phase10,) = [t for t in standings["tables"] if t["variant"] == "phase10"]
    assert [(row["name"], row["points"], row["wins"]) for row in phase10["rows"]] == [
        ("B", 100, 1), ("A", 50, 0), ("C", 0, 0)]
    assert "Phase 10" in table.web.get(season).get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(table.web.get(f"{season}/standings.csv").get_data().decode("utf-8-sig"))))
    assert [r[:3] for r in rows[1:]] == [["phase10", "1", "B"], ["phase10", "2", "A"], ["phase10", "3", "C"]]
    assert table.web.get(f"{season}/print").status_code == 200


def test_phase10_backup_round_trips(table):
    game_id = table.new_game("phase10", ["A", "B", "C"])
    table.post_hand(game_id, out="B", laid=["A"], cards={"A": {"low": 2, "wild": 1}, "C": {"low": 3, "high": 2,
                                                                                             "skip": 1}})
    with table.app.app_context():
        from ramo_keeper.accounts.service import find_user
        from ramo_keeper.leagues.service import create_league
        from ramo_keeper.models import League

        backup = json.loads(json.dumps(export_league(db.session.get(League, table.league_id))))
        (saved,) = backup["games"]
        assert saved["variant"] == "phase10" and len(saved["hands"]) == 1
        fresh = create_league(find_user("Ana"), "Copy")
        assert import_league(fresh, backup)["games"] == 1
        db.session.commit()


def test_phase10_statistics_count_lay_downs_per_phase(table):
    """The page game again: A and B lay down in every hand (phases 1–10, once each); C never does,
    so C plays phase 1 ten times. League at phase 1: A 1/1 + B 1/1 + C 0/10 = 2/12 = 16.7 %: stuck there."""
    from ramo_keeper.models import Player
    from ramo_keeper.seasons.player_stats import player_stats

    game_id = table.new_game("phase10", ["A", "B", "C"])
    table.post_hand(game_id, out="B", laid=["A"], cards={"A": {"low": 2, "wild": 1}, "C": {"low": 3, "high": 2,
                                                                                             "skip": 1}})
    for out, other in later_hands():
        table.post_hand(game_id, out=out, laid=[other], cards={other: {"low": 1}, "C": {"high": 2}})
    with table.app.app_context():
        (rates,) = player_stats(db.session.get(Player, table.id("C")))["lay_down"]
    assert (rates["variant_name"], rates["level_word"]) == ("Phase 10", "phase")
    first = rates["levels"][0]
    assert (first["lay_downs"], first["hands"], first["group_lay_downs"], first["group_hands"]) == (0, 10, 2, 12)
    assert first["group_rate"] == 16.7 and rates["stuck_level"] == 1
    assert [(row["group_lay_downs"], row["group_hands"]) for row in rates["levels"][1:]] == [(2, 2)] * 9
    page = table.web.get(f"/leagues/{table.league_id}/players/{table.id('C')}/stats").get_data(as_text=True)
    assert "Laying down in Phase 10" in page and "two sets of three" in page
