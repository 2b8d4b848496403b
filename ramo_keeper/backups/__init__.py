"""A league's backup: the download of a whole league as JSON and its import into an empty league.

Above leagues, games, seasons and house rules, since a backup holds all of them: an import replays
every game through the rules and writes players, seasons, house rules and games at once.
"""
