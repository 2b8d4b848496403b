"""Playing as a guest through the pages, as a phone would."""

import uuid

from ramo_keeper.extensions import db
from ramo_keeper.models import Game


def play_now(web, variant: str, names: list[str], **headers):
    """Start a game from the Play now form; returns the response (303 to the game on success)."""
    web.get("/play")
    data = {"variant": variant, "start": "1"}
    for i in range(max(4, len(names))):
        data[f"names-{i}"] = names[i] if i < len(names) else ""
    return web.post("/play", data, **headers)


def game_id_of(response) -> int:
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def seat_ids(app, game_id: int) -> dict[str, int]:
    with app.app_context():
        return {seat.player.name: seat.player_id for seat in db.session.get(Game, game_id).seats}


def hand(app, game_id: int, out: str, cards: dict[str, dict[str, int]]) -> dict:
    """The hand form's fields: who went out, and each player's cards by category."""
    ids = seat_ids(app, game_id)
    data = {"went_out": str(ids[out]), "idempotency_key": uuid.uuid4().hex}
    for name, counts in cards.items():
        for category, count in counts.items():
            data[f"c_{ids[name]}_{category}"] = str(count)
    return data


def record(web, app, game_id: int, out: str, cards: dict) -> None:
    web.get(f"/games/{game_id}")
    response = web.post(f"/games/{game_id}/hands", hand(app, game_id, out, cards))
    assert response.status_code == 303, response.get_data(as_text=True)
