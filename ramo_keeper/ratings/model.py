"""The rating arithmetic, free of the database: openskill's PlackettLuce (Weng & Lin 2011, Algorithm 4).

A player's skill in one game type is a belief (mu, sigma). Shown, it is the conservative ordinal
mu - 3·sigma (the skill we are 99.7 % sure the player has at least) on a familiar scale:

    rating = 1500 + 20 · (mu - 3·sigma)

so a newcomer (mu 25, sigma 25/3, ordinal 0) shows 1500, and a two-player win between newcomers
moves the winner to 1569 and the loser to 1463. The model keeps openskill's defaults
(mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001).

Ties: players who share a place get the same change. The library gets this right only for players
with equal beliefs (openskill.py issue 166, trueskill issue 15), so after its update every player of
a tied group takes the group's average change in mu and in sigma, and the shown changes are equal.
Players are handed to the library in player-id order, so seat order never matters.
"""

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
CENTRE, SCALE, Z = 1500, 20, 3
PROVISIONAL_BELOW = 5  # rated games


@dataclass(frozen=True)
class Skill:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> float:
        """The ordinal on the 1500 scale."""
        return CENTRE + SCALE * (self.mu - Z * self.sigma)

    @property
    def rating(self) -> int:
        """The shown rating, rounded to a whole number."""
        return round(self.shown)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_BELOW


NEWCOMER = Skill()


def rate(skills: dict[int, Skill], places: dict[int, int]) -> dict[int, Skill]:
    """Everyone's skill after one game, from their skills before it and their finishing places.

    `places` start at 1 (openskill reads a rank of 0 as no rank); tied players share a place.
    """
    players = sorted(places)  # player-id order: the seats' order must not matter
    before = [skills.get(player, NEWCOMER) for player in players]
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in before]
    after = MODEL.rate(teams, ranks=[float(places[player]) for player in players])
    changes = {player: (team[0].mu - skill.mu, team[0].sigma - skill.sigma)
               for player, skill, team in zip(players, before, after, strict=True)}
    for place in set(places.values()):
        tied = [player for player in players if places[player] == place]
        shared = (sum(changes[p][0] for p in tied) / len(tied), sum(changes[p][1] for p in tied) / len(tied))
        changes.update({player: shared for player in tied})
    return {player: Skill(skill.mu + changes[player][0], max(skill.sigma + changes[player][1], skill.sigma / 100),
                          skill.games + 1) for player, skill in zip(players, before, strict=True)}
