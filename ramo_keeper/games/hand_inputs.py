"""A hand as someone sent it (the hand form, an API or backup body) read into the rules' input, and back.

The first step of recording a hand: the pages and the API read what was posted here, then hand the
rules input to games/service.py, which scores it and stores it (games/stored.py, games/hand_rows.py).
Nothing here touches the database. The JSON shape keeps one field per mark, as docs/API.md has it;
the form asks for the marks the game's definition declares (rules/marks.py):

>>> hand = from_body({"results": [{"player_id": 1, "went_out": True}, {"player_id": 2, "cards": {"pips": 9}}]})
>>> sorted(hand.results[0].marks)
['went_out']
>>> body = to_body(hand)["results"][1]
>>> body["cards"], body["went_out"], len(body)
({'pips': 9}, False, 6)
"""

import hashlib
import json
from collections.abc import Callable

from .. import rules
from .hand_questions import hand_questions

NOBODY = "none"


def from_body(body: dict, player_id: Callable[[int], int] = int) -> rules.HandInput:
    """A JSON hand (`{"results": [...]}`, types already checked) as rules input.

    `player_id` maps the body's ids, e.g. a backup's old ids to the imported players.
    """
    return rules.HandInput(tuple(
        rules.PlayerResult(player_id(r["player_id"]), dict(r.get("cards") or {}), rules.marks_in(r))
        for r in body["results"]
    ))


def to_body(hand: rules.HandInput) -> dict:
    """The JSON shape of a hand's inputs, as the API takes it and backups and the audit trail keep it."""
    return {"results": [{"player_id": r.player_id, "cards": dict(r.cards), **rules.mark_fields(r.marks)}
                        for r in hand.results]}


def fingerprint(hand: rules.HandInput) -> str:
    """The hand's meaning, not its spelling: missing categories and explicit zeros are the same.

    Each mark is a true or false in rules.MARKS' order, as it has been since the first release: the
    fingerprint of a hand stored before its marks became data still matches a retry of it.
    """
    canonical = json.dumps([[r.player_id, sorted((k, v) for k, v in r.cards.items() if v != 0),
                             *rules.mark_fields(r.marks).values()]
                            for r in sorted(hand.results, key=lambda r: r.player_id)])
    return hashlib.sha256(canonical.encode()).hexdigest()


def from_form(form) -> rules.HandInput:
    """The hand-entry form (games/forms.py) as rules input.

    One radio says who ended the hand (the game's out mark: going out, or a knock); each player's
    block has a box per mark asked of everyone (laid down); a switch gives the player out a mark that
    requires going out (went rummy).
    """
    variant = form.variant
    chosen = form.went_out.data
    of_the_out = {m.key for m in hand_questions(variant).marks_for_the_player_out if form[m.field].data}
    results = []
    for seat in form.setup.seats:
        pid = seat.player_id
        marks = {m.key for m in hand_questions(variant).marks_for_each if form[f"{m.field}_{pid}"].data}
        if chosen == str(pid):
            marks |= {variant.out_flag, *of_the_out}
        results.append(rules.PlayerResult(pid, form_cards(form, pid), marks))
    return rules.HandInput(tuple(results))


def form_cards(form, player_id: int) -> dict[str, int]:
    """One player's counts as typed in the form."""
    return {c.key: form[f"c_{player_id}_{c.key}"].data or 0
            for c in form.variant.categories_for(form.setup.options)}


def form_data(variant: rules.Variant, hand: rules.HandInput) -> dict:
    """The form's field values for a stored hand, to prefill a correction."""
    data = {"went_out": NOBODY}
    for r in hand.results:
        if variant.marked(r, variant.out_flag):
            data["went_out"] = str(r.player_id)
            data.update({m.field: True for m in hand_questions(variant).marks_for_the_player_out if m.key in r.marks})
        data.update({f"{m.field}_{r.player_id}": m.key in r.marks for m in hand_questions(variant).marks_for_each})
        for key, count in r.cards.items():
            data[f"c_{r.player_id}_{key}"] = count
    return data
