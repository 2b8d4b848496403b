"""The import's upload limit is the largest backup the app writes for a league at every cap (backup_size.py):
every row the exporter can write is at most as wide as the widest row the limit counts."""

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from ramo_keeper import rules
from ramo_keeper.backups import backup_size
from ramo_keeper.backups.backup_export import player_row, result_row
from ramo_keeper.leagues.limits import MAX_DEFINITION_BYTES, MAX_GAMES_PER_LEAGUE, MAX_HANDS_PER_LEAGUE
from ramo_keeper.rules.base import MAX_PIPS
from ramo_keeper.rules.limits import MAX_CATEGORIES, MAX_PLAYERS
from ramo_keeper.text.validation import NAME_MAX, TextError, clean_name

IDS = st.integers(min_value=1, max_value=2**31 - 1)
CATEGORY_KEYS = st.text(alphabet=string.ascii_lowercase + string.digits + "_", min_size=1, max_size=20)


@settings(max_examples=300, deadline=None)
@given(player_id=IDS, cards=st.dictionaries(CATEGORY_KEYS, st.integers(0, MAX_PIPS), max_size=MAX_CATEGORIES),
       marks=st.sets(st.sampled_from(rules.MARKS)))
def test_no_hand_result_is_wider_than_the_one_the_limit_counts(player_id, cards, marks):
    assert backup_size.size(result_row(player_id, cards, marks)) <= backup_size.size(backup_size.widest_result())


@settings(max_examples=300, deadline=None)
@given(player_id=IDS, name=st.text(min_size=1, max_size=NAME_MAX), archived=st.booleans())
def test_no_player_row_is_wider_than_the_one_the_limit_counts(player_id, name, archived):
    try:
        name = clean_name(name, "A name", NAME_MAX)
    except TextError:
        return  # a name no player can have
    assert backup_size.size(player_row(player_id, name, archived)) <= backup_size.size(backup_size.widest_player())


def test_the_limit_adds_up_the_widest_rows_at_every_cap():
    hand = backup_size.widest_hand()
    assert len(hand["results"]) == MAX_PLAYERS
    assert len(hand["results"][0]["cards"]) == MAX_CATEGORIES
    assert set(rules.MARKS) <= set(hand["results"][0])
    hands = MAX_HANDS_PER_LEAGUE * (backup_size.size(hand) + 1)
    definitions = MAX_GAMES_PER_LEAGUE * 2 * MAX_DEFINITION_BYTES
    assert hands + definitions < backup_size.MAX_BACKUP_BYTES < 2 * (hands + definitions)
