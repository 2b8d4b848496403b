"""A draft's cards one by one (7, 3, K), as the player tapped them on their own phone.

The counts by category stay what scores (`pips` 10, `tens` 1): the list only says which cards make
them up, so the scorer's form can show the cards as tapped (static/js/card-keys.js) rather than
their sums. A card is `{"category": key}` of one of the game's card categories, plus `"rank"` (2–9)
where the category counts face values (RULES.md §0: the 2–9 cards count their face value):

>>> from ramo_keeper import rules
>>> pips, tens = rules.CardCategory("pips", "Pips", 1, face_value=True), rules.CardCategory("tens", "10s", 10)
>>> checked_card_list([{"category": "pips", "rank": 7}, {"category": "pips", "rank": 3}, {"category": "tens"}],
...                   (pips, tens), {"pips": 10, "tens": 1})
[{'category': 'pips', 'rank': 7}, {'category': 'pips', 'rank': 3}, {'category': 'tens'}]
>>> try:
...     checked_card_list([{"category": "tens", "rank": 10}], (pips, tens), {"tens": 1})
... except BadCardList as refused:
...     print(refused.details["path"], "-", refused.message)
card_list[0].rank - card_list[0].rank: a card of tens has no rank: send {"category": "tens"}.

The list comes from the card keys' script or an API client, never typed by a person, so its refusals
are the API's plain English 400s (docs/API.md), each naming where in the body (`details.path`).
"""

from collections.abc import Mapping, Sequence

from ... import rules
from ...errors import ServiceError

FACE_RANKS = range(2, 10)


class BadCardList(ServiceError):
    """The card list cannot be a hand of this game, or does not add up to the counts beside it: 400."""

    status = 400

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}", details={"path": path})


def checked_card_list(cards, categories: Sequence[rules.CardCategory], counts: Mapping[str, int],
                      path: str = "card_list") -> list[dict]:
    """The list as stored (a rank only where the category has one), or BadCardList naming the first fault.

    `categories` are the game's categories in play (Variant.categories_for its options); `counts` the
    draft's counts, which the list must add up to exactly.
    """
    if not isinstance(cards, list):
        raise BadCardList(path, "send a list of cards, such as [{\"category\": \"pips\", \"rank\": 7}].")
    if len(cards) > rules.MAX_CARDS:
        raise BadCardList(path, f"a hand holds at most {rules.MAX_CARDS} cards.")
    known = {category.key: category for category in categories}
    kept = [_checked_card(card, known, f"{path}[{index}]") for index, card in enumerate(cards)]
    for category in categories:
        mine = [card for card in kept if card["category"] == category.key]
        listed = sum(card["rank"] for card in mine) if category.face_value else len(mine)
        if listed != counts.get(category.key, 0):
            raise BadCardList(path, f"the cards add up to {listed} for {category.key}, but cards.{category.key} "
                                    f"is {counts.get(category.key, 0)}: send the counts the cards make.")
    return kept


def _checked_card(card, known: Mapping[str, rules.CardCategory], path: str) -> dict:
    if not isinstance(card, dict):
        raise BadCardList(path, "a card is an object such as {\"category\": \"tens\"}.")
    extra = sorted(set(card) - {"category", "rank"})
    if extra:
        raise BadCardList(f"{path}.{extra[0]}", "a card has only a category and, for a face card, a rank.")
    category = known.get(card.get("category")) if isinstance(card.get("category"), str) else None
    if category is None:
        raise BadCardList(f"{path}.category", "not a card category of this game: one of "
                                              f"{', '.join(sorted(known))}.")
    rank = card.get("rank")
    if not category.face_value:
        if rank is not None:
            raise BadCardList(f"{path}.rank", f"a card of {category.key} has no rank: "
                                              f"send {{\"category\": \"{category.key}\"}}.")
        return {"category": category.key}
    if isinstance(rank, bool) or not isinstance(rank, int) or rank not in FACE_RANKS:
        raise BadCardList(f"{path}.rank", f"a card of {category.key} counts its face value: a whole number "
                                          "from 2 to 9.")
    return {"category": category.key, "rank": rank}
