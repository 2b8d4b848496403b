"""ratings: a per-league switch for skill ratings (off by default)

Revision ID: 0008_league_ratings_setting
Revises: 0007_lookalike_name_keys
Create Date: 2026-12-01 11:30:00

Ratings themselves are not stored: they are derived from the league's finished games on read
(ramo_keeper/ratings/service.py), so this switch is the only new column.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_league_ratings_setting'
down_revision = '0007_lookalike_name_keys'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ratings', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade():
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.drop_column('ratings')
