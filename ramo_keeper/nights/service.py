"""Club nights (docs/RULES.md §9): open one, seat its rounds, players in and out, end it. Pages and the API call these.

Every table's game is an ordinary game of the league, started by games/service.create_game. A write
locks the league, then the night (locks.py's order: owner → league → night → season → players →
game), and reads the night afresh under that lock: of two phones seating the next round at once,
the second sees the round already seated. The unique (night, round, table) is the database's own
guard behind it. The caller commits, once per request (database/transactions.py).
"""

import secrets

from flask_babel import gettext, ngettext

from .. import rules
from ..database.locks import lock_league, lock_season, row_locks
from ..errors import Conflict, NotFound
from ..extensions import db
from ..games.rule_errors import RuleBroken, by_the_rules
from ..games.service import create_game, current_season, house_rule
from ..leagues.limits import refuse_when_full
from ..models import League, Night, NightPlayer, NightTable, Player, User
from ..text.validation import LONG_NAME_MAX, TextError, clean_name
from ..variants import snapshot_variant
from . import limits, seating
from .limits import LARGEST_TABLE, MAX_PLAYERS, MAX_ROUNDS, SEATINGS, SMALLEST_TABLE
from .standings import ladder_order

_refused = limits.refused


def night_variant(league: League, variant: str) -> rules.Variant:
    """The game a new night plays: a built-in or one of the league's house rules (another league's is 404)."""
    ruleset = house_rule(league, variant)
    if ruleset is not None:
        return snapshot_variant(ruleset.definition)
    found = rules.VARIANTS.get(variant) if isinstance(variant, str) else None
    if found is None:
        raise _refused(gettext("There is no game %(key)s.", key=variant), "variant", "unknown_game")
    return found


def played_by(night: Night) -> rules.Variant:
    """The game an open night plays: the house rule's snapshot it opened with, else the built-in game.

    Never the ruleset as it is now: editing or deleting it mid-night changes none of the night's rounds.
    """
    if night.definition is not None:
        return snapshot_variant(night.definition)
    return night_variant(night.league, night.variant)


def _checked_name(name: str) -> str:
    try:
        return clean_name(name or "", gettext("A night's name"), LONG_NAME_MAX,
                          empty=gettext("A night needs a name."))
    except TextError as error:
        raise _refused(error.message, "name") from None


def _checked_players(league: League, player_ids: list[int]) -> list[int]:
    """The ids in the order given: each once, each on this league's roster, at most MAX_PLAYERS."""
    if len(player_ids) > MAX_PLAYERS:
        raise limits.too_many_players()
    seen: set[int] = set()
    for index, player_id in enumerate(player_ids):
        if player_id in seen:
            raise _refused(gettext("A player is present only once: player %(id)s is listed twice.", id=player_id),
                           f"player_ids[{index}]", "player_twice")
        seen.add(player_id)
    on_roster = set(db.session.execute(db.select(Player.id).where(
        Player.league_id == league.id, Player.id.in_(player_ids or [0]))).scalars())
    for index, player_id in enumerate(player_ids):
        if player_id not in on_roster:
            raise _refused(gettext("Player %(id)s is not on this league's roster.", id=player_id),
                           f"player_ids[{index}]", "not_on_roster")
    return list(player_ids)


def _checked_shape(variant: rules.Variant, table_size: int, rounds: int, seating_rule: str) -> None:
    if seating_rule not in SEATINGS:
        raise _refused(gettext("The seating is mix or ladder."), "seating", "unknown_seating")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise limits.rounds_out_of_range()
    low, high = max(SMALLEST_TABLE, variant.min_players), min(LARGEST_TABLE, variant.max_players)
    if not low <= table_size <= high:
        raise limits.table_size_out_of_range(variant.name, low, high)


def _sizes(variant: rules.Variant, players: int, table_size: int, path: str = "player_ids") -> list[int]:
    """§9's table sizes, or 422: a table the game cannot seat, or more than MAX_TABLES tables."""
    try:
        sizes = seating.table_sizes(players, table_size, variant.min_players, variant.max_players)
    except seating.SeatingRefused as error:
        raise limits.sizes_refused(error, players, variant.name, variant.min_players, variant.max_players,
                                   path) from None
    return sizes


def open_night(league: League, user: User | None, name: str, variant: str, player_ids: list[int],
               table_size: int, rounds: int, seating_rule: str = "mix", season_id: int | None = None,
               options: dict | None = None, use_current_season: bool = True) -> Night:
    """Check everything, then seat round 1 and start its games: nothing is saved when any of it is refused."""
    lock_league(league.id)
    refuse_when_full(league.id, "nights")
    name = _checked_name(name)
    game = night_variant(league, variant)
    _checked_shape(game, table_size, rounds, seating_rule)
    player_ids = _checked_players(league, player_ids)
    _sizes(game, len(player_ids), table_size)
    if season_id is None and use_current_season and (current := current_season(league)) is not None:
        season_id = current.id
    if season_id is not None:
        season = lock_season(season_id, share=True)
        if season is None or season.league_id != league.id:
            raise _refused(gettext("Season %(id)s is not one of this league's seasons.", id=season_id), "season_id",
                           "unknown_season")
    try:  # the options checked before the night's row is written: a value the rules refuse is never stored
        by_the_rules(lambda: game.check_options(options))
    except RuleBroken as error:
        error.details.setdefault("path", f"options.{error.option}" if error.option else "options")
        raise
    night = Night(league_id=league.id, season_id=season_id, name=name, variant=variant, options=dict(options or {}),
                  table_size=table_size, rounds=rounds, seating=seating_rule, current_round=0, plan=[],
                  created_by_id=user.id if user else None)
    if (ruleset := house_rule(league, variant)) is not None:  # the snapshot every round plays
        night.definition, night.ruleset_id = dict(ruleset.definition), ruleset.id
    night.players = [NightPlayer(player_id=player_id) for player_id in player_ids]
    db.session.add(night)
    db.session.flush()
    night.plan = _plan(night, game, player_ids, played=[])
    try:
        _seat_next(night, user, game)
    except RuleBroken as error:  # the options, checked by the rules as the first game starts
        error.details.setdefault("path", f"options.{error.option}" if error.option else "options")
        raise
    # Every option as round 1's games took them, defaults filled in: the later rounds take the same.
    night.options = dict(night.tables[0].game.options)
    return night


def _plan(night: Night, game: rules.Variant, player_ids: list[int], played: list) -> list:
    """The rounds still to seat by `mix`, planned together (ladder plans only the next, should it be round 1)."""
    left = night.rounds - len(played)
    if left <= 0:
        return []
    if night.seating == "ladder" and played:
        return []
    count = 1 if night.seating == "ladder" else left
    return seating.plan_mix(player_ids, night.table_size, count, game.min_players, game.max_players,
                            played=played, seed=night.id)


def rounds_played(night: Night) -> list[list[list[int]]]:
    """Every seated round's tables, player ids in seat order."""
    found: dict[int, list] = {}
    for table in sorted(night.tables, key=lambda t: (t.round, t.table)):
        found.setdefault(table.round, []).append(list(table.seats))
    return [found[number] for number in sorted(found)]


def present_ids(night: Night) -> list[int]:
    return [row.player_id for row in night.players]


def _seat_next(night: Night, user: User | None, game: rules.Variant) -> None:
    """Seat round current_round + 1 and start one game per table, the first seat dealing first."""
    present = present_ids(night)
    if night.seating == "ladder" and night.current_round >= 1:
        tables = seating.seat_ladder(ladder_order(night, present), _sizes(game, len(present), night.table_size),
                                     previous=rounds_played(night)[-1])
    else:
        if not night.plan:
            night.plan = _plan(night, game, present, rounds_played(night))
        tables, night.plan = night.plan[0], list(night.plan[1:])
    number = night.current_round + 1
    for index, seats in enumerate(tables, start=1):
        started = create_game(night.league, user, night.variant, list(seats), first_dealer_id=seats[0],
                              season_id=night.season_id, options=night.options, use_current_season=False,
                              definition=night.definition, ruleset_id=night.ruleset_id)
        night.tables.append(NightTable(round=number, table=index, seats=list(seats), game_id=started.id))
    night.current_round = number
    night.timer_ends_at = None  # a round's timer is that round's own
    night.version += 1
    db.session.flush()


def lock_night(night_id: int) -> Night:
    """The night read afresh under its league's lock and its own (locks.py's order), or NotFound."""
    league_id = db.session.execute(db.select(Night.league_id).where(Night.id == night_id)).scalar_one_or_none()
    if league_id is None:
        raise NotFound(gettext("Night %(id)s does not exist.", id=night_id))
    lock_league(league_id)
    query = db.select(Night).where(Night.id == night_id).execution_options(populate_existing=True)
    if row_locks():
        query = query.with_for_update()
    night = db.session.execute(query).scalar_one()
    db.session.refresh(night, ["tables", "players"])
    return night


def current_tables(night: Night) -> list[NightTable]:
    return sorted((t for t in night.tables if t.round == night.current_round), key=lambda t: t.table)


def still_playing(night: Night) -> list[int]:
    """The current round's tables whose game is not finished (a deleted game or an abandoned table holds nobody up)."""
    return [t.table for t in current_tables(night)
            if t.game is not None and t.game.status != "finished" and not t.abandoned]


def last_round(night: Night) -> int:
    """The night's last round: its rounds, or the current one once "End the night" made it the last (§9)."""
    return night.current_round if night.ended_at is not None else night.rounds


def status_of(night: Night) -> str:
    """Finished once its last round's tables have all finished (kept then: closing.py stores the moment)."""
    if night.finished_at is not None:
        return "finished"
    if night.current_round >= last_round(night) and not still_playing(night):
        return "finished"
    return "running"


def _refuse_if_finished(night: Night) -> None:
    if night.ended_at is not None or night.finished_at is not None:
        raise Conflict(gettext("%(night)s has ended.", night=night.name))


def _refuse_while_playing(night: Night) -> None:
    playing = still_playing(night)
    if playing:
        raise Conflict(ngettext("Round %(round)s is still being played at table %(tables)s: wait until every table "
                                "has finished.",
                                "Round %(round)s is still being played at tables %(tables)s: wait until every table "
                                "has finished.", len(playing), round=night.current_round,
                                tables=", ".join(str(number) for number in playing)),
                       details={"tables": playing})


def seat_next_round(night_id: int, user: User | None) -> Night:
    """The next round, once every game of this one has finished; after the last round, 409."""
    night = lock_night(night_id)
    _refuse_if_finished(night)
    _refuse_while_playing(night)
    if night.current_round >= night.rounds:
        raise Conflict(gettext("%(night)s has played its last round.", night=night.name),
                       details={"rounds": night.rounds})
    _seat_next(night, user, played_by(night))
    return night


def change_night(night_id: int, user: User | None, player_ids: list[int] | None = None,
                 name: str | None = None) -> Night:
    """Rename, or change who is present (between rounds only; the rest of the night re-planned).

    Ending, reopening, the round timer and abandoned tables are closing.py's."""
    night = lock_night(night_id)
    if name is not None:
        night.name = _checked_name(name)
    if player_ids is not None and list(player_ids) != present_ids(night):
        _refuse_if_finished(night)
        _refuse_while_playing(night)
        if status_of(night) == "finished":
            raise Conflict(gettext("%(night)s has played its last round.", night=night.name))
        game = played_by(night)
        player_ids = _checked_players(night.league, list(player_ids))
        _sizes(game, len(player_ids), night.table_size)
        kept = {row.player_id: row for row in night.players}
        night.players = [kept.get(player_id) or NightPlayer(player_id=player_id) for player_id in player_ids]
        night.plan = _plan(night, game, player_ids, rounds_played(night))
    night.version += 1
    db.session.flush()
    return night


def share_board(night_id: int) -> str:
    """Make (or renew) the board's link; the old one stops working."""
    token = secrets.token_urlsafe(18)
    db.session.execute(db.update(Night).where(Night.id == night_id)
                       .values(board_token=token, version=Night.version + 1))
    return token


def stop_board(night_id: int) -> None:
    db.session.execute(db.update(Night).where(Night.id == night_id)
                       .values(board_token=None, version=Night.version + 1))
