"""Security headers on every response: a strict Content-Security-Policy and friends.

Scripts come only from our own files (no inline script, no handler attributes, no eval), so an
injected `<script>` or `onerror=` does nothing even if escaping ever failed somewhere.
"""

from flask import Flask, request
from flask_login import current_user

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    # The QR code is inline SVG; data: covers icons a stylesheet may embed.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
HSTS = "max-age=63072000"


def _private() -> bool:
    """A page only a logged-in member (or an API token holder) may see: never kept by a cache or the back button."""
    if request.endpoint == "static":
        return False
    if request.blueprint == "api":
        return request.endpoint != "api.openapi"
    return bool(current_user) and current_user.is_authenticated


def add_security_headers(response):
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    # Invite and live links carry their token in the path: never send it to another site.
    headers.setdefault("Referrer-Policy", "same-origin")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", HSTS)
    if "Cache-Control" not in headers and _private():
        response.cache_control.no_store = True
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_security_headers)
