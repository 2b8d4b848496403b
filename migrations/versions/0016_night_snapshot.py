"""a night keeps its rules: the house rule's definition and every option it opened with

Revision ID: 0016_night_snapshot
Revises: 0015_lookalike_letter_pairs
Create Date: 2026-12-03 06:30:00

A night already open takes what its first game took: that game's definition snapshot (a house rule's
night) and its options, defaults filled in. A night whose first game was deleted takes its house
rule's definition as it is now, should the rule still exist; a built-in night needs no definition.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0016_night_snapshot'
down_revision = '0015_lookalike_letter_pairs'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.add_column(sa.Column('definition', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('ruleset_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_night_ruleset_id_ruleset'), 'ruleset', ['ruleset_id'], ['id'],
                                    ondelete='SET NULL')
    _fill_snapshots(op.get_bind())


def _fill_snapshots(connection) -> None:
    meta = sa.MetaData()
    night, night_table, game, ruleset = (sa.Table(name, meta, autoload_with=connection)
                                         for name in ("night", "night_table", "game", "ruleset"))
    for night_id, variant in connection.execute(sa.select(night.c.id, night.c.variant)).all():
        # The night's first game: round 1, table 1, or the earliest still there.
        first = connection.execute(
            sa.select(game.c.options, game.c.definition, game.c.ruleset_id)
            .join(night_table, night_table.c.game_id == game.c.id).where(night_table.c.night_id == night_id)
            .order_by(night_table.c.round, night_table.c.table).limit(1)).first()
        values = {}
        if first is not None:
            values["options"] = first.options
            if first.definition is not None:
                values.update(definition=first.definition, ruleset_id=first.ruleset_id)
        if "definition" not in values:
            rule = connection.execute(sa.select(ruleset.c.id, ruleset.c.definition)
                                      .where(ruleset.c.key == variant)).first()
            if rule is not None:
                values.update(definition=rule.definition, ruleset_id=rule.id)
        if values:
            connection.execute(night.update().where(night.c.id == night_id).values(**values))


def downgrade():
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_night_ruleset_id_ruleset'), type_='foreignkey')
        batch_op.drop_column('ruleset_id')
        batch_op.drop_column('definition')
