"""Season standings (docs/RULES.md §5) against tables computed by hand, and against a fresh replay."""

import random
from fractions import Fraction

import pytest

from ramo_keeper import rules
from ramo_keeper.errors import Conflict
from ramo_keeper.extensions import db
from ramo_keeper.games import hand_inputs
from ramo_keeper.games.service import create_game, record_hand, undo_last_hand
from ramo_keeper.games.stored import load_game, state_of
from ramo_keeper.models import Game
from ramo_keeper.seasons.service import change_settings, close, create_season
from ramo_keeper.seasons.standings import rounded, season_standings

from .builders import OUT, PER_ROUND, RUMMY_1, World, build_spring, empty_ramo_hands, play, ramo, result, std

COLUMNS = ("rank", "name", "games", "wins", "win_pct", "avg_place", "total", "avg_per_hand", "points")

# Ramo, by hand (placement points round(100·(N−p)/(N−1)); tied players share the best place):
#   G1 N=4 totals Ana −50, Bo 10, Cy 10, Di 40 -> places 1, 2, 2, 4 -> points 100, 67, 67, 0
#   G2 N=3 totals Ana 20, Bo −50, Cy 5       -> places 3, 1, 2    -> points 0, 100, 50
#   G3 N=3 totals Bo 30, Cy 30, Di −50       -> places 2, 2, 1    -> points 50, 50, 100
#   Each Ramo game has 8 hands.
#   Ana: 2 games, 1 win (50.0 %), places 1+3 = 4/2 = 2.00, total −50+20 = −30, −30/16 = −1.875 -> −1.88, 100 pts
#   Bo : 3 games, 1 win (33.3 %), places 2+1+2 = 5/3 = 1.67, total 10−50+30 = −10, −10/24 = −0.42, 217 pts
#   Cy : 3 games, 0 wins (0.0 %), places 2+2+2 = 2.00, total 10+5+30 = 45, 45/24 = 1.875 -> 1.88, 167 pts
#   Di : 2 games, 1 win (50.0 %), places 4+1 = 2.50, total 40−50 = −10, −10/16 = −0.625 -> −0.63, 100 pts
#   By points: Bo 217, Cy 167, then Ana and Di on 100 with 1 win each: lower average per hand first,
#   Ana −1.875 before Di −0.625.
RAMO_BY_POINTS = [
    (1, "Bo", 3, 1, 33.3, 1.67, -10, -0.42, 217),
    (2, "Cy", 3, 0, 0.0, 2.0, 45, 1.88, 167),
    (3, "Ana", 2, 1, 50.0, 2.0, -30, -1.88, 100),
    (4, "Di", 2, 1, 50.0, 2.5, -10, -0.63, 100),
]
# Rummy (higher is better), two hands a game:
#   R1 N=4 totals Ana 27, Bo 0, Cy 36, Di 0 -> places 2, 3, 1, 3 -> points 67, 33, 100, 33
#   R2 N=2 totals Ana 2, Bo 9              -> places 2, 1       -> points 0, 100
#   Ana: 2 games, 0 wins, places 2+2 = 2.00, total 29, 29/4 = 7.25, 67 pts
#   Bo : 2 games, 1 win (50.0 %), places 3+1 = 2.00, total 9, 9/4 = 2.25, 133 pts
#   Cy : 1 game, 1 win (100.0 %), place 1, total 36, 36/2 = 18.00, 100 pts
#   Di : 1 game, 0 wins, place 3, total 0, 0.00, 33 pts
RUMMY_BY_POINTS = [
    (1, "Bo", 2, 1, 50.0, 2.0, 9, 2.25, 133),
    (2, "Cy", 1, 1, 100.0, 1.0, 36, 18.0, 100),
    (3, "Ana", 2, 0, 0.0, 2.0, 29, 7.25, 67),
    (4, "Di", 1, 0, 0.0, 3.0, 0, 0.0, 33),
]


def lines(rows):
    return [tuple(row[c] for c in COLUMNS) for row in rows]


def table(data, variant):
    return next(t for t in data["tables"] if t["variant"] == variant)


def test_a_season_of_two_variants_matches_the_hand_computed_tables(world):
    season = build_spring(world)
    data = season_standings(season)
    assert data["season"]["id"] == season.id and data["season"]["name"] == "Spring"
    assert [t["variant"] for t in data["tables"]] == ["ramo", "rummy"]
    assert lines(table(data, "ramo")["rows"]) == RAMO_BY_POINTS
    assert lines(table(data, "rummy")["rows"]) == RUMMY_BY_POINTS
    assert table(data, "ramo")["unranked"] == [] and table(data, "rummy")["variant_name"] == "Rummy"


def test_every_row_has_exactly_the_api_fields(world):
    data = season_standings(build_spring(world))
    api_fields = {"rank", "player_id", "name", "games", "wins", "win_pct", "avg_place", "total", "avg_per_hand",
                  "points"}
    for t in data["tables"]:
        for row in t["rows"]:
            assert api_fields <= set(row)
            assert row["player_id"] == world.players[row["name"]].id


def test_ranking_by_wins(world):
    season = build_spring(world)
    change_settings(season, "wins", 0)
    # Ramo: Ana, Bo and Di have 1 win each: Bo has the most points (217); Ana and Di (100 each) are split by
    # average per hand (Ana −1.875 is better than Di −0.625); Cy has no win.
    assert [(r["rank"], r["name"]) for r in table(season_standings(season), "ramo")["rows"]] == [
        (1, "Bo"), (2, "Ana"), (3, "Di"), (4, "Cy")]
    # Rummy: Bo and Cy have 1 win: Bo 133 points before Cy 100; then Ana 67 before Di 33.
    assert [r["name"] for r in table(season_standings(season), "rummy")["rows"]] == ["Bo", "Cy", "Ana", "Di"]


def test_ranking_by_average_per_hand(world):
    season = build_spring(world)
    change_settings(season, "average", 0)
    # Ramo, lower is better: Ana −1.875, Di −0.625, Bo −0.417, Cy 1.875.
    assert [r["name"] for r in table(season_standings(season), "ramo")["rows"]] == ["Ana", "Di", "Bo", "Cy"]
    # Rummy, higher is better: Cy 18, Ana 7.25, Bo 2.25, Di 0.
    assert [r["name"] for r in table(season_standings(season), "rummy")["rows"]] == ["Cy", "Ana", "Bo", "Di"]


def test_players_below_min_games_are_listed_apart(world):
    season = build_spring(world)
    change_settings(season, "points", 2)
    rummy = table(season_standings(season), "rummy")
    # Cy and Di played one Rummy game each: unranked, in the same order (Cy 100 points before Di 33).
    assert [(r["rank"], r["name"]) for r in rummy["rows"]] == [(1, "Bo"), (2, "Ana")]
    assert [(r["rank"], r["name"], r["points"]) for r in rummy["unranked"]] == [(None, "Cy", 100), (None, "Di", 33)]
    # Everybody played at least two Ramo games.
    assert lines(table(season_standings(season), "ramo")["rows"]) == RAMO_BY_POINTS
    change_settings(season, "points", 3)
    ramo_table = table(season_standings(season), "ramo")
    assert [r["name"] for r in ramo_table["rows"]] == ["Bo", "Cy"]
    assert [r["name"] for r in ramo_table["unranked"]] == ["Ana", "Di"]


def test_players_equal_on_every_number_are_ranked_by_name(ctx):
    w = World()
    season = create_season(w.league, "Ties")
    # One-hand Rummy games. Ana beats Bo by 10, then Bo beats Ana by 10: both 100 points, 1 win,
    # 10 over 2 hands = 5.00 per hand. Cy beats Di by 10 in one hand: 100 points, 1 win, 10.00 per hand.
    play(w.league, w.user, "rummy", [w.Ana, w.Bo], [{w.Ana: OUT, w.Bo: std(10)}], season, RUMMY_1)
    play(w.league, w.user, "rummy", [w.Ana, w.Bo], [{w.Bo: OUT, w.Ana: std(0, 1)}], season, RUMMY_1)
    play(w.league, w.user, "rummy", [w.Cy, w.Di], [{w.Cy: OUT, w.Di: std(0, 1)}], season, RUMMY_1)
    rows = table(season_standings(season), "rummy")["rows"]
    # Cy leads on average per hand; Ana and Bo are tied on every number, so the rules' last key,
    # the name, puts Ana 2nd and Bo 3rd; Di is 4th.
    assert [(r["rank"], r["name"], r["points"], r["avg_per_hand"]) for r in rows] == [
        (1, "Cy", 100, 10.0), (2, "Ana", 100, 5.0), (3, "Bo", 100, 5.0), (4, "Di", 0, 0.0)]


def test_unfinished_games_and_other_seasons_do_not_count(world):
    season = build_spring(world)
    before = season_standings(season)
    # An unfinished Ramo game in the season (one hand of eight), and finished games elsewhere.
    play(world.league, world.user, "ramo", [world.Ana, world.Bo, world.Cy],
         [{world.Cy: OUT, world.Ana: ramo(9, 9, 9), world.Bo: ramo(1)}], season, PER_ROUND)
    other = create_season(world.league, "Autumn")
    play(world.league, world.user, "rummy", [world.Di, world.Cy], [{world.Di: OUT, world.Cy: std(50)}], other,
         RUMMY_1)
    play(world.league, world.user, "rummy", [world.Di, world.Cy], [{world.Di: OUT, world.Cy: std(50)}], None,
         RUMMY_1)
    assert season_standings(season) == before
    assert lines(table(season_standings(other), "rummy")["rows"]) == [
        (1, "Di", 1, 1, 100.0, 1.0, 50, 50.0, 100), (2, "Cy", 1, 0, 0.0, 2.0, 0, 0.0, 0)]


def test_a_game_that_is_unfinished_again_leaves_the_standings(world):
    season = build_spring(world)
    game = db.session.execute(db.select(Game).where(Game.variant == "rummy").order_by(Game.id.desc())).scalars().first()
    undo_last_hand(game.id, world.user)
    db.session.commit()
    rummy = table(season_standings(season), "rummy")
    # Without R2, Ana and Bo have only R1: Ana 67, Bo 33.
    assert {r["name"]: r["points"] for r in rummy["rows"]} == {"Cy": 100, "Ana": 67, "Bo": 33, "Di": 33}


def test_an_empty_season_has_no_tables(world):
    season = create_season(world.league, "Empty")
    assert season_standings(season) == {
        "season": {"id": season.id, "name": "Empty", "ranking": "points", "min_games": 0, "is_current": False,
                   "closed": False}, "tables": []}


def test_a_closed_season_keeps_its_standings_and_takes_no_new_games(world):
    season = build_spring(world)
    before = season_standings(season)
    close(season)
    db.session.commit()
    assert season_standings(season)["tables"] == before["tables"]
    with pytest.raises(Conflict):
        create_game(world.league, world.user, "rummy", [world.Ana.id, world.Bo.id], season_id=season.id)


def _replayed_standings(season):
    """The oracle: replay every finished game of the season from its hands, then add up by hand."""
    tables = {}
    for game_id in db.session.execute(db.select(Game.id).where(Game.season_id == season.id)).scalars():
        state = state_of(load_game(game_id))
        if not state.finished:
            continue
        places = rules.finishing_places(state)
        size = len(state.players)
        for p in state.players:
            row = tables.setdefault(state.setup.variant, {}).setdefault(p.player_id, {
                "games": 0, "wins": 0, "places": 0, "total": 0, "hands": 0, "points": 0})
            row["games"] += 1
            row["wins"] += p.player_id in state.winner_ids
            row["places"] += places[p.player_id]
            row["total"] += p.total
            row["hands"] += state.hand_count
            row["points"] += rules.placement_points(size, places[p.player_id])
    return {variant: {pid: {
        "games": r["games"], "wins": r["wins"], "total": r["total"], "points": r["points"],
        "avg_place": rounded(Fraction(r["places"], r["games"]), 2),
        "avg_per_hand": rounded(Fraction(r["total"], r["hands"]), 2),
    } for pid, r in rows.items()} for variant, rows in tables.items()}


def _random_hand(rng, variant, seated, number):
    """A legal hand for per_round Ramo, Contract, one-hand-ending Rummy or knock-free Manipulation."""
    out = rng.choice(seated)
    hand = {}
    for p in seated:
        if variant == "ramo":
            hand[p] = (OUT if p is out else ramo(rng.randint(0, 5), rng.randint(0, 3), rng.randint(0, 1)),
                       {"laid_down": rng.random() < 0.5})
        elif variant == "contract":
            laid = {"laid_down": rng.random() < 0.5 and number < 7}
            hand[p] = OUT if p is out else ({"pips": rng.choice([0, 2, 7, 15]), "tens": rng.randint(0, 2),
                                              "aces": rng.randint(0, 1), "jokers": rng.randint(0, 1)}, laid)
        elif variant == "rummy":
            hand[p] = OUT if p is out else std(rng.choice([0, 3, 12]), rng.randint(0, 2), rng.randint(0, 1))
        else:
            hand[p] = std(rng.choice([0, 4, 9]), rng.randint(1, 3), rng.randint(0, 1))
    return hand


def test_standings_from_stored_results_equal_a_fresh_replay(ctx):
    rng = random.Random(6)
    w = World(("Ana", "Bo", "Cy", "Di", "Ed"))
    season = create_season(w.league, "Mixed")
    people = list(w.players.values())
    for variant, options, count in (("ramo", PER_ROUND, 3), ("contract", None, 3), ("rummy", {"end": "hands",
                                    "hands": 3}, 3), ("manipulation", None, 2)):
        for _ in range(count):
            seated = rng.sample(people, rng.randint(3, 4))
            game = play(w.league, w.user, variant, seated, [], season, options)
            number = 0
            while game.status != "finished":
                number += 1
                body = {"results": [result(p, e) for p, e in _random_hand(rng, variant, seated, number).items()]}
                record_hand(game.id, w.user, hand_inputs.from_body(body))
            db.session.commit()
    play(w.league, w.user, "ramo", people[:3], empty_ramo_hands(2), season, PER_ROUND)  # unfinished
    expected = _replayed_standings(season)
    data = season_standings(season)
    assert {t["variant"] for t in data["tables"]} == set(expected) == {"ramo", "contract", "rummy", "manipulation"}
    for t in data["tables"]:
        got = {row["player_id"]: {k: row[k] for k in ("games", "wins", "total", "points", "avg_place",
                                                        "avg_per_hand")} for row in t["rows"]}
        assert got == expected[t["variant"]], t["variant"]
