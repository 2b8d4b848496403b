"""What a saved guest leaves behind in leagues it shares with other people.

Such a league is never moved, emptied or deleted: its games, roster and members stay. The guest
disappears when its games move, so the account that saves it steps into its place, with the guest's
role (an account already in the league keeps a higher role of its own). That is what the person on
that browser could already do as the guest, and it means a league the guest owned (its own league,
which friends joined) never ends up without an owner.
"""

from sqlalchemy import update

from ..extensions import db
from ..models import AuditEntry, Game, Hand, Membership, User

RANK = {"viewer": 0, "scorer": 1, "owner": 2}


def take_the_guests_place(guest: User, account: User) -> int:
    """The account joins every league the guest is still in; returns how many there were.

    The move holds these leagues' locks: the roles are read afresh, as an owner changing them last left them.
    """
    fresh = {"populate_existing": True}
    places = db.session.execute(db.select(Membership).filter_by(user_id=guest.id)
                                .execution_options(**fresh)).scalars().all()
    for place in places:
        mine = db.session.execute(db.select(Membership).filter_by(
            league_id=place.league_id, user_id=account.id).execution_options(**fresh)).scalar_one_or_none()
        if mine is None:
            db.session.add(Membership(league_id=place.league_id, user_id=account.id, role=place.role))
        elif RANK[place.role] > RANK[mine.role]:
            mine.role = place.role
    db.session.flush()
    return len(places)


def attribute_to_account(guest: User, account: User) -> None:
    """What the guest did (games created, hands recorded, corrections) is the account's, wherever it is."""
    for column in (Game.created_by_id, Hand.created_by_id, AuditEntry.user_id):
        db.session.execute(update(column.class_).where(column == guest.id).values({column.key: account.id})
                           .execution_options(synchronize_session=False))
