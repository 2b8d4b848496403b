"""standings read from a covering index

Revision ID: 0003_perf_standings_index
Revises: 0002_i18n_user_locale
Create Date: 2026-12-01 01:50:00

The season standings sum every finished game's result rows of a season; with an index that
holds every summed column, the database reads the index alone instead of each row. It
replaces ix_game_result_season_variant, whose two columns are its prefix.
"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0003_perf_standings_index'
down_revision = '0002_i18n_user_locale'
branch_labels = None
depends_on = None

COLUMNS = ['season_id', 'variant', 'player_id', 'won', 'place', 'total', 'hands_played', 'points', 'game_id']


def upgrade():
    with op.batch_alter_table('game_result', schema=None) as batch_op:
        batch_op.drop_index('ix_game_result_season_variant')
        batch_op.create_index('ix_game_result_standings', COLUMNS, unique=False)


def downgrade():
    with op.batch_alter_table('game_result', schema=None) as batch_op:
        batch_op.drop_index('ix_game_result_standings')
        batch_op.create_index('ix_game_result_season_variant', ['season_id', 'variant'], unique=False)
