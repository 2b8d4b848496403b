"""The one place that turns stored rows into rules calls and back.

Totals, ranks, levels and the next dealer are never stored: they are replayed from the
per-player hand inputs. Only a finished game's outcome is written to GameResult, for
standings queries, and `sync_results` rewrites it from a replay whenever the game changes.
"""

from sqlalchemy.orm import selectinload

from .. import rules
from ..extensions import db
from ..models import Game, GameResult, Hand, HandResult, Seat, utcnow


def load_game(game_id: int) -> Game | None:
    """A game with its seats, players, hands and results loaded in a fixed number of queries."""
    return db.session.execute(
        db.select(Game).where(Game.id == game_id).options(
            selectinload(Game.seats).selectinload(Seat.player),
            selectinload(Game.hands).selectinload(Hand.results),
        )
    ).scalar_one_or_none()


def setup_of(game: Game) -> rules.GameSetup:
    seats = [rules.Seat(seat.player_id, seat.player.name) for seat in game.seats]
    return rules.GameSetup(game.variant, tuple(seats), game.first_dealer_id, game.options)


def input_of(hand: Hand) -> rules.HandInput:
    return rules.HandInput(tuple(
        rules.PlayerResult(r.player_id, r.cards, r.went_out, r.laid_down, r.knocked, r.went_rummy)
        for r in hand.results
    ))


def inputs_of(game: Game) -> list[rules.HandInput]:
    return [input_of(hand) for hand in game.hands]


def state_of(game: Game) -> rules.GameState:
    """The whole derived state, replayed from the stored inputs."""
    return rules.replay(setup_of(game), inputs_of(game))


def store_results(hand: Hand, outcome: rules.HandOutcome) -> None:
    """Write a hand's inputs (normalised: every category present) as rows.

    An edited hand's rows are updated in place: the seats never change, and replacing the rows
    would insert the new ones before the old ones are deleted, against the unique (hand, player).
    """
    rows = {row.player_id: row for row in hand.results}
    for position, r in enumerate(outcome.results):
        row = rows.get(r.player_id)
        if row is None:
            row = HandResult(player_id=r.player_id)
            hand.results.append(row)
        row.position, row.cards = position, dict(r.cards)
        row.went_out, row.laid_down, row.knocked, row.went_rummy = r.went_out, r.laid_down, r.knocked, r.went_rummy


def sync_results(game: Game, state: rules.GameState) -> None:
    """Status and the stored per-game results follow the replay, so they always equal a recompute.

    Rows are updated in place (as in store_results) so an edit of a finished game never inserts
    a second row for a player before the first is deleted.
    """
    game.version += 1
    if not state.finished:
        game.status, game.finished_at = "in_progress", None
        game.results.clear()
        return
    if game.status != "finished":
        game.finished_at = utcnow()
    game.status = "finished"
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
