"""Drafts keep their cards (issue 35, item 5): the seated phone posts the cards it tapped one by one
beside its counts, the draft keeps them, and the scorer's form and the phone's own form carry them back
for the card keys (static/js/card-keys.js) to show as chips.

docs/RULES.md §0: `pips` is the sum of the 2–9 cards and `tens` counts 10s to kings, so 7, 3 and a king
are pips 10 and one ten.
"""

import html
import json
import re

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import HandDraft, Membership

SEVEN_THREE_KING = [{"category": "pips", "rank": 7}, {"category": "pips", "rank": 3}, {"category": "tens"}]


@pytest.fixture
def seated_bo(app, table, new_web):
    """A Contract game of A, B and C, and a viewer's phone holding B's seat."""
    from ramo_keeper.accounts.service import create_user

    game = table.new_game("contract", ["A", "B", "C"])
    with app.app_context():
        user = create_user("Vi", "correct horse")
        db.session.add(Membership(user_id=user.id, league_id=table.league_id, role="viewer"))
        db.session.commit()
    phone = new_web()
    phone.login("Vi")
    phone.get(f"/games/{game}")
    assert phone.post(f"/games/{game}/seat", {"player_id": str(table.id("B"))}).status_code == 303
    return game, phone


def send(phone, game: int, card_list, **counts):
    data = {"hand_number": "1", **{f"c_{key}": str(count) for key, count in counts.items()}}
    if card_list is not None:
        data["card_list"] = card_list if isinstance(card_list, str) else json.dumps(card_list)
    return phone.post(f"/games/{game}/draft", data)


def stored(app, game: int):
    with app.app_context():
        return db.session.execute(db.select(HandDraft.result, HandDraft.card_list, HandDraft.version)
                                  .where(HandDraft.game_id == game)).all()


def draft_cards_of(page: str, player_id: int):
    """The data-draft-cards of the player's block on the scorer's form, parsed; None when it has none."""
    block = page.split(f'id="player-{player_id}"', 1)[1].split(">", 1)[0]
    found = re.search(r"data-draft-cards='([^']*)'", block)
    return json.loads(html.unescape(found[1])) if found else None


def test_the_phones_cards_reach_the_scorers_form_one_by_one(app, table, seated_bo):
    game, phone = seated_bo
    assert send(phone, game, SEVEN_THREE_KING, pips=10, tens=1).status_code == 303
    [(result, card_list, _)] = stored(app, game)
    assert result["cards"] == {"pips": 10, "tens": 1, "aces": 0, "jokers": 0} and card_list == SEVEN_THREE_KING
    page = table.web.get(f"/games/{game}").get_data(as_text=True)
    assert draft_cards_of(page, table.id("B")) == SEVEN_THREE_KING
    assert draft_cards_of(page, table.id("A")) is None
    # The phone's own form comes back with its cards too (its hidden card_list field).
    panel = phone.get(f"/games/{game}/seat").get_data(as_text=True)
    field = re.search(r'<input id="card_list" name="card_list" type="hidden" value="([^"]*)"', panel)
    assert field and json.loads(html.unescape(field[1])) == SEVEN_THREE_KING


def test_a_draft_of_counts_only_shows_as_before(app, table, seated_bo):
    game, phone = seated_bo
    assert send(phone, game, None, pips=10, tens=1).status_code == 303
    assert [row.card_list for row in stored(app, game)] == [None]
    page = table.web.get(f"/games/{game}").get_data(as_text=True)
    assert "counted by B" in page and draft_cards_of(page, table.id("B")) is None


@pytest.mark.parametrize("card_list", [
    SEVEN_THREE_KING[:2],                                    # adds up to pips 10 but no king for tens 1
    [{"category": "pips", "rank": 10}, SEVEN_THREE_KING[2]],  # no card counts 10 pips
    [{"category": "low"}],                                    # not Contract's
    "[{",                                                     # not JSON
])
def test_a_card_list_that_is_not_the_hand_is_refused_and_the_draft_stays(app, seated_bo, card_list):
    game, phone = seated_bo
    assert send(phone, game, SEVEN_THREE_KING, pips=10, tens=1).status_code == 303
    before = stored(app, game)
    refused = send(phone, game, card_list, pips=10, tens=1)
    assert refused.status_code == 400
    assert '<p class="notice" role="alert">card_list' in refused.get_data(as_text=True)  # the panel says where
    assert stored(app, game) == before
