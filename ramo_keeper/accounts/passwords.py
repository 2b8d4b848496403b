"""Password rules: long enough, and not one of the passwords every attacker tries first."""

from functools import cache
from pathlib import Path

from flask_babel import gettext

from ..i18n import N_

MIN_PASSWORD = 8
COMMON_PASSWORDS_FILE = Path(__file__).with_name("common_passwords.txt")

MESSAGES = {
    "too_short": N_("Use at least %(min)d characters."),
    "common": N_("That password is on the list of the most common passwords: choose another."),
}


@cache
def _common() -> frozenset[str]:
    lines = COMMON_PASSWORDS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line.casefold() for line in lines if line and not line.startswith("#"))


def password_problem(password: str) -> str | None:
    """Why the password is refused, or None. "password" and "PassWord" are both refused as common."""
    if len(password) < MIN_PASSWORD:
        return gettext(MESSAGES["too_short"], min=MIN_PASSWORD)
    if password.casefold() in _common():
        return gettext(MESSAGES["common"])
    return None


class AcceptablePassword:
    """WTForms validator around password_problem()."""

    def __call__(self, form, field):
        from wtforms.validators import ValidationError

        message = password_problem(field.data or "")
        if message:
            raise ValidationError(message)
