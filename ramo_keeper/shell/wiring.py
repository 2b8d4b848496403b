"""Wiring of the web layer: blueprints, login, error pages, response headers."""

from flask import Flask, abort, render_template, request
from flask_babel import gettext
from flask_wtf.csrf import CSRFError

from ..accounts.service import user_for_session
from ..extensions import login_manager
from ..i18n import N_
from ..text.validation import MESSAGES as text_messages
from ..text.validation import storable
from ..web.json_errors import error as json_error


def init_app(app: Flask) -> None:
    from .. import api
    from ..accounts import routes as accounts
    from ..backups import routes as backups
    from ..exports import routes as exports
    from ..games import hands, live
    from ..games import routes as games
    from ..guests import cookie as guest_cookie
    from ..guests import routes as guests
    from ..house_rules import routes as house_rules
    from ..house_rules import rules_pages
    from ..leagues import roster
    from ..leagues import routes as leagues
    from ..nights import board as night_board
    from ..nights import cards as night_cards
    from ..nights import closing as night_closing
    from ..nights import room as night_room
    from ..nights import routes as nights
    from ..ratings import routes as ratings
    from ..seasons import player_page
    from ..seasons import routes as seasons
    from . import home

    for module in (home, accounts, guests, leagues, roster, games, hands, live, rules_pages, seasons, player_page,
                   backups, exports, ratings, house_rules, nights, night_board, night_room,
                   night_cards, api):
        app.register_blueprint(module.bp)
    from .pwa import bp as pwa_bp  # the service worker, favicon and offline page of the installable app
    app.register_blueprint(pwa_bp)
    from ..games.drafts import phone
    from ..games.drafts import routes as drafts  # everyone counts their own cards (issue 21)

    app.register_blueprint(drafts.bp)
    phone.init_app(app)
    night_closing.init_app(app)  # a night stores its standings as its last table finishes

    from . import headers, template_helpers

    template_helpers.init_app(app)
    headers.init_app(app)
    guest_cookie.init_app(app)
    login_manager.login_view = "auth.login"
    login_manager.login_message = N_("Log in to see that page.")
    login_manager.localize_callback = gettext
    login_manager.login_message_category = "info"

    @login_manager.user_loader
    def load_user(session_id: str):
        return user_for_session(session_id)

    @app.before_request
    def refuse_unstorable_text():
        # NUL and other control characters in a URL or form field: refused before any view or query
        # sees them (PostgreSQL would fail on NUL with a 500). Names get the stricter clean_name() check.
        if not storable(request.path):
            abort(404)  # no address with such a character exists
        if not all(storable(value) for value in _incoming_text()):
            return _error_page(400, gettext(text_messages["unreadable"]))
        return None

    @app.errorhandler(CSRFError)
    def csrf_error(error):
        return _error_page(400, gettext("Your form expired or was sent from elsewhere. "
                                        "Reload the page and try again."))

    for code, message in (
        (403, N_("You can look but not change this: ask the league's owner for the scorer role.")),
        (404, N_("There is nothing here, or it belongs to a league you are not in.")),
        (405, N_("That action is not allowed here.")),
        (409, N_("That conflicts with the current state; reload and try again.")),
        (413, N_("That upload is too large.")),
    ):
        app.register_error_handler(code, _handler(code, message))

    @app.after_request
    def vary_on_htmx(response):
        # A fragment and a full page share one URL: caches must key on the htmx headers.
        response.vary.add("HX-Request")
        response.vary.add("HX-Target")
        return response


def _incoming_text():
    for multi in (request.args, request.form):
        for key, value in multi.items(multi=True):
            yield key
            yield value


def _handler(code: int, message: str):
    def handle(error):
        # Keep headers such as a 405's Allow.
        headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"] \
            if hasattr(error, "get_headers") else None
        # A description given to abort() is specific; werkzeug's class default is not.
        description = getattr(error, "description", None)
        if description and description != type(error).description:
            return _error_page(code, description, headers)
        return _error_page(code, gettext(message), headers)

    return handle


def _error_page(code: int, message: str, headers=None):
    if request.path.startswith("/api/"):
        return json_error(code, message, headers=headers)
    return render_template("error.html", code=code, message=message), code

