"""Builders for the standings tests: a league with players, and whole games played through the services."""

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games import hand_inputs
from ramo_keeper.games import service as games
from ramo_keeper.leagues.service import add_player, create_league


def ramo(low=0, high=0, special=0) -> dict:
    return {"low": low, "high": high, "special": special}


def std(pips=0, tens=0, aces=0) -> dict:
    return {"pips": pips, "tens": tens, "aces": aces}


OUT = "out"


def result(player, entry) -> dict:
    """`entry` is OUT, a cards dict, or (cards, {flags}); OUT may carry flags as ("out", {flags})."""
    flags = {}
    if isinstance(entry, tuple):
        entry, flags = entry
    if entry == OUT:
        return {"player_id": player.id, "cards": {}, "went_out": True, **flags}
    return {"player_id": player.id, "cards": entry, **flags}


def play(league, user, variant, seated, hands, season=None, options=None, use_current=False):
    """Create a game with `seated` players (seat order) and record `hands`: one {player: entry} per hand."""
    game = games.create_game(league, user, variant, [p.id for p in seated], season_id=season.id if season else None,
                             options=options, use_current_season=use_current)
    for hand in hands:
        body = {"results": [result(p, hand.get(p, {})) for p in seated]}
        games.record_hand(game.id, user, hand_inputs.from_body(body))
    db.session.commit()
    return game


def empty_ramo_hands(count: int) -> list[dict]:
    """Hands where nobody went out and nobody holds a card: every score is 0 (stock ran dry)."""
    return [{} for _ in range(count)]


PER_ROUND = {"progression": "per_round"}


class World:
    """A league owned by Ana (user) with players; attribute access by player name."""

    def __init__(self, names=("Ana", "Bo", "Cy", "Di")):
        self.user = create_user("Owner", "correct horse")
        self.league = create_league(self.user, "Friday")
        self.players = {name: add_player(self.league, name) for name in names}
        db.session.commit()

    def __getattr__(self, name):
        try:
            return self.__dict__["players"][name]
        except KeyError:
            raise AttributeError(name) from None


RUMMY_2 = {"end": "hands", "hands": 2}
RUMMY_1 = {"end": "hands", "hands": 1}


def build_spring(w: World, season=None):
    """The hand-computed season of test_standings.py: three Ramo games and two Rummy games.

    Ramo is played per_round (eight hands; only hand 1 scores, the other seven are empty hands
    where the stock ran dry), Rummy ends after two hands.
    """
    from ramo_keeper.seasons.service import create_season

    season = season or create_season(w.league, "Spring")
    rest = empty_ramo_hands(7)
    # G1 (4 players): Ana out −50; Bo (2,0,0)=10; Cy (0,1,0)=10; Di (4,2,0)=20+20=40.
    play(w.league, w.user, "ramo", [w.Ana, w.Bo, w.Cy, w.Di],
         [{w.Ana: OUT, w.Bo: ramo(2), w.Cy: ramo(0, 1), w.Di: ramo(4, 2)}] + rest, season, PER_ROUND)
    # G2 (3 players): Bo out −50; Ana (0,0,1)=20; Cy (1,0,0)=5.
    play(w.league, w.user, "ramo", [w.Ana, w.Bo, w.Cy],
         [{w.Bo: OUT, w.Ana: ramo(0, 0, 1), w.Cy: ramo(1)}] + rest, season, PER_ROUND)
    # G3 (3 players): Di out −50; Bo (0,3,0)=30; Cy (0,3,0)=30.
    play(w.league, w.user, "ramo", [w.Bo, w.Cy, w.Di],
         [{w.Di: OUT, w.Bo: ramo(0, 3), w.Cy: ramo(0, 3)}] + rest, season, PER_ROUND)
    # R1 (4 players): hand 1 Ana out takes Bo 10+10=20, Cy 5, Di 2 -> +27;
    # hand 2 Cy goes rummy: Ana 3+1=4, Bo 10, Di 4 -> 18×2 = +36. Totals Ana 27, Bo 0, Cy 36, Di 0.
    play(w.league, w.user, "rummy", [w.Ana, w.Bo, w.Cy, w.Di], [
        {w.Ana: OUT, w.Bo: std(10, 1), w.Cy: std(5), w.Di: std(2)},
        {w.Cy: (OUT, {"went_rummy": True}), w.Ana: std(3, 0, 1), w.Bo: std(0, 1), w.Di: std(4)},
    ], season, RUMMY_2)
    # R2 (2 players): hand 1 Bo out takes Ana's 9 -> +9; hand 2 Ana out takes Bo's two aces -> +2.
    play(w.league, w.user, "rummy", [w.Ana, w.Bo], [
        {w.Bo: OUT, w.Ana: std(9)},
        {w.Ana: OUT, w.Bo: std(0, 0, 2)},
    ], season, RUMMY_2)
    db.session.commit()
    return season
