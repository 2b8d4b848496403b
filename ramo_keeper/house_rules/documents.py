"""A house rule's document, through the one path every definition takes (``rules.define``).

The core merges what a person sent onto the game it is based on, states each fact once, checks it and
keeps it to its game's option ranges; the app adds what the core cannot know: the text rules for names
and the sentences it can say (readable.py). The editor, the API, the upload and the backup import all
come here.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import rules
from ..rules.house_rules import one_fact_each
from ..rules.limits import FACTS_IN_OPTIONS
from ..rules.merging import merged as merged_onto
from . import readable

OUT_OPTION = FACTS_IN_OPTIONS["out_score"]  # Ramo's option that states its out score (docs/GAMES.md)


def merged(base: Mapping, posted: Mapping) -> dict:
    """`posted` laid over `base` with each fact once, unchecked: what the editor shows while it is typed."""
    doc = merged_onto(base, posted)
    one_fact_each(doc, posted)
    return doc


def house_document(posted, based_on: str | None, base: Mapping | None, key: str, name: str
                   ) -> tuple[dict, rules.Variant]:
    """The checked document of a house rule named `name` with key `key`, and the game it defines: `posted`
    over `base` (None: the built-in `based_on`'s document), within the option ranges `based_on` states.

    Raises rules.DefinitionError naming the first bad field.
    """
    readable.check_nesting(posted)  # before anything reads it deeply: the app's own refusal (refusals.py)
    return rules.define(posted, rules.VARIANTS.get(based_on) if isinstance(based_on, str) else None, base=base,
                        key=key, name=name, reader=readable.check)
