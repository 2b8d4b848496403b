"""Node runs our JavaScript outside a browser (the hand form's scorer, the slimmed scripts).

A machine without node skips those tests, saying so; in CI (CI set, as .ci/run and hosted runners set it)
a missing node fails them instead: a check that quietly did not run there would read as one that passed.
"""

import os
import shutil

import pytest

NODE = shutil.which("node")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def require_node(what: str) -> str:
    """node's path; without it, skip the test, or fail it in CI."""
    if NODE is None:
        message = f"node is not installed: {what} cannot run"
        if in_ci():
            pytest.fail(message + " (CI is set, so this fails instead of skipping; install nodejs)")
        pytest.skip(message)
    return NODE
