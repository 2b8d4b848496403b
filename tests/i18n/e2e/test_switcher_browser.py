"""The language switcher in a real browser at 390 px: the phone's language first, then the switcher."""

import pytest
from e2e.helpers import axe_violations, no_sideways_scroll
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.fixture
def korean_phone(browser, browser_context_args):
    # A phone set to Korean: the browser sends Accept-Language: ko-KR.
    context = browser.new_context(**browser_context_args, locale="ko-KR")
    yield context.new_page()
    context.close()


def test_a_korean_phone_gets_korean_then_switches_to_italian_and_keeps_it(korean_phone, live_server):
    page = korean_phone
    page.goto(live_server + "/login")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.get_by_role("heading", level=1)).to_have_text("로그인")
    no_sideways_scroll(page)
    assert axe_violations(page) == []

    page.get_by_role("button", name="Italiano").click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("heading", level=1)).to_have_text("Accedi")
    assert page.url == live_server + "/login"

    # Following a link keeps Italian although the phone still asks for Korean.
    page.get_by_role("link", name="Crea un account").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Crea un account")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    no_sideways_scroll(page)
    assert axe_violations(page) == []

    page.get_by_role("button", name="한국어").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("계정 만들기")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
