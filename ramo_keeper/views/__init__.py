"""Blueprints, one per noun."""

from flask import render_template

from ..extensions import htmx


def wants_fragment() -> bool:
    """True for a targeted htmx request; boosted navigation and history restores get the page."""
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def render(page: str, fragment: str | None = None, status: int = 200, **context):
    """Render the full page, or only its fragment for a targeted htmx request.

    The page template includes the fragment, so both responses share one template.
    """
    template = fragment if fragment and wants_fragment() else page
    return render_template(template, **context), status
