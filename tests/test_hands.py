"""Hand entry: fragments, validation messages next to the player, idempotency, edits and undo."""

import html
import json
import re

import pytest
from markupsafe import escape

from conftest import undo_fields
from ramo_keeper.extensions import db
from ramo_keeper.models import AuditEntry, GameResult, Hand

RAMO_HAND_1 = dict(out="D", laid=["A"], cards={"A": {"low": 3, "high": 2, "special": 1}, "B": {"low": 5},
                                                "C": {"high": 1, "special": 2}})
RAMO_HAND_2 = dict(out="A", laid=["B"], cards={"B": {"low": 4, "high": 3}, "C": {"low": 2, "high": 2, "special": 1},
                                                "D": {"low": 6, "high": 4, "special": 2}})


@pytest.fixture
def ramo(table):
    return table.new_game("ramo", ["A", "B", "C", "D"])


def test_htmx_submit_returns_the_play_fragment_with_the_new_scoreboard(table, ramo):
    response = table.post_hand(ramo, htmx=True, **RAMO_HAND_1)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="play"')
    assert "<html" not in page
    assert "Hand 2: A deals" in page  # A has the highest total, 55
    assert 'id="hand-form"' in page


def test_plain_submit_redirects_to_the_full_page(table, ramo):
    response = table.post_hand(ramo, **RAMO_HAND_1)
    location = response.headers["Location"]
    assert response.status_code == 303 and location.endswith(f"/games/{ramo}?recorded=1")
    page = table.web.get(location).get_data(as_text=True)
    assert "<html" in page and '<div id="play"' in page
    assert "Hand 1 recorded" in page
    # Opened again later, the page no longer announces the hand as just recorded.
    assert "Hand 1 recorded" not in table.web.get(f"/games/{ramo}").get_data(as_text=True)


def test_game_page_includes_its_fragments(table, ramo):
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    for fragment_marker in ('<div id="play"', 'class="deal-facts"', 'id="hand-form"', 'id="scoreboard-heading"'):
        assert fragment_marker in page


def _rows(section: str) -> list[list[str]]:
    """A table's body rows as lists of cell texts (tags dropped, spaces squeezed)."""
    body = section.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    cells = (re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S) for row in rows)
    return [[" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in row] for row in cells]


def test_right_after_record_the_play_area_opens_on_the_hands_result_with_undo_and_the_next_hand(table, ramo):
    page = table.post_hand(ramo, htmx=True, **RAMO_HAND_1).get_data(as_text=True)
    result = page.split('class="hand-result"', 1)[1].split("</section>", 1)[0]
    assert "Hand 1 recorded" in result
    # docs/RULES.md hand 1: A laid down with 3/2/1 = 55, B holds 5 low = 25, C 1 high + 2 special = 50,
    # D went out −50. Lowest total ranks first; A and D laid down, so they play level 2 next.
    assert _rows(result) == [["A Level 2 ↑", "+55", "55", "4"], ["B", "+25", "25", "2"],
                             ["C", "+50", "50", "3"], ["D Level 2 ↑", "-50", "-50", "1"]]
    assert "Undo hand 1" in result and 'href="#hand-form"' in result and "Enter hand 2" in result
    # The result comes first, then the deal (said once), then the form.
    assert page.index("hand-result") < page.index("deal-line") < page.index('id="hand-form"')
    assert page.count("Hand 2: A deals") == 1


def test_the_deal_and_each_players_level_are_on_the_first_screen_without_a_tap(table):
    game = table.new_game("ramo", ["A", "B", "C"])
    page = table.web.get(f"/games/{game}").get_data(as_text=True)
    # Nothing between the top bar (whose menu and QR code open on a tap) and the form is behind a tap.
    assert "<details" not in page.split("</header>", 1)[1].split('id="hand-form"', 1)[0]
    assert page.count("Hand 1: A deals") == 1
    facts = page.split('class="deal-facts"', 1)[1].split("</p>", 1)[0]
    # docs/RULES.md §1: at 3 players 13 cards to the player after the dealer, 12 to the others; B starts.
    assert "13 cards: B" in facts and "12 cards: A, C" in facts and "B starts" in facts
    board = page.split('class="scoreboard"', 1)[1].split("</section>", 1)[0]
    # Everyone starts at level 1: two sets of three (docs/RULES.md level table); A deals, B starts.
    assert board.count('class="requirement"') == 3
    # The dealer of hand 1 deals it: "deals", not "deals next" (issue 35).
    assert ">deals</span>" in board.split("</tr>")[1] and "starts" in board.split("</tr>")[2]
    assert "deals next" not in board


def test_scoreboard_shows_totals_ranks_levels_and_next_dealer(table, ramo):
    table.post_hand(ramo, **RAMO_HAND_1)
    table.post_hand(ramo, **RAMO_HAND_2)
    # docs/RULES.md after hand 2: totals 5/75/100/60, levels 3/2/1/2, C deals next.
    state = table.state(ramo)
    assert [(p.total, p.level, p.rank) for p in state.players] == [(5, 3, 1), (75, 2, 3), (100, 1, 4), (60, 2, 2)]
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    assert "Hand 3: C deals" in page
    next_dealer_row = page.split('class="next-dealer')[1].split("</tr>")[0]
    assert "C" in next_dealer_row and ">deals</span>" in next_dealer_row


def _scoreboard_row(page: str, name: str) -> str:
    board = page.split('class="scoreboard', 1)[1].split("</table>", 1)[0]
    return next(row for row in board.split("<tr")[1:] if f'<span class="who-line">{name}' in row)


def test_the_laid_down_badge_says_which_hand_it_describes(table, ramo):
    # Issue 35: the badge spoke of the previous hand without saying so. Hand 1: A laid down and D went out
    # (which lays down in Ramo, docs/RULES.md §1); hand 2: A went out and B laid down.
    table.post_hand(ramo, **RAMO_HAND_1)
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    assert "laid down in hand 1" in _scoreboard_row(page, "A") and "laid down in hand 1" in _scoreboard_row(page, "D")
    assert "laid down" not in _scoreboard_row(page, "B")
    table.post_hand(ramo, **RAMO_HAND_2)
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    assert "laid down in hand 2" in _scoreboard_row(page, "B") and "laid down in hand 2" in _scoreboard_row(page, "A")
    assert "laid down" not in _scoreboard_row(page, "D") and "in hand 1" not in page.split('class="scoreboard', 1)[1]


def test_contracts_laid_down_badge_names_its_round(table):
    # Contract Rummy says round (docs/GAMES.md): A goes out, B lays down in round 1.
    game = table.new_game("contract", ["A", "B", "C"])
    table.post_hand(game, out="A", laid=["B"], cards={"B": {"pips": 5}, "C": {"pips": 6}})
    page = table.web.get(f"/games/{game}").get_data(as_text=True)
    assert "laid down in round 1" in _scoreboard_row(page, "B") and "Round 2" in page


def test_the_running_values_are_worked_out_on_the_phone_from_the_games_data_with_no_request_per_tap(table, ramo):
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    form = page.split('id="hand-form"', 1)[1].split("</form>", 1)[0]
    # One request per hand, none per tap: only the form itself posts.
    assert form.count("hx-post") == 1 and "/preview/" not in form
    # docs/RULES.md §1: the player who went out scores −50; low 5, high 10, special 20 points a card.
    scoring = json.loads(html.unescape(re.search(r"data-scoring='([^']*)'", form).group(1)))
    assert (scoring["engine"], scoring["outMark"], scoring["outScore"]) == ("levels", "went_out", -50)
    a = table.id("A")
    assert re.findall(rf'id="pick-c_{a}_\w+" data-points="(\d+)"', form) == ["5", "10", "20"]
    assert 'data-who="A out"' in form
    assert table.web.post(f"/games/{ramo}/preview/{a}", {}, htmx=True).status_code == 404


@pytest.mark.parametrize(("raw", "message"), [
    ("-1", "Cannot be negative."),
    ("two", "Enter a whole number."),
    ("61", "No hand holds that many: cards 1–9 is at most 60."),
])
def test_bad_counts_are_refused_next_to_the_field_and_the_form_keeps_the_input(table, ramo, raw, message):
    data = table.hand_data(out="D")
    data[f"c_{table.id('B')}_low"] = raw
    data[f"c_{table.id('C')}_high"] = "4"
    table.web.get(f"/games/{ramo}")
    response = table.web.post(f"/games/{ramo}/hands", data, htmx=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f'id="c_{table.id("B")}_low-error">{message}' in page
    assert f'value="{raw}"' in page and 'value="4"' in page
    assert table.state(ramo).hand_count == 0


def test_pips_over_540_are_refused(table):
    game = table.new_game("rummy", ["A", "B"])
    data = table.hand_data(out="A", cards={"B": {"pips": 541}})
    table.web.get(f"/games/{game}")
    response = table.web.post(f"/games/{game}/hands", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    # 60 cards of 9 pips make 540, so 541 is refused under B's pips box, with the box's own label.
    assert (f'id="c_{table.id("B")}_pips-error">No hand holds that many: pips of the 2–9 cards is at most 540.'
            in page)
    assert table.state(game).hand_count == 0


def test_rule_errors_appear_next_to_the_player_concerned(table, ramo):
    response = table.post_hand(ramo, out="B", cards={"B": {"low": 2}})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    block = page.split(f'id="player-{table.id("B")}"')[1].split("</fieldset>")[0]
    assert "B went out but still holds 2 cards" in block
    assert table.state(ramo).hand_count == 0


def test_choosing_nobody_is_refused_when_the_option_forbids_it(table):
    game = table.new_game("ramo", ["A", "B", "C"], allow_no_winner=False)
    page = table.web.get(f"/games/{game}").get_data(as_text=True)
    assert "Nobody (stock ran dry)" not in page
    response = table.post_hand(game, out=None, cards={"A": {"low": 1}})
    assert response.status_code == 422
    assert table.state(game).hand_count == 0


def test_missing_went_out_choice_is_explained(table):
    game = table.new_game("contract", ["A", "B", "C"])
    data = table.hand_data(out="A")
    del data["went_out"]
    table.web.get(f"/games/{game}")
    response = table.web.post(f"/games/{game}/hands", data)
    assert response.status_code == 422
    assert "Choose who went out." in response.get_data(as_text=True)


def test_knock_above_the_limit_names_the_player_and_the_limit(table):
    game = table.new_game("manipulation", ["A", "B", "C"])
    response = table.post_hand(game, out="C", cards={"A": {"pips": 8}, "B": {"pips": 7}, "C": {"pips": 9}})
    assert "C knocked holding 9 points; knocking needs 5 or less" in response.get_data(as_text=True)


def test_a_double_tap_records_the_hand_once(table, ramo):
    data = table.hand_data(**RAMO_HAND_1, key="tap-1")
    table.web.get(f"/games/{ramo}")
    first = table.web.post(f"/games/{ramo}/hands", data, htmx=True)
    second = table.web.post(f"/games/{ramo}/hands", data, htmx=True)
    assert first.status_code == second.status_code == 200
    assert table.state(ramo).hand_count == 1
    with table.app.app_context():
        assert db.session.execute(db.select(db.func.count(Hand.id))).scalar() == 1


def test_the_form_carries_a_fresh_idempotency_key_each_time(table, ramo):
    import re

    keys = set()
    for _ in range(2):
        page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
        keys.add(re.search(r'name="idempotency_key" type="hidden" value="([^"]+)"', page).group(1))
    assert len(keys) == 2


def test_editing_an_earlier_hand_recomputes_everything_after_it_and_is_audited(table, ramo):
    table.post_hand(ramo, **RAMO_HAND_1)
    table.post_hand(ramo, **RAMO_HAND_2)
    edit_page = table.web.get(f"/games/{ramo}/hands/1/edit")
    assert edit_page.status_code == 200
    assert f'name="c_{table.id("A")}_low" id="c_{table.id("A")}_low"' in edit_page.get_data(as_text=True)
    # Hand 1 again, but B held 7 low cards (35) instead of 5 (25): B +10 → 85 after hand 2.
    corrected = table.hand_data(out="D", laid=["A"], cards={"A": {"low": 3, "high": 2, "special": 1},
                                                            "B": {"low": 7}, "C": {"high": 1, "special": 2}})
    corrected["expected_version"] = edit_page.get_data(as_text=True).split(
        'name="expected_version" type="hidden" value="')[1].split('"')[0]
    response = table.web.post(f"/games/{ramo}/hands/1", corrected)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert table.totals(ramo) == {"A": 5, "B": 85, "C": 100, "D": 60}
    with table.app.app_context():
        entry = db.session.execute(db.select(AuditEntry)).scalar_one()
        assert (entry.action, entry.hand_number, entry.user.username) == ("edit", 1, "Ana")
        before_b = next(r for r in entry.before["results"] if r["player_id"] == table.id("B"))
        assert before_b["cards"]["low"] == 5
    assert "changed B" in table.web.get(f"/games/{ramo}").get_data(as_text=True)


def test_an_edit_from_a_stale_form_is_refused_with_409_and_the_current_values(table, ramo):
    table.post_hand(ramo, **RAMO_HAND_1)
    before = table.totals(ramo)
    # B held 7 low cards, says this phone; but it opened the hand at version 1 and the game is at 2.
    data = table.hand_data(**{**RAMO_HAND_1, "cards": {**RAMO_HAND_1["cards"], "B": {"low": 7}}})
    data["expected_version"] = "1"
    response = table.web.post(f"/games/{ramo}/hands/1", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "was changed from another phone since you opened it" in page
    # The form shows hand 1 as stored (B: 5 low cards) and the version it is at now, ready to correct again.
    assert re.search(rf'name="c_{table.id("B")}_low"[^>]*value="5"', page)
    assert 'name="expected_version" type="hidden" value="2"' in page
    assert table.totals(ramo) == before


def test_an_edit_that_breaks_a_later_hand_is_refused_and_changes_nothing(table):
    # Rummy to 150: A +71, +71, then +142 ends the game. Making hand 1 worth far more would end the
    # game after hand 2, so hand 3 could no longer be played: the edit must be refused.
    game = table.new_game("rummy", ["A", "B", "C"])
    cards = {"B": {"pips": 20, "tens": 2}, "C": {"pips": 30, "aces": 1}}
    for rummy in (False, False, True):
        table.post_hand(game, out="A", cards=cards, rummy=rummy)
    before = table.totals(game)
    bigger = table.hand_data(out="A", cards={"B": {"pips": 200}, "C": {"pips": 30, "aces": 1}})
    response = table.web.post(f"/games/{game}/hands/1", bigger)
    assert response.status_code == 422
    assert "The game is over" in response.get_data(as_text=True)
    assert table.totals(game) == before


def test_undo_removes_the_last_hand_and_recomputes(table, ramo):
    table.post_hand(ramo, **RAMO_HAND_1)
    table.post_hand(ramo, **RAMO_HAND_2)
    assert table.web.undo(ramo).status_code == 303
    assert table.totals(ramo) == {"A": 55, "B": 25, "C": 50, "D": -50}
    assert "Hand 2: A deals" in table.web.get(f"/games/{ramo}").get_data(as_text=True)


def test_undo_of_the_final_hand_reopens_the_game_and_drops_its_results(table):
    game = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    table.post_hand(game, out="A", cards={"B": {"pips": 9}})
    with table.app.app_context():
        assert db.session.execute(db.select(db.func.count(GameResult.id))).scalar() == 2
    table.web.undo(game)
    assert not table.state(game).finished
    with table.app.app_context():
        assert db.session.execute(db.select(db.func.count(GameResult.id))).scalar() == 0
    assert 'id="hand-form"' in table.web.get(f"/games/{game}").get_data(as_text=True)


def test_a_hand_posted_to_a_finished_game_is_409_and_changes_nothing(table):
    game = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    table.post_hand(game, out="A", cards={"B": {"pips": 9}})
    response = table.web.post(f"/games/{game}/hands", table.hand_data(out="B", cards={"A": {"pips": 4}}))
    assert response.status_code == 409
    assert table.state(game).hand_count == 1


def test_viewer_and_outsider_cannot_post_hands(table, ramo, new_web):
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import join
    from ramo_keeper.models import League

    with table.app.app_context():
        viewer = create_user("Vi", "correct horse")
        join(db.session.get(League, table.league_id), viewer).role = "viewer"
        create_user("Out", "correct horse")
        db.session.commit()
    for name, status in (("Vi", 403), ("Out", 404)):
        person = new_web()
        person.login(name)
        person.get("/")
        response = person.post(f"/games/{ramo}/hands", table.hand_data(**RAMO_HAND_1))
        assert response.status_code == status
    assert table.state(ramo).hand_count == 0
    viewer_page = new_web()
    viewer_page.login("Vi")
    page = viewer_page.get(f"/games/{ramo}").get_data(as_text=True)
    assert 'id="hand-form"' not in page and "Undo" not in page


def test_another_leagues_game_is_404(table, new_web):
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import add_player, create_league

    game = table.new_game("ramo", ["A", "B", "C"])
    with table.app.app_context():
        bea = create_user("Bea", "correct horse")
        league = create_league(bea, "Elsewhere")
        add_player(league, "X")
        db.session.commit()
    bea_web = new_web()
    bea_web.login("Bea")
    bea_web.get("/")
    assert bea_web.get(f"/games/{game}").status_code == 404
    assert bea_web.post(f"/games/{game}/hands", table.hand_data(out="A")).status_code == 404


def finish_rummy(table):
    """A one-hand Rummy game, played to its end: B holds 9 pips, A +9."""
    game = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    data = table.hand_data(out="A", cards={"B": {"pips": 9}}, key="final-hand")
    table.web.get(f"/games/{game}")
    first = table.web.post(f"/games/{game}/hands", data, htmx=True)
    assert first.status_code == 200
    return game, data


def test_retrying_the_hand_that_ended_the_game_shows_the_result_not_an_error(table):
    game, data = finish_rummy(table)
    retry = table.web.post(f"/games/{game}/hands", data, htmx=True)
    page = retry.get_data(as_text=True)
    assert retry.status_code == 200
    assert page.lstrip().startswith('<div id="play"') and "A wins!" in page
    assert table.state(game).hand_count == 1


def test_a_new_hand_for_a_finished_game_swaps_in_the_result_with_the_reason(table):
    game, _ = finish_rummy(table)
    late = table.web.post(f"/games/{game}/hands", table.hand_data(out="B", cards={"A": {"pips": 4}}), htmx=True)
    page = late.get_data(as_text=True)
    assert late.status_code == 409
    assert page.lstrip().startswith('<div id="play"') and "<html" not in page
    assert "The game is over" in page and "A wins!" in page
    plain = table.web.post(f"/games/{game}/hands", table.hand_data(out="B", cards={"A": {"pips": 4}}))
    assert plain.status_code == 409 and "The game is over" in plain.get_data(
        as_text=True)
    assert table.state(game).hand_count == 1


def test_the_swapped_play_area_carries_undo_and_rematch(table, ramo):
    page = table.post_hand(ramo, htmx=True, **RAMO_HAND_1).get_data(as_text=True)
    assert "Undo hand 1" in page
    page = table.post_hand(ramo, htmx=True, **RAMO_HAND_2).get_data(as_text=True)
    assert "Undo hand 2" in page and "Undo hand 1" not in page
    game, _ = finish_rummy(table)
    assert "Rematch" in table.web.get(f"/games/{game}", headers={"HX-Request": "true"}).get_data(as_text=True)


def test_undo_through_htmx_returns_the_play_area_with_what_happened(table, ramo):
    table.post_hand(ramo, **RAMO_HAND_1)
    tapped = undo_fields(table.web.get(f"/games/{ramo}").get_data(as_text=True))
    response = table.web.post(f"/games/{ramo}/undo", tapped, htmx=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and page.lstrip().startswith('<div id="play"')
    assert "Hand 1 was removed." in page and "Hand 1: A deals" in page
    again = table.web.post(f"/games/{ramo}/undo", tapped, htmx=True).get_data(as_text=True)
    assert again.lstrip().startswith('<div id="play"')
    assert "Hand 1 was already removed, perhaps from another phone: nothing was undone." in again


def test_a_damaged_idempotency_key_is_refused(table, ramo):
    data = table.hand_data(**RAMO_HAND_1, key="k" * 101)
    table.web.get(f"/games/{ramo}")
    response = table.web.post(f"/games/{ramo}/hands", data)
    assert response.status_code == 422
    assert "This form is damaged: reload the page." in response.get_data(as_text=True)
    assert table.state(ramo).hand_count == 0


def test_two_phones_entering_the_same_hand_record_it_once(table, ramo):
    import re

    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    assert re.search(r'name="hand_number" type="hidden" value="1"', page)
    first_phone = {**table.hand_data(**RAMO_HAND_1), "hand_number": "1"}
    second_phone = {**table.hand_data(**RAMO_HAND_1), "hand_number": "1"}  # another key: another phone
    assert table.web.post(f"/games/{ramo}/hands", first_phone, htmx=True).status_code == 200
    late = table.web.post(f"/games/{ramo}/hands", second_phone, htmx=True)
    assert late.status_code == 409
    assert "Hand 1 was already recorded, perhaps from another phone" in late.get_data(as_text=True)
    assert table.state(ramo).hand_count == 1


@pytest.mark.parametrize(("variant", "hand", "player", "message"), [
    ("rummy", dict(out="A", cards={"B": {"pips": 1}, "C": {"pips": 5}}), "B",
     "B's pips cannot be 1: the smallest pip card is a 2"),
    ("rummy", dict(out="A", cards={"B": {"pips": 540, "tens": 1}, "C": {"pips": 5}}), "B",
     "B cannot hold more than 60 cards"),
    ("manipulation", dict(out="A", cards={"A": {"pips": 3}, "C": {"pips": 9}}), "B",
     "B holds no cards, so B went out and must be the knocker"),
    ("ramo", dict(out="A", cards={"A": {"special": 1}}), "A", "A went out but still holds 1 card"),
])
def test_rule_messages_appear_in_the_named_players_block(table, variant, hand, player, message):
    game = table.new_game(variant, ["A", "B", "C"])
    response = table.post_hand(game, htmx=True, **hand)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    block = page.split(f'id="player-{table.id(player)}"')[1].split("</fieldset>")[0]
    assert str(escape(message)) in block
    assert table.state(game).hand_count == 0


def test_a_manipulation_stock_out_with_two_empty_hands_is_entered_on_the_page(table):
    # docs/RULES.md §4 example 5b: no knock; A 0, B 0, C 12 -> A and B 37 each.
    game_id = table.new_game("manipulation", ["A", "B", "C"])
    response = table.post_hand(game_id, out=None, cards={"C": {"pips": 2, "tens": 1}})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert table.totals(game_id) == {"A": 37, "B": 37, "C": 0}
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "No knock (stock ran out)" in page
