"""Forms shared by every feature: a name field, a typed whole number, and a button-only form that carries
the CSRF token."""

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, StringField

from ..text.validation import Name, whole_number

# A stripped name: leading and trailing blanks never make two names different.
strip = [lambda value: value.strip() if isinstance(value, str) else value]


class NameForm(FlaskForm):
    """A league, player or season name."""

    name = StringField(_l("Name"), filters=strip,
                       validators=[Name(_l("A name"), empty=_l("A name cannot be empty."))])


class EmptyForm(FlaskForm):
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
