"""Ratings derived from a league's finished games, replayed in the order they finished (no database here)."""

from collections.abc import Iterable
from dataclasses import dataclass, field

from .model import NEWCOMER, Skill, rate


@dataclass(frozen=True)
class PlayedGame:
    """What a rating needs of a finished game: its id, game type and each player's finishing place."""

    game_id: int
    game_type: str
    places: dict[int, int]


@dataclass(frozen=True)
class Change:
    """One player's shown rating before and after one game."""

    before: int
    after: int
    games: int  # rated games of this type after this one
    # Rounded from the exact change, so tied players (same exact change) always show the same number.
    delta: int

    @property
    def provisional(self) -> bool:
        return Skill(games=self.games).provisional


@dataclass
class Ratings:
    skills: dict[str, dict[int, Skill]] = field(default_factory=dict)  # game type -> player id -> skill
    changes: dict[int, dict[int, Change]] = field(default_factory=dict)  # game id -> player id -> change
    # (game type, player id) -> [(game id, shown rating after it)], oldest first
    history: dict[tuple[str, int], list[tuple[int, int]]] = field(default_factory=dict)


def replay(games: Iterable[PlayedGame]) -> Ratings:
    """Every rating from scratch: each game updates the skills its players held in its game type."""
    ratings = Ratings()
    for game in games:
        skills = ratings.skills.setdefault(game.game_type, {})
        before = {player: skills.get(player, NEWCOMER) for player in game.places}
        after = rate(before, game.places)
        skills.update(after)
        ratings.changes[game.game_id] = {
            player: Change(before[player].rating, after[player].rating, after[player].games,
                           round(after[player].shown - before[player].shown)) for player in after}
        for player, skill in after.items():
            ratings.history.setdefault((game.game_type, player), []).append((game.game_id, skill.rating))
    return ratings
