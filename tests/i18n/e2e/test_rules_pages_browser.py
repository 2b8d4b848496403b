"""The rules pages in Korean and Italian on a phone: they fit 390 px and axe stays clean."""

import pytest
from e2e.helpers import axe_violations, no_sideways_scroll
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("locale", "key", "heading", "line"), [
    ("ko-KR", "ramo", "매니퓰레이션 러미", None),
    ("ko-KR", "ramo", "라모", "세트 4개 또는 런 4개"),
    ("it-IT", "contract", "Ramino a contratti", "tre scale: due di quattro e una di cinque, calate tutte insieme "
                                             "senza scartare"),
    ("ko-KR", "manipulation", "매니퓰레이션 러미", "노크한 사람을 언더컷하면 +10, 카드 없이 이기면 +25입니다."),
])
def test_a_translated_rules_page_fits_a_phone(browser, browser_context_args, live_server, locale, key, heading, line):
    context = browser.new_context(**browser_context_args, locale=locale)
    page = context.new_page()
    try:
        if line is None:
            # The index first: every game's name in the phone's language.
            page.goto(f"{live_server}/rules")
            expect(page.get_by_role("link", name=heading)).to_be_visible()
        else:
            page.goto(f"{live_server}/rules/{key}")
            expect(page.get_by_role("heading", level=1)).to_have_text(heading)
            expect(page.get_by_text(line)).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", locale[:2])
        no_sideways_scroll(page)
        assert axe_violations(page) == []
    finally:
        context.close()
