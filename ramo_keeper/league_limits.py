"""How much one league may hold. Defined once: the backup import (leagues/) and the roster (players.py) check them.

The hand cap bounds an import's work: every hand is replayed through the rules before anything is
written (about half a millisecond a hand), and a 5 MB upload holds about this many hands anyway.
"""

from flask_babel import format_decimal, gettext

from .i18n import N_

MAX_PLAYERS_PER_LEAGUE = 500
MAX_SEASONS_PER_LEAGUE = 200
MAX_GAMES_PER_LEAGUE = 2_000
MAX_HANDS_PER_LEAGUE = 20_000

MESSAGES = {
    # The limits are always many, so one plural form is enough; `what` is "this backup" or "the roster".
    "players": N_("A league holds at most %(limit)s players; %(what)s has %(count)s."),
    "seasons": N_("A league holds at most %(limit)s seasons; %(what)s has %(count)s."),
    "games": N_("A league holds at most %(limit)s games; %(what)s has %(count)s."),
    "hands": N_("A league holds at most %(limit)s hands in all its games; %(what)s has %(count)s."),
}
LIMITS = {"players": MAX_PLAYERS_PER_LEAGUE, "seasons": MAX_SEASONS_PER_LEAGUE,
          "games": MAX_GAMES_PER_LEAGUE, "hands": MAX_HANDS_PER_LEAGUE}


def over_limit(kind: str, count: int, what: str = N_("this backup")) -> str | None:
    """The sentence to show when `count` of `kind` is more than a league may hold, else None."""
    limit = LIMITS[kind]
    if count <= limit:
        return None
    return gettext(MESSAGES[kind], limit=format_decimal(limit), what=gettext(what), count=format_decimal(count))
