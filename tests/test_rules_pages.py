"""The public rules pages: what a player reads, written out by hand from docs/RULES.md and the sources.

Nothing here is read back from the rule modules: every expected line is typed from the spec, so a
wrong table or a wrong sentence fails.
"""

import re
from html import unescape

import pytest


def visible_text(client, path: str) -> str:
    """The page as a person reads it: tags dropped, entities decoded, white space collapsed."""
    response = client.get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    main = html[html.index("<main"):]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", main)))


def test_rules_index_lists_every_game_with_its_word_for_levels(client):
    text = visible_text(client, "/rules")
    for line in ("Ramo 2–8 players · 8 levels", "Contract Rummy 3–5 players · 7 contracts",
                 "Rummy 2–6 players", "Manipulation Rummy 2–5 players"):
        assert line in text


RAMO_LEVELS = ["two sets", "one set and one run", "two runs", "three sets", "two sets and one run",
               "one set and two runs", "three runs", "four sets or four runs"]


def test_ramo_page_says_what_sets_and_runs_are_and_lists_the_levels(client):
    text = visible_text(client, "/rules/ramo")
    assert "A set is 3 or 4 cards of one number, all in different colours." in text
    assert "A run is 3 or more cards in a row of one colour; it may wrap past the top, so 12-13-1 counts." in text
    assert "Level Requirement " + " ".join(f"{n} {req}" for n, req in enumerate(RAMO_LEVELS, 1)) in text
    assert "2 1 deck of 60 Ramo cards 13 to the player after the dealer, 12 to the others" in text
    assert "8 3 decks of 60 Ramo cards" in text
    assert "Cards 1–9 5 Cards 10–13 10 Special cards (Wild, Skip, −1, x2, +3, ?) 20" in text


def test_ramo_options_are_in_words(client):
    text = visible_text(client, "/rules/ramo")
    assert "Levels Usually each player climbs the levels alone; or everyone plays level k in hand k." in text
    assert "Next dealer Usually the highest running total; or the highest score in the hand just played." in text
    assert "A hand with nobody out Allow a hand where nobody goes out (stock ran dry). Usually on." in text
    assert "Score for going out Score of the player who went out. Usually -50 (from -500 to 0)." in text
    for raw in ("per_player", "per_round", "default True", "allow_no_winner", "out_bonus"):
        assert raw not in text


def test_contract_page_names_the_lengths_and_round_seven(client):
    text = visible_text(client, "/rules/contract")
    assert "A group is 3 cards of one rank." in text
    assert ("A sequence is 4 or more cards in a row of one suit; the ace is high or low, "
            "but a sequence never wraps (K-A-2 is not one).") in text
    assert "8 cards in a row are never split into two sequences." in text
    assert "2 a group of three and a sequence of four" in text
    assert "7 three sequences: two of four and one of five, laid down all at once with no discard" in text
    assert "3 2 decks of 52 cards + 2 jokers 10 each in rounds 1–3; 12 each in rounds 4–7" in text
    assert "Jokers Add one joker fewer than the number of players. Usually on." in text


def test_rummy_and_manipulation_say_what_their_melds_are(client):
    rummy = visible_text(client, "/rules/rummy")
    assert "A group is 3 or 4 cards of one rank." in rummy
    assert "A sequence is 3 or more cards in a row of one suit; the ace is low (A-2-3), never above the king." in rummy
    assert "Aces Usually count 1; or count 15 and play high or low." in rummy
    assert "2 1 deck of 52 cards, no jokers 10 each" in rummy and "5 1 deck of 52 cards, no jokers 6 each" in rummy
    manipulation = visible_text(client, "/rules/manipulation")
    assert ("A group is 3 or 4 cards of one rank, no two the same card (one 8 of spades in a group of 8s)."
            in manipulation)
    assert ("A sequence is 3 or more cards in a row of one suit; the ace is high or low, but K-A-2 is not a "
            "sequence.") in manipulation
    assert "2 1 deck of 53 cards (1 joker) 10 each" in manipulation
    assert "3 2 decks of 53 cards (2 jokers) 10 each" in manipulation
    assert "Knock limit Highest hand value a player may knock with. Usually 5 (from 0 to 100)." in manipulation


def test_unknown_game_is_404(client):
    assert client.get("/rules/poker").status_code == 404


@pytest.mark.parametrize("key", ["ramo", "contract", "rummy", "manipulation", "phase10", "liverpool"])
def test_no_rules_page_shows_raw_option_defaults(client, key):
    text = visible_text(client, f"/rules/{key}")
    assert "default True" not in text and "default False" not in text and "_" not in text


def test_phase10_page_says_what_sets_runs_one_colour_wilds_and_skips_are(client):
    text = visible_text(client, "/rules/phase10")
    assert "A set is cards of one number, in any colours." in text
    assert "A run is cards of consecutive numbers in any colours; it never wraps from 12 to 1." in text
    assert "A colour is cards all of one colour, any numbers." in text
    assert "A Wild stands in for any card; a Skip is never part of a phase." in text
    phases = ["two sets of three", "a set of three and a run of four", "a set of four and a run of four",
              "a run of seven", "a run of eight", "a run of nine", "two sets of four", "seven cards of one colour",
              "a set of five and a set of two", "a set of five and a set of three"]
    assert "Phase Requirement " + " ".join(f"{n} {req}" for n, req in enumerate(phases, 1)) in text
    assert "6 1 deck of 108 Phase 10 cards 10 each" in text
    assert "Cards 1–9 5 Cards 10–12 10 Skips 15 Wilds 25" in text
    assert "Places: those who completed phase 10 first, then the higher phase reached, then the lower total." in text
    assert "Phase 10 2–6 players · 10 phases" in visible_text(client, "/rules")
