"""Removing guest leagues nobody has touched for a long time.

A league is pruned only when every member is a guest, none of them has come back since the
cutoff and none of its games changed since. A league with any real account in it, or a guest
that was saved (it is no longer a guest), is never touched. A guest left with no league goes too.
"""

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import func

from ..extensions import db
from ..models import Game, League, Membership, User, utcnow


@dataclass
class Pruned:
    leagues: int = 0
    games: int = 0
    guests: int = 0


def prune_idle_guests(days: int) -> Pruned:
    """Delete guest leagues idle for `days` days, and guests left without a league."""
    cutoff = utcnow() - timedelta(days=days)
    pruned = Pruned()
    idle_guests = db.session.execute(db.select(User).where(
        User.is_guest.is_(True), func.coalesce(User.last_seen_at, User.created_at) < cutoff)).scalars().all()
    idle_ids = {guest.id for guest in idle_guests}
    for guest in idle_guests:
        for league in _leagues_of(guest):
            if _league_is_idle(league, idle_ids, cutoff):
                pruned.games += _delete_league(league)
                pruned.leagues += 1
        if not db.session.execute(db.select(Membership.id).filter_by(user_id=guest.id)).first():
            db.session.delete(guest)
            pruned.guests += 1
    db.session.flush()
    return pruned


def _leagues_of(user: User) -> list[League]:
    return list(db.session.execute(
        db.select(League).join(Membership).where(Membership.user_id == user.id)).scalars())


def _league_is_idle(league: League, idle_guest_ids: set[int], cutoff) -> bool:
    members = set(db.session.execute(db.select(Membership.user_id).filter_by(league_id=league.id)).scalars())
    if not members <= idle_guest_ids:
        return False
    recent = db.session.execute(db.select(Game.id).where(
        Game.league_id == league.id, func.coalesce(Game.updated_at, Game.created_at) >= cutoff)).first()
    return recent is None


def _delete_league(league: League) -> int:
    """Games first (their hands and results cascade), then the league with its roster and seasons."""
    games = db.session.execute(db.select(Game).where(Game.league_id == league.id)).scalars().all()
    for game in games:
        db.session.delete(game)
    db.session.flush()
    db.session.delete(league)
    db.session.flush()
    return len(games)
