"""How much one league may hold. Defined once: the backup import and the roster both check them.

The hand cap bounds an import's work: every hand is replayed through the rules before anything is
written (about half a millisecond a hand), and a 5 MB upload holds about this many hands anyway.
"""

MAX_PLAYERS_PER_LEAGUE = 500
MAX_SEASONS_PER_LEAGUE = 200
MAX_GAMES_PER_LEAGUE = 2_000
MAX_HANDS_PER_LEAGUE = 20_000

MESSAGES = {
    "players": "A league holds at most {limit:,} players; {what} has {count:,}.",
    "seasons": "A league holds at most {limit:,} seasons; {what} has {count:,}.",
    "games": "A league holds at most {limit:,} games; {what} has {count:,}.",
    "hands": "A league holds at most {limit:,} hands in all its games; {what} has {count:,}.",
}
LIMITS = {"players": MAX_PLAYERS_PER_LEAGUE, "seasons": MAX_SEASONS_PER_LEAGUE,
          "games": MAX_GAMES_PER_LEAGUE, "hands": MAX_HANDS_PER_LEAGUE}


def over_limit(kind: str, count: int, what: str = "this backup") -> str | None:
    """The sentence to show when `count` of `kind` is more than a league may hold, else None."""
    limit = LIMITS[kind]
    return MESSAGES[kind].format(limit=limit, what=what, count=count) if count > limit else None
