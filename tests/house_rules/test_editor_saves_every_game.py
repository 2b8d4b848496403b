"""The editor, opened from any built-in game and saved unchanged under a name of its own, keeps a house rule
(a choice whose values are numbers, as Rummy's aces counting 1 or 15, comes back from the form as text)."""

import pytest

from ramo_keeper import rules

from .test_names_and_texts import editor_fields


@pytest.mark.parametrize("start", list(rules.VARIANTS))
def test_the_editor_saves_a_built_in_game_unchanged(table, start):
    url = f"/leagues/{table.league_id}/house-rules/new?from={start}"
    fields = editor_fields(table.web.get(url).get_data(as_text=True))
    response = table.web.post(url, {**fields, "name": f"Our {start}", "action": "save"})
    assert response.status_code == 303, response.get_data(as_text=True)[-3000:]
