"""security: throttle counters, session generations, invites, casefolded roster keys

Revision ID: 0004_security_sessions
Revises: 0003_perf_standings_index
Create Date: 2026-12-01 01:40:00

"""
import unicodedata
from datetime import UTC, datetime, timedelta

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004_security_sessions'
down_revision = '0003_perf_standings_index'
branch_labels = None
depends_on = None


def _name_key(name):
    # The same rule as ramo_keeper.text.name_key, frozen here as migrations must not import the app.
    return unicodedata.normalize("NFC", name).casefold()


def _rekey(table, key_column, group_column=None):
    """Recompute casefolded keys. Two rows that now collide (say "Straße" and "STRASSE" on one roster)
    cannot both have the plain key: the later one gets "key#id", which no typed name matches, so
    both stay listed and the owner can rename one."""
    connection = op.get_bind()
    name_column = "username" if table == "user" else "name"
    group = group_column or "0"
    rows = connection.execute(sa.text(f'SELECT id, {name_column}, {group} FROM "{table}" ORDER BY id')).all()
    taken = set()
    keys = {}
    for row_id, name, group_value in rows:
        key = _name_key(name.strip())
        if (group_value, key) in taken:
            key = f"{key}#{row_id}"
        taken.add((group_value, key))
        keys[row_id] = key
    # Park every key first so that no intermediate state breaks the unique constraint.
    connection.execute(sa.text(f'UPDATE "{table}" SET {key_column} = \'#\' || id'))
    for row_id, key in keys.items():
        connection.execute(sa.text(f'UPDATE "{table}" SET {key_column} = :key WHERE id = :id'),
                           {"key": key, "id": row_id})


def upgrade():
    op.create_table('throttle_counter',
    sa.Column('bucket', sa.String(length=40), nullable=False),
    sa.Column('key_digest', sa.String(length=64), nullable=False),
    sa.Column('window_start', sa.DateTime(), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('bucket', 'key_digest', name=op.f('pk_throttle_counter'))
    )
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_generation', sa.Integer(), server_default='1', nullable=False))
        batch_op.alter_column('username_key', existing_type=sa.String(length=40), type_=sa.String(length=160),
                              existing_nullable=False)
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.alter_column('name_key', existing_type=sa.String(length=40), type_=sa.String(length=160),
                              existing_nullable=False)
    _rekey('user', 'username_key')
    _rekey('player', 'name_key', 'league_id')

    op.create_table('invite',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=64), nullable=False),
    sa.Column('role', sa.String(length=10), nullable=False),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.Column('max_uses', sa.Integer(), nullable=True),
    sa.Column('uses', sa.Integer(), nullable=False),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['created_by_id'], ['user.id'], name=op.f('fk_invite_created_by_id_user'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['league_id'], ['league.id'], name=op.f('fk_invite_league_id_league'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invite')),
    sa.UniqueConstraint('token', name=op.f('uq_invite_token'))
    )
    with op.batch_alter_table('invite', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invite_league_id'), ['league_id'], unique=False)
    # A link that worked before keeps working as a scorer invite for the default 7 days.
    now = datetime.now(UTC).replace(tzinfo=None)
    connection = op.get_bind()
    for league_id, token in connection.execute(sa.text(
            "SELECT id, invite_token FROM league WHERE invite_token IS NOT NULL")).all():
        connection.execute(sa.text(
            "INSERT INTO invite (league_id, token, role, created_at, expires_at, uses) "
            "VALUES (:league_id, :token, 'scorer', :now, :expires, 0)"),
            {"league_id": league_id, "token": token, "now": now, "expires": now + timedelta(days=7)})
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.drop_constraint('uq_league_invite_token', type_='unique')
        batch_op.drop_column('invite_token')


def downgrade():
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.add_column(sa.Column('invite_token', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint('uq_league_invite_token', ['invite_token'])
    with op.batch_alter_table('invite', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invite_league_id'))
    op.drop_table('invite')
    # Keys stay casefolded (lower() of a casefolded key is itself); only the lengths go back.
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.alter_column('name_key', existing_type=sa.String(length=160), type_=sa.String(length=40),
                              existing_nullable=False)
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.alter_column('username_key', existing_type=sa.String(length=160), type_=sa.String(length=40),
                              existing_nullable=False)
        batch_op.drop_column('session_generation')
    op.drop_table('throttle_counter')
