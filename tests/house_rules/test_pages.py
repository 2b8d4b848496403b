"""The house-rule pages work as plain forms: the editor, its worked example, refusals, the rules page,
the new-game form, a game's page, download and upload, and who may do what."""

import io
import json
import re

from ramo_keeper.extensions import db
from ramo_keeper.models import Ruleset


def editor_url(table, start="ramo") -> str:
    return f"/leagues/{table.league_id}/house-rules/new?from={start}"


def nonna_form(**changes) -> dict:
    """The editor's fields for RULES.md §8's house rule (Ramo's 8 levels cut to 5, a joker category)."""
    data = {"name": "Nonna's Ramo", "from": "ramo", "min_players": "2", "max_players": "8",
            "cat-0-key": "low", "cat-0-label": "Cards 1–9", "cat-0-points": "3", "cat-0-maximum": "60",
            "cat-1-key": "high", "cat-1-label": "Cards 10–13", "cat-1-points": "7", "cat-1-maximum": "60",
            "cat-2-key": "special", "cat-2-label": "Specials", "cat-2-points": "15", "cat-2-maximum": "60",
            "cat-3-key": "joker", "cat-3-label": "Jokers", "cat-3-points": "50", "cat-3-maximum": "60",
            "opt-progression": "per_player", "opt-winner_rule": "lowest_total", "opt-dealer_rule": "highest_total",
            "opt-allow_no_winner": "1", "opt-out_bonus": "-30", "deal-0-cards": "12", "deal-1-cards": "12",
            "deal-2-cards": "12", "action": "save"}
    for n in range(5):
        data[f"lvl-{n}-requirement"] = f"Nonna's level {n + 1}"
    for n in range(5, 8):
        data[f"lvl-{n}-requirement"] = "dropped"
        data[f"lvl-{n}-remove"] = "1"
    data.update(changes)
    return data


def start_game(table, key: str) -> int:
    """A and B sit down to the house rule through the new-game page, its option defaults unchanged."""
    url = f"/leagues/{table.league_id}/games/new"
    table.web.get(url)
    seats = [str(table.id("A")), str(table.id("B"))]
    response = table.web.post(url, {"variant": key, "options_for": key, "seat": seats,
                                    "first_dealer_id": str(table.id("A")), "season_id": str(table.season_id),
                                    "action": "create", "opt_progression": "per_player",
                                    "opt_winner_rule": "lowest_total", "opt_dealer_rule": "highest_total",
                                    "opt_allow_no_winner": "y", "opt_out_bonus": "-30"})
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def example(page: str) -> str:
    return re.search(r'<output id="worked-example"[^>]*>([^<]*)</output>', page)[1]


def test_the_editor_opens_from_a_built_in_with_its_example(table):
    page = table.web.get(editor_url(table)).get_data(as_text=True)
    assert 'name="cat-2-points" id="cat-2-points" value="20"' in page
    assert 'id="lvl-7-requirement"' in page and 'name="opt-out_bonus"' in page
    # Ramo as written: Sofia −50; Bo holds 2 low, 1 high, 1 special: 2·5 + 10 + 20 = 40, each named by its label.
    assert example(page) == ("Sofia goes out: −50; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, "
                             "1 × Special cards (Wild, Skip, −1, x2, +3, ?): 40")


def test_adding_a_category_without_javascript_keeps_what_was_typed(table):
    table.web.get(editor_url(table))
    data = nonna_form(action="add_category")
    page = table.web.post(editor_url(table), data).get_data(as_text=True)
    assert 'id="cat-4-key" value=""' in page and 'id="cat-3-points" value="50"' in page
    assert example(page) == "Sofia goes out: −30; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, 1 × Jokers: 63"
    assert 'id="lvl-5-requirement"' not in page  # the removed levels are gone
    with table.app.app_context():
        assert db.session.execute(db.select(Ruleset)).first() is None


def test_saving_gives_the_house_rule_its_own_rules_page(table):
    table.web.get(editor_url(table))
    response = table.web.post(editor_url(table), nonna_form())
    assert response.status_code == 303
    page = table.web.get(response.headers["Location"]).get_data(as_text=True)
    assert "<h1>Nonna&#39;s Ramo</h1>" in page
    levels = page.split('id="levels-heading"')[1].split("</table>")[0]
    assert re.findall(r'<tr><th scope="row">(\d)</th><td>([^<]*)</td>', levels) == [
        (str(n), f"Nonna&#39;s level {n}") for n in range(1, 6)]
    assert "<td>Jokers</td><td class=\"num\">50</td>" in page
    # The new-game form offers it next to the built-ins.
    form = table.web.get(f"/leagues/{table.league_id}/games/new").get_data(as_text=True)
    with table.app.app_context():
        key = db.session.execute(db.select(Ruleset.key)).scalar_one()
    assert f'<option value="{key}"' in form and "Nonna&#39;s Ramo (2–8 players)" in form


def test_a_bad_field_is_named_and_nothing_is_saved(table):
    table.web.get(editor_url(table))
    response = table.web.post(editor_url(table), nonna_form(**{"cat-1-points": "900"}))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    # Named as the editor shows it, counted from 1 (the API keeps the path in details.path).
    assert 'id="cat-1-points-error" role="alert">Card category 2: Points each must be from -500 to 500.' in page
    assert 'id="cat-1-points" value="900" min="-500" max="500" data-category-points aria-invalid="true"' in page
    with table.app.app_context():
        assert db.session.execute(db.select(Ruleset)).first() is None


def test_the_refusal_is_in_the_readers_language(table):
    table.web.get(editor_url(table))
    page = table.web.post(editor_url(table), nonna_form(**{"cat-1-points": "x"}),
                          headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Punti ciascuna della categoria 2 deve essere un numero intero." in page
    page = table.web.post(editor_url(table), nonna_form(name=""),
                          headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert "이름은 비워 둘 수 없습니다." in page


def test_a_game_under_the_house_rule_scores_with_its_numbers(table):
    table.web.get(editor_url(table))
    table.web.post(editor_url(table), nonna_form())
    with table.app.app_context():
        key = db.session.execute(db.select(Ruleset.key)).scalar_one()
    game_id = start_game(table, key)
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'name="c_{table.id("B")}_joker"' in page and "Nonna&#39;s level 1" in page
    response = table.post_hand(game_id, out="A", cards={"B": {"low": 2, "high": 1, "joker": 1}})
    assert response.status_code == 303
    assert table.totals(game_id) == {"A": -30, "B": 63}


def test_a_house_rule_downloads_and_uploads_into_another_league(table, app):
    table.web.get(editor_url(table))
    shown = table.web.post(editor_url(table), nonna_form()).headers["Location"]
    download = table.web.get(f"{shown}.json")
    assert download.headers["Content-Disposition"].endswith('.json"')
    data = json.loads(download.get_data(as_text=True))
    assert data["name"] == "Nonna's Ramo" and data["based_on"] == "ramo"
    table.web.get("/leagues")
    other = table.web.post("/leagues", {"name": "Sunday"}).headers["Location"]
    other_id = int(other.rstrip("/").split("/")[-1])
    table.web.get(f"/leagues/{other_id}/house-rules")
    response = table.web.post(f"/leagues/{other_id}/house-rules/upload",
                              {"file": (io.BytesIO(download.get_data()), "nonna.json")},
                              content_type="multipart/form-data")
    assert response.status_code == 303
    with app.app_context():
        first, second = db.session.execute(db.select(Ruleset).order_by(Ruleset.id)).scalars()
        assert second.league_id == other_id and second.key != first.key
        assert second.definition == {**first.definition, "key": second.key}
    bad = table.web.post(f"/leagues/{other_id}/house-rules/upload",
                         {"file": (io.BytesIO(b"not json"), "x.json")}, content_type="multipart/form-data")
    assert bad.status_code == 422 and "Choose a house rule file" in bad.get_data(as_text=True)


def test_strangers_get_404_and_viewers_cannot_edit(table, new_web, app):
    table.web.get(editor_url(table))
    shown = table.web.post(editor_url(table), nonna_form()).headers["Location"]
    stranger = new_web()
    stranger.register("Zed")
    for url in (shown, f"{shown}.json", f"{shown}/edit", editor_url(table), f"/leagues/{table.league_id}/house-rules"):
        assert stranger.get(url).status_code == 404, url


def test_lists_statistics_and_standings_pages_name_the_house_rule(table):
    """A finished house-rule game (one level) shows under its name on every page that lists game types."""
    table.web.get(editor_url(table))
    data = nonna_form(**{f"lvl-{n}-remove": "1" for n in range(1, 5)})
    assert table.web.post(editor_url(table), data).status_code == 303
    with table.app.app_context():
        key = db.session.execute(db.select(Ruleset.key)).scalar_one()
    game_id = start_game(table, key)
    assert table.post_hand(game_id, out="A", cards={"B": {"joker": 1}}).status_code == 303
    assert table.state(game_id).finished
    games = table.web.get(f"/leagues/{table.league_id}/games").get_data(as_text=True)
    assert f"Nonna&#39;s Ramo #{game_id}" in games
    stats = table.web.get(f"/leagues/{table.league_id}/players/{table.id('A')}/stats")
    assert stats.status_code == 200 and "Nonna&#39;s Ramo" in stats.get_data(as_text=True)
    standings = table.web.get(f"/leagues/{table.league_id}/seasons/{table.season_id}").get_data(as_text=True)
    assert f'<h2 id="standings-{key}">Nonna&#39;s Ramo</h2>' in standings


def _stored_definition(table) -> tuple[int, dict]:
    with table.app.app_context():
        ruleset = db.session.execute(db.select(Ruleset)).scalar_one()
        return ruleset.id, ruleset.definition


def test_the_editor_names_the_boardgamegeek_game_and_emptying_the_field_names_none(table):
    page = table.web.get(editor_url(table)).get_data(as_text=True)
    assert '<label for="bgg_id">BoardGameGeek id (optional)</label>' in page
    assert 'id="bgg_id" value=""' in page  # Ramo's own definition names none
    assert table.web.post(editor_url(table), nonna_form(bgg_id=" 174430 ")).status_code == 303
    ruleset_id, definition = _stored_definition(table)
    assert definition["bgg_id"] == 174430
    edit_url = f"/leagues/{table.league_id}/house-rules/{ruleset_id}/edit"
    assert 'id="bgg_id" value="174430"' in table.web.get(edit_url).get_data(as_text=True)
    # Saving again with the field left as it was keeps it; emptying it takes it out of the definition.
    assert table.web.post(edit_url, nonna_form(bgg_id="174430")).status_code == 303
    assert _stored_definition(table)[1]["bgg_id"] == 174430
    assert table.web.post(edit_url, nonna_form(bgg_id="")).status_code == 303
    assert "bgg_id" not in _stored_definition(table)[1]


def test_a_boardgamegeek_id_that_is_no_id_is_named_and_nothing_is_saved(table):
    table.web.get(editor_url(table))
    for typed in ("0", "2147483648", "-5", "３", "12a"):
        response = table.web.post(editor_url(table), nonna_form(bgg_id=typed))
        page = response.get_data(as_text=True)
        assert response.status_code == 422, typed
        assert 'id="bgg_id-error" role="alert">BoardGameGeek id must be ' in page, typed
        assert f'id="bgg_id" value="{typed}"' in page and 'aria-invalid="true" aria-describedby="bgg_id-error"' in page
        with table.app.app_context():
            assert db.session.execute(db.select(Ruleset)).first() is None
    page = table.web.post(editor_url(table), nonna_form(bgg_id="0"),
                          headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "ID BoardGameGeek (facoltativo)" in page and "ID BoardGameGeek deve essere tra 1 e 2147483647" in page
