"""Drafts: a player's own count of the next hand (ramo_keeper/drafts/), sent and read through the API.

A draft scores nothing: recording the hand (from any phone) drops the hand's drafts.
"""

from flask import jsonify
from flask_babel import gettext

from ..games.drafts import store
from ..games.drafts.throttling import draft_wait
from ..models import HandDraft
from .blueprint import error, route, user
from .games import require_game_role
from .schemas import Draft, DraftResult


def draft_dict(draft: HandDraft) -> dict:
    """The `Draft`: its `result` carries `card_list` only when the draft was sent with one (old clients see
    the shape they always did)."""
    result = dict(draft.result)
    if draft.card_list is not None:
        result["card_list"] = list(draft.card_list)
    return {"player_id": draft.player_id, "result": result,
            "updated_at": draft.updated_at.isoformat(timespec="seconds") + "Z"}


@route("PUT", "/games/{game_id}/hands/{number}/drafts/{player_id}", 200, Draft, DraftResult,
       errors=(400, 403, 404, 409, 422, 429))
def put_draft(game_id: int, number: int, player_id: int, body: DraftResult):
    """Send one player's own count of the next hand (hand_count + 1); it scores nothing until recorded."""
    if body.player_id != player_id:
        return error(400, gettext("The body's player_id must be the player in the path."))
    require_game_role(game_id, "scorer")
    # The seat's own count, as the seated phone's pages keep it: a token starts no new count of its own.
    wait = draft_wait(game_id, player_id)
    if wait:
        return error(429, gettext("Too many drafts of this seat in a short time: wait, then send it again."),
                     headers={"Retry-After": str(wait)})
    sent = body.model_dump(exclude={"card_list"})
    card_list = None if body.card_list is None else [card.model_dump(exclude_none=True) for card in body.card_list]
    return jsonify(draft_dict(store.write_draft(game_id, number, sent, card_list=card_list, user=user())))


@route("GET", "/games/{game_id}/hands/{number}/drafts", response=[Draft], errors=(404,))
def hand_drafts(game_id: int, number: int):
    """The players' drafts of a hand: empty once the hand is recorded."""
    require_game_role(game_id, "viewer")
    return jsonify([draft_dict(d) for d in store.drafts_of(game_id, number)])
