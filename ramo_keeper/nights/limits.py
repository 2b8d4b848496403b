"""A night's caps and the refusals of its sizes, said once (docs/API.md's `details.code`s).

The caps are seating.py's own (that module is pure and decides the table sizes); the service reads them
from here, and turns seating's `problem` into the API's code and a message in the reader's language.
"""

from flask_babel import gettext, ngettext

from ..errors import ServiceError
from .seating import LARGEST_TABLE, MAX_PLAYERS, MAX_ROUNDS, MAX_TABLES, SMALLEST_TABLE, SeatingRefused

__all__ = ["LARGEST_TABLE", "MAX_PLAYERS", "MAX_ROUNDS", "MAX_TABLES", "SMALLEST_TABLE", "SEATINGS",
           "refused", "rounds_out_of_range", "sizes_refused", "table_size_out_of_range"]

SEATINGS = ("mix", "ladder")


def refused(message: str, path: str, code: str = "invalid", **details) -> ServiceError:
    """422 naming the bad field as the API's `details.path` (and the page's field), with a stable `details.code`."""
    field = path.split("[")[0].split(".")[0]
    return ServiceError(message, field=field, details={"code": code, "path": path, **details})


def too_many_players(path: str = "player_ids") -> ServiceError:
    return refused(gettext("A night seats at most %(most)s players.", most=MAX_PLAYERS), path, "too_many_players",
                   maximum=MAX_PLAYERS)


def too_many_tables(path: str = "player_ids") -> ServiceError:
    return refused(gettext("A night has at most %(most)s tables: choose a larger table size.", most=MAX_TABLES),
                   path, "too_many_tables", maximum=MAX_TABLES)


def cannot_seat(players: int, game: str, low: int, high: int, path: str = "player_ids") -> ServiceError:
    return refused(ngettext("%(num)s player cannot be seated at tables of %(game)s (%(low)s to %(high)s players a "
                            "table).",
                            "%(num)s players cannot be seated at tables of %(game)s (%(low)s to %(high)s players a "
                            "table).", players, game=game, low=low, high=high), path, "cannot_seat")


def rounds_out_of_range(path: str = "rounds") -> ServiceError:
    return refused(gettext("A night has 1 to %(most)s rounds.", most=MAX_ROUNDS), path, "rounds_out_of_range",
                   minimum=1, maximum=MAX_ROUNDS)


def table_size_out_of_range(game: str, low: int, high: int, path: str = "table_size") -> ServiceError:
    return refused(gettext("%(game)s is played at tables of %(low)s to %(high)s players.", game=game, low=low,
                           high=high), path, "table_size_out_of_range", minimum=low, maximum=high)


# seating.py's problems, each with the refusal the API answers (its `details.code`). Seating names its problems
# with the API's codes; too few players for one table is a table the game cannot seat, as the API has it.
SEATING_REFUSALS = {
    "too_many_players": lambda error, players, game, low, high, path: too_many_players(path),
    "too_many_tables": lambda error, players, game, low, high, path: too_many_tables(path),
    "table_size_out_of_range": lambda error, players, game, low, high, path: table_size_out_of_range(
        game, error.details["least"], error.details["most"]),
    "rounds_out_of_range": lambda error, players, game, low, high, path: rounds_out_of_range(),
    "cannot_seat": lambda error, players, game, low, high, path: cannot_seat(players, game, low, high, path),
    "too_few_players": lambda error, players, game, low, high, path: cannot_seat(players, game, low, high, path),
}


def sizes_refused(error: SeatingRefused, players: int, game: str, low: int, high: int,
                  path: str = "player_ids") -> ServiceError:
    """seating.table_sizes' refusal as the API says it: each of its problems keeps its own code."""
    return SEATING_REFUSALS[error.details["problem"]](error, players, game, low, high, path)
