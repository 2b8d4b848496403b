"""Unbound extensions, initialised in create_app()."""

import flask_compress
from flask_babel import Babel
from flask_htmx import HTMX
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData

# Named constraints keep Alembic migrations identical on SQLite and PostgreSQL.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Brotli where the client takes it, else gzip; pages, htmx fragments, JSON, CSV and static text.
COMPRESS_SETTINGS = {
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    # Static files are sent as streams; flask-compress streams brotli but not gzip.
    "COMPRESS_ALGORITHM_STREAMING": ["br"],
    "COMPRESS_MIMETYPES": ["text/html", "application/json", "text/csv", "text/css", "text/javascript",
                           "application/javascript", "application/manifest+json", "image/svg+xml"],
    "COMPRESS_MIN_SIZE": 500,
}


class Compress(flask_compress.Compress):
    """flask-compress that leaves the view's ETag as it was.

    Here an ETag names a state, not bytes: the game's version, which API scripts send back in
    If-Match and which a polling phone sends back in If-None-Match. flask-compress would append
    ":br" or ":gzip", and the views would never recognise their own validator again (every poll
    a full 200). Responses carry Vary: Accept-Encoding, so no cache hands one encoding to a
    client that asked for another.
    """

    def after_request(self, response):
        etag = response.headers.get("ETag")
        source = response.response
        response = super().after_request(response)
        if etag is not None:
            response.headers["ETag"] = etag
        if response.response is not source and hasattr(source, "close"):
            # A compressed stream (a static file) replaces the file's iterator with a generator
            # that never closes the file: close it with the response.
            response.call_on_close(source.close)
        return response


db = SQLAlchemy(metadata=MetaData(naming_convention=NAMING_CONVENTION))
migrate = Migrate()
csrf = CSRFProtect()
login_manager = LoginManager()
htmx = HTMX()
babel = Babel()
compress = Compress()
