"""JSON API v1 (docs/API.md). The blueprint and what every view shares are in blueprint.py; each view
module registers its routes on it when imported here, so the views import the blueprint, never this package."""

from . import drafts, exports, games, leagues, nights, rulesets, seasons  # noqa: F401  (the views register themselves on bp)
from .blueprint import OPERATIONS, bp  # noqa: F401  (the app registers bp; the tests read OPERATIONS)
