"""The API's `Game` shape, built from a game row and its replayed state."""

from .. import rules
from ..models import Game


def rank_by_total(state: rules.GameState) -> dict[int, int]:
    """docs/API.md's rank: 1 for the best current total, ties sharing (1, 1, 3).

    Best is lowest in penalty games. This can differ from the finishing place, which under Ramo's
    completers rule puts those who completed level 8 first.
    """
    sign = 1 if rules.get_variant(state.setup.variant).lower_is_better else -1
    return {p.player_id: 1 + sum(1 for q in state.players if sign * q.total < sign * p.total)
            for p in state.players}


def game_dict(game: Game, state: rules.GameState) -> dict:
    """docs/API.md's Game: seats in order with derived totals, and every hand with its scores.

    `level` is the level or contract to play next, so it is null once the game is over.
    """
    ranks = rank_by_total(state)
    return {
        "id": game.id,
        "variant": game.variant,
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
                "player_id": r.player_id, "cards": dict(r.cards), "went_out": r.went_out,
                "laid_down": r.laid_down, "knocked": r.knocked, "went_rummy": r.went_rummy,
                "score": r.score, "value": r.value, "level": r.level_before,
            } for r in h.results],
        } for h in state.hands],
    }
