"""The JSON API v1 blueprint; its views live in ramo_keeper/api/."""

from ..api import bp

__all__ = ["bp"]
