"""Opt-in skill ratings: openskill's PlackettLuce over a league's finished games, replayed in order."""
