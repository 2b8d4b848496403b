"""A refused house rule in the reader's language: the first bad field and the reason (RULES.md §8).

The sentences are the app's one set for a definition's refusals (text.definition_errors), the
same a loaded definition file is refused in; two reasons only the app gives are worded here: a field
nested deeper than any definition (said before the core reads it), and a character a name may not hold
(said as a name's refusal is).
"""

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from .. import rules
from ..i18n import with_particles
from ..text.definition_errors import DEFINITION_SENTENCES
from ..text.rule_errors import rule_message
from ..text.validation import MESSAGES as TEXT_MESSAGES

TOO_DEEP = _l("%(path)s holds lists or objects nested deeper than any game definition.")


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
