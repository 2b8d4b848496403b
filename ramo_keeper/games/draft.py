"""The new-game screen's state between taps: chosen game, seats in order, dealer, options.

Every tap (add a seat, move it, pick another game) posts the whole draft back and gets the
screen re-rendered, so it works as a plain form and as an htmx swap alike.
"""

from dataclasses import dataclass, field

from werkzeug.datastructures import MultiDict

from .. import rules
from ..errors import ServiceError
from ..extensions import db
from ..leagues.service import add_player
from ..models import Player
from . import service as games
from .forms import option_value


@dataclass
class Draft:
    variant: rules.Variant
    seats: list[int]
    first_dealer_id: int | None
    season_id: int | None
    options: dict
    errors: dict = field(default_factory=dict)

    @property
    def has_option_errors(self) -> bool:
        return any(key.startswith("opt_") for key in self.errors)

    @property
    def option_rows(self):
        return [(o, self.options.get(o.key, o.default)) for o in self.variant.options]


def _int_or_none(raw) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


def read_draft(form: MultiDict, roster: dict[int, Player], default_season: int | None) -> Draft:
    """The draft as posted (or the defaults on first load), limited to this league's active players."""
    variant_key = form.get("variant") or "ramo"
    try:
        variant = rules.get_variant(variant_key)
    except rules.UnknownVariant:
        variant = rules.get_variant("ramo")
    seats = []
    for raw in form.getlist("seat"):
        pid = _int_or_none(raw)
        if pid in roster and pid not in seats:
            seats.append(pid)
    # Options posted for another game (the game was just switched) fall back to the defaults.
    same_game = rules.VARIANTS.get(form.get("options_for")) is variant
    options = {o.key: option_value(o, form.get(f"opt_{o.key}"), f"opt_{o.key}" in form) if same_game else o.default
               for o in variant.options}
    season_raw = form.get("season_id", "default")
    season_id = default_season if season_raw == "default" else _int_or_none(season_raw)
    dealer = _int_or_none(form.get("first_dealer_id"))
    return Draft(variant, seats, dealer if dealer in seats else (seats[0] if seats else None), season_id, options)


def apply_action(draft: Draft, action: str) -> None:
    """One tap: add:ID, remove:ID, up:ID, down:ID."""
    verb, _, raw = action.partition(":")
    pid = _int_or_none(raw)
    seats = draft.seats
    if verb == "add" and pid is not None and pid not in seats:
        seats.append(pid)
    elif verb == "remove" and pid in seats:
        seats.remove(pid)
    elif verb in ("up", "down") and pid in seats:
        i = seats.index(pid)
        j = i - 1 if verb == "up" else i + 1
        if 0 <= j < len(seats):
            seats[i], seats[j] = seats[j], seats[i]
    if draft.first_dealer_id not in seats:
        draft.first_dealer_id = seats[0] if seats else None


def carry_out(draft: Draft, action: str, league, user, players: dict, new_name: str = ""):
    """Apply one tap to the draft; "create" returns the new game, anything else None.

    Errors land in draft.errors under the field they concern, and the session is left clean.
    """
    if action == "new_player":
        try:
            player = add_player(league, new_name)
        except ServiceError as error:
            draft.errors["new_player"] = error.message
            return None
        db.session.commit()
        players[player.id] = player
        draft.seats.append(player.id)
        draft.first_dealer_id = draft.first_dealer_id or player.id
    elif action == "create":
        try:
            return games.create_game(league, user, draft.variant.key, draft.seats, draft.first_dealer_id,
                                     draft.season_id, draft.options, use_current_season=False)
        except ServiceError as error:
            db.session.rollback()
            draft.errors[error.field or error_field(draft, error.message)] = error.message
    elif action:
        apply_action(draft, action)
    return None


def error_field(draft: Draft, message: str) -> str:
    """Where a rules error about the new game belongs: under the option it names, else on top."""
    for option in draft.variant.options:
        if message.startswith(f"{option.key} "):
            return f"opt_{option.key}"
    return "form"
