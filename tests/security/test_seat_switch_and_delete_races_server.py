"""A phone taking a seat or sending a draft at the moment the scorer switches live counting off or the owner
deletes the game ("No data lost, round two", items 6 and 11), against a real gunicorn with several workers,
on SQLite or on DATABASE_URL's PostgreSQL.

- Switched off: no live-link phone keeps a seat (it took it before the switch, which freed it, or it was
  refused with 403).
- Deleted: every phone is answered with a page it can act on (its seat or draft before the deletion, or
  404 saying the game was deleted), never a 500; the module's server log holds no traceback.
"""

import itertools
import time

import pytest
from gunicorn_server import Phone, Visitor, app_with_server, race

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Game, HandDraft, PhoneSeat

WORKERS = 3
ROUNDS = 6
TRIES = 12  # requests one phone sends in a round of the deletion races, at most
PASSWORD = "correct horse"
OWNERS = itertools.count(1)
DELETED = "This game was deleted meanwhile: nothing was saved."


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with app_with_server(tmp_path_factory, "seat_switch", WORKERS) as app:
        yield app


def new_game(app) -> tuple[str, int, list[int], str]:
    """A Ramo game of A, B, C, shared, whose live link's phones may count their own cards."""
    from ramo_keeper.games import service
    from ramo_keeper.games.drafts.seats import allow_live_counting

    owner = f"Owner{next(OWNERS)}"
    with app.app_context():
        user = create_user(owner, PASSWORD)
        league = create_league(user, "Friday")
        players = [add_player(league, name).id for name in ("A", "B", "C")]
        db.session.flush()
        game = service.create_game(league, user, "ramo", players)
        token = service.share(game.id)
        allow_live_counting(game.id, True)
        db.session.commit()
        return owner, game.id, players, token


def _count(app, query) -> int:
    with app.app_context():
        return db.session.execute(query).scalar_one()


def visitors(app, token: str, count: int) -> list[Visitor]:
    phones = [Visitor(app.server) for _ in range(count)]
    for phone in phones:
        assert phone.get(f"/live/{token}")[0] == 200
    return phones


def take(phone, base: str, player_id: int):
    return phone.post(f"{base}/seat", {"player_id": str(player_id)})


def test_a_live_link_seat_taken_while_counting_is_switched_off_is_not_kept(app):
    for round_ in range(ROUNDS):
        owner, game_id, players, token = new_game(app)
        scorer = Phone(app.server, owner, PASSWORD)
        scorer.get(f"/games/{game_id}")
        phones = visitors(app, token, len(players))

        def job(i, phones=phones, players=players, token=token, scorer=scorer, game_id=game_id):
            if i == len(players):
                return scorer.post(f"/games/{game_id}/counting", {"allowed": "0"})
            return take(phones[i], f"/live/{token}", players[i])

        answers = race(len(players) + 1, job)
        statuses = [status for status, _, _ in answers]
        assert statuses[-1] == 303 and set(statuses[:-1]) <= {303, 403}, (round_, statuses)
        assert _count(app, db.select(Game.live_counting).where(Game.id == game_id)) is False
        held = _count(app, db.select(db.func.count(PhoneSeat.id)).where(PhoneSeat.game_id == game_id))
        assert held == 0, (round_, statuses)


def _refused_or_done(answers, round_) -> None:
    for status, _, body in answers:
        assert status in (303, 404), (round_, status, body[body.find("<main"):][:1500])
        if status == 404:
            # Deleted meanwhile, or already gone when the request began (the live link, a member's game page).
            assert any(said in body for said in (DELETED, "This live link does not work", "There is nothing here")), \
                (round_, body[-600:])


def until_gone(send, times: int = TRIES) -> list:
    """Send again and again, as a phone tapping away does, until the game is gone (at most `times`)."""
    answers = []
    while len(answers) < times and (not answers or answers[-1][0] != 404):
        answers.append(send(len(answers)))
    return answers


def deleting_after_a_moment(owner_phone: Phone, game_id: int, round_: int):
    """The owner's deletion lands somewhere among the phones' requests."""
    time.sleep(0.05 * (round_ % 4))
    return [owner_phone.post(f"/games/{game_id}/delete", {"confirm": "yes"})]


def test_deleting_a_game_while_phones_take_seats_answers_each_phone(app):
    for round_ in range(ROUNDS):
        owner, game_id, players, token = new_game(app)
        owner_phone = Phone(app.server, owner, PASSWORD)
        owner_phone.get(f"/games/{game_id}/delete")
        phones = visitors(app, token, len(players) - 1)
        member = Phone(app.server, owner, PASSWORD)
        member.get(f"/games/{game_id}")

        def job(i, phones=phones, players=players, token=token, game_id=game_id, owner_phone=owner_phone,
                member=member, round_=round_):
            if i == len(players):
                return deleting_after_a_moment(owner_phone, game_id, round_)
            phone, base = (member, f"/games/{game_id}") if i == len(players) - 1 else (phones[i], f"/live/{token}")
            # Taking the seat, leaving it, taking it again: a request in flight whenever the deletion lands.
            return until_gone(lambda n: phone.post(f"{base}/seat/leave", {}) if n % 2
                              else take(phone, base, players[i]))

        answers = race(len(players) + 1, job)
        assert answers[-1][0][0] == 303, (round_, answers[-1])
        _refused_or_done([answer for sent in answers[:-1] for answer in sent], round_)
        assert _count(app, db.select(db.func.count(PhoneSeat.id)).where(PhoneSeat.game_id == game_id)) == 0


def test_deleting_a_game_while_phones_send_drafts_answers_each_phone(app):
    for round_ in range(ROUNDS):
        owner, game_id, players, token = new_game(app)
        owner_phone = Phone(app.server, owner, PASSWORD)
        owner_phone.get(f"/games/{game_id}/delete")
        phones = visitors(app, token, len(players) - 1)
        for phone, player_id in zip(phones, players, strict=False):
            assert take(phone, f"/live/{token}", player_id)[0] == 303 and "ramo_phone" in phone.cookies
        member = Phone(app.server, owner, PASSWORD)
        member.get(f"/games/{game_id}")
        assert take(member, f"/games/{game_id}", players[-1])[0] == 303

        def job(i, phones=phones, players=players, token=token, game_id=game_id, owner_phone=owner_phone,
                member=member, round_=round_):
            if i == len(players):
                return deleting_after_a_moment(owner_phone, game_id, round_)
            phone, base = (member, f"/games/{game_id}") if i == len(players) - 1 else (phones[i], f"/live/{token}")
            return until_gone(lambda n: phone.post(f"{base}/draft", {"hand_number": "1", "c_low": str(n % 9 + 1)}))

        answers = race(len(players) + 1, job)
        assert answers[-1][0][0] == 303, (round_, answers[-1])
        _refused_or_done([answer for sent in answers[:-1] for answer in sent], round_)
        assert _count(app, db.select(db.func.count(HandDraft.id)).where(HandDraft.game_id == game_id)) == 0
