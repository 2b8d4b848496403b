"""A house rule's own words (`words` in its definition) on every page of a game played under it.

Whatever a definition may say, once it is accepted no page of its game may fail: the hand form's
"Choose who …" sentence, the board, the correction form, the scoresheet, the live view, the rules
page and the statistics all word the house rule's own verb as it was typed.
"""

import re

import pytest

from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.house_rules.service import create_ruleset
from ramo_keeper.models import League, Ruleset
from ramo_keeper.variants import snapshot_variant

OWN_WORDS = {"level": "stage", "levels": "stages", "hand": "deal", "went_out": "Ran dry", "went_out_verb": "ran dry",
             "nobody_out": "Nobody ran dry"}


def house_rule(app, table, based_on: str, words: dict | None = None, **changes) -> tuple[int, str]:
    """A house rule of the table's league based on a built-in game, with these words and other changes."""
    with app.app_context():
        league = db.session.get(League, table.league_id)
        definition = {"key": based_on, **({"words": words} if words else {}), **changes}
        ruleset = create_ruleset(league, f"Our {based_on} {len(changes)}", definition)
        db.session.commit()
        return ruleset.id, ruleset.key


def start_game(app, table, key: str) -> int:
    with app.app_context():
        variant = snapshot_variant(db.session.execute(db.select(Ruleset.definition).filter_by(key=key)).scalar_one())
    seats = ["A", "B", "C", "D"][:max(variant.min_players, 2)]
    data = {"variant": key, "options_for": key, "seat": [str(table.id(n)) for n in seats],
            "first_dealer_id": str(table.id("A")), "season_id": str(table.season_id), "action": "create"}
    for option in variant.options:
        if option.kind != "bool":
            data[f"opt_{option.key}"] = str(option.default)
        elif option.default:
            data[f"opt_{option.key}"] = "on"
    url = f"/leagues/{table.league_id}/games/new"
    table.web.get(url)
    response = table.web.post(url, data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def pages_of(table, game_id: int, ruleset_id: int) -> dict[str, int]:
    """Every page of the game, each answer's status."""
    web, league = table.web, table.league_id
    seen = {}
    for url in (f"/games/{game_id}", f"/games/{game_id}/board", f"/games/{game_id}/hands/1/edit",
                f"/games/{game_id}/scoresheet.csv", f"/games/{game_id}/scoresheet.json", f"/games/{game_id}/print",
                f"/games/{game_id}/seat", f"/leagues/{league}/games", f"/leagues/{league}/house-rules/{ruleset_id}",
                f"/leagues/{league}/house-rules/{ruleset_id}/edit", f"/leagues/{league}/seasons/{table.season_id}",
                f"/leagues/{league}/players/{table.id('A')}/stats", f"/leagues/{league}/games/new"):
        seen[url] = web.get(url).status_code
    web.get(f"/games/{game_id}")
    # The hand form sent with nobody chosen: refused in words, the form shown again.
    seen["POST hands, nobody chosen"] = web.post(f"/games/{game_id}/hands", {"idempotency_key": "x1"}).status_code
    seen["POST correction, nobody chosen"] = web.post(f"/games/{game_id}/hands/1", {}).status_code
    web.post(f"/games/{game_id}/share")
    token = re.search(r"/live/([A-Za-z0-9_-]+)", web.get(f"/games/{game_id}").get_data(as_text=True))
    if token:
        seen["live"] = web.client.get(f"/live/{token[1]}").status_code
    return seen


@pytest.mark.parametrize("based_on", list(rules.VARIANTS))
def test_every_page_of_a_game_under_a_house_rule_with_its_own_verb_answers(app, table, based_on):
    ruleset_id, key = house_rule(app, table, based_on, OWN_WORDS)
    game_id = start_game(app, table, key)
    # A goes out; everyone else holds one card of a category counted by the card (not a sum of pips).
    category = next(c.key for c in rules.VARIANTS[based_on].card_categories if not c.face_value)
    others = [seat.name for seat in table.state(game_id).setup.seats[1:]]
    first = table.post_hand(game_id, out="A", cards={name: {category: 1} for name in others})
    assert first.status_code == 303, first.get_data(as_text=True)
    assert table.state(game_id).hand_count == 1
    seen = pages_of(table, game_id, ruleset_id)
    assert {url: status for url, status in seen.items() if status >= 500} == {}
    assert seen["POST hands, nobody chosen"] == 422 and seen["POST correction, nobody chosen"] == 422


@pytest.mark.parametrize(("language", "sentence"), [("en", "Choose who ran dry."), ("ko", "ran dry"),
                                                    ("it", "ran dry")])
def test_the_hand_form_asks_for_who_did_the_house_rules_own_verb(app, table, language, sentence):
    _, key = house_rule(app, table, "rummy", OWN_WORDS)
    game_id = start_game(app, table, key)
    table.web.client.set_cookie("ramo_language", language, domain="keeper.test")
    table.web.get(f"/games/{game_id}")
    refused = table.web.post(f"/games/{game_id}/hands", {"idempotency_key": "x1"})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert sentence in page and "Ran dry" in page


def test_a_house_rule_keeping_a_built_in_verb_keeps_its_translation(app, table):
    _, key = house_rule(app, table, "manipulation", {**OWN_WORDS, "went_out": "Knocked", "went_out_verb": "knocked"})
    game_id = start_game(app, table, key)
    table.web.client.set_cookie("ramo_language", "it", domain="keeper.test")
    table.web.get(f"/games/{game_id}")
    page = table.web.post(f"/games/{game_id}/hands", {"idempotency_key": "x1"}).get_data(as_text=True)
    with app.test_request_context(headers={"Accept-Language": "it"}):
        from flask_babel import gettext

        assert gettext("Choose who knocked.") != "Choose who knocked."
        assert gettext("Choose who knocked.") in page


def test_a_house_rule_kept_before_its_lines_were_checked_still_shows(app, table):
    """A line the app cannot say (no such sentence, a sentence without its values), stored before such lines
    were refused: the pages leave it out rather than fail."""
    ruleset_id, key = house_rule(app, table, "ramo")
    with app.app_context():
        ruleset = db.session.get(Ruleset, ruleset_id)
        ruleset.definition = {**ruleset.definition, "scoring_summary": [
            {"phrase": "no_such_sentence"}, {"phrase": "text"}, {"phrase": "decks_plus_jokers", "params": {
                "decks": "two", "cards": 52, "jokers": 1}}, {"text": "Lowest total wins."}]}
        db.session.commit()
    page = table.web.get(f"/leagues/{table.league_id}/house-rules/{ruleset_id}")
    assert page.status_code == 200 and "Lowest total wins." in page.get_data(as_text=True)
    game_id = start_game(app, table, key)
    assert table.web.get(f"/games/{game_id}").status_code == 200


# What the Record button says of the player out and the seated phone's out box, in each language, for a
# house rule whose verb is its own ("ran dry", as typed): the sentences "%(name)s %(verb)s" and
# "I %(verb)s" as translated in translations/*/messages.po.
OWN_VERB_SAID = {"en": ('data-who="A ran dry"', "I ran dry"),
                 "ko": ('data-who="A: ‘ran dry’"', "저: ‘ran dry’"),
                 "it": ('data-who="A: ran dry"', "Io: ran dry")}


@pytest.mark.parametrize("language", OWN_VERB_SAID)
def test_the_record_button_and_the_seated_phones_box_say_the_house_rules_own_verb(app, table, language):
    """Issue 34, finding 10: the Record summary said "A out" and the seated phone's box "I went out"
    under a house rule whose table says "ran dry"."""
    who, mine = OWN_VERB_SAID[language]
    _, key = house_rule(app, table, "rummy", OWN_WORDS)
    game_id = start_game(app, table, key)
    table.web.client.set_cookie("ramo_language", language, domain="keeper.test")
    form = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert who in form
    assert table.web.post(f"/games/{game_id}/seat", {"player_id": str(table.id("B"))}).status_code == 303
    panel = table.web.get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert re.search(r'name="went_out" value="y"[^>]*> ' + re.escape(mine) + "</label>", panel), panel


def test_a_built_in_games_out_words_stay_its_own_sentences(app, table):
    game_id = table.new_game("manipulation", ["A", "B", "C"])
    table.web.client.set_cookie("ramo_language", "it", domain="keeper.test")
    form = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'data-who="A ha bussato"' in form
    assert table.web.post(f"/games/{game_id}/seat", {"player_id": str(table.id("B"))}).status_code == 303
    assert "> Ho bussato</label>" in table.web.get(f"/games/{game_id}/seat").get_data(as_text=True)
