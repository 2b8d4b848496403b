"""Seasons: standings, exports, charts data and each player's statistics."""
