"""The one translator for a hand: form fields, JSON (API body, backup, audit), stored rows and rules input.

Every other module calls these, so a new flag or card category is added here once:

>>> hand = from_body({"results": [{"player_id": 1, "went_out": True}, {"player_id": 2, "cards": {"pips": 9}}]})
>>> to_body(hand)["results"][1]
{'player_id': 2, 'cards': {'pips': 9}, 'went_out': False, 'laid_down': False, 'knocked': False, 'went_rummy': False}
"""

import hashlib
import json
from collections.abc import Callable, Iterable

from .. import rules
from ..models import Hand, HandResult

FLAGS = ("went_out", "laid_down", "knocked", "went_rummy")
NOBODY = "none"


def from_body(body: dict, player_id: Callable[[int], int] = int) -> rules.HandInput:
    """A JSON hand (`{"results": [...]}`, types already checked) as rules input.

    `player_id` maps the body's ids, e.g. a backup's old ids to the imported players.
    """
    return rules.HandInput(tuple(
        rules.PlayerResult(player_id(r["player_id"]), dict(r.get("cards") or {}),
                           **{flag: bool(r.get(flag, False)) for flag in FLAGS})
        for r in body["results"]
    ))


def to_body(hand: rules.HandInput) -> dict:
    """The JSON shape of a hand's inputs, as the API takes it and backups and the audit trail keep it."""
    return {"results": [{"player_id": r.player_id, "cards": dict(r.cards), **{f: getattr(r, f) for f in FLAGS}}
                        for r in hand.results]}


def from_rows(results: Iterable[HandResult]) -> rules.HandInput:
    """A stored hand's rows as rules input (for a replay)."""
    return rules.HandInput(tuple(
        rules.PlayerResult(r.player_id, r.cards, **{flag: getattr(r, flag) for flag in FLAGS}) for r in results
    ))


def scored_from_rows(results: Iterable[HandResult]) -> tuple[rules.ScoredResult, ...]:
    """A stored hand's rows as the rules' scored lines, without replaying."""
    return tuple(
        rules.ScoredResult(r.player_id, dict(r.cards), r.went_out, r.laid_down, r.knocked, r.went_rummy,
                           r.value, r.score, r.level_before, r.level_after, r.completed)
        for r in results
    )


def store(hand: Hand, outcome: rules.HandOutcome) -> None:
    """Write a played hand onto its row: the inputs (every category present, effective flags) and what they scored.

    Rows are updated in place: the seats never change, and replacing the rows would insert the
    new ones before the old ones are deleted, against the unique (hand, player).
    """
    hand.dealer_id, hand.winner_ids = outcome.dealer_id, list(outcome.winner_ids)
    rows = {row.player_id: row for row in hand.results}
    for position, line in enumerate(outcome.results):
        row = rows.get(line.player_id)
        if row is None:
            row = HandResult(player_id=line.player_id)
            hand.results.append(row)
        row.position, row.cards = position, dict(line.cards)
        for flag in FLAGS:
            setattr(row, flag, getattr(line, flag))
        row.value, row.score, row.completed = line.value, line.score, line.completed
        row.level_before, row.level_after = line.level_before, line.level_after


def fingerprint(hand: rules.HandInput) -> str:
    """The hand's meaning, not its spelling: missing categories and explicit zeros are the same."""
    canonical = json.dumps([[r.player_id, sorted((k, v) for k, v in r.cards.items() if v != 0), r.went_out,
                             r.laid_down, r.knocked, r.went_rummy]
                            for r in sorted(hand.results, key=lambda r: r.player_id)])
    return hashlib.sha256(canonical.encode()).hexdigest()


def from_form(form) -> rules.HandInput:
    """The hand-entry form (games/forms.py) as rules input: one radio for who went out (or knocked)."""
    chosen = form.went_out.data
    out_flag = form.variant.out_flag
    went_rummy = bool(form.went_rummy.data) if "went_rummy" in form._fields else False
    results = []
    for seat in form.setup.seats:
        pid = seat.player_id
        is_out = chosen == str(pid)
        laid = f"laid_{pid}" in form._fields and bool(form[f"laid_{pid}"].data)
        results.append(rules.PlayerResult(
            pid, form_cards(form, pid), went_out=is_out and out_flag == "went_out", laid_down=laid,
            knocked=is_out and out_flag == "knocked", went_rummy=is_out and went_rummy))
    return rules.HandInput(tuple(results))


def form_cards(form, player_id: int) -> dict[str, int]:
    """One player's counts as typed in the form."""
    return {c.key: form[f"c_{player_id}_{c.key}"].data or 0
            for c in form.variant.categories_for(form.setup.options)}


def form_data(hand: rules.HandInput) -> dict:
    """The form's field values for a stored hand, to prefill a correction."""
    data = {"went_out": NOBODY}
    for r in hand.results:
        if r.went_out or r.knocked:
            data["went_out"] = str(r.player_id)
        if r.went_rummy:
            data["went_rummy"] = True
        data[f"laid_{r.player_id}"] = r.laid_down
        for key, count in r.cards.items():
            data[f"c_{r.player_id}_{key}"] = count
    return data
