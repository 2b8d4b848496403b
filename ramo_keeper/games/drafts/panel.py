"""What a phone following a game shows for counting its own cards: the seats to take, and once seated,
that player's entry for the hand being played, with the draft's value and the last hand's result."""

from dataclasses import dataclass

from flask import url_for
from flask_login import current_user

from ... import rules
from ...models import Game, PhoneSeat
from ...rules.registry import variant_of
from ..stored import setup_of
from .forms import draft_form
from .phone import phone_digest
from .seats import holder_words, seats_held
from .store import current_drafts


@dataclass
class Where:
    """A member's game page, or the live link (`token`)."""

    game_id: int
    token: str | None = None

    @property
    def live(self) -> bool:
        return self.token is not None

    def url(self, name: str, **values) -> str:
        if self.live:
            return url_for(f"drafts.live_{name}", token=self.token, **values)
        return url_for(f"drafts.member_{name}", game_id=self.game_id, **values)

    def page(self) -> str:
        if self.live:
            return url_for("live.show", token=self.token, _anchor="seat-panel")
        return url_for("games.show", game_id=self.game_id, _anchor="seat-panel")

    def holds(self, seat: PhoneSeat) -> bool:
        """A seat taken on the live link is used there; a member's, by that member only."""
        if self.live:
            return seat.user_id is None
        return current_user.is_authenticated and seat.user_id == current_user.id


def my_seat(where: Where, held: dict[int, PhoneSeat]) -> PhoneSeat | None:
    phone = phone_digest()
    return next((s for s in held.values() if phone is not None and s.phone_digest == phone and where.holds(s)), None)


def _last_result(state: rules.GameState, player_id: int) -> dict | None:
    if not state.hands:
        return None
    line = next((r for r in state.hands[-1].results if r.player_id == player_id), None)
    total = next((p.total for p in state.players if p.player_id == player_id), None)
    return None if line is None else {"number": state.hands[-1].number, "score": line.score, "total": total}


def panel_context(game: Game, state: rules.GameState, where: Where, can_write: bool = False, form=None,
                  notice: str | None = None) -> dict:
    held = seats_held(game.id)
    seat = my_seat(where, held)
    panel = {"where": where, "seat": seat, "held": {pid: holder_words(s, not where.live) for pid, s in held.items()},
             "allowed": not where.live or game.live_counting, "can_write": can_write, "notice": notice,
             "live_counting": game.live_counting, "draft": None, "form": None, "value": None, "last": None}
    if seat is not None:
        panel["name"] = state.setup.name_of(seat.player_id)
        panel["last"] = _last_result(state, seat.player_id)
        if not state.finished:
            number = state.hand_count + 1
            draft = next((d for d in current_drafts(game, number) if d.player_id == seat.player_id), None)
            panel["draft"] = draft
            setup = setup_of(game)
            panel["form"] = form or draft_form(setup, draft.result if draft else None, number, blank=True,
                                               card_list=draft.card_list if draft else None)
            if draft is not None:
                panel["value"] = variant_of(setup).hand_value(draft.result["cards"], setup.options).working
    return {"panel": panel}
