"""Which language a page speaks, and the switcher that changes it.

The browser's Accept-Language decides first; a choice made with the switcher overrides it, kept in a
cookie on this device (so visitors, the live view included, keep it too) and, for a member, in the
account so it follows them to a new phone or a new session. The JSON API always answers in English:
it is a machine contract.
"""

from urllib.parse import urlsplit

from flask import Blueprint, Flask, current_app, has_request_context, redirect, request, url_for
from flask_babel import get_locale, get_translations
from flask_login import current_user

# Jinja's own builders of newstyle gettext calls (jinja2.ext's i18n extension uses them the same way).
from jinja2.ext import _make_new_gettext, _make_new_ngettext, _make_new_npgettext, _make_new_pgettext

from .extensions import csrf

# Each language is shown in its own words, so anyone can find theirs whatever the page speaks.
LANGUAGES = {"en": "English", "ko": "한국어", "it": "Italiano"}
DEFAULT_LANGUAGE = "en"
# The languages served from a compiled catalogue (English is the source text itself).
TRANSLATED_LANGUAGES = tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
COOKIE = "ramo_language"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie

bp = Blueprint("language", __name__)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet (it is translated where it is shown)."""
    return message


def _known(code: str | None) -> str | None:
    return code if code in LANGUAGES else None


def select_locale() -> str:
    """The member's saved choice, else this device's cookie, else the browser's Accept-Language."""
    if not has_request_context() or request.path.startswith("/api/"):
        return DEFAULT_LANGUAGE
    if current_user and current_user.is_authenticated:
        saved = _known(getattr(current_user, "locale", None))
        if saved:
            return saved
    return (_known(request.cookies.get(COOKIE))
            or request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE))


def _safe_next(target: str | None) -> str:
    """Only a path on this site: never an open redirect to another host."""
    if target:
        parts = urlsplit(target)
        if target.startswith("/") and not target.startswith("//") and "\\" not in target \
                and not parts.scheme and not parts.netloc:
            return target
    return url_for("main.index")


@bp.post("/language")
def choose():
    """Switch language: remembered in a cookie, and in the account for a member; back to the same page."""
    # A member's choice is saved in the account, so it needs the CSRF token. A visitor's only sets this
    # device's cookie: the live link's viewers switch language without a session (none is made for them).
    if current_user.is_authenticated:
        csrf.protect()
    code = _known(request.form.get("locale"))
    response = redirect(_safe_next(request.form.get("next")), 303)
    if code is None:
        return response
    if current_user.is_authenticated:
        current_user.locale = code
    response.set_cookie(COOKIE, code, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True,
                        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def _switcher_context() -> dict:
    # A page answered to a POST (a form with errors) has no address to come back to; go home then.
    back = (request.full_path if request.query_string else request.path) if request.method == "GET" else ""
    return {"languages": list(LANGUAGES.items()), "current_language": str(get_locale() or DEFAULT_LANGUAGE),
            "language_next": back}


def _vary_on_language(response):
    # The same URL answers in another language for another Accept-Language or cookie.
    if response.mimetype == "text/html":
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def _page_translations() -> dict:
    """The template translation calls bound to this request's catalogue, looked up once per page.

    Flask-Babel's own template calls find the catalogue again on every call, through several
    context lookups: about 10 µs each, 100 times on a game page. These are the same newstyle
    calls Jinja builds for it (formatting, autoescape), handed the catalogue itself.
    """
    translations = get_translations()
    return {"_": _make_new_gettext(translations.ugettext), "gettext": _make_new_gettext(translations.ugettext),
            "ngettext": _make_new_ngettext(translations.ungettext),
            "pgettext": _make_new_pgettext(translations.upgettext),
            "npgettext": _make_new_npgettext(translations.unpgettext)}


def init_app(app: Flask) -> None:
    csrf.exempt(choose)
    app.register_blueprint(bp)
    app.context_processor(_switcher_context)
    app.context_processor(_page_translations)
    app.after_request(_vary_on_language)
