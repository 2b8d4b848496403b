"""The new-game screen's taps: seat a player, move a seat, take it away.

The draft is the NewGameForm itself (games/forms.py): every tap posts the whole form back and
gets it re-rendered, so the screen works as a plain form and as an htmx swap alike. These
functions only change the form's state; adding players and creating the game happen in the view,
which owns the commit.
"""

from ..text.validation import whole_number
from .forms import NewGameForm


def seat(form: NewGameForm, player_id: int) -> None:
    """Seat a player at the end of the table; the first seated player deals unless someone else was picked."""
    seats = form.seats
    if player_id not in seats:
        form.seats = [*seats, player_id]
    form.dealer_id = form.dealer_id


def apply_tap(form: NewGameForm, action: str) -> None:
    """One tap: add:ID, remove:ID, up:ID, down:ID (anything else, like switching the game, changes no seat)."""
    verb, _, raw = action.partition(":")
    player_id, seats = whole_number(raw), form.seats
    if player_id not in form.players:
        return
    if verb == "add":
        seat(form, player_id)
        return
    if player_id not in seats:
        return
    if verb == "remove":
        seats.remove(player_id)
    elif verb in ("up", "down"):
        i = seats.index(player_id)
        j = i - 1 if verb == "up" else i + 1
        if 0 <= j < len(seats):
            seats[i], seats[j] = seats[j], seats[i]
    dealer = form.dealer_id
    form.seats = seats
    form.dealer_id = dealer if dealer in seats else None
