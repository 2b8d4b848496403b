"""The API's one error shape, {"error": a sentence to act on, "details": {"code": …}}, wherever an
answer to /api/ is made: the API's views, the app's error pages and the busy database's 503."""

from flask import jsonify

# details.code is stable for scripts: a rule error's own code (text/rule_errors.py), else one per status.
STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "not_allowed",
                409: "conflict", 413: "too_large", 422: "invalid", 429: "too_many_requests", 500: "server_error",
                503: "busy"}


def error(status: int, message: str, details: dict | None = None, headers=None):
    details = {"code": STATUS_CODES.get(status, "error"), **(details or {})}
    return jsonify({"error": str(message), "details": details}), status, headers or {}
