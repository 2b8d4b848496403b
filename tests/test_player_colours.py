"""Each seat's colour and initial (ramo_keeper/web/player_colours.py), and the style sheet drawing the same colours."""

import re
from pathlib import Path

from ramo_keeper.rules import Seat
from ramo_keeper.web.player_colours import PALETTE, initial_of, seat_marks

CSS = (Path(__file__).resolve().parent.parent / "static" / "css" / "app.css").read_text(encoding="utf-8")


def _luminance(hex_colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_the_style_sheet_draws_each_seat_in_the_palettes_colour_and_ink():
    drawn = dict(re.findall(r"\.seat-(\d+) \{ --seat: (#[0-9A-Fa-f]{6}); --on-seat: #[0-9A-Fa-f]{6}; \}", CSS))
    inks = dict(re.findall(r"\.seat-(\d+) \{ --seat: #[0-9A-Fa-f]{6}; --on-seat: (#[0-9A-Fa-f]{6}); \}", CSS))
    assert {int(n): c.upper() for n, c in drawn.items()} == {i: c for i, (c, _) in enumerate(PALETTE, 1)}
    assert {int(n): c.upper() for n, c in inks.items()} == {i: ink for i, (_, ink) in enumerate(PALETTE, 1)}


def test_every_initial_reads_at_4_5_to_1_on_its_colour():
    for colour, ink in PALETTE:
        light, dark = sorted((_luminance(colour), _luminance(ink)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (colour, ink)


def test_seats_take_the_palette_in_order_and_wrap_past_eight():
    seats = [Seat(10 + i, name) for i, name in enumerate(["Sofia", "민준", "élodie", " bo", "E", "F", "G", "H", "Ivo"])]
    marks = seat_marks(seats)
    assert [marks[s.player_id].number for s in seats] == [1, 2, 3, 4, 5, 6, 7, 8, 1]
    assert [marks[s.player_id].initial for s in seats[:4]] == ["S", "민", "É", "B"]
    assert marks[10].css_class == "seat-1"
    assert initial_of("   ") == "?"
