"""Database tables. No scoring happens here: see games/stored.py (which stores what rules/ derives)."""

from datetime import UTC, datetime

from flask import current_app, has_app_context
from flask_login import UserMixin
from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, false, text
from sqlalchemy.orm import Mapped, mapped_column, relationship
from werkzeug.security import check_password_hash, generate_password_hash

from .extensions import db

ROLES = ("owner", "scorer", "viewer")


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class User(UserMixin, db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40))
    # text_validation.name_key() of the name: unique however it is written, and among names that look the same.
    username_key: Mapped[str] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    # Part of every session and remember cookie; advancing it ends them all (logout, new password).
    session_generation: Mapped[int] = mapped_column(default=1, server_default="1")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The language the member chose with the switcher ("ko", "it", "en"); None follows the browser.
    locale: Mapped[str | None] = mapped_column(String(8))
    # A guest plays without signing up: no password, known only by a cookie (see guests/).
    is_guest: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Guests only: when the browser last came back; `flask guests prune` removes long-idle guests.
    last_seen_at: Mapped[datetime | None]

    memberships: Mapped[list["Membership"]] = relationship(back_populates="user", cascade="all, delete-orphan")

    def set_password(self, password: str) -> None:
        # scrypt (werkzeug's default) everywhere but the test suite, which opts into a cheap hash.
        method = current_app.config.get("PASSWORD_HASH_METHOD", "scrypt") if has_app_context() else "scrypt"
        self.password_hash = generate_password_hash(password, method=method)

    def check_password(self, password: str) -> bool:
        return check_password_hash(self.password_hash, password)

    def get_id(self) -> str:
        """Flask-Login's alternative id: "<user id>:<session generation>", kept in the session and remember cookie."""
        return f"{self.id}:{self.session_generation}"

    def end_sessions(self) -> None:
        """Every session and remember cookie issued so far stops working."""
        self.session_generation += 1


class ApiToken(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    # SHA-256 of the token; the token itself is shown once and never stored.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]

    user: Mapped[User] = relationship()


class League(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Skill ratings are opt-in: players fear "someone ruining my rating" (ratings/).
    ratings: Mapped[bool] = mapped_column(default=False, server_default=false())

    memberships: Mapped[list["Membership"]] = relationship(back_populates="league", cascade="all, delete-orphan")
    players: Mapped[list["Player"]] = relationship(
        back_populates="league", cascade="all, delete-orphan", order_by="Player.name"
    )
    seasons: Mapped[list["Season"]] = relationship(
        back_populates="league", cascade="all, delete-orphan", order_by="Season.id"
    )
    invites: Mapped[list["Invite"]] = relationship(
        back_populates="league", cascade="all, delete-orphan", order_by="Invite.id"
    )

    @property
    def active_invite(self) -> "Invite | None":
        """The invite link that works now (the league has at most one)."""
        return next((invite for invite in reversed(self.invites) if invite.usable), None)

    @property
    def invite_token(self) -> str | None:
        invite = self.active_invite
        return invite.token if invite else None


class Invite(db.Model):
    """An invite link: joins as `role` (never more), until it expires, is revoked or is used up.

    A league has at most one unrevoked invite (a partial unique index): a new one revokes the old.
    """

    __table_args__ = (
        Index("uq_invite_one_live_per_league", "league_id", unique=True,
              postgresql_where=text("revoked_at IS NULL"), sqlite_where=text("revoked_at IS NULL")),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(10))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    # None: any number of people may join with it.
    max_uses: Mapped[int | None]
    uses: Mapped[int] = mapped_column(default=0)
    revoked_at: Mapped[datetime | None]

    league: Mapped[League] = relationship(back_populates="invites")

    @property
    def usable(self) -> bool:
        return (self.revoked_at is None and self.expires_at > utcnow()
                and (self.max_uses is None or self.uses < self.max_uses))


class Membership(db.Model):
    __table_args__ = (UniqueConstraint("league_id", "user_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    league: Mapped[League] = relationship(back_populates="memberships")
    user: Mapped[User] = relationship(back_populates="memberships")

    @property
    def can_write(self) -> bool:
        return self.role in ("owner", "scorer")


class Player(db.Model):
    __table_args__ = (UniqueConstraint("league_id", "name_key"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    # text_validation.name_key(name): one per league among names that look the same (the key can be longer).
    name_key: Mapped[str] = mapped_column(String(160))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    archived: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    league: Mapped[League] = relationship(back_populates="players")
    user: Mapped[User | None] = relationship()


class Season(db.Model):
    """A league's season. The database holds two rules: no two seasons of a league share a name
    (names differing only in case are refused under the league's lock, seasons/service.py), and
    at most one season of a league is current (a partial unique index)."""

    __table_args__ = (
        Index("uq_season_league_id_name", "league_id", "name", unique=True),
        Index("uq_season_one_current_per_league", "league_id", unique=True,
              postgresql_where=text("is_current"), sqlite_where=text("is_current")),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    # "points" (placement points, the default), "wins" or "average".
    ranking: Mapped[str] = mapped_column(String(10), default="points")
    min_games: Mapped[int] = mapped_column(default=0)
    is_current: Mapped[bool] = mapped_column(default=False)
    closed: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    league: Mapped[League] = relationship(back_populates="seasons")


class Ruleset(db.Model):
    """A league's house rule (docs/RULES.md §8): a built-in game's definition with its own numbers."""

    id: Mapped[int] = mapped_column(primary_key=True)
    # What a new game takes as its variant: unique across the app, never reused.
    key: Mapped[str] = mapped_column(String(20), unique=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    based_on: Mapped[str] = mapped_column(String(20))
    definition: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class Game(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    season_id: Mapped[int | None] = mapped_column(ForeignKey("season.id", ondelete="SET NULL"), index=True)
    variant: Mapped[str] = mapped_column(String(20))
    # Snapshot of every option at creation, so new defaults never rewrite old games.
    options: Mapped[dict] = mapped_column(JSON)
    first_dealer_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    status: Mapped[str] = mapped_column(String(12), default="in_progress")
    # Bumped on every change; conditional polling (ETag) and stale-edit checks read it.
    version: Mapped[int] = mapped_column(default=1)
    share_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    finished_at: Mapped[datetime | None]
    # Derived by the rules at each write (games/stored.py), so reads never replay the hands.
    hand_count: Mapped[int] = mapped_column(default=0)
    next_dealer_id: Mapped[int | None]
    winner_ids: Mapped[list] = mapped_column(JSON, default=list)
    # A house rule's game keeps the definition it started with (None for a built-in game): editing or
    # deleting the ruleset never changes it. `variant` then holds the ruleset's key (variants.py).
    definition: Mapped[dict | None] = mapped_column(JSON)
    ruleset_id: Mapped[int | None] = mapped_column(ForeignKey("ruleset.id", ondelete="SET NULL"), index=True)
    # "Players count their own cards" for phones on the live link (members' phones always may).
    live_counting: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Moved by every draft written (drafts/): the scorer's poll sees new counts without the game's
    # version moving, so nobody else's board is rebuilt for a draft.
    drafts_version: Mapped[int] = mapped_column(default=0, server_default="0")

    league: Mapped[League] = relationship()
    season: Mapped[Season | None] = relationship()
    seats: Mapped[list["Seat"]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="Seat.position"
    )
    hands: Mapped[list["Hand"]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="Hand.number"
    )
    results: Mapped[list["GameResult"]] = relationship(back_populates="game", cascade="all, delete-orphan")


class Seat(db.Model):
    __table_args__ = (UniqueConstraint("game_id", "position"), UniqueConstraint("game_id", "player_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    position: Mapped[int]
    # The player's standing after the last hand, derived by the rules at each write.
    total: Mapped[int] = mapped_column(default=0)
    level: Mapped[int | None]
    completed: Mapped[bool] = mapped_column(default=False)
    rounds_won: Mapped[int] = mapped_column(default=0)
    rank: Mapped[int] = mapped_column(default=1)
    end_bonus: Mapped[int] = mapped_column(default=0)
    place: Mapped[int] = mapped_column(default=1)

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()


class Hand(db.Model):
    __table_args__ = (UniqueConstraint("game_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    # A double tap or a retried submit carries the same key: the unique index refuses the copy.
    idempotency_key: Mapped[str | None] = mapped_column(String(128), unique=True)
    # Fingerprint of the request body that used the key, to tell a retry from a conflicting reuse.
    request_fingerprint: Mapped[str | None] = mapped_column(String(64))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Derived at each write: who dealt it and who won it.
    dealer_id: Mapped[int | None]
    winner_ids: Mapped[list] = mapped_column(JSON, default=list)

    game: Mapped[Game] = relationship(back_populates="hands")
    results: Mapped[list["HandResult"]] = relationship(
        back_populates="hand", cascade="all, delete-orphan", order_by="HandResult.position"
    )


class HandResult(db.Model):
    """One player's stored inputs for one hand (the only facts scores are derived from), and what they scored.

    The marks are the effective ones (Ramo's out player laid down); value, score and levels are
    derived by the rules at each write and equal a full replay (tests/test_scoring.py).
    """

    __table_args__ = (UniqueConstraint("hand_id", "player_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    position: Mapped[int]
    cards: Mapped[dict] = mapped_column(JSON)
    # The marks the hand gave the player, as a sorted list of the definition's mark keys: whatever
    # the game's definition declares (rules/marks.py), never a column per mark.
    marks: Mapped[list] = mapped_column(JSON, default=list)
    value: Mapped[int] = mapped_column(default=0)
    score: Mapped[int] = mapped_column(default=0)
    level_before: Mapped[int | None]
    level_after: Mapped[int | None]
    completed: Mapped[bool] = mapped_column(default=False)

    hand: Mapped[Hand] = relationship(back_populates="results")


class PhoneSeat(db.Model):
    """A phone holding a player's seat in a game, to count that player's cards (drafts/).

    One phone per seat and one seat per phone in a game: both are unique indexes, so of two phones
    racing for a seat the database lets one in.
    """

    __tablename__ = "phone_seat"
    __table_args__ = (UniqueConstraint("game_id", "player_id"), UniqueConstraint("game_id", "phone_digest"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    # SHA-256 of the phone's random key (its cookie); the key itself is never stored.
    phone_digest: Mapped[str] = mapped_column(String(64))
    # The member whose phone it is; None for a phone on the live link.
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    taken_at: Mapped[datetime] = mapped_column(default=utcnow)

    user: Mapped[User | None] = relationship()


class HandDraft(db.Model):
    """A player's own count of the next hand, sent from their phone; it scores nothing until recorded.

    `result` is the API's `Result` JSON for that player, turned into a hand by the same code the
    API uses (games/hand_inputs.from_body); `card_list` says which cards make up its counts, where the
    phone sent them. Recording the hand deletes the game's drafts.
    """

    __tablename__ = "hand_draft"
    __table_args__ = (UniqueConstraint("game_id", "hand_number", "player_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    hand_number: Mapped[int]
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    # Who sent it: the seat's phone (its digest), or a member through the API (user only).
    phone_digest: Mapped[str | None] = mapped_column(String(64))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    result: Mapped[dict] = mapped_column(JSON)
    # The cards one by one as the player tapped them ([{"category": "pips", "rank": 7}, {"category": "tens"}]),
    # so the scorer's form shows them as tapped (games/drafts/card_list.py); None for a draft of counts only.
    card_list: Mapped[list | None] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    version: Mapped[int] = mapped_column(default=1)

    user: Mapped[User | None] = relationship()


class GameResult(db.Model):
    """A finished game's outcome per player, written from the replay when the game ends.

    Standings aggregate these rows with SQL instead of replaying every hand; a test
    checks they equal a fresh replay.
    """

    __table_args__ = (
        UniqueConstraint("game_id", "player_id"),
        # Covers the standings aggregate: a season's rows are summed from the index alone.
        Index("ix_game_result_standings", "season_id", "variant", "player_id", "won", "place", "total",
              "hands_played", "points", "game_id"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    season_id: Mapped[int | None] = mapped_column(ForeignKey("season.id", ondelete="SET NULL"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    variant: Mapped[str] = mapped_column(String(20))
    table_size: Mapped[int]
    place: Mapped[int]
    points: Mapped[int]
    won: Mapped[bool]
    total: Mapped[int]
    hands_played: Mapped[int]

    game: Mapped[Game] = relationship(back_populates="results")
    player: Mapped[Player] = relationship()


class AuditEntry(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    action: Mapped[str] = mapped_column(String(20))
    hand_number: Mapped[int | None]
    before: Mapped[dict | None] = mapped_column(JSON)
    after: Mapped[dict | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    user: Mapped[User | None] = relationship()


class ThrottleCounter(db.Model):
    """Attempts counted in one fixed window, per bucket ("login-account", "login-address", …) and key.

    Kept in the database so that every gunicorn worker and every machine sees the same count.
    The key is stored as a SHA-256 digest: names and addresses are not kept in clear.
    """

    bucket: Mapped[str] = mapped_column(String(40), primary_key=True)
    key_digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    window_start: Mapped[datetime]
    count: Mapped[int]


class Night(db.Model):
    """A club night (docs/RULES.md §9): one league's evening at several tables, one game per table per round.

    `plan` holds the rounds `mix` seating planned ahead (player ids per table, seat order), so a night
    whose players do not change is seated as planned at once; players in or out re-plan it.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    season_id: Mapped[int | None] = mapped_column(ForeignKey("season.id", ondelete="SET NULL"))
    name: Mapped[str] = mapped_column(String(80))
    # A built-in game's key or a house rule's key, as a new game takes it.
    variant: Mapped[str] = mapped_column(String(20))
    # Every option, as the night's first game took them (defaults filled in): each round plays these.
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    # A house rule's night keeps the definition it opened with (None for a built-in game), as a game
    # does: every round is started from it, so editing or deleting the ruleset changes no open night.
    definition: Mapped[dict | None] = mapped_column(JSON)
    ruleset_id: Mapped[int | None] = mapped_column(ForeignKey("ruleset.id", ondelete="SET NULL"))
    table_size: Mapped[int]
    rounds: Mapped[int]
    seating: Mapped[str] = mapped_column(String(10), default="mix")
    current_round: Mapped[int] = mapped_column(default=0)
    plan: Mapped[list] = mapped_column(JSON, default=list)
    ended_at: Mapped[datetime | None]
    # A round timer the organiser started (RULES.md §9): "last hand" from then on; the next round clears it.
    timer_ends_at: Mapped[datetime | None]
    # When the night finished, and its standings then: a finished night's standings no longer move.
    finished_at: Mapped[datetime | None]
    final_standings: Mapped[list | None] = mapped_column(JSON)
    # The board's revocable link (like a game's live link); None while it is off.
    board_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    # Moved by every change to the night itself (a round seated, players in or out, the board link).
    version: Mapped[int] = mapped_column(default=1)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    league: Mapped[League] = relationship()
    season: Mapped[Season | None] = relationship()
    players: Mapped[list["NightPlayer"]] = relationship(
        back_populates="night", cascade="all, delete-orphan", order_by="NightPlayer.id")
    tables: Mapped[list["NightTable"]] = relationship(
        back_populates="night", cascade="all, delete-orphan", order_by="NightTable.id")


class NightPlayer(db.Model):
    """A player present at a night now (an early leaver's row goes; their games stay)."""

    __tablename__ = "night_player"
    __table_args__ = (UniqueConstraint("night_id", "player_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))

    night: Mapped[Night] = relationship(back_populates="players")
    player: Mapped[Player] = relationship()


class NightTable(db.Model):
    """One table of one round: its players in seat order and its game (an ordinary game of the league).

    The unique (night, round, table) is the database's own guard that a round is seated once.
    """

    __tablename__ = "night_table"
    __table_args__ = (UniqueConstraint("night_id", "round", "table"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    round: Mapped[int]
    table: Mapped[int]
    # Seat order as the seating gave it (the first seat deals first); kept should the game be deleted.
    seats: Mapped[list] = mapped_column(JSON)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"), index=True)
    # Marked abandoned by a scorer: its game counts for neither the night nor the season (RULES.md §9).
    abandoned: Mapped[bool] = mapped_column(default=False, server_default=false())

    night: Mapped[Night] = relationship(back_populates="tables")
    game: Mapped[Game | None] = relationship()
