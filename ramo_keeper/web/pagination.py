"""One page of a list: a fixed page size, a stable order, and plain next/previous links.

A page is read with LIMIT size + 1: the extra row says whether a next page exists, so a list
costs the same statements on page 1 of 1 as on page 3 of 300 (no COUNT).
"""

from dataclasses import dataclass

from flask import request

from ..extensions import db
from ..text.validation import whole_number

PAGE_SIZE = 20
# A page far past any real list would only make the database skip rows for nothing.
MAX_PAGE = 10_000


@dataclass(frozen=True)
class Page:
    items: list
    number: int
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def requested_page(arg: str = "page") -> int:
    """The page number in the query string; anything unusable is page 1 (and "２", full-width, is unusable)."""
    number = whole_number(request.args.get(arg, ""))
    return number if number is not None and 1 <= number <= MAX_PAGE else 1


def paginate(query, number: int, size: int = PAGE_SIZE, rows: bool = False) -> Page:
    """Page `number` of a query that is already ordered by a unique key (ties broken by id)."""
    result = db.session.execute(query.limit(size + 1).offset((number - 1) * size))
    items = list(result.all() if rows else result.scalars().unique())
    return Page(items[:size], number, len(items) > size)
