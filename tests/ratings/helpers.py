"""Short games through the API for the ratings and export tests."""

from api.helpers import result, std

ONE_HAND = {"end": "hands", "hands": 1}


def one_hand_rummy(api, league: int, seats: list[int], winner: int, season_id=None) -> dict:
    """A Rummy game of one hand: `winner` goes out; everyone else holds 2 pips (others tie on 0)."""
    extra = {"options": ONE_HAND} if season_id is None else {"options": ONE_HAND, "season_id": season_id}
    game = api.game(league, "rummy", seats, **extra)
    body = {"results": [result(p, {}, went_out=True) if p == winner else result(p, std(2)) for p in seats]}
    return api.ok("POST", f"/games/{game['id']}/hands", body, 201)


def switch_ratings(api, league: int, on: bool = True) -> dict:
    return api.ok("PATCH", f"/leagues/{league}", {"ratings": on})
