"""A night's caps and refusals come from one place: seating.py names each problem with the API's
`details.code` (docs/API.md, "Nights"), and nights/limits.py turns every problem into that refusal."""

import pytest

from ramo_keeper.nights import limits
from ramo_keeper.nights.seating import SeatingRefused, plan_mix, table_sizes


@pytest.mark.parametrize("players, size, least, most, code", [
    (65, 4, 2, 8, "too_many_players"),         # docs/API.md: more than 64 players
    (64, 2, 2, 8, "too_many_tables"),          # 32 tables of 2: more than 16
    (5, 4, 4, 4, "cannot_seat"),               # 5 players, tables of exactly 4: one table of 5
    (1, 2, 2, 8, "cannot_seat"),               # one player: no table the game can seat
    (8, 9, 2, 8, "table_size_out_of_range"),   # tables of 9: past 8
])
def test_each_seating_problem_is_refused_with_the_apis_code(app, players, size, least, most, code):
    with pytest.raises(SeatingRefused) as problem:
        table_sizes(players, size, least, most)
    with app.test_request_context():
        refusal = limits.sizes_refused(problem.value, players, "Rummy", least, most)
    assert refusal.details["code"] == code


def test_rounds_past_the_cap_are_the_apis_rounds_out_of_range():
    with pytest.raises(SeatingRefused) as problem:
        plan_mix([1, 2, 3, 4], 4, 13, 2, 8)  # docs/API.md: 1 to 12 rounds
    assert problem.value.details["problem"] == "rounds_out_of_range"


def test_every_problem_of_the_table_sizes_has_its_refusal():
    """No problem falls through to another's refusal: each is listed in limits.SEATING_REFUSALS."""
    problems = set()
    for players in range(1, 70):
        for size in range(1, 10):
            for least, most in ((2, 8), (3, 6), (4, 4), (2, 5)):
                try:
                    table_sizes(players, size, least, most)
                except SeatingRefused as problem:
                    problems.add(problem.details["problem"])
    assert problems <= set(limits.SEATING_REFUSALS)
    assert {"too_many_players", "too_many_tables", "cannot_seat", "table_size_out_of_range"} <= problems
