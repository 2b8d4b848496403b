"""The import's form: one backup file."""

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired

from ..web.forms import Form


class ImportForm(Form):
    file = FileField(_l("Backup file (.json)"), validators=[FileRequired(_l("Choose a backup file."))])
