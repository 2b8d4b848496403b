"""The rules pages on a phone: readable at 390 px without sideways scrolling, and accessible."""

import pytest
from playwright.sync_api import expect

from .helpers import axe_violations, no_sideways_scroll


@pytest.mark.parametrize(("key", "heading", "line"), [
    ("ramo", "Levels", "A run is 3 or more cards in a row of one colour; it may wrap past the top, so 12-13-1 counts."),
    ("contract", "Contracts", "8 cards in a row are never split into two sequences."),
    ("phase10", "Phases", "A Wild stands in for any card; a Skip is never part of a phase."),
])
def test_a_rules_page_reads_at_a_glance_on_a_phone(page, live_server, key, heading, line):
    page.goto(f"{live_server}/rules/{key}")
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.get_by_text(line)).to_be_visible()
    no_sideways_scroll(page)
    assert axe_violations(page) == []
