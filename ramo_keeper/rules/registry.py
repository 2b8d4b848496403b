"""The VARIANTS registry: one Variant object per game key, in menu order."""

from __future__ import annotations

from .base import UnknownVariant
from .contract import Contract
from .manipulation import Manipulation
from .phase10 import Phase10
from .ramo import Ramo
from .rummy import Rummy
from .variant import Variant

VARIANTS: dict[str, Variant] = {v.key: v for v in (Ramo(), Contract(), Rummy(), Manipulation(), Phase10())}


def get_variant(key: str | Variant) -> Variant:
    """The Variant for a game key (a Variant passes through).

    >>> get_variant("ramo").name
    'Ramo'
    >>> get_variant("nope").code
    Traceback (most recent call last):
    ramo_keeper.rules.base.UnknownVariant: unknown_game {'key': 'nope'}
    """
    if isinstance(key, Variant):
        return key
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):
        raise UnknownVariant("unknown_game", key=key) from None
