"""everyone counts their own cards: phones holding seats, players' drafts of the next hand

Revision ID: 0011_own_phone_counting
Revises: 0010_house_rules_rulesets
Create Date: 2026-12-01 15:00:00

Existing games keep the live link's counting switched off and start with no drafts.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0011_own_phone_counting'
down_revision = '0010_house_rules_rulesets'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('live_counting', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('drafts_version', sa.Integer(), server_default='0', nullable=False))
    op.create_table(
        'phone_seat',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('phone_digest', sa.String(length=64), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('taken_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_phone_seat_game_id_game'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_phone_seat_player_id_player'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_phone_seat_user_id_user'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_phone_seat')),
        sa.UniqueConstraint('game_id', 'phone_digest', name=op.f('uq_phone_seat_game_id_phone_digest')),
        sa.UniqueConstraint('game_id', 'player_id', name=op.f('uq_phone_seat_game_id_player_id')),
    )
    with op.batch_alter_table('phone_seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_seat_game_id'), ['game_id'], unique=False)
    op.create_table(
        'hand_draft',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('hand_number', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('phone_digest', sa.String(length=64), nullable=True),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('result', sa.JSON(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_hand_draft_game_id_game'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_hand_draft_player_id_player'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_hand_draft_user_id_user'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_draft')),
        sa.UniqueConstraint('game_id', 'hand_number', 'player_id', name=op.f('uq_hand_draft_game_id_hand_number_player_id')),
    )
    with op.batch_alter_table('hand_draft', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_draft_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('hand_draft', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_draft_game_id'))
    op.drop_table('hand_draft')
    with op.batch_alter_table('phone_seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_seat_game_id'))
    op.drop_table('phone_seat')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('drafts_version')
        batch_op.drop_column('live_counting')
