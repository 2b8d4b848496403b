"""store what the rules derive at each write, so reads never replay

Revision ID: 0006_core_stored_state
Revises: 0005_guests_user_flags
Create Date: 2026-12-01 02:10:00

Adds each hand's dealer and winners, each line's value, score and levels, each seat's standing and
the game's next dealer, hand count and winners, then fills them for existing games by replaying
their stored inputs through the rules (the same computation every write now stores).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006_core_stored_state'
down_revision = '0005_guests_user_flags'
branch_labels = None
depends_on = None

FLAGS = ("went_out", "laid_down", "knocked", "went_rummy")
NEW_COLUMNS = (
    ('game', lambda: sa.Column('hand_count', sa.Integer(), nullable=False, server_default='0')),
    ('game', lambda: sa.Column('next_dealer_id', sa.Integer(), nullable=True)),
    ('game', lambda: sa.Column('winner_ids', sa.JSON(), nullable=False, server_default=sa.text("'[]'"))),
    ('seat', lambda: sa.Column('total', sa.Integer(), nullable=False, server_default='0')),
    ('seat', lambda: sa.Column('level', sa.Integer(), nullable=True)),
    ('seat', lambda: sa.Column('completed', sa.Boolean(), nullable=False, server_default=sa.false())),
    ('seat', lambda: sa.Column('rounds_won', sa.Integer(), nullable=False, server_default='0')),
    ('seat', lambda: sa.Column('rank', sa.Integer(), nullable=False, server_default='1')),
    ('seat', lambda: sa.Column('end_bonus', sa.Integer(), nullable=False, server_default='0')),
    ('seat', lambda: sa.Column('place', sa.Integer(), nullable=False, server_default='1')),
    ('hand', lambda: sa.Column('dealer_id', sa.Integer(), nullable=True)),
    ('hand', lambda: sa.Column('winner_ids', sa.JSON(), nullable=False, server_default=sa.text("'[]'"))),
    ('hand_result', lambda: sa.Column('value', sa.Integer(), nullable=False, server_default='0')),
    ('hand_result', lambda: sa.Column('score', sa.Integer(), nullable=False, server_default='0')),
    ('hand_result', lambda: sa.Column('level_before', sa.Integer(), nullable=True)),
    ('hand_result', lambda: sa.Column('level_after', sa.Integer(), nullable=True)),
    ('hand_result', lambda: sa.Column('completed', sa.Boolean(), nullable=False, server_default=sa.false())),
)


def upgrade():
    # Plain ALTER TABLE ADD COLUMN, never batch mode: on SQLite batch mode copies a table and drops the
    # old one, and with foreign keys on that drop cascades to every seat, hand and result of the games.
    for table, column in NEW_COLUMNS:
        op.add_column(table, column())
    backfill(op.get_bind())


def backfill(bind) -> None:
    """Replay every stored game once and write what the rules derive (Core tables: the models may move on)."""
    from ramo_keeper import rules

    meta = sa.MetaData()
    game = sa.Table('game', meta, autoload_with=bind)
    seat = sa.Table('seat', meta, autoload_with=bind)
    player = sa.Table('player', meta, autoload_with=bind)
    hand = sa.Table('hand', meta, autoload_with=bind)
    result = sa.Table('hand_result', meta, autoload_with=bind)
    for g in bind.execute(sa.select(game.c.id, game.c.variant, game.c.options, game.c.first_dealer_id)).all():
        seats = bind.execute(sa.select(seat.c.id, seat.c.player_id, player.c.name)
                             .join(player, player.c.id == seat.c.player_id)
                             .where(seat.c.game_id == g.id).order_by(seat.c.position)).all()
        hands = bind.execute(sa.select(hand.c.id).where(hand.c.game_id == g.id).order_by(hand.c.number)).all()
        rows = {h.id: bind.execute(sa.select(result).where(result.c.hand_id == h.id)
                                   .order_by(result.c.position)).all() for h in hands}
        setup = rules.GameSetup(g.variant, tuple(rules.Seat(s.player_id, s.name) for s in seats), g.first_dealer_id,
                                g.options or {})
        try:
            state = rules.replay(setup, [rules.HandInput(tuple(
                rules.PlayerResult(r.player_id, r.cards or {}, {f for f in FLAGS if getattr(r, f)})
                for r in rows[h.id])) for h in hands])
        except rules.RuleError as error:
            raise RuntimeError(f"Game {g.id} no longer replays ({error}): fix its hand before upgrading.") from None
        for h, outcome in zip(hands, state.hands, strict=True):
            bind.execute(hand.update().where(hand.c.id == h.id)
                         .values(dealer_id=outcome.dealer_id, winner_ids=list(outcome.winner_ids)))
            by_player = {r.player_id: r.id for r in rows[h.id]}
            for line in outcome.results:
                bind.execute(result.update().where(result.c.id == by_player[line.player_id]).values(
                    value=line.value, score=line.score, level_before=line.level_before,
                    level_after=line.level_after, completed=line.completed))
        for s, p in zip(seats, state.players, strict=True):
            bind.execute(seat.update().where(seat.c.id == s.id).values(
                total=p.total, level=p.level, completed=p.completed, rounds_won=p.rounds_won, rank=p.rank,
                end_bonus=p.end_bonus, place=p.place))
        bind.execute(game.update().where(game.c.id == g.id).values(
            hand_count=state.hand_count, next_dealer_id=state.next_dealer_id, winner_ids=list(state.winner_ids)))


def downgrade():
    # ALTER TABLE DROP COLUMN (SQLite 3.35+), for the same reason as above: no batch copy of the tables.
    for table, column in reversed(NEW_COLUMNS):
        op.drop_column(table, column().name)
