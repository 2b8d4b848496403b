"""house rules: a league's rulesets, and each game's snapshot of the definition it started with

Revision ID: 0010_house_rules_rulesets
Revises: 0009_one_of_each_rules
Create Date: 2026-12-01 12:00:00

Existing games are built-in games: their `definition` stays null and `ruleset_id` unset.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010_house_rules_rulesets'
down_revision = '0009_one_of_each_rules'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'ruleset',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=20), nullable=False),
        sa.Column('league_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('based_on', sa.String(length=20), nullable=False),
        sa.Column('definition', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['league_id'], ['league.id'], name=op.f('fk_ruleset_league_id_league'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ruleset')),
        sa.UniqueConstraint('key', name=op.f('uq_ruleset_key')),
    )
    with op.batch_alter_table('ruleset', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ruleset_league_id'), ['league_id'], unique=False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('definition', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('ruleset_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_ruleset_id'), ['ruleset_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_game_ruleset_id_ruleset'), 'ruleset', ['ruleset_id'], ['id'],
                                    ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_ruleset_id_ruleset'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_game_ruleset_id'))
        batch_op.drop_column('ruleset_id')
        batch_op.drop_column('definition')
    with op.batch_alter_table('ruleset', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ruleset_league_id'))
    op.drop_table('ruleset')
