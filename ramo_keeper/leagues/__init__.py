"""Leagues: membership and invites, and the roster of players (their backup is in backups/)."""
