"""Club nights through the API, as a script drives them: quick games of Rummy that end after three hands."""

QUICK = {"end": "hands", "hands": 3}
EIGHT = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


def open_night(api, league_id, player_ids, table_size=4, rounds=2, seating="mix", **extra) -> dict:
    body = {"name": "Thursday", "variant": "rummy", "player_ids": list(player_ids), "table_size": table_size,
            "rounds": rounds, "seating": seating, "options": QUICK, **extra}
    return api.ok("POST", f"/leagues/{league_id}/nights", body, 201)


def hand(out_id: int, gain: int, others) -> dict:
    """A Rummy hand: `out_id` goes out and scores `gain` (all held by the first other player)."""
    results = [{"player_id": out_id, "cards": {}, "went_out": True}]
    for index, player_id in enumerate(others):
        results.append({"player_id": player_id, "cards": {"pips": gain if index == 0 else 0}})
    return {"results": results}


def play_places(api, table: dict, totals) -> dict:
    """Finish a table's game (three hands) so that its seats, in seat order, end with these totals.

    Hand i is won by seat i, who scores totals[i] (the first other seat holds the cards); a fourth
    seat scores nothing, so its total is 0.
    """
    seats, game = table["player_ids"], None
    for number in range(3):
        out = seats[number % len(seats)]
        gain = totals[number] if number < len(seats) else 0
        game = api.ok("POST", f"/games/{table['game_id']}/hands", hand(out, gain, [p for p in seats if p != out]),
                      201)
    return game
