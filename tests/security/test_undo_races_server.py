"""Two phones tapping the same Undo at once ("No data lost, round two", item 1), against a real gunicorn
with several workers, on SQLite or on DATABASE_URL's PostgreSQL: each round exactly one hand goes, the
other phone is told it was already removed (never a 500), and the hands before it stay."""

import itertools
import re
import urllib.parse

import pytest
from gunicorn_server import Phone, app_with_server, race

from ramo_keeper import rules
from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Hand

WORKERS = 3
ROUNDS = 3
PASSWORD = "correct horse"
OWNERS = itertools.count(1)
UNDO_FORM = re.compile(r'<form[^>]*action="/games/\d+/undo"[^>]*>(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with app_with_server(tmp_path_factory, "undo", WORKERS) as app:
        yield app


def game_with_hands(app, count: int) -> tuple[str, int]:
    """A Rummy game of A and B (to 1000 points) with `count` hands recorded."""
    from ramo_keeper.games import service

    owner = f"Owner{next(OWNERS)}"
    with app.app_context():
        user = create_user(owner, PASSWORD)
        league = create_league(user, "Friday")
        players = [add_player(league, name).id for name in ("A", "B")]
        db.session.flush()
        game = service.create_game(league, user, "rummy", players)
        db.session.commit()
        for number in range(count):
            hand = rules.HandInput((rules.PlayerResult(players[0], marks={"went_out"}),
                                    rules.PlayerResult(players[1], cards={"pips": number + 2})))
            service.record_hand(game.id, user, hand)
            db.session.commit()
        return owner, game.id


def hand_numbers(app, game_id: int) -> list[int]:
    with app.app_context():
        return list(db.session.execute(db.select(Hand.number).where(Hand.game_id == game_id)
                                       .order_by(Hand.number)).scalars())


def undo_form(phone: Phone, game_id: int) -> dict:
    status, page = phone.get(f"/games/{game_id}")
    assert status == 200
    return dict(HIDDEN.findall(UNDO_FORM.search(page).group(1)))


def tap(phone: Phone, game_id: int, form: dict, htmx: bool):
    """Post the Undo form as the browser does: plainly, or through htmx (its header, the play area back)."""
    headers = {"Content-Type": "application/x-www-form-urlencoded", **phone._cookie_header()}
    if htmx:
        headers["HX-Request"] = "true"
    status, _, body = phone.server.request("POST", f"/games/{game_id}/undo", urllib.parse.urlencode(form).encode(),
                                           headers)
    return status, body.decode()


@pytest.mark.parametrize("htmx", [False, True])
def test_two_phones_tapping_the_same_undo_at_once_remove_one_hand(app, htmx):
    owner, game_id = game_with_hands(app, ROUNDS + 1)
    phones = [Phone(app.server, owner, PASSWORD) for _ in range(2)]
    for round_ in range(ROUNDS):
        last = ROUNDS + 1 - round_
        forms = [undo_form(phone, game_id) for phone in phones]
        assert [form["hand_number"] for form in forms] == [str(last)] * 2
        answers = race(2, lambda i, forms=forms: tap(phones[i], game_id, forms[i], htmx))
        assert hand_numbers(app, game_id) == list(range(1, last)), (round_, answers)
        if htmx:
            assert sorted(status for status, _ in answers) == [200, 409], answers
            said = sorted(body for _, body in answers)
            assert sum(f"Hand {last} was removed." in body for body in said) == 1, answers
            assert sum(f"Hand {last} was already removed, perhaps from another phone: nothing was undone." in body
                       for body in said) == 1, answers
        else:
            assert [status for status, _ in answers] == [303, 303], answers
