"""How a view answers: a whole page or, for a targeted htmx request, only its fragment; and the
Post/Redirect/Get redirect that htmx can follow."""

import json

from flask import make_response, redirect, render_template

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


def see_other(url: str):
    """Post/redirect/get: a 303 for a plain form; for a targeted htmx request, HX-Location.

    A followed 303 would swap a whole page into the fragment's target, so htmx is told to
    navigate instead (it fetches the page, swaps the body and pushes the URL).
    """
    if wants_fragment():
        response = make_response("", 200)
        response.headers["HX-Location"] = json.dumps({"path": url, "target": "body"})
        return response
    return redirect(url, 303)
