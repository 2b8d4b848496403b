"""BG Stats hand-off: the create-play link's data and the season file, checked against schemas typed from
BG Stats' documented formats (docs/EXPORTS.md), never from our own output."""

import json
import re
from datetime import datetime
from typing import Literal
from urllib.parse import unquote

from api.helpers import result, std
from pydantic import BaseModel, ConfigDict, Field

from ramo_keeper.extensions import db
from ramo_keeper.models import Game
from tests.house_rules.helpers import house_rule, line

from .test_scoresheet import rummy_example

DATE = r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class PlayGame(Strict):
    name: str
    sourceGameId: str
    highestWins: bool
    noPoints: Literal[False]
    bggId: int | None = None


class PlayPlayer(Strict):
    name: str
    sourcePlayerId: str
    score: int
    winner: bool
    rank: int = Field(ge=1)
    startPlayer: bool


class CreatePlay(Strict):
    sourceName: Literal["Ramo Keeper"]
    sourcePlayId: str
    playDate: str = Field(pattern=DATE)
    durationMin: int = Field(ge=0)
    comments: str
    game: PlayGame
    players: list[PlayPlayer]


# The season file: BG Stats' export (BGStatsExport.json) with exactly the fields docs/EXPORTS.md §2 lists,
# each typed as BG Stats writes it (a score as text, ids as numbers, dates as `YYYY-MM-DD hh:mm:ss`).
class ExportGame(Strict):
    id: int = Field(ge=1)
    name: str
    sourceGameId: str
    highestWins: bool
    noPoints: bool
    bggId: int | None = Field(default=None, ge=1)  # only where the definition names one


class ExportPlayer(Strict):
    id: int = Field(ge=1)
    name: str
    isAnonymous: bool
    sourcePlayerId: str


class ExportLocation(Strict):
    id: int
    name: str


class PlayerScore(Strict):
    playerRefId: int
    score: str = Field(pattern=r"^-?\d+$")
    winner: bool
    rank: int = Field(ge=1)
    seatOrder: int = Field(ge=1)
    startPlayer: bool
    newPlayer: bool


class ExportPlay(Strict):
    uuid: str
    gameRefId: int
    playDate: str = Field(pattern=DATE)
    durationMin: int = Field(ge=1)
    rounds: int = Field(ge=1)
    ignored: bool
    manualWinner: bool
    comments: str
    playerScores: list[PlayerScore]


class ExportFile(Strict):
    games: list[ExportGame]
    players: list[ExportPlayer]
    locations: list[ExportLocation]
    plays: list[ExportPlay]


def _times(app, game_id: int, started: str, finished: str) -> None:
    """The game's start and finish, set to known times so the file's dates can be worked out by hand."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        game.created_at, game.finished_at = datetime.fromisoformat(started), datetime.fromisoformat(finished)
        db.session.commit()


def test_the_create_play_data_of_a_finished_game(app, api, web):
    _, (a, b, c, d), game = rummy_example(api)
    _times(app, game, "2026-03-14 19:05:09", "2026-03-14 20:02:09")
    data = CreatePlay.model_validate(api.ok("GET", f"/games/{game}/bgstats"))
    assert data.sourcePlayId == api.ok("GET", f"/games/{game}/bgstats")["sourcePlayId"]  # stable
    assert data.sourcePlayId == f"ramo-keeper-game-{game}-20260314190509"
    assert (data.playDate, data.durationMin) == ("2026-03-14 19:05:09", 57)
    assert data.game == PlayGame(name="Rummy", sourceGameId="ramo-keeper-rummy", highestWins=True, noPoints=False)
    assert "bggId" not in api.ok("GET", f"/games/{game}/bgstats")["game"]  # a built-in game names no BGG id
    # Totals A 152, B 0, C 48, D 0: A wins; B and D share third; A dealt the first hand, so B started.
    assert [p.model_dump() for p in data.players] == [
        {"name": "Al", "sourcePlayerId": f"ramo-keeper-player-{a}", "score": 152, "winner": True, "rank": 1,
         "startPlayer": False},
        {"name": "Bo", "sourcePlayerId": f"ramo-keeper-player-{b}", "score": 0, "winner": False, "rank": 3,
         "startPlayer": True},
        {"name": "Cy", "sourcePlayerId": f"ramo-keeper-player-{c}", "score": 48, "winner": False, "rank": 2,
         "startPlayer": False},
        {"name": "Di", "sourcePlayerId": f"ramo-keeper-player-{d}", "score": 0, "winner": False, "rank": 3,
         "startPlayer": False}]
    assert data.comments.splitlines() == ["Hand 1: Al 74, Bo 0, Cy 0, Di 0", "Hand 2: Al 74, Bo 0, Cy 48, Di 0",
                                          "Hand 3: Al 152, Bo 0, Cy 48, Di 0"]


def test_the_send_to_bg_stats_link_carries_the_same_data(api, web):
    _, _, game = rummy_example(api)
    web.login("Ann")
    html = web.get(f"/games/{game}").get_data(as_text=True)
    link = re.search(r'href="(bgstats://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"[^>]*>Send to BG Stats',
                     html)
    assert link, "no Send to BG Stats link"
    data = json.loads(unquote(link.group(1).replace("&amp;", "&").split("?data=", 1)[1]))
    assert CreatePlay.model_validate(data).model_dump(exclude_none=True) == data
    assert data == api.ok("GET", f"/games/{game}/bgstats")


def test_a_game_in_progress_is_not_sent(api, web):
    league, ids = api.league(["Al", "Bo"])
    game = api.game(league, "ramo", ids)
    assert api.get(f"/games/{game['id']}/bgstats").status_code == 409
    web.login("Ann")
    assert "Send to BG Stats" not in web.get(f"/games/{game['id']}").get_data(as_text=True)


def test_a_penalty_game_is_lowest_wins(api):
    league, (al, bo, cy) = api.league(["Al", "Bo", "Cy"])
    game = api.game(league, "contract", [al, bo, cy])
    for _ in range(7):  # Contract Rummy ends after round 7; lowest total wins
        api.ok("POST", f"/games/{game['id']}/hands", {"results": [
            result(al, {}, went_out=True, laid_down=True), result(bo, std(3)), result(cy, std(2))]}, 201)
    data = CreatePlay.model_validate(api.ok("GET", f"/games/{game['id']}/bgstats"))
    assert data.game.highestWins is False
    assert [(p.name, p.score, p.winner, p.rank) for p in data.players] == [
        ("Al", 0, True, 1), ("Bo", 21, False, 3), ("Cy", 14, False, 2)]


def test_bgg_id_only_where_the_games_definition_names_one(api, web):
    """docs/EXPORTS.md: game.bggId is the definition's bgg_id (docs/GAMES.md); a built-in game names none."""
    league, (al, bo) = api.league(["Al", "Bo"])
    one_level = {"key": "ramo", "levels": [{"number": 1, "requirement": "two sets of three"}], "bgg_id": 424242}
    ruleset = house_rule(api, league, name="Quick Ramo", definition=one_level)
    assert ruleset["definition"]["bgg_id"] == 424242
    house = api.game(league, ruleset["key"], [al, bo])["id"]
    api.ok("POST", f"/games/{house}/hands", {"results": [line(al, went_out=True), line(bo, low=1)]}, 201)
    plain = api.game(league, "ramo", [al, bo])["id"]
    for _ in range(8):  # Ramo's 8 levels: Al goes out in every hand
        api.ok("POST", f"/games/{plain}/hands", {"results": [line(al, went_out=True), line(bo, low=1)]}, 201)
    house_data = api.ok("GET", f"/games/{house}/bgstats")
    assert CreatePlay.model_validate(house_data).game == PlayGame(
        name="Quick Ramo", sourceGameId=f"ramo-keeper-{ruleset['key']}", highestWins=False, noPoints=False,
        bggId=424242)
    assert "bggId" not in api.ok("GET", f"/games/{plain}/bgstats")["game"]
    web.login("Ann")
    season = api.ok("GET", f"/games/{plain}")["season_id"]
    raw = json.loads(web.get(f"/leagues/{league}/seasons/{season}/bgstats.json").get_data(as_text=True))
    assert ExportFile.model_validate(raw).model_dump(exclude_unset=True) == raw
    assert sorted((g["name"], g.get("bggId")) for g in raw["games"]) == [("Quick Ramo", 424242), ("Ramo", None)]


def test_the_season_file_has_bg_stats_export_shape(app, api, web):
    league, (a, b, c, d), rummy = rummy_example(api)
    season = api.ok("GET", f"/games/{rummy}")["season_id"]
    contract = api.game(league, "contract", [a, b, c])["id"]
    for _ in range(7):  # Contract Rummy ends after round 7: Al out every hand, Bo holds 3 pips, Cy 2
        api.ok("POST", f"/games/{contract}/hands", {"results": [
            result(a, {}, went_out=True, laid_down=True), result(b, std(3)), result(c, std(2))]}, 201)
    api.game(league, "ramo", [a, b])  # in progress: not in the file
    # The Rummy game began first but finished last: plays are in the order the games finished.
    _times(app, rummy, "2026-03-14 19:05:09", "2026-03-14 20:02:09")
    _times(app, contract, "2026-03-14 19:30:00", "2026-03-14 19:52:00")
    web.login("Ann")
    response = web.get(f"/leagues/{league}/seasons/{season}/bgstats.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == f'attachment; filename="bgstats-season-{season}.json"'
    raw = json.loads(response.get_data(as_text=True))
    data = ExportFile.model_validate(raw)
    assert data.model_dump(exclude_unset=True) == raw  # nothing outside the schema, no field made up by it
    assert json.loads(web.get(f"/leagues/{league}/seasons/{season}/bgstats.json").get_data(as_text=True)) == raw

    # games: one per game type played, numbered 1, 2 in this file; no definition names a BGG id.
    assert sorted(g.id for g in data.games) == [1, 2]
    games = {g.id: g for g in data.games}
    assert all("bggId" not in g for g in raw["games"])
    # players: one per player who played, by their own id.
    assert [p.model_dump() for p in sorted(data.players, key=lambda p: p.id)] == sorted([
        {"id": a, "name": "Al", "isAnonymous": False, "sourcePlayerId": f"ramo-keeper-player-{a}"},
        {"id": b, "name": "Bo", "isAnonymous": False, "sourcePlayerId": f"ramo-keeper-player-{b}"},
        {"id": c, "name": "Cy", "isAnonymous": False, "sourcePlayerId": f"ramo-keeper-player-{c}"},
        {"id": d, "name": "Di", "isAnonymous": False, "sourcePlayerId": f"ramo-keeper-player-{d}"}],
        key=lambda p: p["id"])
    assert data.locations == []
    names = {p.id: p.name for p in data.players}

    first, second = data.plays
    # Contract Rummy: 19:30:00 to 19:52:00 is 22 minutes; 7 hands. Totals Al 0, Bo 21, Cy 14: lowest wins, so
    # Al first, Cy second, Bo third. Al (seat 1) dealt hand 1, so Bo (seat 2) played first.
    assert games[first.gameRefId].model_dump(exclude_unset=True) == {
        "id": first.gameRefId, "name": "Contract Rummy", "sourceGameId": "ramo-keeper-contract",
        "highestWins": False, "noPoints": False}
    assert (first.uuid, first.playDate, first.durationMin, first.rounds, first.ignored, first.manualWinner) == (
        f"ramo-keeper-game-{contract}-20260314193000", "2026-03-14 19:30:00", 22, 7, False, False)
    assert first.comments.splitlines() == [f"Hand {n}: Al 0, Bo {3 * n}, Cy {2 * n}" for n in range(1, 8)]
    assert [(names[s.playerRefId], s.score, s.winner, s.rank, s.seatOrder, s.startPlayer, s.newPlayer)
            for s in first.playerScores] == [
        ("Al", "0", True, 1, 1, False, False), ("Bo", "21", False, 3, 2, True, False),
        ("Cy", "14", False, 2, 3, False, False)]

    # Rummy: 19:05:09 to 20:02:09 is 57 minutes; 3 hands. Totals Al 152, Bo 0, Cy 48, Di 0: highest wins, so
    # Al first, Cy second, Bo and Di share third. Al dealt hand 1, so Bo played first.
    assert games[second.gameRefId].model_dump(exclude_unset=True) == {
        "id": second.gameRefId, "name": "Rummy", "sourceGameId": "ramo-keeper-rummy", "highestWins": True,
        "noPoints": False}
    assert (second.uuid, second.playDate, second.durationMin, second.rounds, second.ignored, second.manualWinner) == (
        f"ramo-keeper-game-{rummy}-20260314190509", "2026-03-14 19:05:09", 57, 3, False, False)
    assert second.comments.splitlines() == ["Hand 1: Al 74, Bo 0, Cy 0, Di 0", "Hand 2: Al 74, Bo 0, Cy 48, Di 0",
                                            "Hand 3: Al 152, Bo 0, Cy 48, Di 0"]
    assert [(names[s.playerRefId], s.score, s.winner, s.rank, s.seatOrder, s.startPlayer, s.newPlayer)
            for s in second.playerScores] == [
        ("Al", "152", True, 1, 1, False, False), ("Bo", "0", False, 3, 2, True, False),
        ("Cy", "48", False, 2, 3, False, False), ("Di", "0", False, 3, 4, False, False)]
    # A play's uuid is the sourcePlayId BG Stats got from "Send to BG Stats", so a game sent both ways is one play.
    assert second.uuid == api.ok("GET", f"/games/{rummy}/bgstats")["sourcePlayId"]
    assert f'/leagues/{league}/seasons/{season}/bgstats.json' in web.get(
        f"/leagues/{league}/seasons/{season}").get_data(as_text=True)
