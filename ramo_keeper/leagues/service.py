"""Leagues, memberships and invites; the roster (players.py) is offered here too.

Roster, invite and membership writes take the league's lock first (locks.py), so a league keeps an
owner however many owners change roles at once. The database holds the rules besides: one player per
name key in a league, one membership per person in a league, one live (unrevoked) invite per league.
A rule broken by a concurrent writer is a Conflict, never a 500.
"""

import secrets
from datetime import timedelta

from flask_babel import gettext
from sqlalchemy import or_
from sqlalchemy.orm import contains_eager

from ..database.contention import flush_or_conflict
from ..database.locks import lock_league, lock_owners
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..i18n import N_
from ..models import ROLES, Invite, League, Membership, Season, User, utcnow
from ..ratings.service import switch_ratings
from ..text.validation import LONG_NAME_MAX, TextError, clean_name, folded, is_token, name_key
from .players import add_player, get_player, rename_player, roster  # noqa: F401  (the league's roster)


def create_league(owner: User, name: str, unlike_owned: bool = False) -> League:
    """A new league with its first season; the creator becomes owner. With `unlike_owned` (a name the
    person typed), a name that looks the same as one of the leagues they own is refused: their list
    would show two leagues nobody can tell apart."""
    try:
        name = clean_name(name, N_("A league name"), LONG_NAME_MAX, empty=gettext("A league needs a name."))
    except TextError as error:
        raise ServiceError(error.message, field="name") from None
    if unlike_owned:
        lock_owners([owner.id])  # two creations by one owner at the same moment: the second sees the first
        _refuse_owned_lookalike(owner, name)
    league = League(name=name)
    league.memberships.append(Membership(user=owner, role="owner"))
    # The first season is named in the creator's language; after that it is a name like any other.
    league.seasons.append(Season(name=gettext("Season %(number)d", number=1), is_current=True))
    db.session.add(league)
    db.session.flush()
    return league


def _refuse_owned_lookalike(owner: User, name: str, renamed: League | None = None) -> None:
    owned = db.select(League.id, League.name).join(Membership).where(Membership.user_id == owner.id,
                                                                     Membership.role == "owner")
    if renamed is not None:
        owned = owned.where(League.id != renamed.id)
    for league_id, taken in db.session.execute(owned.order_by(League.id)):
        if name_key(taken) == name_key(name):
            current = {"current": {"id": league_id, "name": taken}}  # the league that holds the name, as it is now
            if folded(taken) == folded(name):
                raise Conflict(gettext("You already own a league called %(name)s.", name=taken), field="name",
                               details=current)
            raise Conflict(gettext("%(name)s looks the same as %(existing)s, a league you already own.",
                                   name=name, existing=taken), field="name", details=current)


def update_league(league: League, name: str | None = None, ratings: bool | None = None) -> League:
    """Rename the league and/or switch its skill ratings on or off (the owner's settings)."""
    if name is not None:
        try:
            name = clean_name(name, N_("A league name"), LONG_NAME_MAX, empty=gettext("A league needs a name."))
        except TextError as error:
            raise ServiceError(error.message, field="name") from None
        owners = [m.user for m in league.memberships if m.role == "owner"]
        # As create_league: checked under the owners' locks, taken before the league's row is written.
        lock_owners([owner.id for owner in owners])
        for owner in owners:
            _refuse_owned_lookalike(owner, name, renamed=league)
        league.name = name
    if ratings is not None:
        switch_ratings(league, ratings)
    db.session.flush()
    return league


def memberships_query(user: User):
    """The user's memberships with their leagues (one statement), by league name, ties by id."""
    return (db.select(Membership).filter_by(user_id=user.id).join(Membership.league)
            .options(contains_eager(Membership.league)).order_by(League.name, League.id))


def leagues_of(user: User) -> list[Membership]:
    return list(db.session.execute(memberships_query(user)).scalars())


def members(league: League) -> list[Membership]:
    """The league's members with their users (one statement), by name."""
    rows = db.session.execute(db.select(Membership).filter_by(league_id=league.id).join(Membership.user)
                              .options(contains_eager(Membership.user))).scalars()
    return sorted(rows, key=lambda m: (folded(m.user.username), m.id))


GUEST_NOT_OWNER = N_("%(name)s is a guest: a guest can be scorer or viewer, and can be made owner after "
                     "saving their games to an account.")
INVITE_ROLES = ("scorer", "viewer")
INVITE_DAYS_DEFAULT = 7
INVITE_DAYS_MAX = 30
INVITE_USES_MAX = 100


def new_invite(league: League, by: User | None = None, role: str = "scorer", days: int = INVITE_DAYS_DEFAULT,
               max_uses: int | None = None) -> Invite:
    """A fresh invite link; the previous one stops working. It expires after `days` days."""
    if role not in INVITE_ROLES:
        raise ServiceError(gettext("An invite makes people scorers or viewers."), field="role")
    if not 1 <= days <= INVITE_DAYS_MAX:
        raise ServiceError(gettext("An invite lasts 1 to %(max)d days.", max=INVITE_DAYS_MAX), field="days")
    if max_uses is not None and not 1 <= max_uses <= INVITE_USES_MAX:
        raise ServiceError(gettext("An invite can be used 1 to %(max)d times, or without limit.", max=INVITE_USES_MAX),
                           field="max_uses")
    revoke_invites(league)
    invite = Invite(league_id=league.id, token=secrets.token_urlsafe(18), role=role,
                    created_by_id=by.id if by else None, expires_at=utcnow() + timedelta(days=days), max_uses=max_uses)
    db.session.add(invite)
    flush_or_conflict(gettext("Another invite link was made at the same moment: reload to see the one that works."))
    db.session.expire(league, ["invites"])
    return invite


def revoke_invites(league: League) -> None:
    """Every invite link of the league stops working (under the league's lock: none is being made meanwhile)."""
    lock_league(league.id)
    db.session.execute(db.update(Invite).where(Invite.league_id == league.id, Invite.revoked_at.is_(None))
                       .values(revoked_at=utcnow()))
    db.session.expire(league, ["invites"])


def invite_for(token: str) -> Invite | None:
    """The invite this link token names, if it still works (not expired, revoked or used up)."""
    if not is_token(token):
        return None
    invite = db.session.execute(db.select(Invite).filter_by(token=token)).scalar_one_or_none()
    return invite if invite and invite.usable else None


def join(league: League, user: User, role: str = "scorer") -> Membership:
    """Add the user with `role`; a member already in keeps the role they have."""
    refuse_guest_owner(user, role)
    # Under the league's lock, as every membership change: a guest's move (guests/move.py) checks
    # under it that the guest is alone, so a join either comes first (and the league stays) or
    # waits for the move (and finds the league gone).
    lock_league(league.id)
    existing = db.session.execute(
        db.select(Membership).filter_by(league_id=league.id, user_id=user.id)
    ).scalar_one_or_none()
    if existing:
        return existing
    membership = Membership(league=league, user=user, role=role)
    db.session.add(membership)
    flush_or_conflict(gettext("You joined %(league)s at the same moment from another page.", league=league.name))
    return membership


def join_by_invite(invite: Invite, user: User) -> Membership:
    """Join with the invite's role, never more. One use is counted atomically, so a use limit holds
    even when several people open the link at once; under the league's lock, so a double submit by
    one person counts one use for their one membership."""
    lock_league(invite.league_id)
    existing = db.session.execute(
        db.select(Membership).filter_by(league_id=invite.league_id, user_id=user.id)
    ).scalar_one_or_none()
    if existing:
        return existing
    used = db.session.execute(
        db.update(Invite)
        .where(Invite.id == invite.id, Invite.revoked_at.is_(None), Invite.expires_at > utcnow(),
               or_(Invite.max_uses.is_(None), Invite.uses < Invite.max_uses))
        .values(uses=Invite.uses + 1)
    ).rowcount
    if used != 1:
        raise Conflict(gettext("This invite link no longer works: ask the league's owner for a new one."))
    # Invites are made for scorers and viewers only; should one ever say owner, a guest still joins as scorer.
    role = "scorer" if user.is_guest and invite.role == "owner" else invite.role
    return join(invite.league, user, role)


def refuse_guest_owner(user: User, role: str) -> None:
    """A guest may score or view in any league, but owns none it did not create: an owner can delete,
    import over and hand out a league, and a guest is only a cookie on one browser."""
    if role == "owner" and user.is_guest:
        raise ServiceError(gettext(GUEST_NOT_OWNER, name=user.username), field="role")


NEEDS_AN_OWNER = N_("A league needs at least one owner: make someone else owner first.")
NO_LONGER_OWNER = N_("You are no longer an owner of %(league)s: nothing was changed.")
NO_LONGER_MEMBER = N_("%(name)s is no longer a member of %(league)s.")


def _member_under_lock(membership: Membership, by: User | None) -> tuple[Membership, int]:
    """The membership and the league's owner count as they are now, read under the league's lock.

    Two owners changing each other at the same moment take turns here, and the second one sees what
    the first did: whether they are still an owner themselves (`by`; none for a script), whether the
    member is still in, and how many owners are left. Read before the lock, both would count two
    owners and together leave none.
    """
    league = membership.league
    lock_league(league.id)
    current = {m.id: m for m in db.session.execute(
        db.select(Membership).filter_by(league_id=league.id).execution_options(populate_existing=True)).scalars()}
    db.session.expire(league, ["memberships"])
    if by is not None and not any(m.user_id == by.id and m.role == "owner" for m in current.values()):
        raise Conflict(gettext(NO_LONGER_OWNER, league=league.name))
    if membership.id not in current:
        raise Conflict(gettext(NO_LONGER_MEMBER, name=membership.user.username, league=league.name))
    return current[membership.id], sum(1 for m in current.values() if m.role == "owner")


def change_role(membership: Membership, role: str, by: User | None = None) -> None:
    """Give a member another role (`by`: the owner doing it); the league keeps at least one owner."""
    if role not in ROLES:
        raise ServiceError(gettext("Unknown role %(role)s.", role=role), field="role")
    refuse_guest_owner(membership.user, role)
    membership, owners = _member_under_lock(membership, by)
    if membership.role == "owner" and role != "owner" and owners == 1:
        raise Conflict(gettext(NEEDS_AN_OWNER))
    membership.role = role


def remove_member(membership: Membership, by: User | None = None) -> None:
    """Remove a member (an owner may remove themselves: they leave), and switch the invite link off:
    they know it and could come straight back. The league keeps at least one owner."""
    membership, owners = _member_under_lock(membership, by)
    if membership.role == "owner" and owners == 1:
        raise Conflict(gettext(NEEDS_AN_OWNER))
    revoke_invites(membership.league)
    db.session.delete(membership)
