"""A refused house rule in the reader's language: the first bad field and the reason (RULES.md §8).

The sentences are the app's one set for a definition's refusals (text.definition_errors), the
same a loaded definition file is refused in; two reasons only the app gives are worded here: a field
nested deeper than any definition (said before the core reads it), and a character a name may not hold
(said as a name's refusal is).
"""

import re

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from .. import rules
from ..i18n import with_particles
from ..text.definition_errors import DEFINITION_SENTENCES
from ..text.options import option_name
from ..text.rule_errors import rule_message
from ..text.validation import MESSAGES as TEXT_MESSAGES

TOO_DEEP = _l("%(path)s holds lists or objects nested deeper than any game definition.")
# The editor's own labels (templates/house_rules/edit.html, which puts them in the catalogues) for a card
# category's boxes and for each field it shows once; looked up when a refusal is said.
CATEGORY_BOXES = {"key": "Key", "label": "Label", "points": "Points each", "maximum": "Most in one hand"}
FIELDS = {"name": "Name", "min_players": _l("Fewest players"), "max_players": _l("Most players"),
          "out_score": "Score of the player who goes out", "card_categories": "Card categories",
          "levels": "Levels", "options": "Options", "deal": "Cards dealt",
          "bgg_id": _l("BoardGameGeek id")}


def reason(error: rules.DefinitionError) -> str:
    """ "card_categories[1].points must be from -500 to 500." in the reader's language."""
    path = error.path or "definition"
    if error.code == "control_characters" and error.params.get("kind") in ("bidi", "invisible"):
        # Said as a name's refusal is: a writing direction changed, or a character that shows nothing.
        return gettext(TEXT_MESSAGES[error.params["kind"]], what=path)
    if error.code == "too_deep":
        return with_particles(str(TOO_DEEP) % {"path": path})
    if error.code in DEFINITION_SENTENCES:
        try:
            sentence = rule_message(rules.DefinitionError(error.code, path, **{
                name: value for name, value in error.params.items() if name != "path"}))
            return gettext("%(problem)s.", problem=sentence)  # the sentence, ended as a message ends
        except (KeyError, ValueError, TypeError):
            pass  # a sentence the params do not fill: said plainly below
    return gettext("%(path)s is not valid.", path=path)


def editor_field(path: str, doc: dict) -> str:
    """The field a refused path points at, named as the editor shows it, counted from 1: "card_categories[1].label"
    is "Card category 2: Label", "levels[2].requirement" is "Level 3: requirement", "options.jokers" the
    option's name. A field the editor does not show (a meld's sentence, a mark) keeps its path."""
    if m := re.fullmatch(r"card_categories\[([0-9]+)\](?:\.(\w+))?.*", path):
        box = CATEGORY_BOXES.get(m[2] or "key", CATEGORY_BOXES["key"])
        return gettext("Card category %(number)s: %(field)s", number=int(m[1]) + 1, field=gettext(box))
    if m := re.fullmatch(r"levels\[([0-9]+)\].*", path):
        return gettext("Level %(number)s: requirement", number=int(m[1]) + 1)
    if m := re.fullmatch(r"options\.(\w+)|option(?:s|_details)\[([0-9]+)\].*", path):
        details = [d for d in doc.get("option_details", ()) if isinstance(d, dict)]
        index = int(m[2]) if m[2] is not None else None
        option = details[index] if index is not None and index < len(details) else m[1]
        return option_name(option) if option is not None else gettext(FIELDS["options"])
    top = re.split(r"[.\[]", path)[0]
    return gettext(str(FIELDS[top])) if top in FIELDS else path


def for_the_editor(refused, doc: dict) -> str:
    """A refused house rule's reason as the editor says it: the field by its label, not its path."""
    error = rules.DefinitionError(refused.code, editor_field(refused.path or "definition", doc),
                                  **{name: value for name, value in refused.params.items() if name != "path"})
    return reason(error)
