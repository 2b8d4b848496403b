"""Which language a page speaks, and the switcher that changes it.

The browser's Accept-Language decides first; a choice made with the switcher overrides it, kept in a
cookie on this device (so visitors, the live view included, keep it too) and, for a member, in the
account so it follows them to a new phone or a new session. The JSON API speaks the language its
request's Accept-Language asks for, and only that: a script's answers never change because its owner
switched the pages' language (docs/API.md). English when it asks for none we speak.
"""

import re
from urllib.parse import urlsplit

from flask import Blueprint, Flask, current_app, has_request_context, redirect, request, url_for
from flask_babel import Domain, get_locale, get_translations
from flask_login import current_user

# Jinja's own builders of newstyle gettext calls (jinja2.ext's i18n extension uses them the same way).
from jinja2 import pass_context
from jinja2.ext import _make_new_gettext, _make_new_ngettext, _make_new_npgettext, _make_new_pgettext
from markupsafe import Markup

from .extensions import babel, csrf

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


# ---- Korean particles ------------------------------------------------------------------------------
# A Korean sentence that quotes a word (a name, a level word, a number) writes the particle after it in
# both forms, "%(name)s은(는)"; which one is said depends on the word's last sound, known only when the
# sentence is filled in. So every translated sentence, once filled, has each such pair replaced by the
# form its word takes: a final consonant (받침) takes 은, 이, 을, 과, 으로 (but ㄹ takes 로).
PARTICLES = {"은(는)": ("은", "는"), "는(은)": ("은", "는"), "이(가)": ("이", "가"), "가(이)": ("이", "가"),
             "을(를)": ("을", "를"), "를(을)": ("을", "를"), "과(와)": ("과", "와"), "와(과)": ("과", "와"),
             "(으)로": ("으로", "로"), "이에요(예요)": ("이에요", "예요"), "(이)다": ("이다", "다"),
             "(이)라는": ("이라는", "라는"), "(이)라고": ("이라고", "라고")}
_PAIR = re.compile("|".join(re.escape(pair) for pair in sorted(PARTICLES, key=len, reverse=True)))
# What may stand between a word and its particle: closing quotes and brackets, or an HTML entity for one.
_CLOSERS = re.compile(r"(?:[’”'\")\]」』›»]|&#\d+;|&#x[0-9a-fA-F]+;|&\w+;)+$")
# How digits and Latin letters end when read aloud in Korean: 1 일, 3 삼, 6 육, 7 칠, 8 팔, 0 영, 10 십;
# a Latin word by its last letter (Bob, Sam, Al end in a consonant; Bo, Sofia do not).
_DIGIT_ENDS = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ", "9": ""}
_LATIN_ENDS = {**{letter: "" for letter in "aeiouwyhfsxz"}, "l": "ㄹ", "r": "", "m": "ㅁ", "n": "ㄴ"}
_FINALS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"


def final_consonant(word: str) -> str | None:
    """The final consonant (받침) the word ends with when read, "" for none, None when it cannot be told.

    >>> final_consonant("민준"), final_consonant("지우"), final_consonant("레벨 8"), final_consonant("Sam")
    ('ㄴ', '', 'ㄹ', 'ㅁ')
    """
    word = _CLOSERS.sub("", word.rstrip())
    if not word:
        return None
    last = word[-1]
    if "가" <= last <= "힣":
        return _FINALS[(ord(last) - 0xAC00) % 28].strip()
    if last.isdigit() and last in _DIGIT_ENDS:
        if last == "0" and len(word) > 1 and word[-2].isdigit():  # 10 십, 20 이십, 100 백
            return "ㄱ" if word.endswith("00") else "ㅂ"
        return _DIGIT_ENDS[last]
    if last.isascii() and last.isalpha():
        silent_e = {"le": "ㄹ", "me": "ㅁ", "ne": "ㄴ"}  # table 테이블, name 네임, phone 폰: the e is not read
        if word.lower()[-2:] in silent_e:
            return silent_e[word.lower()[-2:]]
        return _LATIN_ENDS.get(last.lower(), "ㄱ")
    return None


def particle(word: str, pair: str) -> str:
    """The form of a particle pair ("을(를)") that follows the word: 민준을, 지우를, 레벨 8을, phase를.

    >>> particle("민준", "을(를)"), particle("지우", "을(를)"), particle("계약", "(으)로"), particle("레벨", "(으)로")
    ('을', '를', '으로', '로')
    """
    with_final, without = PARTICLES[pair]
    final = final_consonant(word)
    if final is None:
        final = "ㄱ"  # a word of unknown sound (an emoji, a symbol) reads as a consonant ending
    if pair == "(으)로" and final == "ㄹ":
        return without
    return with_final if final else without


def with_particles(text: str) -> str:
    """A filled sentence with each particle pair replaced by the form its word takes (Markup stays Markup).

    >>> with_particles("민준 님은(는) 레벨 8을(를) 마쳤고 ‘지우’이(가) 이겼습니다.")
    '민준 님은 레벨 8을 마쳤고 ‘지우’가 이겼습니다.'
    """
    if "(" not in text:
        return text
    out = _PAIR.sub(lambda m: particle(text[:m.start()], m[0]), text)
    return Markup(out) if isinstance(text, Markup) else out


class ParticleDomain(Domain):
    """Flask-Babel's domain, each sentence's particles chosen once it is filled. A sentence looked up without
    its values (a lazy string filled later, a definition's sentence) is filled by its caller, which chooses
    them then (text/)."""

    def gettext(self, string, **variables):
        said = super().gettext(string, **variables)
        return with_particles(said) if variables else said

    def ngettext(self, singular, plural, num, **variables):
        return with_particles(super().ngettext(singular, plural, num, **variables))

    def pgettext(self, context, string, **variables):
        said = super().pgettext(context, string, **variables)
        return with_particles(said) if variables else said

    def npgettext(self, context, singular, plural, num, **variables):
        return with_particles(super().npgettext(context, singular, plural, num, **variables))


def _filled(call):
    """A template translation call whose sentence has its particles chosen once filled."""
    @pass_context
    def translate(context, *args, **kwargs):
        return with_particles(call(context, *args, **kwargs))
    return translate


def is_api_request() -> bool:
    return request.path.startswith("/api/")


def _known(code: str | None) -> str | None:
    return code if code in LANGUAGES else None


def select_locale() -> str:
    """The member's saved choice, else this device's cookie, else the browser's Accept-Language; for the
    API, its Accept-Language alone."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    if is_api_request():
        return request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE)
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
    # The same URL answers in another language for another Accept-Language or cookie (the API's, for
    # another Accept-Language only).
    if is_api_request():
        response.vary.add("Accept-Language")
    elif response.mimetype == "text/html":
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
    gettext = _filled(_make_new_gettext(translations.ugettext))
    return {"_": gettext, "gettext": gettext,
            "ngettext": _filled(_make_new_ngettext(translations.ungettext)),
            "pgettext": _filled(_make_new_pgettext(translations.upgettext)),
            "npgettext": _filled(_make_new_npgettext(translations.unpgettext))}


def init_app(app: Flask) -> None:
    babel.__dict__["domain_instance"] = ParticleDomain(domain=app.config.get("BABEL_DOMAIN", "messages"))
    csrf.exempt(choose)
    app.register_blueprint(bp)
    app.context_processor(_switcher_context)
    app.context_processor(_page_translations)
    app.after_request(_vary_on_language)
