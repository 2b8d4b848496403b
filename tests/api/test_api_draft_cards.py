"""Drafts keep their cards (issue 35, item 5; docs/API.md `card_list`): a player who counts 7, 3 and a king
on their own phone sends the cards one by one beside the counts, and the draft gives them back.

Expected numbers from docs/RULES.md §0 and §2: in the standard-deck games `pips` is the sum of the 2–9
cards (7 + 3 = 10) and `tens` counts the 10s to kings (a king is one); Contract scores
pips + 10·tens + 15·aces + 15·jokers, so a player holding 7, 3 and a king scores 10 + 10 = 20.
"""

import pytest

from .helpers import ramo, result, std, totals

SEVEN, THREE, KING = {"category": "pips", "rank": 7}, {"category": "pips", "rank": 3}, {"category": "tens"}


def put_draft(api, game_id: int, body: dict, number: int = 1):
    return api.put(f"/games/{game_id}/hands/{number}/drafts/{body['player_id']}", body)


@pytest.fixture
def contract(api):
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    return api.game(league, "contract", ids), ids


def test_a_draft_sent_with_its_cards_gives_them_back_in_the_order_tapped(api, contract):
    game, (al, bo, cy) = contract
    sent = {**result(bo, std(pips=10, tens=1)), "card_list": [SEVEN, THREE, KING]}
    response = put_draft(api, game["id"], sent)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["result"]["card_list"] == [SEVEN, THREE, KING]
    listed = api.ok("GET", f"/games/{game['id']}/hands/1/drafts")
    assert [d["result"]["card_list"] for d in listed] == [[SEVEN, THREE, KING]]
    assert listed[0]["result"]["cards"] == {"pips": 10, "tens": 1, "aces": 0}
    # The draft still scores nothing; the hand recorded from it scores the counts: 10 + 10 = 20.
    recorded = api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        result(al, {}, went_out=True), result(bo, std(pips=10, tens=1)), result(cy, std(pips=4))]}, 201)
    assert totals(recorded) == [0, 20, 4]
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts") == []


def test_a_rank_may_be_sent_as_a_whole_number_with_a_zero_fraction(api, contract):
    game, (_, bo, _) = contract
    body = {**result(bo, std(pips=7)), "card_list": [{"category": "pips", "rank": 7.0}]}
    assert put_draft(api, game["id"], body).get_json()["result"]["card_list"] == [SEVEN]


def test_a_draft_of_counts_only_works_as_before_and_sending_counts_only_drops_the_cards(api, contract):
    game, (_, bo, cy) = contract
    plain = put_draft(api, game["id"], result(cy, std(pips=4))).get_json()
    assert "card_list" not in plain["result"]
    put_draft(api, game["id"], {**result(bo, std(pips=10, tens=1)), "card_list": [SEVEN, THREE, KING]})
    again = put_draft(api, game["id"], result(bo, std(pips=10, tens=1))).get_json()
    assert "card_list" not in again["result"]
    # A phone that went out holds no cards: an empty list is a list of none.
    empty = put_draft(api, game["id"], {**result(bo, {}, went_out=True), "card_list": []}).get_json()
    assert empty["result"]["card_list"] == []


def test_cards_of_a_game_without_face_values_have_no_rank(api):
    league, ids = api.league()
    game = api.game(league, "ramo", ids)
    body = {**result(ids[0], ramo(1, 1)), "card_list": [{"category": "high"}, {"category": "low"}]}
    assert put_draft(api, game["id"], body).get_json()["result"]["card_list"] == body["card_list"]


@pytest.mark.parametrize(("cards", "card_list", "path"), [
    (std(pips=10, tens=1), [SEVEN, THREE, {"category": "kings"}], "card_list[2].category"),  # no such category
    (std(pips=10), [SEVEN, THREE, {"category": "low"}], "card_list[2].category"),  # Ramo's, not Contract's
    (std(tens=1), [{"category": "tens", "rank": 13}], "card_list[0].rank"),     # a ten counts no face value
    (std(tens=1), [{"category": "tens", "rank": 5}], "card_list[0].rank"),
    (std(pips=7), [{"category": "pips"}], "card_list[0].rank"),                 # a face card needs its value
    (std(pips=10), [{"category": "pips", "rank": 10}], "card_list[0].rank"),    # 2–9 only
    (std(pips=1), [{"category": "pips", "rank": 1}], "card_list[0].rank"),
    (std(pips=7), [{"category": "pips", "rank": "7"}], "card_list[0].rank"),    # strict types
    (std(pips=7), [{"category": "pips", "rank": 7, "suit": "hearts"}], "card_list[0].suit"),
    (std(pips=7), ["7"], "card_list[0]"),
    (std(pips=7), {"pips": [7]}, "card_list"),
    (std(pips=12, tens=1), [SEVEN, THREE, KING], "card_list"),                  # adds up to 10, not 12
    (std(pips=10, tens=2), [SEVEN, THREE, KING], "card_list"),                  # one king, not two
    (std(pips=10), [SEVEN, THREE, KING], "card_list"),
    (std(tens=60), [KING] * 61, "card_list"),                                   # more than a hand holds
])
def test_a_card_list_that_is_not_this_hand_is_refused_naming_where(api, contract, cards, card_list, path):
    game, (_, bo, _) = contract
    kept = put_draft(api, game["id"], {**result(bo, std(pips=5)), "card_list": [{"category": "pips", "rank": 5}]})
    refused = put_draft(api, game["id"], {**result(bo, cards), "card_list": card_list})
    assert refused.status_code == 400, refused.get_data(as_text=True)
    details = refused.get_json()["details"]
    assert details["code"] == "bad_request" and details["path"] == path
    assert path in refused.get_json()["error"]
    # A rejected request changes nothing.
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts") == [kept.get_json()]


def test_a_joker_is_a_card_only_where_the_game_plays_with_jokers(api):
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    with_jokers = api.game(league, "contract", ids)
    without = api.game(league, "contract", ids, options={"jokers": False})
    joker = {**result(ids[1], std(jokers=1)), "card_list": [{"category": "jokers"}]}
    assert put_draft(api, with_jokers["id"], joker).status_code == 200
    refused = put_draft(api, without["id"], {**result(ids[1], std()), "card_list": [{"category": "jokers"}]})
    assert refused.status_code == 400 and refused.get_json()["details"]["path"] == "card_list[0].category"


def test_the_counts_are_checked_by_the_rules_before_the_cards(api, contract):
    game, (_, bo, _) = contract
    # Going out with cards is a broken rule (422 with its code), whatever the list says.
    refused = put_draft(api, game["id"], {**result(bo, std(pips=7), went_out=True), "card_list": [SEVEN]})
    assert refused.status_code == 422 and refused.get_json()["details"]["code"] == "went_out_with_points"


def test_every_body_the_api_cannot_read_names_the_place_at_fault(api, contract):
    """The 400s of a body's types name `details.path` as the card list's own refusals do (docs/API.md)."""
    game, (al, bo, cy) = contract
    draft = put_draft(api, game["id"], result(bo, {"pips": "7"}))
    assert draft.status_code == 400 and draft.get_json()["details"]["path"] == "cards.pips"
    hand = api.post(f"/games/{game['id']}/hands", {"results": [
        result(al, {}, went_out=True), result(bo, {"pips": 7}), result(cy, {"tens": True})]})
    assert hand.status_code == 400 and hand.get_json()["details"]["path"] == "results[2].cards.tens"
