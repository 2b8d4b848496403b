"""Checks the browser tests share."""

from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} scrolls sideways: {width}px wide"


def axe_violations(page) -> list:
    # Evaluated, not added as a <script> tag: the Content-Security-Policy blocks inline scripts.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']})")
    assert len(result["passes"]) > 10, "axe did not check the page"
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]


def open_menu(page) -> None:
    """Open the main menu where a page keeps it behind one button (the game page's top bar); elsewhere
    the menu is always open and this does nothing."""
    menu = page.locator("body > header details.top-menu")
    if menu.count() and menu.get_attribute("open") is None:
        menu.locator("summary").click()


SETTLED = """() => document.readyState === "complete"
  && !document.querySelector(".htmx-swapping, .htmx-settling")
  && (!document.documentElement.classList.contains("js") || !document.querySelector("#hand-form .player-tabs")
      || !!document.querySelector('#hand-form .player-tab[aria-pressed="true"]'))"""


def wait_until_settled(root) -> None:
    """Wait until the page's scripts have run and htmx has settled, so the hand form shows one panel at a time
    (hand-tabs.js has pressed a tab) before a test looks for a player's panel. A heading can be on show before
    that: deferred scripts run after the first paint, and htmx settles 20 ms after a swap. Without JavaScript
    it returns once the page has loaded."""
    root.wait_for_function(SETTLED)


def show_panel(page, name: str):
    """Tap the player's tab when another player's panel is showing (issue 35: one panel at a time)."""
    import re

    # `page` may be a part of the page (the form): the inner locator of a filter starts from the page itself.
    root = getattr(page, "page", page)
    wait_until_settled(root)
    tab = page.locator(".player-tab").filter(has=root.locator(".tab-name", has_text=re.compile(f"^{re.escape(name)}$")))
    if tab.count() and tab.is_visible() and tab.get_attribute("aria-pressed") != "true":
        tab.tap()
    return page.get_by_role("group", name=name, exact=True)


class PlayerPanel:
    """A player's block of the hand form that shows itself (taps its tab) each time it is used, so a test
    can hold one per player while the form shows one panel at a time."""

    def __init__(self, page, name: str):
        self._page, self._name = page, name

    def __getattr__(self, attribute):
        return getattr(show_panel(self._page, self._name), attribute)


class PlayerBlock(PlayerPanel):
    """The same, found by the player's id (#player-7)."""

    def __getattr__(self, attribute):
        wait_until_settled(getattr(self._page, "page", self._page))
        tab = self._page.locator(f'.player-tab[data-tab-for="{self._name}"]')
        if tab.count() and tab.is_visible() and tab.get_attribute("aria-pressed") != "true":
            tab.tap()
        return getattr(self._page.locator(f"#player-{self._name}"), attribute)


def player_block(page, player_id) -> PlayerBlock:
    """A player's block of the hand form by the player's id, shown (its tab tapped) each time it is used."""
    return PlayerBlock(page, player_id)


def player_panel(page, name: str) -> PlayerPanel:
    """A player's block of the hand form, its tab tapped first whenever another player's panel is showing."""
    return PlayerPanel(page, name)


def count_row(block, category: str, exact: bool = False):
    """A count row of a player's panel (Ramo, Phase 10; issue 35): one category's keys show at a time under
    a strip of the categories, so its chip is tapped first when another category's keys are showing."""
    group = block.get_by_role("group", name=category, exact=exact)
    if not group.count():
        block.locator(".pick-cat").filter(has_text=category).first.tap()
    return block.get_by_role("group", name=category, exact=exact)
