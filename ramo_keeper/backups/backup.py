"""A whole league as JSON (players, seasons, house rules, games with their hand inputs and corrections,
club nights, the ratings switch) and back: docs/EXPORTS.md lists what a backup holds.

The backup holds only the facts scores are derived from: importing replays every game through
the rules, so the imported league's totals, results and standings are recomputed, not copied,
and a tampered backup cannot smuggle in scores the rules would not produce. Accounts, members,
invite links and the live and board links are not part of a league backup (a correction keeps its
author's name only, backups/history.py). Files of version 1, before nights and corrections, still read.

An import goes only into a league without players or games (its empty seasons, such as the
automatic "Season 1", are replaced by the backup's), so it can never mix with live data.
`plan_import` checks and replays with no database work, `write_import` is the short write
(rows in backup_rows.py), and backups/importing.py runs the two for the page with no lock between.
"""

import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime

from flask_babel import gettext
from pydantic import ValidationError
from sqlalchemy.engine import Dialect

from .. import rules
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..games.hand_inputs import from_body
from ..house_rules import readable
from ..house_rules.documents import house_document
from ..house_rules.refusals import reason
from ..house_rules.service import new_key
from ..i18n import N_
from ..leagues.limits import MAX_DEFINITION_BYTES, over_limit
from ..models import Game, League, Player, Ruleset, Season, utcnow
from ..text.rule_errors import rule_message
from ..text.validation import folded, name_key
from .backup_export import FORMAT, VERSION, export_league  # noqa: F401  (export_league: for scripts and tests)
from .backup_file import BackupFile, GameRow, describe
from .backup_rows import PlannedRows, plan_rows, write_rows
from .backup_rows import reserve_ids as _reserve_ids
from .history import HISTORY_PER_LEAGUE, holds_nul, refusal, unknown_player, write_history
from .nights import NightRefused, NightRow, checked_nights, new_keys_of, write_nights

logger = logging.getLogger(__name__)
# Every earlier shape still reads: version 1 has no nights, ratings switch or corrections.
READABLE_VERSIONS = (1, VERSION)
# The rules' deepest definition nests 6 levels (levels → melds → alternatives → meld); 20 leaves room.
MAX_DEFINITION_DEPTH = 20


def is_empty(league: League) -> bool:
    """No players and no games: the only kind of league a backup may be imported into."""
    has_players = db.session.execute(db.select(Player.id).where(Player.league_id == league.id)).first()
    has_games = db.session.execute(db.select(Game.id).where(Game.league_id == league.id)).first()
    return not has_players and not has_games


def not_empty() -> Conflict:
    return Conflict(gettext("A backup can only be imported into a league without players or games: "
                            "create a new league for it."), field="file")


class BadBackup(ServiceError):
    """The file is not a backup this app can read; the message says what is wrong."""

    def __init__(self, message: str):
        super().__init__(message, field="file")


def _parse_when(value) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
        return parsed.astimezone(UTC).replace(tzinfo=None) if parsed.tzinfo else parsed
    except (ValueError, OverflowError):  # OverflowError: a zoned time at the edge of the calendar
        return None


def _checked_file(data) -> BackupFile:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadBackup(gettext("This is not a Ramo Keeper league backup."))
    if data.get("version") not in READABLE_VERSIONS:
        raise BadBackup(gettext("This backup has version %(theirs)s; this app reads version %(ours)s.",
                                theirs=data.get("version"), ours=VERSION))
    # The limits first, on the raw lists: a huge file is refused before any row is looked at.
    for kind in ("players", "seasons", "games"):
        rows = data.get(kind)
        if isinstance(rows, list) and (message := over_limit(kind, len(rows))):
            raise BadBackup(message)
    _check_definitions(data)
    try:
        backup = BackupFile.model_validate(data)
    except ValidationError as error:
        raise BadBackup(describe(error)) from None
    except RecursionError:
        raise BadBackup(gettext("This file is nested too deeply to be a backup.")) from None
    if message := over_limit("hands", sum(len(game.hands) for game in backup.games)):
        raise BadBackup(message)
    return backup


def _check_definitions(data: dict) -> None:
    """A house rule's definition is free-form JSON until the rules read it: refuse one nested deeper or
    larger than any the rules accept, before anything recurses into it or stores it."""
    for kind, words in (("rulesets", N_("House rule %(number)d")), ("games", N_("Game %(number)d")),
                        ("nights", N_("Night %(number)d"))):
        rows = data.get(kind)
        for number, row in enumerate(rows if isinstance(rows, list) else [], 1):
            definition = row.get("definition") if isinstance(row, dict) else None
            if not isinstance(definition, dict):
                continue  # the model says what is wrong with any other value
            if _depth(definition) > MAX_DEFINITION_DEPTH or len(
                    json.dumps(definition, ensure_ascii=False, separators=(",", ":")).encode()) > MAX_DEFINITION_BYTES:
                raise BadBackup(gettext("%(where)s: its definition is larger than any house rule can be.",
                                        where=gettext(words, number=number)))


def _depth(value) -> int:
    """How deeply lists and objects nest in `value` (without recursing: the file is untrusted)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEFINITION_DEPTH:
                stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _names(backup: BackupFile) -> dict[int, str]:
    return {p.id: p.name for p in backup.players}


def _check_references(backup: BackupFile) -> None:
    if sum(len(game.history) for game in backup.games) > HISTORY_PER_LEAGUE:
        raise BadBackup(gettext("This backup holds more corrections than any backup holds (at most %(limit)s).",
                                limit=HISTORY_PER_LEAGUE))
    _unique([p.id for p in backup.players], [name_key(p.name) for p in backup.players], "player")
    # Seasons are told apart as seasons/service.py does (by folded name), so a league's own backup always reads.
    _unique([s.id for s in backup.seasons], [folded(s.name) for s in backup.seasons], "season")
    players, seasons = {p.id for p in backup.players}, {s.id for s in backup.seasons}
    for number, game in enumerate(backup.games, 1):
        where = gettext("Game %(number)d", number=number)
        for seat in game.seats:
            if seat not in players:
                raise BadBackup(gettext("%(where)s: seat %(seat)s is not one of the backup's players.",
                                         where=where, seat=seat))
        if game.season_id is not None and game.season_id not in seasons:
            raise BadBackup(gettext("%(where)s: season %(season)s is not one of the backup's seasons.",
                                     where=where, season=game.season_id))
        if game.first_dealer_id is not None and game.first_dealer_id not in players:
            raise BadBackup(gettext("%(where)s: the first dealer is not one of the backup's players.",
                                     where=where))
        for hand_number, hand in enumerate(game.hands, 1):
            for result in hand.results:
                if result.player_id not in players:
                    raise BadBackup(gettext("%(where)s, hand %(hand)d: player %(player)s is not one of "
                                            "the backup's players.",
                                            where=where, hand=hand_number, player=result.player_id))
        if (unknown := unknown_player(game.history, players)) is not None:
            raise BadBackup(refusal(where, unknown))
        if holds_nul(game.history):
            raise BadBackup(gettext("This file holds text with a broken character: choose a backup downloaded from "
                                    "Ramo Keeper."))


# Whole sentences per row kind and field, so each language words them its own way.
TWICE = {
    ("player", "id"): N_("Player %(number)d: its id is used twice."),
    ("player", "name"): N_("Player %(number)d: its name is used twice."),
    ("season", "id"): N_("Season %(number)d: its id is used twice."),
    ("season", "name"): N_("Season %(number)d: its name is used twice."),
}


def _unique(ids: list[int], keys: list[str], row: str) -> None:
    for seen, what in ((ids, "id"), (keys, "name")):
        taken = set()
        for number, value in enumerate(seen, 1):
            if value in taken:
                raise BadBackup(gettext(TWICE[row, what], number=number))
            taken.add(value)


def _replay(game: GameRow, where: str, names: dict[int, str], keys: dict[str, str]):
    """The game's setup and state, with the backup's player ids (and a house rule's new key)."""
    seats = [rules.Seat(old, names[old]) for old in game.seats]
    hands = [from_body({"results": [r.model_dump() for r in hand.results]}) for hand in game.hands]
    try:
        played = game.variant
        if game.definition is not None:
            snapshot = {**game.definition, "key": keys[game.variant]}
            played = _loaded(snapshot, where)
            readable.check(snapshot, played)  # a snapshot's texts under a house rule's name rules (RULES.md §8)
        setup = rules.new_game(played, seats, game.first_dealer_id, game.options)
        return setup, rules.replay(setup, hands)
    except rules.DefinitionError as error:
        raise BadBackup(gettext("%(where)s: %(problem)s", where=where, problem=reason(error))) from None
    except rules.RuleError as error:
        if error.hand_number:
            where = gettext("%(where)s, hand %(hand)d", where=where, hand=error.hand_number)
        raise BadBackup(gettext("%(where)s: %(problem)s.", where=where, problem=rule_message(error))) from None


def _loaded(definition: dict, where: str) -> rules.Variant:
    """The rules' game for a definition from the file. A value of a type the rules' checks do not expect
    (a list where an option's key belongs) may stop them with TypeError or the like instead of a
    DefinitionError: the file is refused all the same, never answered 500."""
    try:
        return rules.load_definition(definition)
    except rules.DefinitionError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        logger.warning("A backup's definition stopped the rules' checks: %r", error)
        raise BadBackup(gettext("%(where)s: its definition is not one the rules can read.", where=where)) from None


@dataclass
class ImportPlan:
    """A checked backup and every row it will write, computed with no database work at all."""

    backup: BackupFile
    rows: PlannedRows
    rulesets: list[dict]
    keys: dict[str, str]
    nights: list[NightRow]


def plan_import(league_id: int, data, dialect: Dialect) -> ImportPlan:
    """Check the whole file and replay every game into rows, or raise BadBackup; reads and writes nothing.

    This is the slow part of an import (about a millisecond a hand), so it runs before the
    import's transaction begins and holds no lock: other tables go on writing meanwhile.
    """
    backup = _checked_file(data)
    _check_references(backup)
    names = _names(backup)
    keys = _new_keys(backup)
    rulesets = _checked_rulesets(backup, keys)
    try:
        nights = checked_nights(backup, keys, _loaded_or_refused)
    except NightRefused as error:
        raise BadBackup(str(error)) from None
    replayed = []
    for number, game in enumerate(backup.games, 1):
        setup, state = _replay(game, gettext("Game %(number)d", number=number), names, keys)
        # A house-rule game keeps the snapshot it was played under, with its new key.
        snapshot = {**game.definition, "key": setup.variant} if game.definition is not None else None
        when = {"season_id": game.season_id, "created_at": _parse_when(game.created_at),
                "finished_at": _parse_when(game.finished_at), "definition": snapshot,
                "ruleset_id": game.ruleset_id, "version": game.version, "live_counting": game.live_counting}
        replayed.append((when, setup, state))
    return ImportPlan(backup, plan_rows(league_id, replayed, dialect), rulesets, keys, nights)


def _loaded_or_refused(definition: dict, where: str) -> rules.Variant:
    """A night's snapshot checked as a game's is (_replay): the rules read it, or the file is refused."""
    try:
        return _loaded(definition, where)
    except rules.DefinitionError as error:
        raise BadBackup(gettext("%(where)s: %(problem)s", where=where, problem=reason(error))) from None


def _new_keys(backup: BackupFile) -> dict[str, str]:
    """Ruleset keys are unique across the app: every house rule and house-rule game gets a new one."""
    old = [r.key for r in backup.rulesets] + [g.variant for g in backup.games if g.definition is not None]
    old += new_keys_of(backup)
    return {key: new_key() for key in dict.fromkeys(old)}


def _checked_rulesets(backup: BackupFile, keys: dict[str, str]) -> list[dict]:
    rows, ids = [], set()
    for number, row in enumerate(backup.rulesets, 1):
        where = gettext("House rule %(number)d", number=number)
        if row.id in ids:
            raise BadBackup(gettext("%(where)s: its id is used twice.", where=where))
        ids.add(row.id)
        try:
            # The one path a house rule made on the page or by the API takes: a file is no way around its
            # checks (a U+202E in a label, an option default outside its game's range). Nothing is laid
            # under the file's document; an older one stating a fact twice is read with it once.
            definition, _ = house_document(row.definition, row.based_on, {}, keys[row.key], row.name)
        except rules.DefinitionError as error:
            raise BadBackup(gettext("%(where)s: %(problem)s", where=where, problem=reason(error))) from None
        based_on = row.based_on if row.based_on in rules.VARIANTS else definition["engine"]
        rows.append({"old_id": row.id, "key": keys[row.key], "name": row.name, "based_on": based_on,
                     "definition": definition})
    for number, game in enumerate(backup.games, 1):
        if game.ruleset_id is not None and game.ruleset_id not in ids:
            raise BadBackup(gettext("%(where)s: house rule %(id)s is not one of the backup's house rules.",
                                    where=gettext("Game %(number)d", number=number), id=game.ruleset_id))
    return rows


def write_import(league: League, plan: ImportPlan) -> dict:
    """The import's one short transaction: lock the league, check it is still empty, insert every row.

    The first write takes the lock (all of SQLite, the league's row on PostgreSQL), so a second
    import into the same league waits here and then finds the league no longer empty.
    """
    db.session.execute(db.update(League).where(League.id == league.id).values(name=League.name))
    if not is_empty(league):
        raise not_empty()
    backup = plan.backup
    db.session.execute(db.delete(Season).where(Season.league_id == league.id))
    rulesets = plan.rulesets
    ruleset_ids = dict(zip((r["old_id"] for r in rulesets), _reserve_ids(Ruleset, len(rulesets)), strict=True))
    now = utcnow()
    _insert_rows(Ruleset, [{key: value for key, value in r.items() if key != "old_id"}
                           | {"id": ruleset_ids[r["old_id"]], "league_id": league.id, "created_at": now,
                              "updated_at": now} for r in rulesets])
    _insert_rows(Player, [{"league_id": league.id, "name": p.name, "name_key": name_key(p.name),
                           "archived": p.archived, "created_at": utcnow()} for p in backup.players])
    by_key = dict(db.session.execute(db.select(Player.name_key, Player.id).filter_by(league_id=league.id)).all())
    players = {p.id: by_key[name_key(p.name)] for p in backup.players}
    _insert_rows(Season, _season_rows(league, backup))
    by_name = dict(db.session.execute(db.select(Season.name, Season.id).filter_by(league_id=league.id)).all())
    seasons = {s.id: by_name[s.name] for s in backup.seasons}
    game_ids = write_rows(plan.rows, players, seasons, ruleset_ids)
    write_history(league.id, [(new_id, game.history, [_parse_when(e.created_at) or now for e in game.history])
                              for new_id, game in zip(game_ids, backup.games, strict=True) if game.history], players)
    games = {game.id: new_id for new_id, game in zip(game_ids, backup.games, strict=True)}
    ids = {"player": players, "season": {None: None, **seasons}, "ruleset": {None: None, **ruleset_ids},
           "game": games}
    nights = write_nights(league.id, plan.nights, plan.keys, ids, _parse_when)
    if "ratings" in backup.league.model_fields_set:  # a file of version 1 leaves the league's own switch
        db.session.execute(db.update(League).where(League.id == league.id).values(ratings=backup.league.ratings))
    db.session.expire_all()
    return {"players": len(players), "seasons": len(seasons), "games": plan.rows.games, "nights": nights}


def import_league(league: League, data) -> dict:
    """Recreate a backup's players, seasons and games in an empty league; returns counts.

    Everything is checked and computed first, with nothing written: the file's shape (pydantic),
    the league limits, every reference and name, and every game replayed through the rules into
    the rows to store. Only then the writes: a few bulk INSERTs in one short transaction. The
    import page runs the two halves apart, with its transaction ended between them.
    """
    return write_import(league, plan_import(league.id, data, db.session.get_bind().dialect))


def _season_rows(league: League, backup: BackupFile) -> list[dict]:
    current_seen, rows = False, []
    for s in backup.seasons:
        current = s.is_current and not s.closed and not current_seen
        current_seen = current_seen or current
        rows.append({"league_id": league.id, "name": s.name, "ranking": s.ranking, "min_games": s.min_games,
                     "is_current": current, "closed": s.closed, "created_at": _parse_when(s.created_at) or utcnow()})
    return rows


def _insert_rows(model, rows: list[dict]) -> None:
    """The few players and seasons in one executemany INSERT through Core (no RETURNING)."""
    if rows:
        db.session.execute(model.__table__.insert(), rows)
