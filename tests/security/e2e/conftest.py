"""The same browser and served app as tests/e2e."""

import pytest
from e2e.conftest import (  # noqa: F401
    _fail_fast,
    browser_context_args,
    browser_type_launch_args,
    held_answers,
    live_server,
)


def pytest_collection_modifyitems(items):
    for item in items:
        if "/security/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
