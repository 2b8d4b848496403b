"""A player's page: record, best and worst games, lay-down rate per Ramo level, head-to-head."""

import random

from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.games import hand_inputs as inputs
from ramo_keeper.games import service as games
from ramo_keeper.games.stored import state_of
from ramo_keeper.models import Game
from ramo_keeper.seasons.player_stats import player_stats
from ramo_keeper.seasons.service import create_season

from .builders import OUT, play, ramo, result, std

ONE_HAND = {"end": "hands", "hands": 1}


def laid(cards):
    return (cards, {"laid_down": True})


def stats_league(w):
    """One per-player Ramo game and two one-hand Rummy games among Ana, Bo and Cy.

    Ramo: Ana goes out in all 8 hands (−50 each, −400), so she lays down levels 1..8 and completes
    the game after hand 8. Bo (1 low card, 5 a hand, 40 in all) lays down in hands 1, 2 and 6:
    level 1 ✓, level 2 ✓, level 3 ✗✗✗✓ (hands 3-6), level 4 ✗✗ (hands 7-8). Cy (1 high card, 10 a hand,
    80) lays down in hand 1 only: level 1 ✓, then level 2 ✗ ×7. Places Ana 1, Bo 2, Cy 3.
    Rummy A: Ana out takes Bo 10+10 = 20 and Cy 5 -> Ana 25 (1st), Bo and Cy 0 (shared 2nd).
    Rummy B: Bo out takes Ana's three aces -> Bo 3 (1st), Ana 0 (2nd).
    """
    season = create_season(w.league, "Stats")
    bo_lays = {1, 2, 6}
    hands = [{w.Ana: OUT, w.Bo: laid(ramo(1)) if n in bo_lays else ramo(1),
              w.Cy: laid(ramo(0, 1)) if n == 1 else ramo(0, 1)} for n in range(1, 9)]
    play(w.league, w.user, "ramo", [w.Ana, w.Bo, w.Cy], hands, season)
    play(w.league, w.user, "rummy", [w.Ana, w.Bo, w.Cy], [{w.Ana: OUT, w.Bo: std(10, 1), w.Cy: std(5)}], season,
         ONE_HAND)
    play(w.league, w.user, "rummy", [w.Ana, w.Bo], [{w.Bo: OUT, w.Ana: std(0, 0, 3)}], season, ONE_HAND)
    return season


def test_record_per_variant_and_overall(world):
    stats_league(world)
    stats = player_stats(world.Ana)
    # Games: Ramo (1st), Rummy A (1st), Rummy B (2nd): 3 games, 2 wins = 66.7 %, places 4/3 = 1.33.
    assert stats["overall"] == {"games": 3, "wins": 2, "win_pct": 66.7, "avg_place": 1.33}
    ramo_row, rummy_row = stats["variants"]
    # Ramo: −400 over 8 hands = −50.00 a hand; 100 points.
    assert (ramo_row["variant"], ramo_row["games"], ramo_row["wins"], ramo_row["total"], ramo_row["avg_per_hand"],
            ramo_row["points"]) == ("ramo", 1, 1, -400, -50.0, 100)
    # Rummy: 25 + 0 over 2 hands = 12.50 a hand; places 1 and 2 -> 1.5; points 100 + 0.
    assert (rummy_row["variant"], rummy_row["games"], rummy_row["wins"], rummy_row["win_pct"],
            rummy_row["avg_place"], rummy_row["total"], rummy_row["avg_per_hand"], rummy_row["points"]) == (
        "rummy", 2, 1, 50.0, 1.5, 25, 12.5, 100)


def test_best_and_worst_game_per_variant(world):
    stats_league(world)
    games = {g["variant"]: g for g in player_stats(world.Ana)["games"]}
    assert games["ramo"]["single"] and games["ramo"]["best"]["total"] == -400
    best, worst = games["rummy"]["best"], games["rummy"]["worst"]
    assert (best["place"], best["table_size"], best["total"]) == (1, 3, 25)
    assert (worst["place"], worst["table_size"], worst["total"]) == (2, 2, 0)


def test_lay_down_rate_per_ramo_level_shows_where_the_group_is_stuck(world):
    stats_league(world)
    (ramo_rates,) = player_stats(world.Bo)["lay_down"]  # Rummy has no levels: only Ramo is counted
    assert ramo_rates["variant_name"] == "Ramo"
    bo = {row["level"]: row for row in ramo_rates["levels"]}
    assert [(bo[n]["lay_downs"], bo[n]["hands"], bo[n]["rate"]) for n in (1, 2, 3, 4, 5)] == [
        (1, 1, 100.0), (1, 1, 100.0), (1, 4, 25.0), (0, 2, 0.0), (0, 0, None)]
    (lay,) = player_stats(world.Cy)["lay_down"]
    cy = {row["level"]: row for row in lay["levels"]}
    assert (cy[1]["lay_downs"], cy[1]["hands"], cy[2]["lay_downs"], cy[2]["hands"]) == (1, 1, 0, 7)
    # The whole league: level 1 3/3; level 2 Ana 1/1 + Bo 1/1 + Cy 0/7 = 2/9 = 22.2 %;
    # level 3 Ana 1/1 + Bo 1/4 = 2/5 = 40 %; level 4 Ana 1/1 + Bo 0/2 = 1/3 = 33.3 %; levels 5-8 Ana 1/1.
    assert [(cy[n]["group_lay_downs"], cy[n]["group_hands"], cy[n]["group_rate"]) for n in range(1, 9)] == [
        (3, 3, 100.0), (2, 9, 22.2), (2, 5, 40.0), (1, 3, 33.3), (1, 1, 100.0), (1, 1, 100.0), (1, 1, 100.0),
        (1, 1, 100.0)]
    assert lay["stuck_level"] == 2


def test_head_to_head_counts_places_in_shared_games(world):
    stats_league(world)
    ana = {row["name"]: row for row in player_stats(world.Ana)["head_to_head"]}
    # Against Bo: Ramo 1 vs 2 ahead, Rummy A 1 vs 2 ahead, Rummy B 2 vs 1 behind.
    assert {k: ana["Bo"][k] for k in ("games", "ahead", "behind", "level")} == {
        "games": 3, "ahead": 2, "behind": 1, "level": 0}
    # Against Cy: Ramo 1 vs 3, Rummy A 1 vs 2: ahead both times.
    assert {k: ana["Cy"][k] for k in ("games", "ahead", "behind", "level")} == {
        "games": 2, "ahead": 2, "behind": 0, "level": 0}
    bo = {row["name"]: row for row in player_stats(world.Bo)["head_to_head"]}
    # Bo against Cy: Ramo 2 vs 3 ahead; Rummy A both 2nd: level.
    assert (bo["Cy"]["games"], bo["Cy"]["ahead"], bo["Cy"]["behind"], bo["Cy"]["level"]) == (2, 1, 0, 1)
    assert "Di" not in bo


def test_season_filter_and_a_player_without_games(world):
    season = stats_league(world)
    other = create_season(world.league, "Other")
    assert player_stats(world.Ana, season)["overall"]["games"] == 3
    assert player_stats(world.Ana, other)["overall"] == {"games": 0, "wins": 0, "win_pct": 0.0, "avg_place": None}
    di = player_stats(world.Di)
    assert di["variants"] == [] and di["head_to_head"] == [] and di["lay_down"][0]["played"] is False


def test_player_page_shows_the_numbers(world, web):
    stats_league(world)
    web.login("Owner")
    html = web.get(f"/leagues/{world.league.id}/players/{world.Ana.id}/stats").get_data(as_text=True)
    assert "66.7" in html and "Head to head" in html and "level 2</strong>" in html
    empty = web.get(f"/leagues/{world.league.id}/players/{world.Di.id}/stats")
    assert empty.status_code == 200 and "No finished games yet" in empty.get_data(as_text=True)


def _levels_as_replayed(games_played, player) -> dict:
    """{variant: (mine, group)}: {level: [hands, laid down]} counted from a full replay of every game."""
    counted: dict = {}
    for game in games_played:
        variant = rules.get_variant(game.variant)
        mine, group = counted.setdefault(game.variant, (
            {n: [0, 0] for n in range(1, len(variant.levels) + 1)},
            {n: [0, 0] for n in range(1, len(variant.levels) + 1)}))
        for outcome in state_of(game).hands:  # replayed from the stored inputs, not read from the stored levels
            for line in outcome.results:
                for table, counts in ((group, True), (mine, line.player_id == player.id)):
                    if counts:
                        table[line.level_before][0] += 1
                        table[line.level_before][1] += int("laid_down" in line.marks)
    return counted


def _random_game(w, variant_key, seated, options, chance):
    """A game of random hands: one player out, the others laying down at random, until it ends (or 12 hands)."""
    variant = rules.get_variant(variant_key)
    game = games.create_game(w.league, w.user, variant_key, [p.id for p in seated], options=options)
    counted = next(c.key for c in variant.categories_for(game.options) if not c.face_value)  # one card of it
    for number in range(1, 13):
        out = chance.choice(seated)
        last_at_once = variant.levels[-1].all_at_once and number == len(variant.levels)
        hand = {p: OUT if p is out else
                ({counted: 1}, {"laid_down": not last_at_once and chance.random() < 0.4}) for p in seated}
        games.record_hand(game.id, w.user, inputs.from_body({"results": [result(p, hand[p]) for p in seated]}))
        db.session.commit()
        if db.session.get(Game, game.id).status == "finished":
            break
    return db.session.get(Game, game.id)


def test_lay_down_rates_equal_what_a_replay_of_every_game_gives(world):
    chance = random.Random(19)
    w = world
    played = [_random_game(w, "ramo", [w.Ana, w.Bo, w.Cy], None, chance),
              _random_game(w, "ramo", [w.Bo, w.Cy, w.Di], {"progression": "per_round"}, chance),
              _random_game(w, "contract", [w.Ana, w.Bo, w.Cy, w.Di], None, chance),
              _random_game(w, "phase10", [w.Ana, w.Di], None, chance),
              _random_game(w, "liverpool", [w.Cy, w.Ana, w.Bo], None, chance)]
    for person in (w.Ana, w.Bo, w.Di):
        replayed = _levels_as_replayed(played, person)
        shown = {table["variant"]: table for table in player_stats(person)["lay_down"]}
        assert set(shown) == set(replayed)
        for key, (mine, group) in replayed.items():
            rows = {row["level"]: row for row in shown[key]["levels"]}
            assert {n: [rows[n]["hands"], rows[n]["lay_downs"]] for n in rows} == mine, (person.name, key)
            assert {n: [rows[n]["group_hands"], rows[n]["group_lay_downs"]] for n in rows} == group, key


def test_lay_down_rates_read_the_levels_stored_with_the_hands(world, monkeypatch):
    stats_league(world)

    def no_recompute(*args, **kwargs):
        raise AssertionError("the statistics recomputed a level the hand already stores")

    for engine in {type(v) for v in rules.VARIANTS.values()}:
        monkeypatch.setattr(engine, "level_in_hand", no_recompute)
    monkeypatch.setattr(rules, "replay", no_recompute)
    (ramo_rates,) = player_stats(world.Bo)["lay_down"]
    # Bo, as worked out in stats_league: level 3 was played four times (hands 3-6) and laid down once.
    assert [(row["lay_downs"], row["hands"]) for row in ramo_rates["levels"][:4]] == [(1, 1), (1, 1), (1, 4), (0, 2)]
