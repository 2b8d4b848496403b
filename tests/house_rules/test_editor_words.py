"""The house-rule editor and rules page read right: player counts, the most a hand holds, the download link."""

import re

from .test_pages import editor_url, nonna_form


def test_a_table_size_of_one_count_reads_as_that_count(table):
    page = table.web.get(editor_url(table)).get_data(as_text=True)
    labels = re.findall(r'<label for="deal-\d+-cards">([^<]*)</label>', page)
    assert labels and not [label for label in labels if re.fullmatch(r"(\d+)–\1 players", label)]
    assert "2 players" in labels


def test_the_most_of_a_category_says_what_it_counts(table):
    page = table.web.get(editor_url(table)).get_data(as_text=True)
    assert re.findall(r'<label for="cat-0-maximum">([^<]*)</label>', page) == ["Most in one hand"]


def test_the_download_link_leaves_the_page_and_names_the_file_after_the_rule(table):
    table.web.get(editor_url(table))
    shown = table.web.post(editor_url(table), nonna_form()).headers["Location"]
    page = table.web.get(shown).get_data(as_text=True)
    link = re.search(r'<a href="[^"]*\.json"[^>]*>', page)[0]
    assert 'hx-boost="false"' in link and 'download="Nonna-s-Ramo.json"' in link


def test_a_house_rules_decks_are_not_named_after_the_house_rule(table):
    table.web.get(editor_url(table))
    shown = table.web.post(editor_url(table), nonna_form(name="Ramo 25")).headers["Location"]
    page = table.web.get(shown).get_data(as_text=True)
    assert "Ramo 25 cards" not in page and "2 decks of 60 cards" in page
