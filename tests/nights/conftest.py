from api.conftest import api, make_api, member  # noqa: F401  (the API's fixtures: users with tokens)
