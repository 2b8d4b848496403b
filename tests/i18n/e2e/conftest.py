"""The browser fixtures of tests/e2e (Debian's Chromium at 390 px, the app served from a thread)."""

from e2e.conftest import (  # noqa: F401
    _fail_fast,
    browser_context_args,
    browser_type_launch_args,
    held_answers,
    live_server,
)
