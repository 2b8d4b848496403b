"""House-rule tests use the API's fixtures (a user with a token, members with roles)."""

from tests.api.conftest import api, make_api, member  # noqa: F401
