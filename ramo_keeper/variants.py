"""Which game a stored game is played under: the one place the app turns a game row into its Variant.

A built-in game is found by its key; a house rule's game carries the definition it started with
(`Game.definition`, docs/RULES.md §8), so editing or deleting the ruleset never changes it.

Below games, seasons, ratings, house rules and exports, which all look a game's rules up here.
"""

import json
from functools import lru_cache

from . import rules
from .extensions import db
from .models import Game, Ruleset


@lru_cache(maxsize=512)
def _loaded(document: str) -> rules.Variant:
    # A snapshot never changes, so its text names one Variant: a read pays for the checks once.
    return rules.load_definition(json.loads(document))


def snapshot_variant(definition: dict) -> rules.Variant:
    return _loaded(json.dumps(definition, sort_keys=True, ensure_ascii=False))


def variant_for(game: Game) -> rules.Variant:
    """The Variant that scores `game`: its own snapshot under a house rule, else the built-in game."""
    if game.definition is not None:
        return snapshot_variant(game.definition)
    return rules.get_variant(game.variant)


def is_built_in(variant: rules.Variant) -> bool:
    """A registered game (its words are in the catalogues), not a house rule or a loaded file."""
    return rules.VARIANTS.get(variant.key) is variant


def own_definition(game: Game) -> rules.Variant | None:
    """The Variant a GameSetup carries for this game (None for a built-in)."""
    return snapshot_variant(game.definition) if game.definition is not None else None


def variant_named(key: str) -> rules.Variant | None:
    """A game type by key for tables that group games (standings, statistics): a built-in, a
    ruleset, or, for a deleted ruleset, the snapshot of its latest game."""
    if key in rules.VARIANTS:
        return rules.VARIANTS[key]
    definition = db.session.execute(db.select(Ruleset.definition).where(Ruleset.key == key)).scalar()
    if definition is None:
        definition = db.session.execute(
            db.select(Game.definition).filter_by(variant=key).where(Game.definition.is_not(None))
            .order_by(Game.id.desc()).limit(1)).scalar()
    return snapshot_variant(definition) if definition is not None else None


def league_house_rules(league_id: int) -> dict[str, rules.Variant]:
    """The league's house rules by key, by name: the new-game form offers them after the built-ins."""
    found = db.session.execute(db.select(Ruleset.key, Ruleset.definition).where(Ruleset.league_id == league_id)
                               .order_by(Ruleset.name, Ruleset.id)).all()
    return {key: snapshot_variant(definition) for key, definition in found}


def type_order(key: str) -> tuple:
    """Built-ins in menu order, then house rules by key."""
    order = list(rules.VARIANTS)
    return (order.index(key), "") if key in order else (len(order), key)
