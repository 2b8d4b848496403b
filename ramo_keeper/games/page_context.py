"""What every game screen needs besides the game itself (lookup.py finds that, or answers 404/403): the page
context."""

import io
from functools import lru_cache, partial

import segno
from flask import url_for
from flask_babel import get_locale
from jinja2 import pass_context
from markupsafe import Markup
from sqlalchemy import bindparam
from sqlalchemy.orm import joinedload

from .. import rules
from ..database.worker_cache import game_stamp, kept_or_built, reading
from ..extensions import db
from ..models import AuditEntry, Game
from ..rules.registry import variant_of
from ..variants import variant_for
from ..web import charts
from .drafts.store import current_drafts, drafts_as_hand
from .forms import hand_form
from .stored import setup_of

# Built once, as stored.py's game head: a statement with loader options costs more to build than to run.
_CORRECTIONS = (db.select(AuditEntry).where(AuditEntry.game_id == bindparam("game_id"))
                .options(joinedload(AuditEntry.user)).order_by(AuditEntry.id.desc()).limit(20))


def running_totals(game: Game, state: rules.GameState):
    """The running-totals chart, kept by the game's stamp and the page's language (worker_cache.py)."""
    return kept_or_built(("running totals", *game_stamp(game), str(get_locale())),
                         lambda: charts.running_totals_chart(state, variant_of(state.setup).words.hand))


# What the board fragments read besides the game's stored rows (which the stamp covers).
FRAGMENT_INPUTS = ("can_write",)


@pass_context
def kept_include(context, name: str) -> Markup:
    """A board fragment (scoreboard, deal card, grid) as `{% include name %}` renders it, kept per worker
    by the game's stamp, the page's language and whether the reader may correct hands (worker_cache.py).

    These fragments show nothing but the game's stored state in words, so one rendering serves
    every reader of that version: every phone at the table polls the same board.
    """
    game = context["game"]
    inputs = tuple(bool(context.get(key)) for key in FRAGMENT_INPUTS)
    key = ("fragment", name, *game_stamp(game), str(get_locale()), *inputs)
    # The fragment is the app's own autoescaped template, rendered: Markup only keeps it from being escaped twice.
    return kept_or_built(key, lambda: Markup(context.environment.get_template(name).render(context.get_all())))  # nosec B704


HAND_FORM = "games/_hand_form.html"
# Stand-ins, in the kept form, for the two things of the request it shows; no rendering writes a NUL.
_CSRF_MARK, _KEY_MARK = "\x00csrf token\x00", "\x00idempotency key\x00"


@pass_context
def kept_hand_form(context) -> Markup:
    """The hand form as `{% include "games/_hand_form.html" %}` renders it: a quarter of the game page's work.

    A blank form (play_context built it: no drafts to prefill, no errors) shows the game's stored state in
    the page's language and two things of the request: the session's CSRF token and the form's new
    idempotency key. So it is kept per worker by the game's stamp and the language with those two as marks,
    and each page puts its own back. A form with drafts, errors or a posted entry is rendered each time.
    """
    form = context["form"]

    def rendered() -> str:
        return context.environment.get_template(HAND_FORM).render(context.get_all())

    # As in kept_include: the app's own autoescaped template, rendered; Markup keeps it from being escaped twice.
    if not (reading() and context.get("blank_hand_form")):
        return Markup(rendered())  # nosec B704
    token = form.csrf_token.current_token if "csrf_token" in form else None
    key = form.idempotency_key.data
    fresh = []

    def with_marks() -> str | None:
        html = rendered()
        fresh.append(html)
        if html.count(key) != 1 or (token is not None and html.count(token) != 1):
            return None  # a token shown twice (never so far) could not be told apart: not kept
        html = html.replace(key, _KEY_MARK)
        return html if token is None else html.replace(token, _CSRF_MARK)

    kept = kept_or_built(("hand form", *game_stamp(context["game"]), str(get_locale()), token is None), with_marks)
    if kept is None:
        return Markup(fresh[0] if fresh else rendered())  # nosec B704
    html = kept.replace(_KEY_MARK, key)
    return Markup(html if token is None else html.replace(_CSRF_MARK, token))  # nosec B704


@lru_cache(maxsize=256)
def qr_file(url: str) -> bytes:
    """The live link's QR code as a file of its own (/live/<token>/qr.svg): the game page shows it as an image
    fetched only when it is opened, so a first visit does not carry it (issue 28's 45 KB)."""
    buffer = io.BytesIO()
    # Its name is the image's alt text, in the page's language; the file is the same in every language.
    segno.make(url, error="m").save(buffer, kind="svg", xmldecl=False, scale=4, dark="#111", light="#fff")
    return buffer.getvalue()


@lru_cache(maxsize=256)
def qr_markup(url: str, title: str) -> Markup:
    """The QR code drawn once per link and title: finding its best mask costs more than the rest of the page."""
    # segno writes the SVG itself and escapes the title.
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff", omitsize=True, title=title)
    return Markup(svg)  # nosec B704


def board_context(game: Game, state: rules.GameState) -> dict:
    """Everything the scoreboard, grid and deal card show."""
    variant = variant_for(game)
    names = {s.player_id: s.name for s in state.setup.seats}
    deal = None if state.finished else rules.deal(state.setup, state)
    return {"game": game, "state": state, "variant": variant, "names": names, "deal": deal,
            "last_hand": state.hands[-1] if state.hands else None,
            "totals_chart": partial(running_totals, game, state)}


def play_context(game: Game, membership, state: rules.GameState, form=None) -> dict:
    """The game page: the board, and for scorers the entry form for the next hand."""
    context = board_context(game, state)
    can_write = membership is not None and membership.can_write
    drafts = current_drafts(game, state.hand_count + 1) if can_write and not state.finished else []
    # A blank form (no drafts, nothing posted) is the same for every scorer of this version (kept_hand_form).
    blank_form = can_write and not state.finished and form is None and not drafts
    if can_write and not state.finished and form is None:
        form = hand_form(setup_of(game), prefill=drafts_as_hand(drafts) if drafts else None, blank=True,
                         hand_number=state.hand_count + 1)
        variant = variant_for(game)
        if drafts and not any(variant.marked(r, variant.out_flag) for r in drafts_as_hand(drafts).results):
            form.went_out.data = None  # nobody claims to be out: the scorer picks, nothing is picked for them
    # The players who counted their own cards on their phones (drafts/): their blocks say so.
    context.update(membership=membership, can_write=can_write, form=form if can_write else None,
                   blank_hand_form=blank_form,
                   counted={d.player_id: {"name": state.setup.name_of(d.player_id), "version": d.version,
                                          "cards": d.card_list} for d in drafts})
    if membership is not None:
        context["audit"] = list(db.session.execute(_CORRECTIONS, {"game_id": game.id}).scalars())
        if game.share_token:
            live = url_for("live.show", token=game.share_token, _external=True)
            context.update(live_url=live)
    return context
