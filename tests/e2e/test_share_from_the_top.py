"""The live link is shared from the top of the game page: one tap makes it, one tap hands it to the
phone's share sheet (or copies it), with the QR code beside the button."""

from playwright.sync_api import expect

from .seating import log_in, seat_game


def test_share_sits_on_the_first_screen_and_hands_the_live_link_to_the_share_sheet(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    share = page.locator(".game-head").get_by_role("button", name="Share the live link")
    expect(share).to_be_in_viewport()
    share.tap()  # no link yet: this makes one
    share = page.locator(".game-head").get_by_role("button", name="Share the live link")
    expect(share).to_be_in_viewport()
    link = page.get_by_role("textbox", name="Live link").input_value()
    assert "/live/" in link
    page.evaluate("() => { navigator.share = async (data) => { window.sharedUrl = data.url; }; }")
    share.tap()
    page.wait_for_function("window.sharedUrl !== undefined")
    assert page.evaluate("window.sharedUrl") == link
    # Where there is no share sheet, the link is copied.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("() => { navigator.share = undefined; }")
    share.tap()
    expect(page.locator(".share-top [role=status]")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.locator(".share-qr summary").tap()
    # The code is an image of its own, fetched as the menu opens (not with the page: issue 28's 45 KB).
    code = page.locator(".share-qr .qr img")
    expect(code).to_be_visible()
    expect(code).to_have_js_property("complete", True)
    assert code.evaluate("img => img.naturalWidth") > 0
    box = code.bounding_box()
    assert box["width"] == box["height"] >= 160, box  # square and whole, as the drawn code was
