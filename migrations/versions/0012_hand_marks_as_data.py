"""hand marks as data: one JSON list of mark keys per hand result instead of a column per mark

Revision ID: 0012_hand_marks_as_data
Revises: 0011_own_phone_counting
Create Date: 2026-12-01 15:00:00

Each result's four flags become one sorted list of the marks it carries ("laid_down", "went_out"),
which is what the app reads and writes from now on (ramo_keeper/rules/marks.py). Every stored
hand keeps its marks, so every game replays to the same totals (tests/test_marks_migration.py).

Plain ALTER TABLE ADD/DROP COLUMN as in 0006, never batch mode: on SQLite batch mode copies the
table. The data moves in SQL: one UPDATE per combination of the four flags on the way up, one
per mark on the way down, so it takes a few statements however many hands are stored.
"""
from itertools import product

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012_hand_marks_as_data'
down_revision = '0011_own_phone_counting'
branch_labels = None
depends_on = None

# The marks as the columns named them until this revision; fixed here, as the app's list may grow.
MARKS = ('went_out', 'laid_down', 'knocked', 'went_rummy')


def _results(*columns):
    return sa.table('hand_result', sa.column('marks', sa.JSON()), *(sa.column(m, sa.Boolean()) for m in columns))


def upgrade():
    op.add_column('hand_result', sa.Column('marks', sa.JSON(), nullable=False, server_default='[]'))
    results = _results(*MARKS)
    for flags in product((False, True), repeat=len(MARKS)):
        if any(flags):  # the rows with no mark keep the default, []
            carried = sorted(mark for mark, flag in zip(MARKS, flags) if flag)
            op.execute(results.update().where(*(results.c[m] == flag for m, flag in zip(MARKS, flags)))
                       .values(marks=carried))
    for mark in MARKS:
        op.drop_column('hand_result', mark)


def downgrade():
    for mark in MARKS:
        op.add_column('hand_result', sa.Column(mark, sa.Boolean(), nullable=False, server_default=sa.false()))
    results = _results(*MARKS)
    # The list is JSON text such as ["laid_down", "went_out"] on both databases: a key in quotes is that mark.
    for mark in MARKS:
        op.execute(results.update().where(sa.cast(results.c.marks, sa.Text).like(f'%"{mark}"%'))
                   .values({mark: True}))
    op.drop_column('hand_result', 'marks')
