"""Liverpool Rummy in the app (docs/RULES.md §7): the app reads the registry, so the new definition shows
on the rules pages and the new-game form and plays, with no code of its own. Expected text is typed from §7."""

import re
from html import unescape

from ramo_keeper.extensions import db
from ramo_keeper.models import Game

KO, IT = {"Accept-Language": "ko"}, {"Accept-Language": "it"}


def visible_text(client, path: str, headers=None) -> str:
    response = client.get(path, headers=headers or {})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    main = html[html.index("<main"):]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", main)))


def test_the_rules_index_lists_liverpool_with_its_seven_contracts(client):
    assert "Liverpool Rummy 3–8 players · 7 contracts" in visible_text(client, "/rules")


def test_the_liverpool_page_gives_its_melds_contracts_deal_and_card_values(client):
    text = visible_text(client, "/rules/liverpool")
    assert "A group is 3 or more cards of one rank." in text
    assert ("A sequence is 4 or more cards in a row of one suit; the ace is high or low, "
            "but a sequence never wraps (K-A-2 is not one).") in text
    assert "1 two groups of three" in text
    assert "7 three sequences: two of four and one of five, laid down all at once with no discard" in text
    assert "3 2 decks of 52 cards + 4 jokers 10 each in rounds 1–4; 12 each in rounds 5–7" in text
    assert "4 2 decks of 52 cards + 4 jokers" in text
    assert "5 3 decks of 52 cards + 6 jokers" in text and "8 3 decks of 52 cards + 6 jokers" in text
    assert "Aces 15" in text and "Jokers 25" in text
    assert "The player who goes out scores 0" in text
    assert ("Every round, everyone plays the same contract (round 1: contract 1 … round 7: contract 7); the game ends "
            "after round 7.") in text


def test_liverpool_reads_in_korean_and_italian(client):
    assert "리버풀 러미" in visible_text(client, "/rules/liverpool", KO)
    assert "그룹은 같은 숫자 카드 3장 이상입니다." in visible_text(client, "/rules/liverpool", KO)
    italian = visible_text(client, "/rules/liverpool", IT)
    assert "Ramino Liverpool" in italian and "Un gruppo è formato da 3 o più carte dello stesso valore." in italian


def test_the_new_game_form_offers_liverpool_and_starts_a_game_of_it(app, table):
    page = table.web.get(f"/leagues/{table.league_id}/games/new").get_data(as_text=True)
    assert re.search(r"<option value=\"liverpool\">Liverpool Rummy \(3–8 players\)</option>", page)
    seats = [str(table.id(name)) for name in ("A", "B", "C", "D")]
    response = table.web.post(f"/leagues/{table.league_id}/games/new", {
        "variant": "liverpool", "options_for": "liverpool", "seat": seats, "first_dealer_id": seats[0],
        "season_id": str(table.season_id), "action": "create"})
    assert response.status_code in (302, 303)
    with app.app_context():
        game = db.session.execute(db.select(Game).order_by(Game.id.desc())).scalars().first()
        assert (game.variant, game.options) == ("liverpool", {})
    page = table.web.get(response.headers["Location"]).get_data(as_text=True)
    board = page[page.index('id="play"'):page.index('id="hand-form"')]
    play = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", board)))
    # Deal 1 at four players: two decks and four jokers, ten cards each, everyone on contract 1.
    # Liverpool's document calls a deal a round (issue 35).
    assert "Round 1: A deals 10 cards each 2 decks of 52 cards + 4 jokers B starts; play goes clockwise." in play
    assert play.count("1: two groups of three") == 4
