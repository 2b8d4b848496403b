"""Ramo Keeper: a score keeper for rummy-family card games played with real cards."""

import io
import os
from pathlib import Path

from flask import Flask, has_request_context, send_file
from werkzeug.middleware.proxy_fix import ProxyFix

from . import i18n
from .config import load_config
from .database import transactions
from .extensions import COMPRESS_SETTINGS, babel, compress, csrf, db, htmx, login_manager, migrate
from .shell import catalogues, page_scripts, slim_html, slim_static
from .web import busy, ids


class RamoKeeper(Flask):
    def get_send_file_max_age(self, filename: str | None) -> int | None:
        # Vendored files carry their version in the name, so they never change under a URL.
        # Pico is the exception: what is sent follows the templates (slim_static.py), so it is revalidated.
        if filename and filename.replace("\\", "/").startswith("vendor/") and filename != slim_static.PICO:
            return 365 * 24 * 3600
        return super().get_send_file_max_age(filename)

    def send_static_file(self, filename: str):
        """Our own scripts and style sheets go out without their comments (slim_static.py); the rest as it is."""
        slimmed = slim_static.slimmed(self.static_folder, filename)
        if slimmed is None:
            return super().send_static_file(filename)
        body, etag, modified = slimmed
        return send_file(io.BytesIO(body), download_name=Path(filename).name, etag=etag, last_modified=modified,
                         max_age=self.get_send_file_max_age(filename), conditional=True)

    def full_dispatch_request(self):
        """The request, run once more after a deadlock; 503 with Retry-After while the database is busy."""
        return busy.dispatch(self, super().full_dispatch_request)

    def url_for(self, endpoint: str, *, _external: bool | None = None, **values) -> str:
        """With PUBLIC_URL set, every external link (invite, live link, its QR code) starts with it,
        never with the Host header a request happened to carry."""
        public_url = self.config.get("PUBLIC_URL")
        external = _external if _external is not None else not has_request_context()
        if public_url and external:
            values.pop("_scheme", None)
            return public_url + super().url_for(endpoint, _external=False, **values)
        return super().url_for(endpoint, _external=_external, **values)


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: configuration, extensions, blueprints and CLI commands."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    app = RamoKeeper(
        __name__,
        instance_path=os.path.join(root, "instance"),
        instance_relative_config=True,
        template_folder=os.path.join(root, "templates"),
        static_folder=os.path.join(root, "static"),
    )
    ids.init_app(app)  # path ids are ASCII digits that fit the database: /leagues/１ is not league 1
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(load_config(app.instance_path))
    app.config.from_mapping(COMPRESS_SETTINGS)
    if test_config:
        app.config.from_mapping(test_config)
    if app.config.get("PROXY_FIX_HOPS"):
        # Behind a reverse proxy: trust that many X-Forwarded-For/-Proto/-Host hops (never more, or
        # a client could claim any address and escape the per-address login limit).
        hops = app.config["PROXY_FIX_HOPS"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(root, "migrations"), render_as_batch=True)
    csrf.init_app(app)
    htmx.init_app(app)
    login_manager.init_app(app)
    translations = os.path.join(root, "translations")
    app.config["TRANSLATIONS_DIRECTORY"] = translations
    catalogues.ensure_compiled(translations, i18n.TRANSLATED_LANGUAGES)
    babel.init_app(app, locale_selector=i18n.select_locale, default_translation_directories=translations)
    i18n.init_app(app)
    compress.init_app(app)
    transactions.init_app(app)

    from .shell import wiring

    wiring.init_app(app)
    page_scripts.init_app(app)
    slim_html.init_app(app)

    from .accounts.cli import users_cli

    app.cli.add_command(users_cli)
    from .guests.cli import guests_cli

    app.cli.add_command(guests_cli)
    return app
