"""Guests never take what is not theirs.

An attack run found that "Save to an account → move" deleted a real league: a guest invited into
Alice's league and made owner, then "moved" by Dave into a new league of his, took Alice's league,
her game and every membership with it. A second variant left the guest's own league (which Dave had
joined) with a scorer and no owner. The rules these tests hold:
- a guest is scorer or viewer in other people's leagues, never owner (pages, invites, the service);
- a guest has no API token (the account page, the service and the API refuse);
- a move takes only the leagues where the guest is the only member; a league with anyone else in it
  keeps its games and members, and every league that still exists has an owner.
"""

import hashlib
import secrets

import pytest
from guests.helpers import game_id_of, play_now, record

from ramo_keeper.errors import ServiceError
from ramo_keeper.extensions import db
from ramo_keeper.models import ApiToken, Game, Invite, League, Membership, User

# --- what the tests look at -------------------------------------------------------------------------

def members(app, league_id: int) -> dict[str, str]:
    """Who is in the league, by name, with their role ("Guest" for a guest)."""
    with app.app_context():
        return dict(db.session.execute(db.select(User.username, Membership.role).join(Membership.user)
                                       .where(Membership.league_id == league_id)).all())


def games_of(app, league_id: int) -> set[int]:
    with app.app_context():
        return set(db.session.execute(db.select(Game.id).filter_by(league_id=league_id)).scalars())


def leagues_without_an_owner(app) -> list[str]:
    with app.app_context():
        owned = db.select(Membership.league_id).filter_by(role="owner")
        return list(db.session.execute(db.select(League.name).where(League.id.not_in(owned))).scalars())


def league_exists(app, league_id: int) -> bool:
    with app.app_context():
        return db.session.get(League, league_id) is not None


def leagues_of(app, name: str) -> dict[str, str]:
    """The named account's leagues by name, with its role in each."""
    with app.app_context():
        return dict(db.session.execute(db.select(League.name, Membership.role).join(Membership.league)
                                       .join(Membership.user).where(User.username == name)).all())


def guest_id(app) -> int:
    with app.app_context():
        return db.session.execute(db.select(User.id).filter_by(is_guest=True)).scalar_one()


def guest_league_of(app, game_id: int) -> int:
    with app.app_context():
        return db.session.get(Game, game_id).league_id


# --- what people do ---------------------------------------------------------------------------------

def person(new_web, name: str):
    browser = new_web()
    browser.register(name)
    return browser


def league_with_game(app, web, name: str) -> tuple[int, int]:
    """`web`'s account creates a league through the pages; a game of two of its players is started in it."""
    from ramo_keeper.games.service import create_game
    from ramo_keeper.leagues.service import add_player

    web.get("/leagues")
    league_id = int(web.post("/leagues", {"name": name}).headers["Location"].rstrip("/").split("/")[-1])
    with app.app_context():
        league = db.session.get(League, league_id)
        owner = league.memberships[0].user
        game = create_game(league, owner, "rummy", [add_player(league, "Ann").id, add_player(league, "Ben").id])
        db.session.commit()
        return league_id, game.id


def invite_link(app, web, league_id: int, role: str = "scorer") -> str:
    web.get(f"/leagues/{league_id}")
    assert web.post(f"/leagues/{league_id}/invite", {"role": role, "days": "7"}).status_code == 303
    with app.app_context():
        return "/join/" + db.session.get(League, league_id).invite_token


def join(browser, link: str) -> None:
    browser.get(link)
    assert browser.post(link).status_code == 303


def set_role(web, league_id: int, member_id: int, role: str):
    web.get(f"/leagues/{league_id}")
    return web.post(f"/leagues/{league_id}/members/{member_id}/role", {"role": role})


def membership_id(app, league_id: int, user_id: int) -> int:
    with app.app_context():
        return db.session.execute(db.select(Membership.id).filter_by(league_id=league_id, user_id=user_id)
                                  ).scalar_one()


def move(web, name: str, league: str):
    """`name` logs in on the guest's browser and moves the guest's games into `league`."""
    assert web.login(name).status_code == 303
    web.get("/guest/save")
    return web.post("/guest/move", {"league": league})


@pytest.fixture
def alice_and_bob(app, new_web):
    """Alice's league Thursday with her game, Bob in it as scorer, and Dave's account."""
    alice = person(new_web, "Alice")
    league_id, game_id = league_with_game(app, alice, "Thursday")
    join(person(new_web, "Bob"), invite_link(app, alice, league_id))
    person(new_web, "Dave")
    return {"alice": alice, "league_id": league_id, "game_id": game_id}


# --- story 1: a guest in Alice's league -------------------------------------------------------------

def test_a_guest_in_alices_league_cannot_be_made_owner_and_moving_it_leaves_her_league_whole(
        app, web, alice_and_bob):
    league_id, alice = alice_and_bob["league_id"], alice_and_bob["alice"]
    own_game = game_id_of(play_now(web, "rummy", ["Al", "Bo"]))
    record(web, app, own_game, "Al", {"Bo": {"pips": 7}})
    join(web, invite_link(app, alice, league_id))

    refused = set_role(alice, league_id, membership_id(app, league_id, guest_id(app)), "owner")
    assert refused.status_code == 303
    page = alice.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "Guest is a guest: a guest can be scorer or viewer, and can be made owner after saving" in page
    assert members(app, league_id) == {"Alice": "owner", "Bob": "scorer", "Guest": "scorer"}

    assert move(web, "Dave", "new").status_code == 303
    assert league_exists(app, league_id)
    # Alice and Bob keep their places; Dave steps into the guest's (a scorer, as the guest was).
    assert members(app, league_id) == {"Alice": "owner", "Bob": "scorer", "Dave": "scorer"}
    assert games_of(app, league_id) == {alice_and_bob["game_id"]}
    daves_league = guest_league_of(app, own_game)
    assert daves_league != league_id and members(app, daves_league) == {"Dave": "owner"}
    assert games_of(app, daves_league) == {own_game}
    assert leagues_without_an_owner(app) == []


def test_a_guest_made_owner_before_the_rule_still_moves_only_its_own_games(app, web, alice_and_bob):
    """Data from before the rule: the guest already owns Alice's league beside her."""
    league_id = alice_and_bob["league_id"]
    own_game = game_id_of(play_now(web, "ramo", ["Al", "Bo"]))
    join(web, invite_link(app, alice_and_bob["alice"], league_id))
    with app.app_context():
        db.session.get(Membership, membership_id(app, league_id, guest_id(app))).role = "owner"
        db.session.commit()

    assert move(web, "Dave", "new").status_code == 303
    assert members(app, league_id) == {"Alice": "owner", "Bob": "scorer", "Dave": "owner"}
    assert games_of(app, league_id) == {alice_and_bob["game_id"]}
    assert games_of(app, guest_league_of(app, own_game)) == {own_game}
    assert leagues_of(app, "Dave") == {"Thursday": "owner", "My games": "owner"}
    assert leagues_without_an_owner(app) == []


# --- story 2: the guest's own league, which others joined ---------------------------------------------

def test_moving_into_the_guests_own_league_leaves_it_an_owner(app, web, new_web):
    own_game = game_id_of(play_now(web, "rummy", ["Al", "Bo"]))
    guest_league = guest_league_of(app, own_game)
    dave = person(new_web, "Dave")
    join(dave, invite_link(app, web, guest_league))
    assert members(app, guest_league) == {"Guest": "owner", "Dave": "scorer"}

    assert move(web, "Dave", str(guest_league)).status_code == 303
    assert members(app, guest_league) == {"Dave": "owner"}
    assert games_of(app, guest_league) == {own_game}
    assert leagues_without_an_owner(app) == []


def test_the_guests_own_league_that_a_friend_joined_stays_with_the_friend(app, web, new_web):
    """Moving to a new league of Dave's: the league Alice joined is shared, so nothing leaves it."""
    own_game = game_id_of(play_now(web, "rummy", ["Al", "Bo"]))
    guest_league = guest_league_of(app, own_game)
    join(person(new_web, "Alice"), invite_link(app, web, guest_league))
    person(new_web, "Dave")

    assert move(web, "Dave", "new").status_code == 303
    assert league_exists(app, guest_league)
    assert members(app, guest_league) == {"Alice": "scorer", "Dave": "owner"}
    assert games_of(app, guest_league) == {own_game}
    assert leagues_of(app, "Dave") == {"My games": "owner"}
    assert leagues_without_an_owner(app) == []


def test_only_the_league_the_guest_holds_alone_moves_and_the_page_says_what_stays(app, web, alice_and_bob):
    """A guest in Alice's league with a second game of its own: both of its own games move, nothing else."""
    first = game_id_of(play_now(web, "rummy", ["Al", "Bo"]))
    second = game_id_of(play_now(web, "ramo", ["Al", "Cy"]))
    join(web, invite_link(app, alice_and_bob["alice"], alice_and_bob["league_id"]))
    web.login("Dave")
    page = web.get("/guest/save").get_data(as_text=True)
    assert "This phone holds 2 games played as a guest." in page
    assert "The guest is also in 1 league shared with other people." in page
    response = web.post("/guest/move", {"league": "new"})
    assert response.status_code == 303
    landing = web.get(response.headers["Location"]).get_data(as_text=True)
    assert "Moved 2 games into My games." in landing
    assert "You took the guest&#39;s place in 1 league shared with others: it stays as it was." in landing
    assert games_of(app, guest_league_of(app, first)) == {first, second}
    assert games_of(app, alice_and_bob["league_id"]) == {alice_and_bob["game_id"]}


# --- what a guest may be ----------------------------------------------------------------------------

def test_a_guest_is_never_offered_owner_and_never_joins_as_owner(app, web, alice_and_bob):
    from ramo_keeper.leagues.service import change_role, join_by_invite
    from ramo_keeper.leagues.service import join as join_league

    league_id, alice = alice_and_bob["league_id"], alice_and_bob["alice"]
    play_now(web, "rummy", ["Al", "Bo"])
    join(web, invite_link(app, alice, league_id, role="viewer"))
    guest_membership = membership_id(app, league_id, guest_id(app))
    page = alice.get(f"/leagues/{league_id}").get_data(as_text=True)
    guest_roles = page.split(f'id="role-{guest_membership}"')[1].split("</select>")[0]
    assert 'value="owner"' not in guest_roles and 'value="scorer"' in guest_roles
    assert set_role(alice, league_id, guest_membership, "scorer").status_code == 303
    assert members(app, league_id)["Guest"] == "scorer"

    with app.app_context():
        guest = db.session.get(User, guest_id(app))
        with pytest.raises(ServiceError, match="Guest is a guest: a guest can be scorer or viewer"):
            change_role(db.session.get(Membership, guest_membership), "owner")
        db.session.rollback()
        friday = db.session.get(League, league_with_game(app, alice, "Friday")[0])
        with pytest.raises(ServiceError, match="Guest is a guest: a guest can be scorer or viewer"):
            join_league(friday, guest, "owner")
        db.session.rollback()
        # No invite for owners can be made; should a stored one say so, a guest still joins as scorer.
        friday.invites.append(Invite(token=secrets.token_urlsafe(18), role="owner",
                                     expires_at=db.session.get(League, league_id).invites[-1].expires_at))
        db.session.flush()
        assert join_by_invite(friday.invites[-1], guest).role == "scorer"
        db.session.commit()
    assert members(app, league_id)["Guest"] == "scorer"
    assert leagues_of(app, "Guest") == {"My games": "owner", "Thursday": "scorer", "Friday": "scorer"}


def test_a_guest_needs_an_account_for_an_api_token(app, web):
    play_now(web, "rummy", ["Al", "Bo"])
    page = web.get("/account").get_data(as_text=True)
    assert "Guests cannot have API tokens: save your games to an account first" in page
    assert "Create a token" not in page
    refused = web.post("/account/tokens")
    assert refused.status_code == 403
    assert "Guests cannot have API tokens" in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(ApiToken.id))).scalar() == 0


def test_the_api_refuses_a_token_made_for_a_guest_before_the_rule(app, web, client):
    play_now(web, "rummy", ["Al", "Bo"])
    token = "rk_" + secrets.token_urlsafe(32)
    with app.app_context():
        db.session.add(ApiToken(user_id=guest_id(app), token_hash=hashlib.sha256(token.encode()).hexdigest(),
                                prefix=token[:8]))
        db.session.commit()
    response = client.get("/api/v1/leagues", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 401
    assert response.get_json()["error"].startswith("This token belongs to a guest: the API needs an account.")
    assert response.get_json()["details"]["code"] == "unauthorized"


@pytest.mark.parametrize("kind, limit, guest_names, refused", [
    ("games", 2, ["Al", "Bo"], True),     # Dave's 1 game + the guest's 2 = 3 > 2
    ("games", 3, ["Al", "Bo"], False),    # exactly 3: allowed
    ("players", 3, ["Ann", "Cy"], False),  # Ann is on Dave's roster already: Ann, Ben + Cy = 3
    ("players", 3, ["Cy", "Di"], True),    # Ann, Ben + Cy, Di = 4 > 3
    ("hands", 2, ["Al", "Bo"], True),      # the guest's 3 hands
])
def test_a_move_that_would_take_the_league_past_a_cap_moves_nothing(
        app, web, new_web, monkeypatch, kind, limit, guest_names, refused):
    """Every cap holds where rows arrive, a guest's move too: else the league's backup is refused later."""
    from ramo_keeper.leagues import limits as league_limits

    first = game_id_of(play_now(web, "rummy", guest_names))
    second = game_id_of(play_now(web, "rummy", guest_names))
    for _ in range(3):
        record(web, app, first, guest_names[0], {guest_names[1]: {"number": 4}})
    dave = person(new_web, "Dave")
    dave_league, dave_game = league_with_game(app, dave, "Dave's")
    monkeypatch.setitem(league_limits.LIMITS, kind, limit)

    answer = move(web, "Dave", str(dave_league))
    if refused:
        assert answer.status_code == 422
        assert "nothing was moved" in answer.get_data(as_text=True)
        assert games_of(app, dave_league) == {dave_game}
        assert games_of(app, guest_league_of(app, first)) == {first, second}
    else:
        assert answer.status_code == 303
        assert games_of(app, dave_league) == {dave_game, first, second}
