"""club nights: a league's evening at several tables, its players present and its rounds' tables

Revision ID: 0014_club_nights
Revises: 0013_lookalike_keys_unfolded
Create Date: 2026-12-02 06:30:00

New tables only: existing leagues start with no nights.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0014_club_nights'
down_revision = '0013_lookalike_keys_unfolded'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'night',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('league_id', sa.Integer(), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=True),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('variant', sa.String(length=20), nullable=False),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('table_size', sa.Integer(), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('seating', sa.String(length=10), nullable=False),
        sa.Column('current_round', sa.Integer(), nullable=False),
        sa.Column('plan', sa.JSON(), nullable=False),
        sa.Column('ended_at', sa.DateTime(), nullable=True),
        sa.Column('board_token', sa.String(length=64), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_by_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['created_by_id'], ['user.id'], name=op.f('fk_night_created_by_id_user'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['league_id'], ['league.id'], name=op.f('fk_night_league_id_league'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['season_id'], ['season.id'], name=op.f('fk_night_season_id_season'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_night')),
        sa.UniqueConstraint('board_token', name=op.f('uq_night_board_token')),
    )
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_league_id'), ['league_id'], unique=False)
    op.create_table(
        'night_player',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_player_night_id_night'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_night_player_player_id_player'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_night_player')),
        sa.UniqueConstraint('night_id', 'player_id', name=op.f('uq_night_player_night_id_player_id')),
    )
    with op.batch_alter_table('night_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_player_night_id'), ['night_id'], unique=False)
    op.create_table(
        'night_table',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('table', sa.Integer(), nullable=False),
        sa.Column('seats', sa.JSON(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_night_table_game_id_game'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_table_night_id_night'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_night_table')),
        sa.UniqueConstraint('night_id', 'round', 'table', name=op.f('uq_night_table_night_id_round_table')),
    )
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_table_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_night_table_night_id'), ['night_id'], unique=False)


def downgrade():
    op.drop_table('night_table')
    op.drop_table('night_player')
    op.drop_table('night')
