"""a night's round timer, abandoned tables, and the standings a finished night keeps

Revision ID: 0019_night_round_timer
Revises: 0017_rescore_house_rule_games
Create Date: 2026-12-03 10:10:00

RULES.md §9 (ending, reopening, abandoning): an organiser may start a round timer (`timer_ends_at`,
cleared when the next round is seated); a table's game may be marked abandoned (it counts for neither
the night nor the season); a finished night keeps its standings as they were when it finished
(`finished_at`, `final_standings`), so that a later correction of one of its games moves the season's
standings but not the night's. A night already finished before this release has no stored standings:
it shows them computed from its games, as before, until it is reopened or a backup carries it.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0019_night_round_timer'
down_revision = '0018_draft_cards'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.add_column(sa.Column('timer_ends_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('finished_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('final_standings', sa.JSON(), nullable=True))
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('abandoned', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.drop_column('abandoned')
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_column('final_standings')
        batch_op.drop_column('finished_at')
        batch_op.drop_column('timer_ends_at')
