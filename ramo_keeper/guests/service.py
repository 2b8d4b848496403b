"""Guests: a real User flagged `is_guest`, with its own private league, known by a browser cookie.

A guest plays through the same models, rules and services as everyone else. Only three things
are guest-specific: creating one (with its league), turning it into a normal account, and moving
its games into a league of an existing account.
"""

import secrets
from datetime import timedelta

from flask_babel import gettext
from sqlalchemy.orm import aliased

from ..accounts.passwords import password_problem
from ..accounts.service import refuse_taken_name
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..games import service as games
from ..i18n import N_
from ..leagues.service import add_player, create_league
from ..models import Game, League, Membership, Player, Seat, User, utcnow
from ..rules.registry import DEFAULT_GAME
from ..text.validation import TextError, clean_name, folded, name_key

# Stored names, worded in the language of the page that creates them (as a new league's first season is).
GUEST_NAME = N_("Guest")
GUEST_LEAGUE_NAME = N_("My games")
# Guests have no password: no hash ever matches this value.
NO_PASSWORD = "!guest"
# How often a returning guest's last visit is written down: once a day is plenty for a 90-day rule.
SEEN_EVERY = timedelta(days=1)


def create_guest() -> User:
    """A guest account and its private league, where the guest is the owner."""
    # The key is the guest's identity in the signed cookie: random, so a removed guest's id reused
    # by someone else never matches an old cookie.
    user = User(username=gettext(GUEST_NAME), username_key=f"guest:{secrets.token_hex(16)}",
                password_hash=NO_PASSWORD, is_guest=True, last_seen_at=utcnow())
    db.session.add(user)
    db.session.flush()
    create_league(user, gettext(GUEST_LEAGUE_NAME))
    return user


def guest_by_key(key: str) -> User | None:
    return db.session.execute(
        db.select(User).filter_by(username_key=key, is_guest=True)).scalar_one_or_none()


def own_leagues(user: User) -> list[League]:
    """The leagues the user owns, oldest first; a guest's first one is its private league."""
    return list(db.session.execute(
        db.select(League).join(Membership).where(Membership.user_id == user.id, Membership.role == "owner")
        .order_by(League.id)).scalars())


def leagues_held_alone(user: User) -> list[League]:
    """The leagues where the user is the only member, oldest first: nobody else can see what is in them,
    so all of it is the user's. A league with anyone else in it is shared, whatever the user's role."""
    others = aliased(Membership)
    someone_else = db.select(others.id).where(others.league_id == League.id, others.user_id != user.id).exists()
    return list(db.session.execute(
        db.select(League).join(Membership).where(Membership.user_id == user.id, ~someone_else)
        .order_by(League.id)).scalars())


def play_league(user: User) -> League | None:
    """Where Play now starts a game. A guest's: its private league. An account's (a quick game, one tap
    from home): of the leagues it may add games to, the one with the newest game, else the oldest such
    league; None when it may add games nowhere."""
    if user.is_guest:
        leagues = own_leagues(user)
        return leagues[0] if leagues else None
    writable = db.select(Membership.league_id).where(Membership.user_id == user.id,
                                                     Membership.role.in_(("owner", "scorer")))
    league_id = db.session.execute(db.select(Game.league_id).where(Game.league_id.in_(writable))
                                   .order_by(Game.id.desc()).limit(1)).scalar()
    if league_id is None:
        league_id = db.session.execute(writable.order_by(Membership.league_id).limit(1)).scalar()
    return db.session.get(League, league_id) if league_id is not None else None


def remembered_names(league: League | None) -> list[str]:
    """Names played with in this league before, for the name chips."""
    if league is None:
        return []
    return sorted(db.session.execute(
        db.select(Player.name).where(Player.league_id == league.id, Player.archived.is_(False))).scalars(),
        key=folded)


def last_table(league: League) -> list[str]:
    """The players of the league's newest game, in seat order: an account's quick game starts with them."""
    game_id = db.session.execute(db.select(Game.id).where(Game.league_id == league.id)
                                 .order_by(Game.id.desc()).limit(1)).scalar()
    if game_id is None:
        return []
    return list(db.session.execute(db.select(Player.name).join(Seat, Seat.player_id == Player.id)
                                   .where(Seat.game_id == game_id).order_by(Seat.position)).scalars())


def start_game(user: User, variant_key: str, names: list[str], league: League | None = None) -> Game:
    """A game in the league (by default the guest's own) with these players in seat order (names seen
    before are reused)."""
    league = league or own_leagues(user)[0]
    roster = {p.name_key: p for p in db.session.execute(
        db.select(Player).where(Player.league_id == league.id)).scalars()}
    seats = []
    for name in names:
        player = roster.get(name_key(name.strip())) or add_player(league, name)
        player.archived = False
        seats.append(player.id)
    return games.create_game(league, user, variant_key, seats)


def last_variant(league: League | None) -> str:
    """The built-in game played last in this league, preselected for the next one."""
    key = db.session.execute(db.select(Game.variant).where(Game.league_id == (league.id if league else 0),
                                                           Game.definition.is_(None))  # a built-in game
                             .order_by(Game.id.desc()).limit(1)).scalar()
    return key or DEFAULT_GAME


def touch(user: User) -> bool:
    """Note a returning guest's visit (at most once a day); True if something changed."""
    now = utcnow()
    if user.last_seen_at is not None and now - user.last_seen_at < SEEN_EVERY:
        return False
    user.last_seen_at = now
    return True


def keep_as_account(guest: User, username: str, password: str) -> User:
    """The guest becomes a normal account with this name and password; everything stays where it is."""
    if not guest.is_guest:
        raise Conflict(gettext("This is already an account."))
    try:
        username = clean_name(username, N_("A name"), empty=gettext("Choose a name."))
    except TextError as error:
        raise ServiceError(error.message, field="username") from None
    problem = password_problem(password)
    if problem:
        raise ServiceError(problem, field="password")
    refuse_taken_name(username)
    guest.username, guest.username_key = username, name_key(username)
    guest.set_password(password)
    guest.is_guest, guest.last_seen_at = False, None
    return guest


def writable_leagues(user: User) -> list[League]:
    """Leagues the user may add games to (owner or scorer), by name."""
    return list(db.session.execute(
        db.select(League).join(Membership).where(Membership.user_id == user.id,
                                                 Membership.role.in_(("owner", "scorer")))
        .order_by(League.name)).scalars())


def game_count(user: User, leagues: list[League] | None = None) -> int:
    """Games in these leagues (by default the ones the user owns)."""
    ids = [league.id for league in (own_leagues(user) if leagues is None else leagues)]
    return db.session.execute(db.select(db.func.count(Game.id)).where(Game.league_id.in_(ids or [0]))).scalar()
