"""Builders so API tests read like the score sheet."""

NAMES = ("Al", "Bo", "Cy", "Di", "Ed", "Flo")


class Api:
    """A script holding one user's token; paths are relative to /api/v1."""

    def __init__(self, app, token: str):
        self.app = app
        self.client = app.test_client()
        self.token = token

    def call(self, method: str, path: str, json=None, headers=None, **kwargs):
        headers = {"Authorization": f"Bearer {self.token}", **(headers or {})}
        return self.client.open(f"/api/v1{path}", method=method, json=json, headers=headers, **kwargs)

    def get(self, path, **kwargs):
        return self.call("GET", path, **kwargs)

    def post(self, path, json=None, **kwargs):
        return self.call("POST", path, json, **kwargs)

    def put(self, path, json=None, **kwargs):
        return self.call("PUT", path, json, **kwargs)

    def delete(self, path, **kwargs):
        return self.call("DELETE", path, **kwargs)

    def ok(self, method: str, path: str, json=None, status: int = 200, **kwargs):
        response = self.call(method, path, json, **kwargs)
        assert response.status_code == status, response.get_data(as_text=True)
        return response.get_json()

    def league(self, names=NAMES[:4], name="Club") -> tuple[int, list[int]]:
        """A new league with these players; returns its id and the player ids in the given order."""
        league_id = self.ok("POST", "/leagues", {"name": name}, 201)["id"]
        ids = [self.ok("POST", f"/leagues/{league_id}/players", {"name": n}, 201)["id"] for n in names]
        return league_id, ids

    def game(self, league_id: int, variant: str, player_ids, **extra) -> dict:
        body = {"variant": variant, "player_ids": list(player_ids), **extra}
        return self.ok("POST", f"/leagues/{league_id}/games", body, 201)


def result(player_id: int, cards: dict | None = None, **flags) -> dict:
    return {"player_id": player_id, "cards": cards or {}, **flags}


def ramo(low=0, high=0, special=0) -> dict:
    return {"low": low, "high": high, "special": special}


def std(pips=0, tens=0, aces=0, jokers=None) -> dict:
    cards = {"pips": pips, "tens": tens, "aces": aces}
    if jokers is not None:
        cards["jokers"] = jokers
    return cards


def totals(game: dict) -> list[int]:
    return [p["total"] for p in game["players"]]
