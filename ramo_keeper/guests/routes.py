"""Play now without signing up, and "Save to an account" (keep it, or move the games)."""

from flask import Blueprint, flash, make_response, redirect, request, url_for
from flask_babel import gettext, ngettext
from flask_login import current_user, login_user

from ..accounts.forms import RegisterForm
from ..errors import ServiceError
from ..extensions import db
from ..leagues.service import create_league
from ..models import League
from ..web.rendering import render
from . import service
from .cookie import cookie_guest, forget_guest, remember_guest
from .forms import MoveForm, PlayForm
from .move import move_games
from .throttling import guest_creation_refused

bp = Blueprint("guests", __name__)


def _play_page(form: PlayForm, chips: list[str], league: League | None, status: int = 200,
               retry_after: int | None = None):
    response = make_response(*render("guests/play.html", "guests/_play_form.html", status=status,
                                      form=form, chips=chips, quick_league=_quick(league)))
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


def _quick(league: League | None) -> League | None:
    """An account's league for its quick game (the page names it); None on a guest's Play now."""
    return league if current_user.is_authenticated and not current_user.is_guest else None


@bp.route("/play", methods=["GET", "POST"])
def play():
    """Pick the game and name the players; Start makes the game (and, the first time, the guest).

    An account plays here too: a quick game in the league it last played in, its last table's players
    already named (issue 35: one tap from home, not league → New game → four chips → Start)."""
    league = service.play_league(current_user) if current_user.is_authenticated else None
    member = current_user.is_authenticated and not current_user.is_guest
    if member and league is None:
        return render("guests/for_accounts.html", heading=gettext("Play now"),
                      message=gettext("You have an account: start a new game from one of your leagues."))
    chips = service.remembered_names(league)
    data = {"variant": service.last_variant(league)}
    if member and request.method == "GET":
        data["names"] = service.last_table(league)
    form = PlayForm(data=data)
    if request.method == "POST" and request.form.get("chip"):
        form.place(request.form["chip"].strip())
        return _play_page(form, chips, league)
    if request.method == "POST" and request.form.get("more"):
        form.place_empty()
        return _play_page(form, chips, league)
    if not form.validate_on_submit():
        return _play_page(form, chips, league, status=422 if form.errors else 200)
    return _start(form, league, chips)


def _start(form: PlayForm, league: League | None, chips: list[str]):
    """Record the new game; a new guest only after the throttle allows one from this address."""
    new_guest = not current_user.is_authenticated
    if new_guest:
        retry_after = guest_creation_refused(request.remote_addr or "unknown")
        if retry_after:
            form.form_errors.append(ngettext(
                "Too many new guests from this address just now: try again in %(num)d minute, or log in.",
                "Too many new guests from this address just now: try again in %(num)d minutes, or log in.",
                max(1, retry_after // 60)))
            return _play_page(form, chips, league, status=429, retry_after=retry_after)
    try:
        user = service.create_guest() if new_guest else current_user._get_current_object()
        game = service.start_game(user, form.variant.data, form.typed_names, league)
    except ServiceError as error:
        db.session.rollback()
        form.names.errors.append(error.message)
        return _play_page(form, chips, league, status=422)
    response = redirect(url_for("games.show", game_id=game.id), 303)
    return remember_guest(response, user) if new_guest else response


@bp.get("/guest/save")
def save():
    """Keep the guest's games: as a new account, or (after logging in) in one of the account's leagues."""
    if not current_user.is_authenticated:
        return redirect(url_for("main.index"), 303)
    if current_user.is_guest:
        return render("guests/save.html", keep_form=RegisterForm(), games=service.game_count(current_user))
    guest = cookie_guest()
    if guest is None:
        return render("guests/for_accounts.html", heading=gettext("Save to an account"),
                      message=gettext("This phone holds no guest games: everything you play is saved to your "
                                      "account."))
    form = MoveForm()
    form.offer(service.writable_leagues(current_user))
    return _move_page(form, guest)


def _move_page(form: MoveForm, guest, status: int = 200):
    """What will move (the guest's own leagues) and what stays (leagues shared with others)."""
    alone = service.leagues_held_alone(guest)
    shared = len(guest.memberships) - len(alone)
    return render("guests/move.html", form=form, games=service.game_count(guest, alone), shared=shared,
                  status=status)


@bp.post("/guest/keep")
def keep():
    """The guest becomes a normal account with a name and password."""
    if not (current_user.is_authenticated and current_user.is_guest):
        return redirect(url_for("guests.save"), 303)
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            user = service.keep_as_account(current_user._get_current_object(), form.username.data,
                                           form.password.data)
        except ServiceError as error:
            getattr(form, error.field or "username").errors.append(error.message)
        else:
            login_user(user, remember=True)
            flash(gettext("Saved: you are %(name)s now, with all your games.", name=user.username), "success")
            return forget_guest(redirect(url_for("main.index"), 303))
    return render("guests/save.html", keep_form=form, games=service.game_count(current_user), status=422)


@bp.post("/guest/move")
def move():
    """Move the guest's games, players and history into a league of the logged-in account."""
    guest = cookie_guest()
    if guest is None or not current_user.is_authenticated or current_user.is_guest:
        return redirect(url_for("guests.save"), 303)
    form = MoveForm()
    form.offer(service.writable_leagues(current_user))
    if form.validate_on_submit():
        target = _target_league(form.league.data)
        try:
            moved = move_games(guest, current_user, target)
        except ServiceError as error:
            db.session.rollback()
            form.league.errors.append(error.message)
        else:
            flash(ngettext("Moved %(num)d game into %(league)s.", "Moved %(num)d games into %(league)s.",
                           moved.games, league=target.name), "success")
            if moved.shared:
                flash(ngettext("You took the guest's place in %(num)d league shared with others: it stays as it was.",
                               "You took the guest's place in %(num)d leagues shared with others: they stay as "
                               "they were.", moved.shared), "info")
            return forget_guest(redirect(url_for("games.index", league_id=target.id), 303))
    return _move_page(form, guest, status=422)


def _target_league(choice: str) -> League:
    if choice == MoveForm.NEW:
        return create_league(current_user, gettext(service.GUEST_LEAGUE_NAME))
    return db.session.get(League, int(choice))

