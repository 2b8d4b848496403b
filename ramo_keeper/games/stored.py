"""A stored game and its state: load a game, read its state without replaying, store a replay.

Every write replays the game once from the stored hand inputs (`state_of`) and stores what
the rules derived (`store_state`): each hand's dealer, winners and scored lines, each seat's
standing, the next dealer and a finished game's per-player results for standings. Reads build the
same `rules.GameState` from those columns as plain rows (`read_game`; `stored_state` from loaded
hand objects, for the pages that edit hands) in a fixed number of statements; tests/test_scoring.py
checks both equal a replay after random records, edits and undos. Each hand's rows are read and
written by games/hand_rows.py.
"""

from itertools import groupby

from sqlalchemy import bindparam
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from .. import rules
from ..database.locks import lock_players, lock_season, row_locks
from ..database.worker_cache import game_stamp, kept, reading
from ..extensions import db
from ..models import Game, GameResult, Hand, HandResult, Seat, utcnow
from ..variants import own_definition
from .hand_rows import hand_input, scored_line, scored_lines, write_hand


def _head():
    """Game, league, season, seats and players: one statement."""
    return (joinedload(Game.league), joinedload(Game.season), joinedload(Game.seats).joinedload(Seat.player))


# Built once: a statement with loader options costs more to build (and key for the cache) than to run.
_HEAD = (db.select(Game).where(Game.id == bindparam("game_id")).options(*_head())
         .execution_options(populate_existing=True))


def load_game(game_id: int, hands: bool = True) -> Game | None:
    """A game ready to show: one statement without its hands, two with them, from one version of the game.

    The seats' standings and the hands come from two statements. On PostgreSQL (read committed) a
    write could commit between them, so the second statement reads the game's version again and the
    pair is read anew if it moved: a scoreboard never mixes two versions under one ETag.
    """
    for _ in range(5):
        game = db.session.execute(_HEAD, {"game_id": game_id}).unique().scalar_one_or_none()
        if game is None or not hands:
            return game
        rows = db.session.execute(
            db.select(Game.version, Hand).outerjoin(Hand, Hand.game_id == Game.id).where(Game.id == game_id)
            .options(joinedload(Hand.results)).order_by(Hand.number).execution_options(populate_existing=True)
        ).unique().all()
        if rows and rows[0][0] == game.version:
            set_committed_value(game, "hands", [hand for _, hand in rows if hand is not None])
            return game
    raise RuntimeError(f"Game {game_id} kept changing while it was read.")


# What a read needs of each hand, as plain rows: building ORM objects for every hand and result cost
# a game read more than everything else together (issue 12).
_SCORED_COLUMNS = (Hand.number, Hand.dealer_id, Hand.winner_ids, HandResult.player_id, HandResult.cards,
                   HandResult.marks, HandResult.value, HandResult.score, HandResult.level_before,
                   HandResult.level_after, HandResult.completed)


def read_game(game_id: int) -> tuple[Game, rules.GameState] | None:
    """A game to show and its state as the last write stored it: no replay, no hand objects.

    The hands' outcomes change only with the game's version, so a worker keeps them by the game's
    stamp (database/worker_cache.py) and an unchanged game costs one statement. Otherwise the hands' statement reads
    the game's version again, and the pair is read anew if a write committed in between (as in
    load_game), so a page never mixes two versions.
    """
    for _ in range(5):
        game = load_game(game_id, hands=False)
        if game is None:
            return None
        key = ("hands", *game_stamp(game))
        hands = kept().get(key) if reading() else None
        if hands is not None:
            return game, _state(game, hands)
        rows = db.session.execute(
            db.select(Game.version, *_SCORED_COLUMNS).select_from(Game)
            .outerjoin(Hand, Hand.game_id == Game.id).outerjoin(HandResult, HandResult.hand_id == Hand.id)
            .where(Game.id == game_id).order_by(Hand.number, HandResult.position)
        ).all()
        if not rows:  # deleted in between
            return None
        if rows[0].version == game.version:
            hands = _outcomes(rows)
            if reading():
                kept().put(key, hands)
            return game, _state(game, hands)
    raise RuntimeError(f"Game {game_id} kept changing while it was read.")


def read_games(session, game_ids: list[int], scores_only: bool = False) -> list[tuple[Game, rules.GameState]]:
    """Many games and their states as the last writes stored them, in two statements, in `game_ids`' order.

    For a download of many games that reads them a batch at a time on `session`, bound to one
    unchanging state of the database (snapshot.py): no version check is needed between the two.
    With `scores_only` each hand's lines carry their player and score alone (no cards, marks or
    levels: a file of running totals and final places needs no more), which spares decoding them.
    """
    heads = {game.id: game for game in session.execute(
        db.select(Game).where(Game.id.in_(game_ids)).options(*_head())).unique().scalars()}
    columns = (Hand.number, Hand.dealer_id, HandResult.player_id, HandResult.score) if scores_only \
        else (*_SCORED_COLUMNS,)
    rows = session.execute(
        db.select(Hand.game_id, *columns).join(HandResult, HandResult.hand_id == Hand.id)
        .where(Hand.game_id.in_(game_ids)).order_by(Hand.game_id, Hand.number, HandResult.position)).all()
    outcomes = _scores if scores_only else _outcomes
    hands = {game_id: outcomes(lines) for game_id, lines in groupby(rows, key=lambda row: row.game_id)}
    return [(heads[game_id], _state(heads[game_id], hands.get(game_id, ())))
            for game_id in game_ids if game_id in heads]


def _scores(rows) -> tuple[rules.HandOutcome, ...]:
    return tuple(rules.HandOutcome(number, lines[0].dealer_id, tuple(
        rules.ScoredResult(r.player_id, {}, frozenset(), r.score, r.score) for r in lines), ())
        for number, lines in ((number, list(lines)) for number, lines in groupby(rows, key=lambda row: row.number)))


def _outcomes(rows) -> tuple[rules.HandOutcome, ...]:
    played = (row for row in rows if row.number is not None)  # a game without hands gives one empty row
    outcomes = []
    for number, lines in groupby(played, key=lambda row: row.number):
        lines = list(lines)
        outcomes.append(rules.HandOutcome(number, lines[0].dealer_id, tuple(scored_line(r) for r in lines),
                                          tuple(lines[0].winner_ids)))
    return tuple(outcomes)


def lock_game(game_id: int) -> Game | None:
    """The game for a write: its row locked (PostgreSQL), then game, seats and hands read afresh.

    The locks follow locks.py's order: the game's season (shared: it cannot close meanwhile), its
    players (key share: a rename waits, or is waited for, before the game is locked), then the game.
    Rows read earlier in the request may be stale, so every loaded object is overwritten
    (populate_existing). SQLite has no row locks: there the request's transaction began with
    BEGIN IMMEDIATE (database/transactions.py), which already holds the write lock.
    """
    if row_locks():
        seats = db.session.execute(db.select(Game.season_id, Seat.player_id).join(Seat, Seat.game_id == Game.id)
                                   .where(Game.id == game_id)).all()
        if seats and seats[0].season_id is not None:
            lock_season(seats[0].season_id, share=True)
        lock_players(seat.player_id for seat in seats)
    game = db.session.execute(
        db.select(Game).where(Game.id == game_id).with_for_update()
        .execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if game is None:
        return None
    return load_game(game_id)


def setup_of(game: Game) -> rules.GameSetup:
    seats = [rules.Seat(seat.player_id, seat.player.name) for seat in game.seats]
    return rules.GameSetup(game.variant, tuple(seats), game.first_dealer_id, game.options, own_definition(game))


def inputs_of(game: Game) -> list[rules.HandInput]:
    return [hand_input(hand.results) for hand in game.hands]


def state_of(game: Game, hands: list[rules.HandInput] | None = None) -> rules.GameState:
    """The whole derived state, replayed from the stored inputs (or from `hands` in their place)."""
    return rules.replay(setup_of(game), inputs_of(game) if hands is None else hands)


def stored_state(game: Game) -> rules.GameState:
    """The derived state as the last write stored it, from the game's loaded hand rows: no replay."""
    return _state(game, tuple(rules.HandOutcome(h.number, h.dealer_id, scored_lines(h.results),
                                                tuple(h.winner_ids)) for h in game.hands))


def _state(game: Game, hands: tuple[rules.HandOutcome, ...]) -> rules.GameState:
    setup = setup_of(game)
    players = tuple(rules.PlayerState(s.player_id, s.player.name, s.position, s.total, s.level, s.completed,
                                      s.rounds_won, s.rank, s.end_bonus, s.place) for s in game.seats)
    return rules.GameState(setup, hands, players, game.next_dealer_id, game.status == "finished",
                           tuple(game.winner_ids or ()), game.hand_count)


def store_state(game: Game, state: rules.GameState) -> None:
    """Store everything the rules derived, so that stored_state(game) == state.

    The hands in `state` must match the game's hand rows one to one (append a row first).
    Rows are updated in place, so an edit of a finished game never inserts a second result
    for a player before the first is deleted.
    """
    for row, outcome in zip(game.hands, state.hands, strict=True):
        write_hand(row, outcome)
    standings = {p.player_id: p for p in state.players}
    for seat in game.seats:
        p = standings[seat.player_id]
        seat.total, seat.level, seat.completed, seat.rounds_won = p.total, p.level, p.completed, p.rounds_won
        seat.rank, seat.end_bonus, seat.place = p.rank, p.end_bonus, p.place
    game.hand_count, game.next_dealer_id, game.winner_ids = state.hand_count, state.next_dealer_id, list(
        state.winner_ids)
    _store_results(game, state)


def _store_results(game: Game, state: rules.GameState) -> None:
    """Status and the per-game results that standings aggregate with SQL."""
    if not state.finished:
        game.status, game.finished_at = "in_progress", None
        game.results.clear()
        return
    # A finish time already there (an edit of a finished game, an imported backup) is kept.
    game.status, game.finished_at = "finished", game.finished_at or utcnow()
    size = len(state.players)
    places = rules.finishing_places(state)
    rows = {row.player_id: row for row in game.results}
    for player in state.players:
        row = rows.get(player.player_id)
        if row is None:
            row = GameResult(player_id=player.player_id)
            game.results.append(row)
        place = places[player.player_id]
        row.season_id, row.variant, row.table_size, row.place = game.season_id, game.variant, size, place
        row.points, row.won = rules.placement_points(size, place), player.player_id in state.winner_ids
        row.total, row.hands_played = player.total, state.hand_count
