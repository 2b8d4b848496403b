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
