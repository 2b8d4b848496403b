"""A league filled to every cap in bulk: the rows the app itself stores, without 20,000 replays.

500 players, 200 seasons and 2,000 finished Rummy games of 10 hands between four players (20,000
hands). A few template games are replayed through the rules once each and their rows repeated over
the seasons (backup_rows.plan_rows turns a replay into rows, as an import does), so the league is
built in seconds instead of the minute the replays would take. Tests at the caps and `make bench`
(a cap-sized league's download beside a table's hands) use it.
"""

from ramo_keeper import rules
from ramo_keeper.backups.backup_rows import plan_rows, write_rows
from ramo_keeper.extensions import db
from ramo_keeper.leagues.limits import (
    MAX_GAMES_PER_LEAGUE,
    MAX_HANDS_PER_LEAGUE,
    MAX_PLAYERS_PER_LEAGUE,
    MAX_SEASONS_PER_LEAGUE,
)
from ramo_keeper.models import Player, Season, utcnow
from ramo_keeper.text.validation import name_key

TABLE = 4
TEMPLATES = 25  # tables of four drawn from the first hundred players


def _hand(seats: list[int], n: int) -> rules.HandInput:
    out = seats[n % len(seats)]
    return rules.HandInput(tuple(rules.PlayerResult(p, {} if p == out else {"pips": 2 + (n + p) % 9, "tens": n % 2},
                                                    {"went_out"} if p == out else ()) for p in seats))


def fill_league(league_id: int, players: int = MAX_PLAYERS_PER_LEAGUE, seasons: int = MAX_SEASONS_PER_LEAGUE,
                games: int = MAX_GAMES_PER_LEAGUE, hands: int = MAX_HANDS_PER_LEAGUE, one_season: bool = False) -> None:
    """Add players, seasons and finished games (hands spread evenly) to an empty league up to these
    counts; the league's own seasons (its automatic "Season 1") count toward `seasons`. The games are
    spread over the seasons, or all in the first with `one_season`. Commits."""
    dialect = db.session.get_bind().dialect
    now = utcnow()
    db.session.execute(Player.__table__.insert(), [
        {"league_id": league_id, "name": f"Player {n}", "name_key": name_key(f"Player {n}"), "archived": False,
         "created_at": now} for n in range(1, players + 1)])
    held = db.session.scalar(db.select(db.func.count(Season.id)).filter_by(league_id=league_id))
    if seasons > held:
        db.session.execute(Season.__table__.insert(), [
            {"league_id": league_id, "name": f"Round {n}", "ranking": "points", "min_games": 0, "is_current": False,
             "closed": False, "created_at": now} for n in range(1, seasons - held + 1)])
    player_ids = list(db.session.scalars(db.select(Player.id).filter_by(league_id=league_id).order_by(Player.id)))
    season_ids = list(db.session.scalars(db.select(Season.id).filter_by(league_id=league_id).order_by(Season.id)))
    per_game = hands // games if games else 0
    templates = []
    for t in range(min(TEMPLATES, games)):
        seats = player_ids[(t * TABLE) % min(len(player_ids), 100):][:TABLE]
        setup = rules.new_game("rummy", [rules.Seat(p, f"Player {p}") for p in seats], seats[0],
                               {"end": "hands", "hands": max(per_game, 1)})
        templates.append((setup, rules.replay(setup, [_hand(seats, n) for n in range(per_game)])))
    replayed = [({"season_id": season_ids[0 if one_season else g % len(season_ids)], "created_at": None,
                  "finished_at": None},
                 *templates[g % len(templates)]) for g in range(games)]
    plan = plan_rows(league_id, replayed, dialect)
    # The rows name players and seasons by their real ids already: each maps to itself.
    write_rows(plan, {p: p for p in player_ids}, {s: s for s in season_ids})
    db.session.commit()
