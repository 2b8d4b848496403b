"""The export pages: a game's scoresheet (CSV, JSON, spreadsheet, A4 print), a season's BG Stats file and
standings spreadsheet (its CSV is the season's own, seasons/routes.py)."""

from datetime import date

from flask import Blueprint, Response, jsonify
from flask_login import login_required

from ..games.lookup import played_or_404
from ..rules.registry import variant_of
from ..seasons.routes import season_or_404
from ..seasons.standings import season_standings
from ..text.file_names import file_name
from ..web.access import require_league
from ..web.rendering import render
from ..web.streaming import streamed
from .scoresheet import scoresheet, scoresheet_csv
from .season_file import season_file_chunks
from .spreadsheet import scoresheet_workbook, standings_workbook

bp = Blueprint("exports", __name__)
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(body, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/games/<int:game_id>/scoresheet.csv")
@login_required
def scoresheet_csv_download(game_id: int):
    """The round-by-round scoresheet as CSV (docs/EXPORTS.md)."""
    game, _, state = played_or_404(game_id)
    return _download(scoresheet_csv(scoresheet(game.id, state)), "text/csv", f"game-{game.id}-scoresheet.csv")


@bp.get("/games/<int:game_id>/scoresheet.xlsx")
@login_required
def scoresheet_xlsx_download(game_id: int):
    """The scoresheet as a spreadsheet for people, in the reader's words (docs/EXPORTS.md)."""
    game, _, state = played_or_404(game_id)
    book = scoresheet_workbook(game.league.name, scoresheet(game.id, state), state, game.created_at, game.finished_at)
    return _download(book, XLSX, f"game-{game.id}-scoresheet.xlsx")


@bp.get("/games/<int:game_id>/scoresheet.json")
@login_required
def scoresheet_json_download(game_id: int):
    """The round-by-round scoresheet as JSON (docs/EXPORTS.md)."""
    game, _, state = played_or_404(game_id)
    return jsonify(scoresheet(game.id, state))


@bp.get("/games/<int:game_id>/print")
@login_required
def print_game(game_id: int):
    """The scoresheet on one A4 page a table can pin to the wall."""
    game, membership, state = played_or_404(game_id)
    variant = variant_of(state.setup)
    return render("games/print.html", game=game, membership=membership, state=state,
                  sheet=scoresheet(game.id, state), printed_on=date.today(), hand_words=variant.words,
                  signs={mark.key: mark.sign for mark in variant.marks})


@bp.get("/leagues/<int:league_id>/seasons/<int:season_id>/standings.xlsx")
@login_required
def standings_xlsx_download(league_id: int, season_id: int):
    """The standings as a spreadsheet for people: the reader's words, numbers as numbers (docs/EXPORTS.md)."""
    league, _ = require_league(league_id)
    season = season_or_404(league, season_id)
    return _download(standings_workbook(league.name, season_standings(season), date.today()), XLSX,
                     f"standings-{season.id}-{file_name(season.name, 'season')}.xlsx")


@bp.get("/leagues/<int:league_id>/seasons/<int:season_id>/bgstats.json")
@login_required
def season_bgstats(league_id: int, season_id: int):
    """The season's finished games in BG Stats' export shape, to import into BG Stats."""
    league, _ = require_league(league_id)
    season = season_or_404(league, season_id)
    # Streamed, a batch of games at a time (season_file.py): a season of 2,000 games holds no worker for seconds.
    return _download(streamed(season_file_chunks(season.id)), "application/json",
                     f"bgstats-season-{season.id}.json")
