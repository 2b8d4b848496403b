"""Charts: server-drawn SVG with a title and a text alternative, on the game and season pages."""

from flask import render_template_string

from ramo_keeper.games.stored import load_game, state_of
from ramo_keeper.seasons.standings import season_points_series
from ramo_keeper.web.charts import nice_ticks, running_totals_chart, season_points_chart

from .builders import OUT, build_spring, play, ramo


def worked_example(w):
    """docs/RULES.md §1's worked example: totals A 55/5/40, B 25/75/25, C 50/100/135, D −50/60/90."""
    a, b, c, d = w.Ana, w.Bo, w.Cy, w.Di
    laid = {"laid_down": True}
    return play(w.league, w.user, "ramo", [a, b, c, d], [
        {d: OUT, a: (ramo(3, 2, 1), laid), b: ramo(5), c: ramo(0, 1, 2)},
        {a: OUT, b: (ramo(4, 3), laid), c: ramo(2, 2, 1), d: ramo(6, 4, 2)},
        {b: OUT, a: (ramo(1, 1, 1), laid), c: (ramo(3, 2), laid), d: ramo(0, 3)},
    ])


def test_running_totals_follow_the_worked_example(world):
    chart = running_totals_chart(state_of(load_game(worked_example(world).id)))
    assert chart.labels == ["0", "1", "2", "3"]
    assert chart.series == [("Ana", [0, 55, 5, 40]), ("Bo", [0, 25, 75, 25]), ("Cy", [0, 50, 100, 135]),
                            ("Di", [0, -50, 60, 90])]
    svg = str(chart.svg)
    assert svg.startswith("<svg") and 'role="img"' in svg and 'viewBox="0 0 360 ' in svg and 'width="100%"' in svg
    assert f'aria-labelledby="{chart.chart_id}-title"' in svg and f'<title id="{chart.chart_id}-title">' in svg
    assert "Ana: 0, 55, 5, 40 (last 40)." in svg and "Di: 0, -50, 60, 90 (last 90)." in svg


def test_the_game_page_include_renders_the_chart_with_a_table(world, app):
    state = state_of(load_game(worked_example(world).id))
    with app.test_request_context():
        html = render_template_string('{% include "charts/_running_totals.html" %}', state=state,
                                      totals_chart=lambda: running_totals_chart(state))
    assert "<svg" in html and "<title" in html and "<desc" in html
    assert "<table" in html and "<caption" in html and ">135<" in html


def test_the_include_renders_nothing_before_the_first_hand(world, app):
    game = play(world.league, world.user, "ramo", [world.Ana, world.Bo], [])
    with app.test_request_context():
        html = render_template_string('{% include "charts/_running_totals.html" %}', state=state_of(game))
    assert "<svg" not in html


def test_names_are_escaped_in_the_svg(world):
    world.Ana.name = "<b>&Ana</b>"
    chart = running_totals_chart(state_of(load_game(worked_example(world).id)))
    assert "<b>" not in str(chart.svg) and "&lt;b&gt;&amp;Ana&lt;/b&gt;" in str(chart.svg)


def test_season_points_accumulate_game_by_game(world):
    season = build_spring(world)
    ramo_series, rummy_series = season_points_series(season)
    # Ramo games in finishing order: G1 (Ana 100, Bo 67, Cy 67, Di 0), G2 (Ana 0, Bo 100, Cy 50),
    # G3 (Bo 50, Cy 50, Di 100).
    assert [(p["name"], p["points"]) for p in ramo_series["players"]] == [
        ("Ana", [100, 100, 100]), ("Bo", [67, 167, 217]), ("Cy", [67, 117, 167]), ("Di", [0, 0, 100])]
    assert [(p["name"], p["points"][-1]) for p in rummy_series["players"]] == [
        ("Ana", 67), ("Bo", 133), ("Cy", 100), ("Di", 33)]
    svg = str(season_points_chart(ramo_series, "Spring").svg)
    assert "League points · Ramo · Spring" in svg and "Bo: 0, 67, 167, 217 (last 217)." in svg


def test_the_season_page_shows_a_chart_per_game_type(world, web):
    season = build_spring(world)
    web.login("Owner")
    html = web.get(f"/leagues/{world.league.id}/seasons/{season.id}").get_data(as_text=True)
    charts = html[html.index("<main"):]  # the page's bar holds icons of its own
    assert charts.count("<svg") == 2 and charts.count('role="img"') == 2 and "<desc" in charts
    assert "League points · Rummy · Spring" in html


def test_nice_ticks_cover_the_range_and_zero():
    assert nice_ticks(-50, 135) == [-50, 0, 50, 100, 150]
    assert nice_ticks(0, 0) == [0, 2, 4, 6, 8, 10]
    assert nice_ticks(3, 7)[0] == 0
