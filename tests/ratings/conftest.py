"""The API tests' fixtures (users with tokens, a member of another role), shared with these tests."""

from api.conftest import api, make_api, member  # noqa: F401
