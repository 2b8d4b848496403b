"""house-rule games are scored again by what their marks now mean (multiplies, implies, out_mark)

Revision ID: 0017_rescore_house_rule_games
Revises: 0016_night_snapshot
Create Date: 2026-12-03 07:45:00

Until this release the level and knock engines ignored a house rule's `multiplies` (the grid showed ×2
while the score was the plain one) and Ramo's `out_mark` `laid_down` never gave the out score. The
stored totals, levels, places and results of games played under such a rule were the old arithmetic;
the app now derives them differently from the same stored inputs. This replays every game that has a
definition snapshot from its stored hand inputs and stores what the rules derive, so that every
cached figure equals a full recompute again. Built-in games scored right and are left alone.

It runs the app's own replay (there is no frozen copy of the rules to run): should a stored hand no
longer pass the rules (a mark without the mark it requires), the game keeps what it stored and is
named in the log, never lost. The way down changes nothing: the inputs are the same.
"""
import logging

from alembic import op
from sqlalchemy.orm import Session

# revision identifiers, used by Alembic.
revision = '0017_rescore_house_rule_games'
down_revision = '0016_night_snapshot'
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def upgrade():
    from ramo_keeper.games.stored import state_of, store_state
    from ramo_keeper.models import Game

    session = Session(bind=op.get_bind())
    for game in session.query(Game).order_by(Game.id):
        if not game.definition:  # a built-in game (SQL NULL or JSON null)
            continue
        try:
            with session.begin_nested():
                store_state(game, state_of(game))
        except Exception as error:  # noqa: BLE001 - one game that no longer replays keeps what it stored
            log.warning("game %s keeps its stored totals: it no longer replays (%s)", game.id, error)
    session.flush()


def downgrade():
    pass
