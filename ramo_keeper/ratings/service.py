"""A league's ratings, read from its stored finished games and kept per worker until one of them changes.

Nothing about ratings is stored: every rating is a replay (replay.py) of the league's finished games
in the order they finished (then by id), from each player's stored finishing place. A worker keeps
the replay under the league's *stamp*, which moves whenever a finished game is added, edited,
reopened, re-finished or deleted (their count, the sum of their versions, their latest write and
largest id), so a kept replay always equals a full recompute (tests/ratings/test_ratings_api.py::
test_the_ratings_served_equal_a_full_replay_after_edits_undos_and_deletions).
"""

from ..database.worker_cache import kept_or_built
from ..extensions import db
from ..models import Game, GameResult, League, Player
from ..variants import type_order, variant_named
from .replay import PlayedGame, Ratings, replay


def game_type(variant_key: str) -> str:
    """The game type a game is rated in: its variant's key, so a house rule (key `house-…`) is a type of its own."""
    return variant_key


def switch_ratings(league: League, on: bool) -> None:
    """The owner's switch: the league's ratings on or off (the page and the API's league PATCH)."""
    league.ratings = on
    db.session.flush()


def _finished(league_id: int):
    return (Game.league_id == league_id, Game.status == "finished")


def stamp(league_id: int) -> tuple:
    """What moves whenever anything a rating depends on changes: one aggregate statement."""
    row = db.session.execute(
        db.select(db.func.count(Game.id), db.func.sum(Game.version), db.func.max(Game.updated_at),
                  db.func.max(Game.id)).where(*_finished(league_id))).one()
    return tuple(row)


def full_replay(league_id: int) -> Ratings:
    """Every rating of the league recomputed from its finished games (no kept copy)."""
    rows = db.session.execute(
        db.select(Game.id, Game.variant, GameResult.player_id, GameResult.place)
        .join(GameResult, GameResult.game_id == Game.id).where(*_finished(league_id))
        .order_by(Game.finished_at, Game.id, GameResult.player_id)).all()
    games: dict[int, PlayedGame] = {}
    for row in rows:
        game = games.get(row.id) or games.setdefault(row.id, PlayedGame(row.id, game_type(row.variant), {}))
        game.places[row.player_id] = row.place
    return replay(games.values())


def league_ratings(league_id: int) -> Ratings:
    """The league's ratings, kept by its stamp (worker_cache.py): equal to full_replay(league_id)."""
    return kept_or_built(("ratings", league_id, *stamp(league_id)), lambda: full_replay(league_id))


def _type_order(key: str) -> tuple:
    return type_order(key)


def _type_name(key: str) -> str:
    """A built-in's name, or a house rule's as its league typed it."""
    variant = variant_named(key)
    return variant.name if variant is not None else key


def ratings_tables(league: League) -> dict:
    """docs/API.md's Ratings: one table per game type, best rating first."""
    ratings = league_ratings(league.id)
    names = dict(db.session.execute(db.select(Player.id, Player.name).filter_by(league_id=league.id)).all())
    tables = []
    for key in sorted(ratings.skills, key=_type_order):
        rows = [{"player_id": player, "name": names.get(player, ""), "rating": skill.rating,
                 "games": skill.games, "provisional": skill.provisional}
                for player, skill in ratings.skills[key].items()]
        rows.sort(key=lambda r: (-r["rating"], r["provisional"], r["name"].casefold(), r["player_id"]))
        tables.append({"variant": key, "name": _type_name(key), "rows": rows})
    return {"tables": tables}


def game_changes(game: Game) -> dict | None:
    """Each player's rating change in a finished game of a league that rates; None otherwise."""
    if not game.league.ratings or game.status != "finished":
        return None
    return league_ratings(game.league_id).changes.get(game.id)


def player_history(league: League, player_id: int) -> list[dict]:
    """Per game type, the player's shown rating after each rated game (for the chart) and the current one."""
    if not league.ratings:
        return []
    ratings = league_ratings(league.id)
    out = []
    for key in sorted(ratings.skills, key=_type_order):
        skill = ratings.skills[key].get(player_id)
        if skill is not None:
            out.append({"variant": key, "name": _type_name(key), "rating": skill.rating, "games": skill.games,
                        "provisional": skill.provisional,
                        "points": [rating for _, rating in ratings.history[(key, player_id)]]})
    return out
