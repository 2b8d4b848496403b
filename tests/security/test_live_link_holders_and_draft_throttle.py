"""What the live link says about who holds a seat, and how drafts are throttled ("No data lost, round two",
items 7 and 13).

- A phone on the live link is nobody's member: it is never shown an account's login name, only
  "another phone" (or "a phone on the live link"); members still see whose phone it is.
- Drafts are counted per seat and per address: leaving the seat, dropping the phone's cookie and taking
  the seat again starts no new count, and a refused request (a cookie that holds no seat) writes no
  throttle row at all.
"""

import secrets

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import ThrottleCounter

from .test_own_phone_drafts import allow_live_counting, draft, member, seated, share, snapshot

LOGIN = "Zebedee77"  # a member's login name, used by nobody else on these pages


@pytest.fixture
def game(table):
    return table.new_game("ramo", ["A", "B", "C", "D"])


def test_the_live_link_never_shows_a_members_login_name(app, table, new_web, game):
    link = share(table, game)
    allow_live_counting(table, game)
    seated(member(app, table, new_web, LOGIN), f"/games/{game}", table.id("B"))
    phone = new_web()
    fragment = {"HX-Request": "true"}
    seen = [phone.get(link), phone.get(f"{link}/seat"), phone.get(link, headers=fragment),
            phone.get(f"{link}/seat", headers=fragment)]
    assert "B: held by another phone" in seen[1].get_data(as_text=True)
    refused = phone.post(f"{link}/seat", {"player_id": str(table.id("B"))})
    assert refused.status_code == 409
    assert "B&#39;s seat is held by another phone." in refused.get_data(as_text=True)
    seen += [refused, phone.post(f"{link}/seat", {"player_id": str(table.id("B"))}, headers=fragment)]
    # Seated on the live link, the phone's own panel and the pages after a draft.
    seated(phone, link, table.id("C"))
    seen += [phone.get(link), phone.get(f"{link}/seat"), draft(phone, link, low=2),
             phone.post(f"{link}/draft", {"hand_number": "1", "c_low": "3"}, headers=fragment)]
    for response in seen:
        assert LOGIN.lower() not in response.get_data(as_text=True).lower(), response.request.path
    # A member of the league still sees whose phone holds the seat.
    table.web.get(f"/games/{game}")
    assert f"B: held by {LOGIN}&#39;s phone" in table.web.get(f"/games/{game}/seat").get_data(as_text=True)


def test_leaving_the_seat_and_dropping_the_phones_cookie_does_not_reset_the_count(app, table, new_web, game):
    app.config["DRAFTS_PER_PHONE_PER_MINUTE"] = 3
    link = share(table, game)
    allow_live_counting(table, game)
    phone = seated(new_web(), link, table.id("B"))
    for count in (1, 2, 3):
        assert draft(phone, link, low=count).status_code == 303
    assert draft(phone, link, low=4).status_code == 429
    # The same person: leave the seat, forget the phone's key, take the seat again as a "new" phone.
    assert phone.post(f"{link}/seat/leave").status_code == 303
    phone.client.delete_cookie("ramo_phone", domain="keeper.test")
    seated(phone, link, table.id("B"))
    before = snapshot(app, game)
    assert draft(phone, link, low=5).status_code == 429
    assert snapshot(app, game) == before


def test_drafts_from_one_address_are_counted_together(app, table, new_web, game):
    app.config["DRAFTS_PER_ADDRESS_PER_MINUTE"] = 4
    link = share(table, game)
    allow_live_counting(table, game)
    phones = [seated(new_web(), link, table.id(name)) for name in ("A", "B", "C")]
    sent = [draft(phones[i % 3], link, low=i + 1).status_code for i in range(6)]
    assert sent == [303] * 4 + [429] * 2


def test_a_refused_phone_key_writes_no_throttle_row(app, table, new_web, game):
    link = share(table, game)
    allow_live_counting(table, game)
    seated(new_web(), link, table.id("A"))
    guesser = new_web()
    guesser.get(link)
    rows = throttle_rows(app)
    for _ in range(5):
        guesser.client.set_cookie("ramo_phone", secrets.token_urlsafe(24), domain="keeper.test")
        assert draft(guesser, link, low=1).status_code == 403
    assert throttle_rows(app) == rows


def throttle_rows(app) -> int:
    with app.app_context():
        return db.session.execute(db.select(db.func.count()).select_from(ThrottleCounter)).scalar_one()


def _scorers_api(app, game_id: int):
    """Ana's (the scorer's) API token, as a script on the table's laptop would hold it."""
    from ramo_keeper.accounts.service import find_user, issue_token

    with app.app_context():
        token = issue_token(find_user("Ana"))
        db.session.commit()
    client = app.test_client()
    return lambda player_id, low: client.put(
        f"/api/v1/games/{game_id}/hands/1/drafts/{player_id}",
        json={"player_id": player_id, "cards": {"low": low, "high": 0, "special": 0}},
        headers={"Authorization": f"Bearer {token}"})


def test_the_api_counts_a_seats_drafts_with_the_phones_and_answers_429_with_retry_after(app, table, new_web, game):
    """Issue 34, finding 9: after the live link's phone was refused, a scorer's token sent 150 drafts of the
    same seat. The seat has one count, whichever way its drafts come; past it the API answers 429 with
    Retry-After (docs/API.md), as the page does, and stores nothing."""
    app.config["DRAFTS_PER_PHONE_PER_MINUTE"] = 3
    link = share(table, game)
    allow_live_counting(table, game)
    phone = seated(new_web(), link, table.id("B"))
    for count in (1, 2, 3):
        assert draft(phone, link, low=count).status_code == 303
    refused = draft(phone, link, low=4)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    before = snapshot(app, game)
    api_draft = _scorers_api(app, game)
    for low in (5, 6):
        answer = api_draft(table.id("B"), low)
        assert answer.status_code == 429, answer.get_json()
        assert answer.get_json()["details"]["code"] == "too_many_requests"
        assert 1 <= int(answer.headers["Retry-After"]) <= 60
    assert snapshot(app, game) == before
    # Another seat has a count of its own.
    assert api_draft(table.id("C"), 2).status_code == 200


def test_the_api_s_drafts_fill_the_seats_count_for_the_phone_too(app, table, new_web, game):
    app.config["DRAFTS_PER_PHONE_PER_MINUTE"] = 2
    api_draft = _scorers_api(app, game)
    assert [api_draft(table.id("B"), low).status_code for low in (1, 2, 3)] == [200, 200, 429]
    bea = seated(member(app, table, new_web, "Bea"), f"/games/{game}", table.id("B"))
    before = snapshot(app, game)
    assert draft(bea, f"/games/{game}", low=4).status_code == 429
    assert snapshot(app, game) == before
