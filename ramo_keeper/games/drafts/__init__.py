"""Everyone counts their own cards: a phone takes a player's seat and sends that player's count of
the next hand as a draft; the scorer's form fills in from the drafts, and Record saves the hand as
ever. A draft scores nothing, and recording the hand drops the game's drafts.

`phone.py` knows which phone asks, `seats.py` who holds which seat, `store.py` writes and reads
drafts, `forms.py` is the seated phone's form, `panel.py` what the seated phone shows, and
`routes.py` serves it to members and to the live link. The API's part is api/drafts.py.
"""

from flask_babel import gettext

from ...errors import NotFound, ServiceError


class Forbidden(ServiceError):
    """The phone may not do this: not its seat, or the live link may not count."""

    status = 403


def deleted_meanwhile() -> NotFound:
    """The game was there when the request began, and deleted before it could write (a phone's seat or draft)."""
    return NotFound(gettext("This game was deleted meanwhile: nothing was saved."))
