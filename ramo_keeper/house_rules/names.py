"""A house rule's name: the rules of every name, and one a person cannot mistake for another game's.

The new-game menu lists the league's house rules beside the built-in games, so a house rule's name
may not look the same (text_validation.name_key, as for players) as a built-in game's name in any
language the app speaks ("Rummy", "Ramino", "러미") nor as another house rule of the league. The
other house rules are read under the league's lock (locks.py), so two requests naming two house
rules alike at the same moment cannot both pass.
"""

from flask_babel import force_locale, gettext

from .. import rules
from ..errors import Conflict
from ..extensions import db
from ..i18n import LANGUAGES
from ..models import League, Ruleset
from ..text.game_words import game_name
from ..text.validation import folded, name_key, refusal

NAME_MAX = 60  # a definition's name (docs/GAMES.md)


def checked_name(name) -> str:
    """The name stripped, or DefinitionError at `name` (text/validation.py's rules for a name)."""
    if not isinstance(name, str):
        raise rules.DefinitionError("not_text", "name")
    name = name.strip()
    if not name:
        raise rules.DefinitionError("empty_text", "name")
    if len(name) > NAME_MAX:
        raise rules.DefinitionError("text_too_long", "name", maximum=NAME_MAX)
    if kind := refusal(name):
        raise rules.DefinitionError("control_characters", "name", kind=kind)
    return name


def _built_in_like(key: str) -> dict | None:
    """The built-in game whose name, in one of the app's languages, has this name key."""
    for variant in rules.VARIANTS.values():
        for language in LANGUAGES:
            with force_locale(language):
                shown = game_name(variant.name)
            if name_key(shown) == key:
                return {"key": variant.key, "name": game_name(variant.name)}
    return None


def _house_rule_like(league: League, key: str, except_id: int | None) -> dict | None:
    rows = db.session.execute(db.select(Ruleset.id, Ruleset.name).where(Ruleset.league_id == league.id)
                              .order_by(Ruleset.id))
    return next(({"id": row.id, "name": row.name} for row in rows
                 if row.id != except_id and name_key(row.name) == key), None)


def check_name_free(league: League, name: str, except_id: int | None = None) -> None:
    """409 (`details.current`: the game or house rule it looks like) for a name already shown in the menu.

    Call it under the league's lock."""
    key = name_key(name)
    if (game := _built_in_like(key)) is not None:
        if folded(game["name"]) == folded(name):
            message = gettext("%(name)s is one of the app's own games: give the house rule a name of its own.",
                              name=game["name"])
        else:
            message = gettext("%(name)s looks the same as %(existing)s, one of the app's own games: give the "
                              "house rule a name of its own.", name=name, existing=game["name"])
        raise Conflict(message, field="name", details={"current": game})
    if (other := _house_rule_like(league, key, except_id)) is not None:
        if folded(other["name"]) == folded(name):
            message = gettext("This league already has a house rule called %(name)s.", name=other["name"])
        else:
            message = gettext("%(name)s looks the same as %(existing)s, a house rule this league already has.",
                              name=name, existing=other["name"])
        raise Conflict(message, field="name", details={"current": other})
