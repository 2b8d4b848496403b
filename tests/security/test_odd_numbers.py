"""Numbers as people type, paste or tamper with them: never a 500, and never a foreign digit taken as a number.

Python's int() and Werkzeug's `\\d+` take any Unicode decimal digit, so "１" (full-width) and "١"
(Arabic-Indic) used to mean 1. Every path id (found by walking the app's URL map, so a new route is
covered without a new line here), form field, API field and query string that takes a number is
sent those spellings, numbers too large for any column, negative and non-numbers. Each must be
refused in words (400/404/422 or a form error) with nothing stored, and the same request with
the plain ASCII number must work, so the refusal is known to come from the number.
"""

import csv
import io
import re
from urllib.parse import quote

import pytest
from werkzeug.routing import AnyConverter, PathConverter, UnicodeConverter

from conftest import Table
from ramo_keeper import create_app, rules
from ramo_keeper.accounts.service import create_user, find_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.games import hand_inputs
from ramo_keeper.games import service as games
from ramo_keeper.models import ApiToken, Game, Hand, Invite, League, Membership, Player, Ruleset, Season
from ramo_keeper.seasons.standings import standings_csv
from tests.house_rules.test_pages import nonna_form

# The zero of each digit family; the other nine follow it in Unicode.
DIGIT_ZEROS = {"full-width": 0xFF10, "Arabic-Indic": 0x0660, "Persian": 0x06F0, "Devanagari": 0x0966,
               "mathematical bold": 0x1D7CE}
NOT_NUMBERS = ["x", "99999999999999999999", "2147483648", "1.0", "1e3", "0x1", "1_0", "+1"]


def spelt(number, zero: int) -> str:
    """`number` written with another family's digits: spelt(12, 0xFF10) is "１２"."""
    text = str(number)
    return "".join(chr(zero + int(c)) if c.isascii() and c.isdigit() else c for c in text)


def odd_spellings(number) -> list[str]:
    """The same number in every other script's digits, then things that are not a usable number."""
    return [spelt(number, zero) for zero in DIGIT_ZEROS.values()] + ["-1", *NOT_NUMBERS]


class World:
    """Ana's league with A–D on the roster, Bo as a second member, a rummy game with one hand, an API token."""

    def __init__(self, app, table, facts: dict):
        self.app, self.table, self.web = app, table, table.web
        for name, value in facts.items():
            setattr(self, name, value)
        self.path_values = {"league_id": table.league_id, "season_id": table.season_id, "player_id": table.id("A"),
                            "game_id": self.game_id, "number": 1, "member_id": self.member_id,
                            "token_id": self.token_id, "ruleset_id": self.ruleset_id, "night_id": self.night_id,
                            "token": self.board_token, "table": 1}

    @staticmethod
    def seed(app, table) -> dict:
        """The world's rows, made through the services rather than the pages; its ids and Ana's API token."""
        with app.app_context():
            ana, league = find_user("Ana"), db.session.get(League, table.league_id)
            league.ratings = True  # the ratings routes answer 404 while a league's ratings are off
            game = games.create_game(league, ana, "rummy", [table.id(n) for n in "ABC"], season_id=table.season_id)
            facts = {"game_id": game.id}
            games.record_hand(game.id, ana, hand_inputs.from_body({"results": [
                {"player_id": table.id("A"), "cards": {}, "went_out": True},
                {"player_id": table.id("B"), "cards": {"pips": 5}},
                {"player_id": table.id("C"), "cards": {"pips": 7}}]}))
            facts["token"] = issue_token(ana)
            bo = Membership(league_id=table.league_id, user=create_user("Bo", "correct horse"), role="scorer")
            db.session.add(bo)
            db.session.commit()
            facts["member_id"] = bo.id
            facts["token_id"] = db.session.execute(db.select(ApiToken.id)).scalar_one()
            from ramo_keeper.house_rules.service import create_ruleset

            facts["ruleset_id"] = create_ruleset(league, "Nonna's Ramo", {"out_score": -30}, based_on="ramo").id
            from ramo_keeper.nights.service import open_night

            facts["night_id"] = open_night(league, ana, "Friday night", "rummy", [table.id(n) for n in "ABCD"],
                                           table_size=4, rounds=2).id
            from ramo_keeper.nights.service import share_board

            facts["board_token"] = share_board(facts["night_id"])  # find your table's pages (/n/<token>/…)
            db.session.commit()
        return facts

    def send(self, method: str, url: str, data=None, json=None, headers=None):
        """As a person would: the API with Ana's token, the pages in Ana's browser (CSRF token included)."""
        if url.startswith("/api/"):
            headers = {"Authorization": f"Bearer {self.token}", **(headers or {})}
            return self.web.client.open(url, method=method, json=json, headers=headers)
        if method == "GET":
            return self.web.client.get(url)
        return self.web.post(url, data or {})

    def count(self, model) -> int:
        with self.app.app_context():
            return db.session.execute(db.select(db.func.count()).select_from(model)).scalar_one()


@pytest.fixture
def world(app, web, seeded_once):
    """The world, seeded once a worker (tests/conftest.py: seeded_once): each test gets a copy of its database
    and Ana's session."""

    def seed():
        table = Table(app, web, ["A", "B", "C", "D"])
        return table.facts(), World.seed(app, table)

    table_facts, world_facts = seeded_once("test_odd_numbers: the world", seed)
    return World(app, Table.resumed(app, web, table_facts), world_facts)


# --- Path ids: every route with a number in its path, found in the URL map --------------------------------

ARGUMENT = re.compile(r"<(?:(?P<converter>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>")
TEXT_CONVERTERS = (UnicodeConverter, PathConverter, AnyConverter)


def number_arguments(app, rule) -> list[str]:
    """The rule's path arguments that are not text (ids, hand numbers): the ones a number goes into."""
    return [m["name"] for m in ARGUMENT.finditer(rule.rule)
            if not issubclass(app.url_map.converters[m["converter"] or "default"], TEXT_CONVERTERS)]


def _number_routes():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "collect"})
    return sorted((rule.rule, method, tuple(number_arguments(app, rule))) for rule in app.url_map.iter_rules()
                  if number_arguments(app, rule) for method in sorted(rule.methods - {"HEAD", "OPTIONS"}))


NUMBER_ROUTES = _number_routes()


def test_the_crawl_finds_the_routes_it_is_meant_to():
    rules = {rule for rule, _, _ in NUMBER_ROUTES}
    assert {"/leagues/<int:league_id>", "/games/<int:game_id>/hands/<int:number>",
            "/api/v1/games/<unbounded_int:game_id>/hands/<unbounded_int:number>"} <= rules
    assert len(rules) >= 40


def fill(rule: str, values: dict) -> str:
    return ARGUMENT.sub(lambda m: quote(str(values[m["name"]]), safe=""), rule)


@pytest.mark.parametrize(("rule", "method", "names"), NUMBER_ROUTES, ids=[f"{m} {r}" for r, m, _ in NUMBER_ROUTES])
def test_a_path_id_is_ascii_digits_that_fit_or_nothing_is_there(world, rule, method, names):
    unknown = [name for name in names if name not in world.path_values]
    assert not unknown, f"a new kind of path id {unknown}: give World a real one so that it is swept too"
    for name in names:
        for odd in odd_spellings(world.path_values[name]):
            url = fill(rule, {**world.path_values, name: odd})
            response = world.send(method, url)
            assert response.status_code == 404, f"{method} {url}: {response.status_code}"
            if url.startswith("/api/"):
                assert response.get_json()["details"]["code"] == "not_found", url
    plain = world.send(method, fill(rule, world.path_values))
    assert plain.status_code not in (404, 405, 500), f"{method} {rule} with real ids: {plain.status_code}"


# --- Form fields ----------------------------------------------------------------------------------------


def new_game_data(world, variant="rummy", **changes) -> dict:
    t = world.table
    data = {"variant": variant, "options_for": variant, "seat": [str(t.id(n)) for n in ("A", "B", "C")],
            "first_dealer_id": str(t.id("A")), "season_id": str(t.season_id), "action": "create"}
    for option in rules.get_variant(variant).options:  # as the page posts them: every option, at its default
        if option.kind != "bool":
            data[f"opt_{option.key}"] = str(option.default)
    return {**data, **changes}


def games_and_options(world):
    with world.app.app_context():
        return [(g.id, dict(g.options), g.season_id) for g in db.session.execute(db.select(Game)).scalars()]


def hands_as_stored(world):
    with world.app.app_context():
        return [(h.game_id, h.number, sorted((r.player_id, dict(r.cards)) for r in h.results))
                for h in db.session.execute(db.select(Hand).order_by(Hand.id)).scalars()]


def invites(world):
    with world.app.app_context():
        return [(i.id, i.max_uses, i.expires_at) for i in db.session.execute(db.select(Invite)).scalars()]


def seasons(world):
    with world.app.app_context():
        return [(s.id, s.name, s.min_games) for s in db.session.execute(db.select(Season)).scalars()]


def _new_game(field, valid, stored=games_and_options, variant="rummy"):
    def send(world, value):
        url = f"/leagues/{world.table.league_id}/games/new"
        world.web.get(url)
        given = value(world)
        if field == "seat":
            given = [str(world.table.id("A")), str(world.table.id("B")), given]
        return world.web.post(url, new_game_data(world, variant, **{field: given}))
    return {"send": send, "valid": valid, "stored": stored, "refused": (422,)}


def _hand(field, valid):
    def send(world, value):
        t = world.table
        data = t.hand_data(out="A", cards={"B": {"pips": 4}, "C": {"pips": 2}})
        data.update({"hand_number": "2", field(world): value(world)})
        world.web.get(f"/games/{world.game_id}")
        return world.web.post(f"/games/{world.game_id}/hands", data)
    return {"send": send, "valid": valid, "stored": hands_as_stored, "refused": (422,)}


def _edit(field, valid):
    def send(world, value):
        t = world.table
        data = t.hand_data(out="B", cards={"A": {"pips": 3}, "C": {"pips": 2}})
        with world.app.app_context():
            version = db.session.get(Game, world.game_id).version
        data.update({"expected_version": str(version), field(world): value(world)})
        world.web.get(f"/games/{world.game_id}/hands/1/edit")
        return world.web.post(f"/games/{world.game_id}/hands/1", data)
    return {"send": send, "valid": valid, "stored": hands_as_stored, "refused": (422,)}


def _invite(field, valid):
    def send(world, value):
        world.web.get(f"/leagues/{world.table.league_id}")
        data = {"role": "scorer", "days": "7", "max_uses": "", field: value(world)}
        return world.web.post(f"/leagues/{world.table.league_id}/invite", data)
    return {"send": send, "valid": valid, "stored": invites, "refused": (303,), "flashed_error": True}


def _season(field, valid, settings=False):
    def send(world, value):
        league = world.table.league_id
        world.web.get(f"/leagues/{league}/seasons")
        if settings:
            return world.web.post(f"/leagues/{league}/seasons/{world.table.season_id}/settings",
                                  {"ranking": "points", field: value(world)})
        return world.web.post(f"/leagues/{league}/seasons", {"name": "Autumn", "ranking": "points",
                                                              field: value(world)})
    return {"send": send, "valid": valid, "stored": seasons, "refused": (422,)}


def rulesets(world):
    with world.app.app_context():
        return [(r.id, r.name, r.definition) for r in db.session.execute(db.select(Ruleset)).scalars()]


def _house_rule(field, valid):
    """The house-rule editor, saving RULES.md §8's house rule under a name of its own (World has Nonna's)."""
    def send(world, value):
        url = f"/leagues/{world.table.league_id}/house-rules/new?from=ramo"
        world.web.get(url)
        return world.web.post(url, nonna_form(name="Zia's Ramo", **{field: value(world)}))
    return {"send": send, "valid": valid, "stored": rulesets, "refused": (422,)}


def _fixed(text):
    return lambda world: text


def _player(name):
    return lambda world: world.table.id(name)


def _count_field(name, category="pips"):
    return lambda world: f"c_{world.table.id(name)}_{category}"


FIELDS = {
    "new game: season": _new_game("season_id", lambda w: w.table.season_id),
    "new game: first dealer": _new_game("first_dealer_id", _player("B")),
    "new game: a seat": _new_game("seat", _player("C")),
    "new game: rummy's target score": _new_game("opt_target", _fixed(200)),
    "new game: rummy's number of hands": _new_game("opt_hands", _fixed(12)),
    "hand: cards left": _hand(_count_field("B"), _fixed(4)),
    "hand: the hand number it was filled in for": _hand(lambda w: "hand_number", _fixed(2)),
    "hand: who went out": _hand(lambda w: "went_out", _player("A")),
    "correction: cards left": _edit(_count_field("A"), _fixed(3)),
    "correction: the version it was filled in at": _edit(lambda w: "expected_version",
                                                         lambda w: db.session.get(Game, w.game_id).version),
    "invite: days": _invite("days", _fixed(30)),
    "invite: number of people": _invite("max_uses", _fixed(5)),
    "new season: games needed to be ranked": _season("min_games", _fixed(3)),
    "season settings: games needed to be ranked": _season("min_games", _fixed(3), settings=True),
    "house rule: most players": _house_rule("max_players", _fixed(8)),
    "house rule: a category's most cards": _house_rule("cat-3-maximum", _fixed(60)),
    "house rule: cards dealt": _house_rule("deal-0-cards", _fixed(12)),
}


MESSAGE = re.compile(r'class="(form|field)-error"|role="alert"')


@pytest.mark.parametrize("case", FIELDS.values(), ids=FIELDS.keys())
def test_a_number_field_refuses_odd_numbers_in_words_and_stores_nothing(world, case):
    before = case["stored"](world)
    with world.app.app_context():
        valid = case["valid"](world)
    for odd in odd_spellings(valid):
        if odd == str(valid):
            continue
        response = case["send"](world, _fixed(odd))
        assert response.status_code in case["refused"], f"{odd!r}: {response.status_code}"
        if case.get("flashed_error"):
            with world.web.client.session_transaction() as session:
                flashes = session.pop("_flashes", [])
            assert [category for category, _ in flashes] == ["error"], f"{odd!r}: {flashes}"
        else:
            assert MESSAGE.search(response.get_data(as_text=True)), f"{odd!r}: no message"
        assert case["stored"](world) == before, f"{odd!r} was taken as a number"
    response = case["send"](world, _fixed(str(valid)))
    assert response.status_code in (200, 303) and case["stored"](world) != before, "the plain number works"


def test_a_bad_season_on_the_new_game_form_is_a_form_error_not_a_500(world):
    """Issue 18, break 2: season_id=x raised ValueError while the form was drawn again."""
    url = f"/leagues/{world.table.league_id}/games/new"
    for value in ("x", "１", "1.5", " ", "99999999999999999999"):
        for action in ("create", f"add:{world.table.id('D')}"):
            world.web.get(url)
            response = world.web.post(url, new_game_data(world, season_id=value, action=action))
            assert response.status_code in (200, 422), f"{value!r} {action}: {response.status_code}"
    world.web.get(url)
    response = world.web.post(url, new_game_data(world, season_id="x"))
    assert response.status_code == 422
    assert "That season is not open in this league" in response.get_data(as_text=True)
    assert world.count(Game) == 2  # the rummy game and the night's one table: nothing new


def test_a_full_width_house_rule_number_is_refused_in_the_readers_language(world):
    """"３" is not 3: the editor says so in Italian for an Italian reader, and keeps nothing."""
    url = f"/leagues/{world.table.league_id}/house-rules/new?from=ramo"
    world.web.get(url)
    response = world.web.post(url, nonna_form(name="Zia's Ramo", **{"cat-1-points": "３"}),
                              headers={"Accept-Language": "it"})
    assert response.status_code == 422
    # Named as the editor shows the field, counted from 1 (issue 38): the second category's "Points each".
    said = response.get_data(as_text=True)
    assert "Punti ciascuna della categoria 2" in said and "numero intero" in said and "card_categories[" not in said
    assert [name for _, name, _ in rulesets(world)] == ["Nonna's Ramo"]


def test_a_house_rule_row_numbered_in_other_digits_is_no_row(world):
    """cat-１-key is not row 1: the editor reads only ASCII-numbered rows (here, an extra category would
    replace nothing and add nothing)."""
    url = f"/leagues/{world.table.league_id}/house-rules/new?from=ramo"
    world.web.get(url)
    odd_rows = {f"cat-{spelt(n, zero)}-{part}": value for zero in DIGIT_ZEROS.values() for n in (1, 4, 12)
                for part, value in (("key", "odd"), ("label", "Odd"), ("points", "9"), ("maximum", "9"))}
    assert world.web.post(url, nonna_form(name="Zia's Ramo", **odd_rows)).status_code == 303
    saved = next(definition for _, name, definition in rulesets(world) if name == "Zia's Ramo")
    assert [(c["key"], c["points"]) for c in saved["card_categories"]] == [
        ("low", 3), ("high", 7), ("special", 15), ("joker", 50)]


def test_play_now_numbers_its_name_boxes_in_ascii_digits(app, new_web):
    """names-² crashed WTForms' FieldList (int("²")); names-３ was taken for a fourth box."""
    for odd in ("²", "３", "٣", "99999999999999999999", "-1", "x"):
        web = new_web()
        web.get("/play")
        response = web.post("/play", {"variant": "rummy", "names-0": "Al", "names-1": "Cy", f"names-{odd}": "Bo"})
        assert response.status_code == 303, f"names-{odd}: {response.status_code}"
        with app.app_context():
            game = db.session.execute(db.select(Game).order_by(Game.id.desc())).scalars().first()
            assert [seat.player.name for seat in game.seats] == ["Al", "Cy"], odd


# --- Query strings --------------------------------------------------------------------------------------

CSRF = re.compile(r'(name="csrf_token"[^>]*value="|"csrf-token" content=")[^"]+')


def _page_without_tokens(response) -> str:
    """The page's main content (the footer's language form carries the address back, query string and all)."""
    html = response.get_data(as_text=True)
    return CSRF.sub(r"\1", html[html.index("<main"):html.index("</main>")])


@pytest.mark.parametrize("path", ["/", "/leagues", "/leagues/{league}/games", "/leagues/{league}/seasons"])
def test_a_page_number_in_other_digits_is_the_first_page_not_that_page(world, path):
    url = path.format(league=world.table.league_id)
    first = _page_without_tokens(world.web.client.get(url))
    assert _page_without_tokens(world.web.client.get(f"{url}?page=2")) != first  # past the end: says so
    for odd in odd_spellings(2):
        response = world.web.client.get(f"{url}?page={quote(odd)}")
        assert response.status_code == 200, odd
        assert _page_without_tokens(response) == first, f"?page={odd} was not page 1"


def test_the_just_recorded_hand_is_announced_only_for_an_ascii_hand_number(world):
    """?recorded=1 opens the game on hand 1's result; ?recorded=１ is no hand number at all."""
    url = f"/games/{world.game_id}"
    assert "Hand 1 recorded" in world.web.client.get(f"{url}?recorded=1").get_data(as_text=True)
    for odd in odd_spellings(1):
        page = world.web.client.get(f"{url}?recorded={quote(odd)}")
        assert page.status_code == 200, odd
        assert "Hand 1 recorded" not in page.get_data(as_text=True), f"?recorded={odd} was taken for hand 1"


def test_a_season_in_the_query_string_is_ascii_digits_or_not_found(world):
    base = f"/leagues/{world.table.league_id}/players/{world.table.id('A')}/stats"
    assert world.web.client.get(f"{base}?season={world.table.season_id}").status_code == 200
    for odd in odd_spellings(world.table.season_id):
        assert world.web.client.get(f"{base}?season={quote(odd)}").status_code == 404, odd


# --- The JSON API ---------------------------------------------------------------------------------------

JSON_ODD = ["１", "١", "1", "x", 99999999999999999999, 2**31, -1, 0, 1.5, True, None, [1], {"a": 1}]


def _api_game(world, **changes):
    t = world.table
    body = {"variant": "rummy", "player_ids": [t.id("A"), t.id("B"), t.id("C")], "season_id": t.season_id,
            "first_dealer_id": t.id("A"), "options": {"target": 200}}
    for key, value in changes.items():
        if key == "seat":
            body["player_ids"] = [t.id("A"), t.id("B"), value]
        elif key == "target":
            body["options"] = {"target": value}
        else:
            body[key] = value
    return world.send("POST", f"/api/v1/leagues/{t.league_id}/games", json=body)


def _api_hand(world, **changes):
    t = world.table
    results = [{"player_id": t.id("A"), "cards": {}, "went_out": True},
               {"player_id": t.id("B"), "cards": {"pips": 4}}, {"player_id": t.id("C"), "cards": {"pips": 2}}]
    if "player_id" in changes:
        results[2]["player_id"] = changes["player_id"]
    if "pips" in changes:
        results[1]["cards"] = {"pips": changes["pips"]}
    return world.send("POST", f"/api/v1/games/{world.game_id}/hands", json={"results": results})


API_FIELDS = {
    "game: player_ids": (lambda w, v: _api_game(w, seat=v), games_and_options, ()),
    "game: first_dealer_id": (lambda w, v: _api_game(w, first_dealer_id=v), games_and_options, (None,)),
    "game: season_id": (lambda w, v: _api_game(w, season_id=v), games_and_options, (None,)),
    "game: options.target": (lambda w, v: _api_game(w, target=v), games_and_options, ()),
    "hand: player_id": (lambda w, v: _api_hand(w, player_id=v), hands_as_stored, ()),
    "hand: cards": (lambda w, v: _api_hand(w, pips=v), hands_as_stored, (0,)),
}


@pytest.mark.parametrize("case", API_FIELDS.values(), ids=API_FIELDS.keys())
def test_an_api_number_field_refuses_odd_values_with_the_error_shape(world, case):
    send, stored, allowed = case
    before = stored(world)
    for odd in JSON_ODD:
        if any(odd is a or (odd == a and type(odd) is type(a)) for a in allowed):
            continue
        response = send(world, odd)
        assert response.status_code in (400, 422), f"{odd!r}: {response.status_code}"
        body = response.get_json()
        assert body["error"] and body["details"]["code"], odd
        assert stored(world) == before, f"{odd!r} was stored"


def test_an_api_if_match_in_other_digits_is_a_400(world):
    with world.app.app_context():
        version = db.session.get(Game, world.game_id).version
    t = world.table
    body = {"results": [{"player_id": t.id("B"), "cards": {}, "went_out": True},
                        {"player_id": t.id("A"), "cards": {"pips": 3}}, {"player_id": t.id("C"), "cards": {}}]}
    before = hands_as_stored(world)
    for odd in odd_spellings(version):
        response = world.send("PUT", f"/api/v1/games/{world.game_id}/hands/1", json=body,
                              headers={"If-Match": f'"{odd}"'})
        assert response.status_code in (400, 409), f"{odd!r}: {response.status_code}"
        assert response.get_json()["details"]["code"] in ("bad_request", "conflict")
    assert hands_as_stored(world) == before


# --- CSV --------------------------------------------------------------------------------------------------

FULL_WIDTH_FORMULAS = ["＝1+1", "＋1", "－1", "＠SUM(A1)"]


@pytest.mark.parametrize("name", FULL_WIDTH_FORMULAS)
def test_a_full_width_formula_sign_is_guarded_in_the_standings_csv(name):
    row = {"rank": 1, "name": name, "games": 1, "wins": 1, "win_pct": 100.0, "avg_place": 1.0, "total": -4,
           "avg_per_hand": -4.0, "points": 100}
    text = standings_csv({"tables": [{"variant": "rummy", "rows": [row], "unranked": []}]})
    cells = list(csv.reader(io.StringIO(text)))[1]
    assert cells[2] == "'" + name
    assert cells[7] == "-4"  # numbers stay numbers


def test_the_csv_exports_guard_a_full_width_name_end_to_end(world):
    table = world.table
    game = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    assert table.post_hand(game, out="A", cards={"B": {"pips": 9}}).status_code == 303
    with world.app.app_context():
        # Straight into the table: whether the forms take such a name is another question.
        player = db.session.get(Player, table.id("A"))
        player.name, player.name_key = "＝1+1", "＝1+1"
        db.session.commit()
    for url in (f"/leagues/{world.table.league_id}/seasons/{world.table.season_id}/standings.csv",
                f"/api/v1/seasons/{world.table.season_id}/standings.csv"):
        response = world.send("GET", url)
        assert response.status_code == 200, url
        names = [row[2] for row in csv.reader(io.StringIO(response.get_data(as_text=True)))][1:]
        assert "'＝1+1" in names and "＝1+1" not in names, (url, names)
        assert world.count(League) == 1
