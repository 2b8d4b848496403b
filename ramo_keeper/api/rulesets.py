"""House rules (docs/RULES.md §8): definitions, and a league's rulesets."""

from flask import abort

from ..house_rules import service
from ..web.access import require_league
from .blueprint import route, user
from .schemas import Definition, Ruleset, RulesetBody


@route("GET", "/variants/{key}/definition", response=Definition, errors=(404,))
def variant_definition(key: str):
    """The definition document of a built-in game, or of a house rule one of the caller's leagues holds."""
    document = service.readable_definition(key, user())
    if document is None:
        abort(404)
    return document


@route("GET", "/leagues/{league_id}/rulesets", response=[Ruleset], errors=(404,))
def rulesets(league_id: int):
    """The league's house rules."""
    league, _ = require_league(league_id, "viewer", user())
    return [service.ruleset_dict(r) for r in service.rulesets_of(league)]


@route("POST", "/leagues/{league_id}/rulesets", 201, Ruleset, RulesetBody, errors=(400, 403, 404, 409, 422))
def create_ruleset(league_id: int, body: RulesetBody):
    """Keep a house rule; a bad definition is 422 naming the first bad field (details.path, details.code)."""
    league, _ = require_league(league_id, "scorer", user())
    ruleset = service.create_ruleset(league, body.name, body.definition, body.based_on)
    return service.ruleset_dict(ruleset), 201


@route("GET", "/rulesets/{ruleset_id}", response=Ruleset, errors=(404,))
def ruleset(ruleset_id: int):
    """One house rule."""
    return service.ruleset_dict(service.ruleset_for(ruleset_id, user()))


@route("PUT", "/rulesets/{ruleset_id}", response=Ruleset, body=RulesetBody, errors=(400, 403, 404, 409, 422))
def update_ruleset(ruleset_id: int, body: RulesetBody):
    """Change a house rule; games already started keep their snapshot."""
    ruleset = service.ruleset_for(ruleset_id, user(), "scorer")
    return service.ruleset_dict(service.update_ruleset(ruleset, body.name, body.definition, body.based_on))


@route("DELETE", "/rulesets/{ruleset_id}", 204, errors=(403, 404))
def delete_ruleset(ruleset_id: int):
    """Delete a house rule; games already played under it keep their snapshot."""
    service.delete_ruleset(service.ruleset_for(ruleset_id, user(), "scorer"))
    return "", 204
