from e2e.conftest import (  # noqa: F401  (the browser fixtures: Chromium, the app served from a thread)
    _fail_fast,
    browser_context_args,
    browser_type_launch_args,
    held_answers,
    live_server,
    pytest_collection_modifyitems,
)
