"""Lay-down rates read each hand's stored marks as the JSON list they are, on SQLite and PostgreSQL alike."""

from sqlalchemy import event

from ramo_keeper.extensions import db
from ramo_keeper.seasons.player_stats import lay_down_rates

from .builders import OUT, play, ramo


def test_lay_down_rates_count_the_stored_marks_as_data_not_as_json_text(world):
    # Ramo, per player: Ana goes out each hand; Bo lays down in hands 1 and 3 (levels 1 and 2), Cy never.
    laid = ({"low": 1}, {"laid_down": True})
    hands = [{world.Ana: OUT, world.Bo: laid if n in (1, 3) else ramo(1), world.Cy: ramo(0, 1)} for n in (1, 2, 3)]
    play(world.league, world.user, "ramo", [world.Ana, world.Bo, world.Cy], hands)
    statements = []

    def seen(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", seen)
    try:
        (table,) = lay_down_rates(world.Bo)
    finally:
        event.remove(db.engine, "before_cursor_execute", seen)
    # Bo: level 1 laid down in hand 1, level 2 tried in hands 2 and 3 and laid down in 3, then level 3.
    mine = [(row["level"], row["lay_downs"], row["hands"]) for row in table["levels"] if row["hands"]]
    assert mine == [(1, 1, 1), (2, 1, 2)]
    # The league: Ana laid down levels 1, 2 and 3 by going out (it counts as laying down); Cy tried level 1
    # three times: level 1 has 5 hands (Ana 1, Bo 1, Cy 3) with 2 laid down, level 2 3 with 2, level 3 1 with 1.
    group = [(row["level"], row["group_lay_downs"], row["group_hands"])
             for row in table["levels"] if row["group_hands"]]
    assert group == [(1, 2, 5), (2, 2, 3), (3, 1, 1)]
    # One statement, reading the list as JSON: nothing matches the text of the marks column.
    marks_reads = [s for s in statements if "marks" in s]
    assert len(marks_reads) == 1 and " LIKE " not in marks_reads[0].upper()
