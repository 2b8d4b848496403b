"""Leagues: membership and invites, the roster of players, and league backups."""
