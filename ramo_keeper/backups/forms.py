"""The import's form: one backup file."""

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired


class ImportForm(FlaskForm):
    file = FileField(_l("Backup file (.json)"), validators=[FileRequired(_l("Choose a backup file."))])
