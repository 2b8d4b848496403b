"""The live link's QR code is a file of its own (issue 28's 45 KB, issue 35): the game page names it as an image
shown behind a tap, and no page carries its drawing."""

import re

import segno


def share(table, game_id) -> str:
    table.web.get(f"/games/{game_id}")
    table.web.post(f"/games/{game_id}/share")
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    return page


def test_the_game_page_shows_the_live_links_qr_code_as_one_image_fetched_on_demand(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    page = share(table, game_id)
    link = re.search(r'http://keeper\.test(/live/[\w-]+)"', page).group(1)
    images = re.findall(r'<img src="([^"]+)" alt="QR code of the live link"[^>]* loading="lazy">', page)
    # Twice (the top bar's share menu, the live view section), one address, and never drawn into the page.
    assert images == [f"{link}/qr.svg"] * 2
    assert "segno" not in page and "qrline" not in page
    anonymous = table.app.test_client()
    answer = anonymous.get(f"{link}/qr.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.headers["X-Robots-Tag"] == "noindex, nofollow" and "Set-Cookie" not in answer.headers
    # The code says the live link: the same drawing as segno makes of that address.
    expected = segno.make(f"http://keeper.test{link}", error="m")
    drawn = answer.get_data(as_text=True)
    assert drawn.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in drawn
    modules = re.search(r'd="([^"]+)"', drawn.split('stroke="#111"')[1]).group(1)
    assert modules in expected.svg_inline(dark="#111", scale=4)


def test_a_switched_off_link_has_no_qr_code(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    link = re.search(r'http://keeper\.test(/live/[\w-]+)"', share(table, game_id)).group(1)
    table.web.post(f"/games/{game_id}/share/revoke")
    assert table.app.test_client().get(f"{link}/qr.svg").status_code == 404
