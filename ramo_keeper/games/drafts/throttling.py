"""How many drafts a seat and an address may send a minute: one count, whichever way a draft comes.

The seated phone's pages (routes.py) and the API (api/drafts.py) both count here, in the same
counters: a seat's count is the seat's (a new phone key, the live link or a scorer's token starts no
new one), and an address's is the address's.
"""

from flask import current_app, request

from ...database import throttle

WINDOW_SECONDS = 60


def draft_wait(game_id: int, player_id: int) -> int | None:
    """Count one draft for the seat and for the request's address; the seconds to wait (Retry-After) when
    either is over its limit, else None. Each count commits: nothing read before it may be used after it
    (the game may be gone). Call it only once the caller may write that seat, so a refused request
    counts nothing."""
    config = current_app.config
    return (throttle.hit("draft-seat", f"{game_id}:{player_id}", config["DRAFTS_PER_PHONE_PER_MINUTE"],
                         WINDOW_SECONDS)
            or throttle.hit("draft-address", request.remote_addr or "unknown",
                            config["DRAFTS_PER_ADDRESS_PER_MINUTE"], WINDOW_SECONDS))
