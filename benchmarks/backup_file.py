"""A league backup file of any size, as the app's own export would write it: the import's test load.

`league_backup(20_000)` is the largest file a league may hold: 200 Rummy games of 100 hands between
four players, every game played to its end, so the import replays every hand and stores each game's
results. The test of imports beside live tables and `make bench` both use it.
"""

PLAYERS = ("Ana", "Bo", "Cy", "Di")
HANDS_PER_GAME = 100  # the most hands a Rummy game may be set to


def _hand(seats: list[int], n: int) -> dict:
    out = seats[n % len(seats)]
    return {"results": [{"player_id": p, "cards": {} if p == out else {"pips": 2 + (n + p) % 9},
                         "went_out": p == out} for p in seats]}


def league_backup(hands: int, hands_per_game: int = HANDS_PER_GAME) -> dict:
    """A backup of `hands` hands in Rummy games of `hands_per_game` hands (the last game may be shorter)."""
    seats = list(range(1, len(PLAYERS) + 1))
    sizes = [hands_per_game] * (hands // hands_per_game) + ([hands % hands_per_game] if hands % hands_per_game else [])
    return {
        "format": "ramo-keeper-league-backup", "version": 1, "league": {"name": "Club"},
        "players": [{"id": i, "name": name} for i, name in zip(seats, PLAYERS, strict=True)],
        "seasons": [{"id": 1, "name": "Spring", "is_current": True}],
        "games": [{"id": number, "variant": "rummy", "season_id": 1, "seats": seats,
                   "options": {"end": "hands", "hands": hands_per_game},
                   "hands": [_hand(seats, number + n) for n in range(size)]}
                  for number, size in enumerate(sizes, 1)],
    }
