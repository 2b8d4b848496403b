"""Forms shared by every feature: a name field, a typed whole number, and a button-only form that carries
the CSRF token."""

from functools import lru_cache

from babel.support import Translations
from flask import current_app
from flask_babel import get_locale, gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, StringField
from wtforms.i18n import messages_path

from ..text.validation import Name, whole_number


@lru_cache(maxsize=16)  # a handful of languages (i18n.LANGUAGES)
def wtforms_catalogue(language: str) -> Translations:
    """WTForms' own catalogue for one language, read once per worker."""
    return Translations.load(messages_path(), [language], domain="wtforms")


class KeptCatalogue:
    """WTForms' own words (an unlabelled field's default label, "Not a valid choice.") in the page's language.

    Flask-WTF reads and parses WTForms' catalogue file again on every request that words one (about 1 ms, a
    tenth of the game page, whose hand form has unlabelled hidden fields); this reads each language's once.
    """

    def gettext(self, string: str) -> str:
        locale = get_locale()
        return string if locale is None else wtforms_catalogue(str(locale)).ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        locale = get_locale()
        if locale is None:
            return singular if n == 1 else plural
        return wtforms_catalogue(str(locale)).ungettext(singular, plural, n)


KEPT_CATALOGUE = KeptCatalogue()


class Form(FlaskForm):
    """The app's forms: Flask-WTF's, with WTForms' catalogue kept per worker (KeptCatalogue)."""

    class Meta:
        def get_translations(self, form):
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return KEPT_CATALOGUE


# A stripped name: leading and trailing blanks never make two names different.
strip = [lambda value: value.strip() if isinstance(value, str) else value]


class NameForm(Form):
    """A league, player or season name."""

    name = StringField(_l("Name"), filters=strip,
                       validators=[Name(_l("A name"), empty=_l("A name cannot be empty."))])


class EmptyForm(Form):
    """A button-only form: carries the CSRF token."""


class WholeNumberField(IntegerField):
    """A typed whole number in ASCII digits. WTForms' IntegerField uses int(), which takes "３" (full-width),
    "٣" (Arabic-Indic), "1_0" and a number of any length."""

    def process_formdata(self, valuelist):
        if not valuelist:
            return
        raw = valuelist[0].strip()
        self.data = whole_number(raw) if raw else None
        if raw and self.data is None:
            raise ValueError(gettext("Enter a whole number."))


def ascii_int(raw) -> int | str:
    """A SelectField's coerce for number choices: an ASCII whole number becomes an int; anything else stays
    text, which is no choice (so "７" is refused rather than taken for 7)."""
    number = whole_number(str(raw)) if raw is not None else None
    return raw if number is None else number


class NumberedFieldList(FieldList):
    """A FieldList whose entries are numbered in ASCII digits: "names-3". WTForms takes any key whose
    index passes str.isdigit(), so "names-²" crashed int() (a 500) and "names-１" was taken for entry 1."""

    def _extract_indices(self, prefix, formdata):
        offset = len(prefix) + 1
        for key in formdata:
            if key.startswith(prefix):
                index = whole_number(key[offset:].split(self._field_separator, 1)[0])
                if index is not None and index >= 0:
                    yield index
