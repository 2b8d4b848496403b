"""Keep a league's house rules: create, change, delete, and find one for a new game or a reader."""

import secrets
from collections.abc import Mapping

from flask_babel import gettext

from .. import rules
from ..database.locks import lock_league
from ..errors import NotFound, ServiceError
from ..extensions import db
from ..models import League, Membership, Ruleset, User
from ..web.access import membership_for
from . import documents, names
from .refusals import reason

MAX_RULESETS_PER_LEAGUE = 50


class DefinitionRefused(ServiceError):
    """A bad house rule: 422 with the first bad field (`details.path`) and the reason (`details.code`)."""

    def __init__(self, error: rules.DefinitionError):
        extra = {name: list(value) if isinstance(value, tuple) else value for name, value in error.params.items()}
        super().__init__(reason(error), field=error.path, details={**extra, "code": error.code, "path": error.path})
        self.code, self.path, self.params = error.code, error.path, error.params


def rulesets_of(league: League) -> list[Ruleset]:
    return list(db.session.execute(
        db.select(Ruleset).where(Ruleset.league_id == league.id).order_by(Ruleset.name, Ruleset.id)).scalars())


def league_ruleset(league: League, key: str) -> Ruleset | None:
    return db.session.execute(
        db.select(Ruleset).where(Ruleset.league_id == league.id, Ruleset.key == key)).scalar_one_or_none()


def ruleset_for(ruleset_id: int, user: User, role: str = "viewer") -> Ruleset:
    """The ruleset if the user may see it (404 otherwise, as for any league's object); 403 for too low a role."""
    from ..web.access import require_league

    ruleset = db.session.get(Ruleset, ruleset_id)
    if ruleset is None or membership_for(ruleset.league_id, user) is None:
        raise NotFound(gettext("House rule %(id)s does not exist.", id=ruleset_id))
    require_league(ruleset.league_id, role, user)
    return ruleset


def readable_definition(key: str, user: User | None) -> dict | None:
    """A built-in's document, or a ruleset's that one of the user's leagues holds; else None."""
    if key in rules.VARIANTS:
        return rules.VARIANTS[key].definition()
    if user is None or not user.is_authenticated:
        return None
    return db.session.execute(
        db.select(Ruleset.definition).join(Membership, Membership.league_id == Ruleset.league_id)
        .where(Ruleset.key == key, Membership.user_id == user.id)).scalar()


def _base(league: League, posted, based_on: str | None, own: Ruleset | None) -> tuple[str, dict]:
    """The built-in key a new document descends from and the document its missing fields come from."""
    named = posted.get("key") if isinstance(posted, Mapping) else None
    if named is not None and not isinstance(named, str):
        raise DefinitionRefused(rules.DefinitionError("bad_key", "key"))
    key = based_on or named
    if own is not None and key in (None, own.key):
        return own.based_on, own.definition
    if key in rules.VARIANTS:
        return key, rules.VARIANTS[key].definition()
    other = league_ruleset(league, key) if isinstance(key, str) else None
    if other is not None:
        return other.based_on, other.definition
    engine = posted.get("engine") if isinstance(posted, Mapping) else None
    for variant in rules.VARIANTS.values():
        if engine is not None and variant.definition()["engine"] == engine:
            return variant.key, variant.definition()
    if based_on is not None:
        raise DefinitionRefused(rules.DefinitionError("not_a_choice", "based_on"))
    if engine is not None:
        raise DefinitionRefused(rules.DefinitionError("unknown_engine", "engine"))
    raise DefinitionRefused(rules.DefinitionError("missing_field", "key"))


def _document(league, name, posted, based_on, key, own=None) -> tuple[str, str, dict]:
    """The checked name, the built-in it descends from and the checked document; DefinitionRefused else."""
    try:
        name = names.checked_name(name)
        root, base = _base(league, posted, based_on, own)
        document, _ = documents.house_document(posted, root, base, key, name)
    except rules.DefinitionError as error:
        raise DefinitionRefused(error) from None
    return name, root, document


def new_key() -> str:
    while True:
        key = f"house-{secrets.token_hex(4)}"
        if db.session.execute(db.select(Ruleset.id).where(Ruleset.key == key)).first() is None:
            return key


def create_ruleset(league: League, name, definition, based_on: str | None = None) -> Ruleset:
    """A new house rule; nothing is saved when the document is refused, its name is taken or the league holds 50.

    The count and the names are read under the league's lock (locks.py), so requests at the same moment
    cannot all see room for one more, or all see the name free.
    """
    lock_league(league.id)
    count = db.session.execute(db.select(db.func.count(Ruleset.id)).where(Ruleset.league_id == league.id)).scalar()
    if count >= MAX_RULESETS_PER_LEAGUE:
        raise ServiceError(gettext("A league holds at most %(limit)s house rules: delete one first.",
                                   limit=MAX_RULESETS_PER_LEAGUE), details={"code": "too_many_rulesets"})
    key = new_key()
    name, root, document = _document(league, name, definition, based_on, key)
    names.check_name_free(league, name)
    ruleset = Ruleset(key=key, league_id=league.id, name=name, based_on=root, definition=document)
    db.session.add(ruleset)
    db.session.flush()
    return ruleset


def update_ruleset(ruleset: Ruleset, name, definition, based_on: str | None = None) -> Ruleset:
    """Change a house rule; games already started keep the snapshot they started with."""
    league = db.session.get(League, ruleset.league_id)
    lock_league(league.id)  # the names are read under it, as when one is created
    name, root, document = _document(league, name, definition, based_on, ruleset.key, own=ruleset)
    names.check_name_free(league, name, except_id=ruleset.id)
    ruleset.name, ruleset.based_on, ruleset.definition = name, root, document
    db.session.flush()
    return ruleset


def delete_ruleset(ruleset: Ruleset) -> None:
    db.session.delete(ruleset)
    db.session.flush()


def ruleset_dict(ruleset: Ruleset) -> dict:
    """docs/API.md's Ruleset."""
    return {"id": ruleset.id, "key": ruleset.key, "league_id": ruleset.league_id, "name": ruleset.name,
            "based_on": ruleset.based_on, "definition": ruleset.definition}
