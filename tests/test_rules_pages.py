"""The public level-requirements pages, generated from the rule modules' tables."""

import pytest
from markupsafe import escape

from ramo_keeper import rules


def test_rules_index_lists_every_game_without_login(client):
    page = client.get("/rules").get_data(as_text=True)
    for variant in rules.VARIANTS.values():
        assert variant.name in page


@pytest.mark.parametrize("key", list(rules.VARIANTS))
def test_each_game_page_shows_its_own_tables(client, key):
    variant = rules.get_variant(key)
    page = client.get(f"/rules/{key}").get_data(as_text=True)
    for level in variant.levels:
        assert f"<th scope=\"row\">{level.number}</th><td>{level.requirement}</td>" in page
    for category in variant.card_categories:
        assert category.label in page
    for option in variant.options:
        assert f"<code>{option.key}</code>" in page
    for line in variant.scoring_summary:
        assert str(escape(line)) in page


def test_ramo_page_states_the_deal_in_words(client):
    page = client.get("/rules/ramo").get_data(as_text=True)
    assert "four sets or four runs" in page
    assert "13 to the player after the dealer, 12 to the others" in page
    assert "1 deck of 60 Ramo cards" in page and "3 decks of 60 Ramo cards" in page


def test_contract_page_shows_cards_by_round(client):
    page = client.get("/rules/contract").get_data(as_text=True)
    assert "10 each in rounds 1–3; 12 each in rounds 4–7" in page


def test_unknown_game_is_404(client):
    assert client.get("/rules/poker").status_code == 404
