"""BG Stats hand-off: the create-play link's data and the season file, checked against schemas typed from
BG Stats' documented formats (docs/EXPORTS.md), never from our own output."""

import json
import re
from typing import Literal
from urllib.parse import unquote

from api.helpers import result, std
from pydantic import BaseModel, ConfigDict, Field

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


class Open(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")  # BG Stats' export carries more fields than these


class ExportGame(Open):
    id: int
    name: str
    highestWins: bool
    noPoints: bool


class ExportPlayer(Open):
    id: int
    name: str


class PlayerScore(Open):
    playerRefId: int
    score: str
    winner: bool
    rank: int = Field(ge=1)
    seatOrder: int = Field(ge=1)
    startPlayer: bool


class ExportPlay(Open):
    gameRefId: int
    playDate: str = Field(pattern=DATE)
    durationMin: int
    playerScores: list[PlayerScore]


class ExportFile(Open):
    games: list[ExportGame]
    players: list[ExportPlayer]
    plays: list[ExportPlay]


def test_the_create_play_data_of_a_finished_game(api, web):
    _, (a, b, c, d), game = rummy_example(api)
    data = CreatePlay.model_validate(api.ok("GET", f"/games/{game}/bgstats"))
    assert data.sourcePlayId == api.ok("GET", f"/games/{game}/bgstats")["sourcePlayId"]  # stable
    assert str(game) in data.sourcePlayId
    assert data.durationMin >= 1
    assert data.game == PlayGame(name="Rummy", sourceGameId="ramo-keeper-rummy", highestWins=True, noPoints=False)
    assert "bggId" not in api.ok("GET", f"/games/{game}/bgstats")["game"]  # no definition names one yet
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


def test_the_season_file_has_bg_stats_export_shape(api, web):
    league, (a, b, c, d), game = rummy_example(api)
    season = api.ok("GET", f"/games/{game}")["season_id"]
    api.game(league, "ramo", [a, b])  # in progress: not in the file
    web.login("Ann")
    response = web.get(f"/leagues/{league}/seasons/{season}/bgstats.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == f'attachment; filename="bgstats-season-{season}.json"'
    data = ExportFile.model_validate(json.loads(response.get_data(as_text=True)))
    assert [(g.id, g.name, g.highestWins, g.noPoints) for g in data.games] == [(1, "Rummy", True, False)]
    assert sorted((p.id, p.name) for p in data.players) == [(a, "Al"), (b, "Bo"), (c, "Cy"), (d, "Di")]
    [play] = data.plays
    assert play.gameRefId == 1
    assert [(s.playerRefId, s.score, s.winner, s.rank, s.seatOrder, s.startPlayer) for s in play.playerScores] == [
        (a, "152", True, 1, 1, False), (b, "0", False, 3, 2, True), (c, "48", False, 2, 3, False),
        (d, "0", False, 3, 4, False)]
    assert f'/leagues/{league}/seasons/{season}/bgstats.json' in web.get(
        f"/leagues/{league}/seasons/{season}").get_data(as_text=True)
