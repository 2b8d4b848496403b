"""Each seat's colour and initial: the same mark for a player on the scoreboard, the hand form, the result
and the live view.

The colours are Okabe and Ito's palette, told apart with every common kind of colour blindness; the
initial beside the name means colour is never the only cue. static/css/app.css draws `.seat-N` with the
same values (tests/test_player_colours.py holds the two together).
"""

from dataclasses import dataclass

# (background, ink): the ink on each colour reads at 4.5:1 or more.
PALETTE = (
    ("#E69F00", "#111111"),  # orange
    ("#56B4E9", "#111111"),  # sky blue
    ("#009E73", "#111111"),  # bluish green
    ("#CC79A7", "#111111"),  # reddish purple
    ("#0072B2", "#FFFFFF"),  # blue
    ("#D55E00", "#111111"),  # vermilion
    ("#F0E442", "#111111"),  # yellow
    ("#000000", "#FFFFFF"),  # black (outlined in dark mode)
)


@dataclass(frozen=True)
class SeatMark:
    number: int  # 1-based, wrapping round the palette past eight seats
    initial: str

    @property
    def css_class(self) -> str:
        return f"seat-{self.number}"


def initial_of(name: str) -> str:
    """The first letter of a name, as a capital where the script has one (민준 → 민, élodie → É)."""
    stripped = name.strip()
    return stripped[:1].upper() if stripped else "?"


def seat_marks(seats) -> dict[int, SeatMark]:
    """Player id → its seat's mark, in seat order (the order the game was set up in)."""
    return {seat.player_id: SeatMark(index % len(PALETTE) + 1, initial_of(seat.name))
            for index, seat in enumerate(seats)}
