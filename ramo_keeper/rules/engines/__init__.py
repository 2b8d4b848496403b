"""The engines that score definitions, by the name a definition's ``engine`` field gives.

Each is a subclass of ``Variant``, the declared contract: ``score_hand``, ``is_over`` and
``deal_layout`` (from the definition's deal table), plus the hooks an engine overrides.

>>> sorted(ENGINES)
['knock', 'levels', 'winner_takes']
"""

from ..variant import Variant
from .knock import KnockGame
from .levels import LevelGame
from .winner_takes import WinnerTakesGame

ENGINES: dict[str, type[Variant]] = {engine.engine: engine for engine in (LevelGame, WinnerTakesGame, KnockGame)}

__all__ = ["ENGINES", "KnockGame", "LevelGame", "WinnerTakesGame"]
