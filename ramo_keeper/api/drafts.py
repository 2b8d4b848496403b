"""Drafts: a player's own count of the next hand (ramo_keeper/drafts/), sent and read through the API.

A draft scores nothing: recording the hand (from any phone) drops the hand's drafts.
"""

from flask import jsonify

from ..games.drafts import store
from ..games.drafts.throttling import draft_wait
from ..models import HandDraft
from .blueprint import error, route, user
from .games import require_game_role as _allowed
from .schemas import Draft, Result


def draft_dict(draft: HandDraft) -> dict:
    return {"player_id": draft.player_id, "result": dict(draft.result),
            "updated_at": draft.updated_at.isoformat(timespec="seconds") + "Z"}


@route("PUT", "/games/{game_id}/hands/{number}/drafts/{player_id}", 200, Draft, Result,
       errors=(400, 403, 404, 409, 422, 429))
def put_draft(game_id: int, number: int, player_id: int, body: Result):
    """Send one player's own count of the next hand (hand_count + 1); it scores nothing until recorded."""
    if body.player_id != player_id:
        return error(400, "The body's player_id must be the player in the path.")
    _allowed(game_id, "scorer")
    # The seat's own count, as the seated phone's pages keep it: a token starts no new count of its own.
    wait = draft_wait(game_id, player_id)
    if wait:
        return error(429, "Too many drafts of this seat in a short time: wait, then send it again.",
                     headers={"Retry-After": str(wait)})
    return jsonify(draft_dict(store.write_draft(game_id, number, body.model_dump(), user=user())))


@route("GET", "/games/{game_id}/hands/{number}/drafts", response=[Draft], errors=(404,))
def hand_drafts(game_id: int, number: int):
    """The players' drafts of a hand: empty once the hand is recorded."""
    _allowed(game_id, "viewer")
    return jsonify([draft_dict(d) for d in store.drafts_of(game_id, number)])
