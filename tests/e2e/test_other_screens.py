"""The screens around the game on a 390 px phone: Play now, the league page, the house-rule editor."""

from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import League

from .helpers import player_block


def _owner_of_a_league(app, page, live_server) -> int:
    with app.app_context():
        league = create_league(create_user("Ann", "correct horse"), "Friday")
        db.session.commit()
        league_id = league.id
    page.goto(live_server + "/login")
    page.get_by_label("Name").fill("Ann")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Ann")).to_be_visible()
    return league_id


def _start(page, game: str, names=("Al", "Bo")):
    page.get_by_label(game, exact=True).check()
    for number, name in enumerate(names, 1):
        page.get_by_label(f"Player {number}").fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()


def test_play_now_takes_a_tap_anywhere_on_a_game_and_shows_the_names_above_the_fold(page, live_server):
    page.goto(live_server + "/play")
    _start(page, "Phase 10")
    page.goto(live_server + "/play")
    expect(page.get_by_role("button", name="Add Bo")).to_be_visible()  # the returning phone's chips
    # The far end of Ramo's cell in the grid of games (not its word) is still Ramo.
    x, y = page.evaluate("""() => {
        const grid = document.querySelector('.game-choices'), box = grid.getBoundingClientRect();
        const column = parseFloat(getComputedStyle(grid).gridTemplateColumns.split(' ')[0]);
        const ramo = document.querySelector('input[value=ramo]').closest('label').getBoundingClientRect();
        return [box.left + column - 4, ramo.top + ramo.height / 2];
    }""")
    page.touchscreen.tap(x, y)
    expect(page.get_by_label("Ramo", exact=True)).to_be_checked()
    for number in range(1, 5):
        box = page.get_by_label(f"Player {number}").bounding_box()
        assert box["y"] + box["height"] <= 844, f"Player {number} is below the fold at 390×844"
    page.get_by_role("button", name="Add Al").click()
    page.get_by_role("button", name="Add Bo").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("h1")).to_contain_text("Ramo")


def test_the_ratings_switch_saves_on_its_own(app, page, live_server):
    league = _owner_of_a_league(app, page, live_server)
    page.goto(f"{live_server}/leagues/{league}")
    switch = page.get_by_role("switch", name="Skill ratings for this league")
    expect(page.locator(".ratings-switch").get_by_role("button", name="Save")).to_be_hidden()
    switch.click()
    expect(page.get_by_text("Skill ratings are on.")).to_be_visible()
    expect(page.get_by_role("switch", name="Skill ratings for this league")).to_be_checked()
    with app.app_context():
        assert db.session.get(League, league).ratings is True


def test_the_house_rule_editor_keeps_its_example_in_view_and_makes_keys_from_labels(app, page, live_server):
    league = _owner_of_a_league(app, page, live_server)
    page.goto(f"{live_server}/leagues/{league}/house-rules/new?from=ramo")
    page.get_by_role("button", name="Add a category").click()
    label, key = page.locator("#cat-3-label"), page.locator("#cat-3-key")
    expect(key).to_have_value("")
    label.fill("Wild cards")
    expect(key).to_have_value("wild_cards")
    label.fill("Jolly")
    expect(key).to_have_value("jolly")
    # The field being changed is far below the example; the example is on the screen beside it.
    points = page.locator("#cat-3-points")
    points.fill("50")
    points.scroll_into_view_if_needed()
    example = page.locator("#worked-example")
    expect(example).to_have_text("Sofia goes out: −50; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, 1 × Jolly: 70")
    shown, field = example.bounding_box(), points.bounding_box()
    assert 0 <= shown["y"] and shown["y"] + shown["height"] <= 844, shown
    assert shown["y"] + shown["height"] <= field["y"], "the example covers the field"
    # A key typed by hand stays when the label changes.
    key.fill("joker")
    label.fill("Jokers")
    expect(key).to_have_value("joker")
    page.get_by_label("Name").fill("Nonna's Ramo")
    page.get_by_role("button", name="Save the house rule").click()
    expect(page.get_by_role("heading", name="Nonna's Ramo")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download (.json)").click()
    assert download.value.suggested_filename == "Nonna-s-Ramo.json"
    expect(page.get_by_role("heading", name="Nonna's Ramo")).to_be_visible()


def test_a_seated_phone_counts_with_card_keys_and_the_scorer_keeps_them(page, live_server, app, browser,
                                                                        browser_context_args):
    from .seating import add_member, log_in, seat_game

    game_id, ids = seat_game(app, "rummy", ["Al", "Bo", "Cy"], owner="Dee")
    add_member(app, game_id, "Ben", role="viewer")
    log_in(page, live_server, "Dee")
    page.goto(f"{live_server}/games/{game_id}")
    expect(player_block(page, ids['Al']).locator(".card-keys")).to_be_visible()

    bo = browser.new_context(**browser_context_args).new_page()
    log_in(bo, live_server, "Ben")
    bo.goto(f"{live_server}/games/{game_id}")
    panel = bo.locator("#seat-panel")
    panel.get_by_text("Count your own cards on this phone").tap()
    panel.get_by_role("button", name="I'm Bo").tap()
    expect(bo.get_by_role("heading", name="Counting for Bo")).to_be_visible()
    # Nothing typed yet, nothing to send: no "Not sent yet." beside a draft that sends itself.
    expect(panel).not_to_contain_text("Not sent yet.")
    expect(panel.get_by_role("button", name="Send to the scorer")).to_be_hidden()
    # Bo holds a 9, a 7 and a king: one tap a card, no sums.
    for key in ("9", "7", "10 J Q K"):
        panel.get_by_role("button", name=key, exact=True).tap()
    expect(panel.locator("[data-draft-value]")).to_have_text("26")
    expect(panel).to_contain_text("Points in your hand")
    expect(panel).not_to_contain_text("Cards held")
    expect(panel.get_by_text("Sent to the scorer.")).to_be_visible()

    # The scorer's form takes Bo's draft and keeps the card keys for everyone, Bo's cards shown.
    bo_block = page.locator(f"#player-{ids['Bo']}")
    # The scorer's page learns of the draft from its next poll (every 2 s): on two busy cores, allow several.
    expect(bo_block).to_contain_text("counted by Bo", timeout=15_000)
    for name in ("Al", "Bo", "Cy"):
        expect(player_block(page, ids[name]).locator(".card-keys")).to_be_visible()
    # The draft keeps Bo's cards one by one (issue 35, item 5): 9, 7 and the king, not 16 and the king.
    expect(bo_block.locator(".tapped-cards .card-chip")).to_have_text(["9", "7", "10 J Q K"])
    player_block(page, ids['Cy']).get_by_role("button", name="8", exact=True).tap()
    player_block(page, ids['Al']).get_by_role("radio", name="Went out").check()
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["34", "0", "0"])
    bo.context.close()


def test_the_edit_form_unticks_laid_down_when_went_out_moves_away(page, live_server, app):
    from .seating import log_in, seat_game

    game_id, ids = seat_game(app, "ramo", ["Al", "Bo", "Di"], owner="Dee")
    log_in(page, live_server, "Dee")
    page.goto(f"{live_server}/games/{game_id}")
    player_block(page, ids['Di']).get_by_role("radio", name="Went out").check()
    expect(player_block(page, ids['Di']).get_by_label("Laid down")).to_be_checked()
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()

    page.goto(f"{live_server}/games/{game_id}/hands/1/edit")
    di, al = player_block(page, ids['Di']), player_block(page, ids['Al'])
    expect(di.get_by_role("radio", name="Went out")).to_be_checked()
    expect(di.get_by_label("Laid down")).to_be_checked()
    # The scorer meant Al: Di no longer went out, so she no longer laid down by going out.
    al.get_by_role("radio", name="Went out").check()
    expect(al.get_by_label("Laid down")).to_be_checked()
    expect(di.get_by_label("Laid down")).not_to_be_checked()
    # Back to Di puts her mark back, as the new-hand form does.
    di.get_by_role("radio", name="Went out").check()
    expect(di.get_by_label("Laid down")).to_be_checked()
    expect(al.get_by_label("Laid down")).not_to_be_checked()
