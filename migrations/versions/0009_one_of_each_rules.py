"""the database holds the "only one" rules: season names, one current season, one live invite

Revision ID: 0009_one_of_each_rules
Revises: 0008_league_ratings_setting
Create Date: 2026-12-01 11:40:00

Races on PostgreSQL could leave a league with two seasons of one name, several current seasons or
several live invite links. The duplicates are repaired first, then unique indexes keep them out:
- a later season whose name another season of its league already has (in any case) is renamed
  "Name (2)", "Name (3)", …;
- of several current seasons of a league the earliest stays current;
- of several live (unrevoked) invites of a league the newest stays live, the others are revoked.
"""
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0009_one_of_each_rules'
down_revision = '0008_league_ratings_setting'
branch_labels = None
depends_on = None

NAME_MAX = 80
season = sa.table('season', sa.column('id', sa.Integer), sa.column('league_id', sa.Integer),
                  sa.column('name', sa.String), sa.column('is_current', sa.Boolean))
invite = sa.table('invite', sa.column('id', sa.Integer), sa.column('league_id', sa.Integer),
                  sa.column('revoked_at', sa.DateTime))


def _unused_name(name: str, taken: set[str]) -> str:
    """"Name (2)", "Name (3)", …: the first that no season of the league has, in any case, within 80 characters."""
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[:NAME_MAX - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in taken:
            return candidate
        number += 1


def _repair_season_names(connection) -> None:
    rows = connection.execute(sa.select(season.c.id, season.c.league_id, season.c.name)
                              .order_by(season.c.league_id, season.c.id)).all()
    taken: dict[int, set[str]] = {}
    for row in rows:
        taken.setdefault(row.league_id, set()).add(row.name.casefold())
    seen: dict[int, set[str]] = {}
    for row in rows:
        names = seen.setdefault(row.league_id, set())
        if row.name.casefold() in names:
            new_name = _unused_name(row.name, taken[row.league_id])
            taken[row.league_id].add(new_name.casefold())
            connection.execute(season.update().where(season.c.id == row.id).values(name=new_name))
            names.add(new_name.casefold())
        else:
            names.add(row.name.casefold())


def _keep_one(connection, table, flag, keep_newest: bool, values: dict) -> None:
    """Of the rows of each league matching `flag`, keep one (the earliest or the newest) and update the rest."""
    rows = connection.execute(sa.select(table.c.id, table.c.league_id).where(flag)
                              .order_by(table.c.league_id, table.c.id)).all()
    by_league: dict[int, list[int]] = {}
    for row in rows:
        by_league.setdefault(row.league_id, []).append(row.id)
    extra = [i for ids in by_league.values() for i in (ids[:-1] if keep_newest else ids[1:])]
    if extra:
        connection.execute(table.update().where(table.c.id.in_(extra)).values(**values))


def upgrade():
    connection = op.get_bind()
    _repair_season_names(connection)
    _keep_one(connection, season, season.c.is_current.is_(True), keep_newest=False, values={"is_current": False})
    now = datetime.now(UTC).replace(tzinfo=None)
    _keep_one(connection, invite, invite.c.revoked_at.is_(None), keep_newest=True, values={"revoked_at": now})
    op.create_index('uq_season_league_id_name', 'season', ['league_id', 'name'], unique=True)
    op.create_index('uq_season_one_current_per_league', 'season', ['league_id'], unique=True,
                    postgresql_where=sa.text('is_current'), sqlite_where=sa.text('is_current'))
    op.create_index('uq_invite_one_live_per_league', 'invite', ['league_id'], unique=True,
                    postgresql_where=sa.text('revoked_at IS NULL'), sqlite_where=sa.text('revoked_at IS NULL'))


def downgrade():
    op.drop_index('uq_invite_one_live_per_league', table_name='invite')
    op.drop_index('uq_season_one_current_per_league', table_name='season')
    op.drop_index('uq_season_league_id_name', table_name='season')
