"""Everyone counts their own cards (issue 21): what a phone may not do, and that a refusal changes nothing.

A stranger, a removed member, a guessed live link or phone key, a draft replayed after its hand was
recorded, a finished game, a seat another phone holds, too many drafts, too large a count: each is
refused (403, 404, 409, 422 or 429) and the seats, the drafts and the game stay exactly as they were.
"""

import re
import secrets

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, HandDraft, Membership, PhoneSeat, User


def share(table, game_id: int) -> str:
    table.web.get(f"/games/{game_id}")
    table.web.post(f"/games/{game_id}/share")
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    return re.search(r"http://keeper\.test(/live/[\w-]+)", page).group(1)


def allow_live_counting(table, game_id: int, allowed: bool = True) -> None:
    table.web.get(f"/games/{game_id}")
    assert table.web.post(f"/games/{game_id}/counting", {"allowed": "1" if allowed else "0"}).status_code == 303


def snapshot(app, game_id: int) -> tuple:
    """Everything a draft or a seat could change."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        drafts = db.session.execute(db.select(HandDraft.player_id, HandDraft.hand_number, HandDraft.result,
                                              HandDraft.version).where(HandDraft.game_id == game_id)
                                    .order_by(HandDraft.player_id)).all()
        seats = db.session.execute(db.select(PhoneSeat.player_id, PhoneSeat.phone_digest, PhoneSeat.user_id)
                                   .where(PhoneSeat.game_id == game_id).order_by(PhoneSeat.player_id)).all()
        return (game.version, game.hand_count, game.drafts_version, game.updated_at, tuple(drafts), tuple(seats))


def member(app, table, new_web, name: str, role: str = "viewer"):
    from ramo_keeper.accounts.service import create_user

    with app.app_context():
        user = create_user(name, "correct horse")
        db.session.add(Membership(user_id=user.id, league_id=table.league_id, role=role))
        db.session.commit()
    phone = new_web()
    phone.login(name)
    return phone


def seated(phone, base: str, player_id: int):
    phone.get(base)
    response = phone.post(f"{base}/seat", {"player_id": str(player_id)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return phone


def draft(phone, base: str, number: int = 1, **counts):
    return phone.post(f"{base}/draft", {"hand_number": str(number), **{f"c_{k}": str(v) for k, v in counts.items()}})


@pytest.fixture
def game(table):
    return table.new_game("ramo", ["A", "B", "C", "D"])


def test_a_stranger_can_neither_take_a_seat_nor_send_a_draft(app, table, new_web, game):
    from ramo_keeper.accounts.service import create_user

    with app.app_context():
        create_user("Stranger", "correct horse")
        db.session.commit()
    stranger = new_web()
    stranger.login("Stranger")
    before = snapshot(app, game)
    assert stranger.post(f"/games/{game}/seat", {"player_id": str(table.id("A"))}).status_code == 404
    assert draft(stranger, f"/games/{game}", low=3).status_code == 404
    assert stranger.get(f"/games/{game}/seat").status_code == 404
    assert snapshot(app, game) == before


def test_a_removed_member_cannot_send_a_draft_even_through_the_live_link(app, table, new_web, game):
    link = share(table, game)
    allow_live_counting(table, game)
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("A"))
    assert draft(bea, f"/games/{game}", low=3).status_code == 303
    with app.app_context():
        user_id = db.session.execute(db.select(User.id).filter_by(username="Bea")).scalar_one()
        db.session.execute(db.delete(Membership).filter_by(user_id=user_id))
        db.session.commit()
    before = snapshot(app, game)
    assert draft(bea, f"/games/{game}", low=5).status_code == 404
    # The same phone on the live link: the seat was taken as a member, so it is not the link's to use.
    bea.get(link)
    assert draft(bea, link, low=5).status_code == 403
    assert snapshot(app, game) == before


def test_a_guessed_live_link_or_phone_key_gets_nothing(app, table, new_web, game):
    link = share(table, game)
    allow_live_counting(table, game)
    cy = seated(new_web(), link, table.id("C"))
    assert draft(cy, link, high=1, special=2).status_code == 303
    before = snapshot(app, game)
    guesser = new_web()
    guesser.get(link)
    guessed = "/live/" + secrets.token_urlsafe(18)
    assert guesser.post(f"{guessed}/seat", {"player_id": str(table.id("D"))}).status_code == 404
    assert draft(guesser, guessed, low=1).status_code == 404
    # A made-up phone key (the cookie's shape, not its value) holds no seat.
    guesser.client.set_cookie("ramo_phone", secrets.token_urlsafe(24), domain="keeper.test")
    assert draft(guesser, link, low=9).status_code == 403
    assert snapshot(app, game) == before


def test_the_live_link_counts_only_while_the_scorer_allows_it_and_only_its_own_seat(app, table, new_web, game):
    link = share(table, game)
    phone = new_web()
    phone.get(link)
    before = snapshot(app, game)
    assert phone.post(f"{link}/seat", {"player_id": str(table.id("B"))}).status_code == 403
    assert draft(phone, link, low=5).status_code == 403
    assert snapshot(app, game) == before
    allow_live_counting(table, game)
    seated(phone, link, table.id("B"))
    # The seat decides whose draft it is: naming another player in the form changes nothing.
    response = phone.post(f"{link}/draft", {"hand_number": "1", "c_low": "5", "player_id": str(table.id("A"))})
    assert response.status_code == 303
    with app.app_context():
        drafts = db.session.execute(db.select(HandDraft.player_id, HandDraft.result)).all()
    assert [(pid, result["cards"]["low"]) for pid, result in drafts] == [(table.id("B"), 5)]
    # Nothing else: recording, correcting and undoing hands need a member's login.
    phone.get(link)
    for path in (f"/games/{game}/hands", f"/games/{game}/undo", f"/games/{game}/seats/{table.id('A')}/free",
                 f"/games/{game}/counting"):
        assert phone.post(path, {}).status_code in (302, 401), path
    # Switched off again: the live link's seats are freed and its drafts refused.
    allow_live_counting(table, game, False)
    before = snapshot(app, game)
    assert draft(phone, link, low=6).status_code == 403
    assert snapshot(app, game) == before


def test_a_draft_replayed_after_its_hand_was_recorded_is_refused(app, table, new_web, game):
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("B"))
    assert draft(bea, f"/games/{game}", low=5).status_code == 303
    table.post_hand(game, out="D", laid=["A"], cards={"A": {"low": 3, "high": 2, "special": 1}, "B": {"low": 5},
                                                      "C": {"high": 1, "special": 2}})
    before = snapshot(app, game)
    assert before[4] == ()  # recording dropped the drafts
    replayed = draft(bea, f"/games/{game}", 1, low=5)
    assert replayed.status_code == 409
    assert snapshot(app, game) == before
    assert draft(bea, f"/games/{game}", 2, low=1).status_code == 303  # the next hand is open


def test_a_finished_game_takes_no_seat_and_no_draft(app, table, new_web):
    game = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("B"))
    table.post_hand(game, out="A", cards={"B": {"pips": 9}})
    before = snapshot(app, game)
    assert draft(bea, f"/games/{game}", 2, pips=4).status_code == 409
    assert bea.post(f"/games/{game}/seat", {"player_id": str(table.id("A"))}).status_code == 409
    assert snapshot(app, game) == before


def test_a_held_seat_names_its_holder_and_the_scorer_frees_it(app, table, new_web, game):
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("A"))
    cal = member(app, table, new_web, "Cal")
    cal.get(f"/games/{game}")
    before = snapshot(app, game)
    refused = cal.post(f"/games/{game}/seat", {"player_id": str(table.id("A"))})
    assert refused.status_code == 409
    assert "A&#39;s seat is held by Bea&#39;s phone." in refused.get_data(as_text=True)
    assert snapshot(app, game) == before
    # Bea cannot write a seat she does not hold either (her draft is always her own seat's).
    table.web.get(f"/games/{game}")
    assert table.web.post(f"/games/{game}/seats/{table.id('A')}/free", {}).status_code == 303
    assert draft(bea, f"/games/{game}", low=1).status_code == 403
    seated(cal, f"/games/{game}", table.id("A"))


def test_drafts_are_throttled_per_phone(app, table, new_web, game):
    app.config["DRAFTS_PER_PHONE_PER_MINUTE"] = 3
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("B"))
    for count in (1, 2, 3):
        assert draft(bea, f"/games/{game}", low=count).status_code == 303
    before = snapshot(app, game)
    throttled = draft(bea, f"/games/{game}", low=4)
    assert throttled.status_code == 429
    assert snapshot(app, game) == before


@pytest.mark.parametrize("counts", [{"low": 61}, {"low": -1}, {"low": "３"}, {"low": "1e3"}, {"high": "9" * 30}])
def test_a_count_no_hand_can_hold_is_refused_by_the_hand_forms_own_limits(app, table, new_web, game, counts):
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("B"))
    assert draft(bea, f"/games/{game}", low=5).status_code == 303
    before = snapshot(app, game)
    assert draft(bea, f"/games/{game}", **counts).status_code == 422
    assert snapshot(app, game) == before


def test_going_out_with_cards_in_hand_is_refused(app, table, new_web, game):
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("B"))
    before = snapshot(app, game)
    response = bea.post(f"/games/{game}/draft", {"hand_number": "1", "c_low": "2", "went_out": "y"})
    assert response.status_code == 422 and "B went out but still holds 2 cards" in response.get_data(as_text=True)
    assert snapshot(app, game) == before
