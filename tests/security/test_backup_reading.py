"""A backup is read as it arrives, within the limits of the largest backup a league can have (issue 34, item 2).

Before, the upload was unpacked whole and parsed whole: `{"players":[],"games":[{},{},…]}` of 90 MB,
gzipped to 88 KB, grew a worker by gigabytes before the import counted its games. Now each unpacked
piece is scanned as it arrives (backups/reading.py) and the file is refused the moment a list passes
its cap, anything nests deeper than a backup does, or the entries pass the largest backup's.
The values read are exactly `json.loads`'s, whatever the pieces and the whitespace.
"""

import gzip
import io
import json
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramo_keeper import create_app
from ramo_keeper.backups import reading
from ramo_keeper.backups.backup import BadBackup
from ramo_keeper.leagues.limits import MAX_GAMES_PER_LEAGUE, MAX_HANDS_PER_LEAGUE, MAX_PLAYERS_PER_LEAGUE

MB = 1_000_000


@pytest.fixture(scope="module")
def request_context():
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context():
        yield


def read_in_pieces(text: bytes, cuts: list[int]):
    scan = reading.Scan()
    start = 0
    for cut in sorted(cuts):
        scan.feed(text[start:cut])
        start = cut
    scan.feed(text[start:])
    return scan.value()


def refusal(raw: bytes) -> str:
    with pytest.raises(BadBackup) as refused:
        reading.read_backup(io.BytesIO(raw).read)
    return refused.value.message


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from('ab"\\[]{},: \n\u00e9\u4e2d'), max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["players", "games", "hands", "a", "b\\\"", "[", "}"]), children, max_size=4),
    max_leaves=30)


@settings(max_examples=150, deadline=None)
@given(document=st.dictionaries(st.sampled_from(["players", "seasons", "games", "league", "x"]), JSON, max_size=5),
       indent=st.sampled_from([None, 0, 1, 3]), ascii_only=st.booleans(), data=st.data())
def test_any_document_in_any_pieces_reads_as_the_json_parser_reads_it_whole(
        request_context, document, indent, ascii_only, data):
    text = json.dumps(document, indent=indent, ensure_ascii=ascii_only).encode()
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=6))
    assert read_in_pieces(text, cuts) == json.loads(text)


@pytest.mark.parametrize("text", [b'{"a": 1} x', b'{"a": 1}}', b'{"a": [1}', b'{"a": ', b"]", b'{"a": "b}'])
def test_what_is_not_json_is_refused_whatever_the_pieces(request_context, text):
    for cut in range(len(text) + 1):
        with pytest.raises(BadBackup) as refused:
            read_in_pieces(text, [cut])
        assert "not JSON" in refused.value.message


def test_the_hostile_file_of_the_issue_is_refused_at_the_first_game_past_the_cap_holding_a_few_megabytes(
        request_context):
    hostile = gzip.compress(b'{"players":[],"games":[' + b"{}," * 30_000_000 + b"{}]}")
    assert len(hostile) < 100_000  # 90 MB unpacked
    tracemalloc.start()
    try:
        message = refusal(hostile)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert message == f"A league holds at most {MAX_GAMES_PER_LEAGUE:,} games; this backup has more."
    # Unpacked whole, the file alone is 90 MB, and parsed, gigabytes.
    assert peak < 20 * MB, peak


@pytest.mark.parametrize(("kind", "cap", "row"), [
    ("players", MAX_PLAYERS_PER_LEAGUE, b'{"id":1,"name":"A"}'),
    ("games", MAX_GAMES_PER_LEAGUE, b"{}"),
    ("rulesets", 50, b"{}"),
    ("seasons", 200, b"{}"),
])
def test_each_top_level_list_is_refused_one_past_its_cap_and_read_at_it(request_context, kind, cap, row):
    def file(count: int) -> bytes:
        return b'{"' + kind.encode() + b'": [' + b",".join([row] * count) + b"]}"

    assert len(reading.read_backup(io.BytesIO(file(cap)).read)[0][kind]) == cap
    assert "this backup has more" in refusal(file(cap + 1))


def test_hands_are_counted_across_every_game(request_context):
    hand = b'{"results":[]}'

    def file(per_game: list[int]) -> bytes:
        games = [b'{"id":%d,"hands":[' % n + b",".join([hand] * count) + b"]}" for n, count in enumerate(per_game)]
        return b'{"games":[' + b",".join(games) + b"]}"

    at_cap = [MAX_HANDS_PER_LEAGUE // 4] * 4
    assert sum(len(g["hands"]) for g in reading.read_backup(io.BytesIO(file(at_cap)).read)[0]["games"]) \
        == MAX_HANDS_PER_LEAGUE
    message = refusal(file([*at_cap[:3], at_cap[3] + 1]))
    assert message == f"A league holds at most {MAX_HANDS_PER_LEAGUE:,} hands in all its games; this backup has more."


def test_nesting_deeper_than_any_backup_is_refused_as_it_arrives(request_context):
    at_limit = b"[" * reading.MAX_DEPTH + b"]" * reading.MAX_DEPTH
    assert reading.read_backup(io.BytesIO(at_limit).read)[0] is not None
    assert "nested too deeply" in refusal(gzip.compress(b"[" * 5_000_000))


def test_a_list_longer_than_any_a_backup_holds_is_refused(request_context):
    long_list = b'{"league": [' + b"0," * reading.MAX_LIST_ENTRIES + b"0]}"
    assert "more entries than any backup" in refusal(long_list)


def test_more_entries_in_all_than_the_largest_backup_holds_are_refused(request_context, monkeypatch):
    monkeypatch.setattr(reading, "MAX_ENTRIES", 1_000)
    assert reading.read_backup(io.BytesIO(b'{"a": [' + b"[1,2,3,4]," * 199 + b"[]]}").read)[0]
    assert "more entries than any backup" in refusal(b'{"a": [' + b"[1,2,3,4]," * 200 + b"[]]}")


def test_text_running_on_past_anything_a_backup_holds_is_refused_without_being_rescanned(request_context):
    assert "more entries than any backup" in refusal(gzip.compress(b'{"league": "' + b"a" * 5_000_000))


def test_whitespace_around_rows_is_held_as_one_space(request_context):
    padded = gzip.compress(b"{" + b" " * 30_000_000 + b'"players": [' + b"\n" * 10_000_000 + b"]}")
    tracemalloc.start()
    try:
        value, size = reading.read_backup(io.BytesIO(padded).read)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert value == {"players": []}
    assert size == 40_000_000 + len(b'{"players": []}')
    assert peak < 20 * MB, peak


def test_past_the_largest_backups_bytes_is_refused_as_it_arrives(request_context, monkeypatch):
    monkeypatch.setattr(reading, "MAX_BACKUP_BYTES", 1_000)
    assert "larger than any backup" in refusal(gzip.compress(b'{"a": "' + b"b" * 2_000 + b'"}'))


def test_the_entries_counted_for_the_largest_backup_are_those_of_its_widest_rows_at_every_cap():
    from ramo_keeper.backups import backup_size

    hand = backup_size.widest_hand()
    assert reading.entries(hand) == 1 + len(hand["results"]) * (1 + reading.entries(hand["results"][0]))
    assert reading.entries({"a": [1, {"b": 2}]}) == 4
    assert MAX_HANDS_PER_LEAGUE * reading.entries(hand) < reading.MAX_ENTRIES


@pytest.mark.parametrize("text", ['"\\u0000"', '"ab\\u0007"', '"\\u009f"'])
def test_text_no_database_stores_is_refused_where_the_file_is_read(request_context, text):
    file = b'{"games": [{"id": 1, "variant": ' + text.encode() + b"}]}"
    assert "cannot be stored" in refusal(file)


def test_escaped_line_breaks_and_emoji_in_pairs_are_read(request_context):
    file = b'{"league": {"name": "a\\nb \\ud83d\\ude00"}}'
    assert reading.read_backup(io.BytesIO(file).read)[0] == {"league": {"name": "a\nb \U0001f600"}}


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_numbers_that_are_not_finite_are_refused_where_the_file_is_read(request_context, number):
    assert "not a number a backup holds" in refusal(b'{"games": [{"id": ' + number.encode() + b"}]}")
