"""The API's `Game` shape, built from a game row and its replayed state."""

from .. import rules
from ..models import Game


def game_dict(game: Game, state: rules.GameState) -> dict:
    """docs/API.md's Game: seats in order with derived totals, and every hand with its scores.

    `level` is the level or contract to play next, so it is null once the game is over.
    """
    ranks = rules.total_ranks(state)  # by current total; the place follows the finishing order
    return {
        "id": game.id,
        "variant": game.variant,
        "ruleset_id": game.ruleset_id,
        "options": dict(game.options),
        "season_id": game.season_id,
        "status": "finished" if state.finished else "in_progress",
        "hand_count": state.hand_count,
        "dealer_id": state.next_dealer_id,
        "winner_ids": list(state.winner_ids),
        "version": game.version,
        "players": [{
            "player_id": p.player_id, "name": p.name, "seat": p.seat, "total": p.total,
            "level": None if state.finished else p.level, "completed": p.completed, "rounds_won": p.rounds_won,
            "rank": ranks[p.player_id], "place": p.place, "end_bonus": p.end_bonus,
        } for p in state.players],
        "hands": [{
            "number": h.number, "dealer_id": h.dealer_id, "winner_ids": list(h.winner_ids),
            "results": [{
                "player_id": r.player_id, "cards": dict(r.cards), **rules.mark_fields(r.marks),
                "score": r.score, "value": r.value, "level": r.level_before,
            } for r in h.results],
        } for h in state.hands],
    }
