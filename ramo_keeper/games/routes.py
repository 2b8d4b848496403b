"""Games: list, new game, the game page, rematch, delete, share."""

from flask import Blueprint, abort, flash, make_response, redirect, request, url_for
from flask_babel import gettext
from flask_login import current_user, login_required

from ..errors import ServiceError
from ..extensions import db
from ..leagues.players import add_player, roster
from ..models import Game
from ..text.validation import whole_number
from ..variants import league_house_rules, variant_for
from ..web.access import require_league
from ..web.pagination import requested_page
from ..web.rendering import render, see_other
from . import listing, service
from .drafts.panel import Where, panel_context
from .forms import new_game_form
from .lookup import game_or_404, played_or_404
from .new_game_taps import apply_tap, seat
from .page_context import play_context
from .stored import setup_of

bp = Blueprint("games", __name__)


@bp.get("/leagues/<int:league_id>/games")
@login_required
def index(league_id: int):
    """A league's games, those in progress first, a page at a time."""
    league, membership = require_league(league_id)
    return render("games/index.html", "games/_game_list.html", league=league, membership=membership,
                  games=listing.league_games(league.id, requested_page()))


@bp.route("/leagues/<int:league_id>/games/new", methods=["GET", "POST"])
@login_required
def new(league_id: int):
    """Pick the game, seats in order, first dealer, options and season; every tap re-renders the draft."""
    league, _ = require_league(league_id, "scorer")
    players = {p.id: p for p in roster(league)}
    current = service.current_season(league)
    house_rules = league_house_rules(league.id)
    form = new_game_form(players, [s for s in league.seasons if not s.closed], current.id if current else None,
                         request.form.get("variant") or request.args.get("variant"), house_rules)
    if form.validate_on_submit():
        action = request.form.get("action", "")
        if action == "create":
            game = _create(form, league)
            if game is not None:
                return see_other(url_for("games.show", game_id=game.id))
        elif action == "new_player":
            _add_and_seat(form, league)
        else:
            apply_tap(form, action)
    return render("games/new.html", "games/_new_form.html", status=422 if form.errors else 200,
                  league=league, form=form)


def _create(form, league) -> Game | None:
    """The game as drafted, committed; None with the reason under its field when it cannot start."""
    try:
        game = service.create_game(league, current_user, form.chosen_variant.key, form.seats, form.dealer_id,
                                   form.chosen_season_id, form.options, use_current_season=False)
    except ServiceError as error:
        db.session.rollback()
        field = ({"players": form.seat, "season_id": form.season_id}.get(error.field)
                 or form.error_field(getattr(error, "option", None)))
        (field.errors if field is not None else form.form_errors).append(error.message)
        return None
    return game


def _add_and_seat(form, league) -> None:
    """"Add and seat": a new roster player, committed at once so a later tap can seat them again."""
    try:
        player = add_player(league, form.new_player.data or "")
    except ServiceError as error:
        db.session.rollback()
        form.new_player.errors.append(error.message)
        return
    form.players[player.id] = player
    seat(form, player.id)
    form.new_player.data = ""


@bp.get("/games/<int:game_id>")
@login_required
def show(game_id: int):
    """The game at the table: deal card, hand entry, scoreboard, grid."""
    game, membership, state = played_or_404(game_id)
    # After a hand recorded without JavaScript: the page opens on that hand's result.
    just_recorded = whole_number(request.args.get("recorded", "")) == state.hand_count > 0
    # The service worker keeps this page on the phone, so the game goes on after a reload with no
    # signal (static/js/sw.js): the games of whoever may record on this phone, a Play-now guest's too
    # (the phone is the guest's own; its games live on it anyway), and logging out clears them. The
    # page says so too: it asks for a fresh copy when the worker did not see it load (page-actions.js).
    keep_offline = membership.can_write
    response = make_response(render("games/show.html", **play_context(game, membership, state),
                                     **panel_context(game, state, Where(game.id), membership.can_write),
                                     just_recorded=just_recorded, keep_offline=keep_offline))
    if keep_offline:
        response.headers["X-Keep-Offline"] = "1"
    return response


@bp.post("/games/<int:game_id>/rematch")
@login_required
def rematch(game_id: int):
    """A new game with the same seats and options; the deal moves on one seat."""
    game, _ = game_or_404(game_id, "scorer", hands=False)
    seats = [s.player_id for s in game.seats]
    dealer = variant_for(game).rematch_dealer(setup_of(game))
    try:
        new_game = service.create_game(game.league, current_user, game.variant, seats, dealer,
                                       game.season_id, dict(game.options), use_current_season=False)
    except ServiceError as error:
        db.session.rollback()
        flash(error.message, "error")
        return redirect(url_for("games.show", game_id=game.id), 303)
    return redirect(url_for("games.show", game_id=new_game.id), 303)


@bp.route("/games/<int:game_id>/delete", methods=["GET", "POST"])
@login_required
def delete(game_id: int):
    """Delete a whole game: owner only, after a confirmation page."""
    game, membership, state = played_or_404(game_id, "owner" if request.method == "POST" else "viewer")
    if membership.role != "owner":
        abort(403, gettext("Only the league's owner can delete a game."))
    if request.method == "POST":
        if request.form.get("confirm") != "yes":
            flash(gettext("Tick the box to confirm the deletion."), "error")
            return redirect(url_for("games.delete", game_id=game.id), 303)
        league_id = game.league_id
        try:
            service.delete_game(game_id)
        except ServiceError as error:
            db.session.rollback()
            flash(error.message, "error")
            return redirect(url_for("games.show", game_id=game_id), 303)
        flash(gettext("The game was deleted."), "info")
        return redirect(url_for("games.index", league_id=league_id), 303)
    return render("games/delete.html", game=game, state=state)


@bp.post("/games/<int:game_id>/share")
@login_required
def share(game_id: int):
    """Make (or renew) the read-only live link."""
    game_or_404(game_id, "scorer", hands=False)
    service.share(game_id)
    return redirect(url_for("games.show", game_id=game_id, _anchor="share"), 303)


@bp.post("/games/<int:game_id>/share/revoke")
@login_required
def unshare(game_id: int):
    """Switch the live link off."""
    game_or_404(game_id, "scorer", hands=False)
    service.stop_sharing(game_id)
    flash(gettext("The live link no longer works."), "info")
    return redirect(url_for("games.show", game_id=game_id, _anchor="share"), 303)
