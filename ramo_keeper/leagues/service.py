"""Leagues, memberships, invites and rosters."""

import secrets

from ..errors import Conflict, ServiceError
from ..extensions import db
from ..models import ROLES, League, Membership, Player, Season, User
from ..text import LONG_NAME_MAX, TextError, clean_name, name_key


def create_league(owner: User, name: str) -> League:
    """A new league with its first season; the creator becomes owner."""
    try:
        name = clean_name(name, "A league name", LONG_NAME_MAX, empty="A league needs a name.")
    except TextError as error:
        raise ServiceError(error.message, field="name") from None
    league = League(name=name)
    league.memberships.append(Membership(user=owner, role="owner"))
    league.seasons.append(Season(name="Season 1", is_current=True))
    db.session.add(league)
    db.session.flush()
    return league


def leagues_of(user: User) -> list[Membership]:
    return list(db.session.execute(
        db.select(Membership).filter_by(user_id=user.id).join(League).order_by(League.name)
    ).scalars())


def new_invite(league: League) -> str:
    """A fresh invite token; the old link stops working."""
    league.invite_token = secrets.token_urlsafe(18)
    return league.invite_token


def revoke_invite(league: League) -> None:
    league.invite_token = None


def league_for_invite(token: str) -> League | None:
    if not token:
        return None
    return db.session.execute(db.select(League).filter_by(invite_token=token)).scalar_one_or_none()


def join(league: League, user: User) -> Membership:
    """Membership through an invite: scorer, unless the user is already in."""
    existing = db.session.execute(
        db.select(Membership).filter_by(league_id=league.id, user_id=user.id)
    ).scalar_one_or_none()
    if existing:
        return existing
    membership = Membership(league=league, user=user, role="scorer")
    db.session.add(membership)
    db.session.flush()
    return membership


def _owners(league: League) -> int:
    return sum(1 for m in league.memberships if m.role == "owner")


def change_role(membership: Membership, role: str) -> None:
    if role not in ROLES:
        raise ServiceError(f"Unknown role {role}.", field="role")
    if membership.role == "owner" and role != "owner" and _owners(membership.league) == 1:
        raise Conflict("A league needs at least one owner: make someone else owner first.")
    membership.role = role


def remove_member(membership: Membership) -> None:
    if membership.role == "owner" and _owners(membership.league) == 1:
        raise Conflict("A league needs at least one owner: make someone else owner first.")
    db.session.delete(membership)


def _name_taken(league: League, name: str, except_id: int | None = None) -> bool:
    query = db.select(Player.id).filter_by(league_id=league.id, name_key=name_key(name))
    if except_id:
        query = query.filter(Player.id != except_id)
    return db.session.execute(query).first() is not None


def _checked_name(league: League, name: str, except_id: int | None = None) -> str:
    try:
        name = clean_name(name, "A player's name", empty="A player needs a name.")
    except TextError as error:
        raise ServiceError(error.message, field="name") from None
    if _name_taken(league, name, except_id):
        raise Conflict(f"{name} is already on the roster.", field="name")
    return name


def add_player(league: League, name: str) -> Player:
    name = _checked_name(league, name)
    player = Player(league_id=league.id, name=name, name_key=name_key(name))
    db.session.add(player)
    db.session.flush()
    return player


def rename_player(player: Player, name: str) -> None:
    name = _checked_name(player.league, name, except_id=player.id)
    player.name, player.name_key = name, name_key(name)


def roster(league: League, include_archived: bool = False) -> list[Player]:
    query = db.select(Player).filter_by(league_id=league.id).order_by(Player.name_key)
    if not include_archived:
        query = query.filter_by(archived=False)
    return list(db.session.execute(query).scalars())


def get_player(league: League, player_id: int) -> Player | None:
    player = db.session.get(Player, player_id)
    return player if player and player.league_id == league.id else None
