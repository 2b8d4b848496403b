"""Guest creation is limited per address, with the same database counters as login attempts."""

from flask import current_app

from ..database.throttle import hit

BUCKET = "guest-create"


def guest_creation_refused(address: str) -> int | None:
    """Count one new guest from this address; the seconds to wait if it is over the limit, else None."""
    return hit(BUCKET, address, current_app.config["GUEST_CREATE_LIMIT"],
               current_app.config["GUEST_CREATE_WINDOW_SECONDS"])
