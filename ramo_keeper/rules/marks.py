"""The marks a hand result can carry (docs/GAMES.md), as data: declared by a definition, stored as keys.

The core carries a result's marks as a set of the definition's mark keys, and a stored result keeps
them as one sorted list, so two equal hands store the same list and the app never needs a column (or
a line of code) per mark. Only the edges that promise one true or false per mark (the API's
``Result`` and hand body, the backup file) spell them out, with ``mark_fields`` and ``marks_in``:

>>> from ramo_keeper.rules import PlayerResult
>>> mark_fields(PlayerResult(1, marks={"went_out", "laid_down"}).marks)["laid_down"]
True
>>> sorted(marks_in({"went_out": True, "knocked": False, "cards": {}}))
['went_out']

Each mark has its words here, in English (the app looks them up in the reader's language, and
rules/words.py hands them to Babel with the definitions that declare them), and its sign on the
hand-by-hand grid; a mark that multiplies the hand shows its factor.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .limits import MARKS

# The mark the statistics' lay-down rates per level count (Variant.counts_lay_downs).
LAID_DOWN = "laid_down"

# word: the mark on the grid and the scoresheet; box: a per-player box on the hand form (field: its
# name, "laid" + "_<player id>" as the form has always posted); question: a switch for the player out.
# mine: the box on a seated player's own phone (drafts/).
MARK_WORDS: dict[str, dict[str, str]] = {
    "went_out": {"word": "went out", "sign": "★", "who": "%(name)s out", "mine": "I went out"},
    "laid_down": {"word": "laid down", "sign": "▾", "box": "Laid down", "field": "laid", "mine": "I laid down"},
    "knocked": {"word": "knocked", "sign": "✊", "who": "%(name)s knocked", "mine": "I knocked"},
    "went_rummy": {"word": "went rummy", "question": "The player who went out went rummy (whole hand in one turn)"},
}


@dataclass(frozen=True)
class Mark:
    """One mark a definition declares, with what it implies or requires and how it reads."""

    key: str
    implies: frozenset[str] = frozenset()
    requires: str | None = None
    multiplies: int | None = None

    def _words(self) -> Mapping[str, str]:
        return MARK_WORDS[self.key]

    @property
    def word(self) -> str:
        """"went rummy": the mark's label on the grid, the scoresheet and its legend."""
        return self._words()["word"]

    @property
    def sign(self) -> str:
        """"★", or the factor of a mark that multiplies the hand ("×2")."""
        return f"×{self.multiplies}" if self.multiplies else self._words().get("sign", "•")

    @property
    def who(self) -> str:
        """What the Record button says of the player given this mark: "%(name)s knocked"."""
        return self._words().get("who", MARK_WORDS["went_out"]["who"])

    @property
    def box(self) -> str:
        """The label of the mark's box in each player's block: "Laid down"."""
        return self._words().get("box", self.word.capitalize())

    @property
    def field(self) -> str:
        """The hand form's field for the mark: a box per player adds "_<player id>" ("laid_3")."""
        return self._words().get("field", self.key)

    @property
    def mine(self) -> str:
        """The box on a seated player's own phone: "I laid down"."""
        return self._words().get("mine", self.word)

    @property
    def question(self) -> str:
        """The label of the one switch a mark that requires another has: "The player who went out went rummy …"."""
        return self._words().get("question", self.word)


def read_marks(entries: Iterable[Mapping]) -> tuple[Mark, ...]:
    """A definition's ``marks`` entries as Marks, in the definition's order."""
    return tuple(Mark(m["key"], frozenset(m.get("implies", ())), m.get("requires"), m.get("multiplies"))
                 for m in entries)


def carried(implies: Mapping[str, Iterable[str]], marks: Iterable[str]) -> frozenset[str]:
    """The marks a result carries: those given, and every mark they imply, step by step (docs/RULES.md §8).

    >>> sorted(carried({"went_rummy": ["went_out"], "went_out": ["laid_down"]}, {"went_rummy"}))
    ['laid_down', 'went_out', 'went_rummy']
    """
    found, todo = set(marks), list(marks)
    while todo:
        for implied in implies.get(todo.pop(), ()):
            if implied not in found:
                found.add(implied)
                todo.append(implied)
    return frozenset(found)


def factor(multiplies: Mapping[str, int], marks: Iterable[str]) -> int:
    """What a player's hand score is multiplied by: the factor of every mark carried, one after another.

    >>> factor({"went_out": 2, "went_rummy": 3}, {"went_out", "went_rummy", "laid_down"})
    6
    """
    product = 1
    for mark in marks:
        product *= multiplies.get(mark, 1)
    return product


def form_questions(marks: Iterable[Mark], implies: Mapping[str, Iterable[str]],
                   out_mark: str) -> tuple[tuple[Mark, ...], tuple[Mark, ...]]:
    """What the hand form asks besides its one out choice: a box per player, and a switch for the player out.

    No question for the out mark, nor for a mark that implies it (the engine gives that one: Manipulation's
    knocker holding nothing went out). A mark that requires one of those is asked once, of the player out
    (Rummy's went rummy); every other mark, one that requires another among them (the engine checks the
    requirement), has a box per player (Ramo's laid down).

    >>> each, once = form_questions([Mark("went_out", frozenset({"laid_down"})), Mark("laid_down"),
    ...     Mark("went_rummy", requires="went_out"), Mark("knocked", requires="laid_down")],
    ...     {"went_out": ["laid_down"]}, "went_out")
    >>> [m.key for m in each], [m.key for m in once]
    (['laid_down', 'knocked'], ['went_rummy'])
    """
    marks = tuple(marks)
    ending = {mark.key for mark in marks if out_mark in carried(implies, {mark.key})}
    each, once = [], []
    for mark in marks:
        if mark.key not in ending:
            (once if mark.requires in ending else each).append(mark)
    return tuple(each), tuple(once)


def mark_fields(marks: Iterable[str]) -> dict[str, bool]:
    """Marks as the edges' fields, every mark the app knows present: ``{"went_out": True, "laid_down": False, …}``.

    >>> mark_fields(["went_out", "shouted"])
    Traceback (most recent call last):
    ValueError: unknown mark 'shouted'
    """
    carried = set(marks)
    for mark in sorted(carried - set(MARKS)):
        raise ValueError(f"unknown mark {mark!r}")
    return {mark: mark in carried for mark in MARKS}


def marks_in(fields: Mapping) -> frozenset[str]:
    """The marks an edge's fields set true (an API or backup result): the reverse of ``mark_fields``."""
    return frozenset(mark for mark in MARKS if fields.get(mark, False))
