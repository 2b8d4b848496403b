"""Small functions the templates call; presentation only, the numbers come from rules/."""

from flask import Flask
from flask_babel import gettext, ngettext
from markupsafe import Markup, escape

from .. import rules
from ..exports.bgstats import create_play, create_play_link
from ..games.forms import category_fields, player_cards
from ..games.hand_questions import hand_questions
from ..games.out_words import out_who
from ..games.page_context import kept_hand_form, kept_include
from ..leagues.forms import ROLE_NAMES
from ..ratings.service import game_changes
from ..text.file_names import file_name
from ..text.game_words import category_label, direction, game_name, game_word
from ..text.options import choice_words, option_help, option_name, option_words
from ..text.phrases import say
from ..text.requirements import requirement
from ..variants import is_built_in, variant_named
from ..web.player_colours import seat_marks
from .hand_words import hand_phrase


def value_output(variant: rules.Variant, options, cards: dict | None, player_id: int) -> Markup:
    """The <output> that shows a player's hand value with its working, e.g. 3×5 + 2×10 + 1×20 = 55.

    `cards` is None when a count could not be read: the value is then unknown, a dash.
    """
    try:
        text = rules.hand_value(variant, cards, options).working if cards is not None else "—"
    except (rules.RuleError, TypeError):
        text = "—"
    # The only text in it is escaped.
    return Markup(f'<output id="value-{player_id}" aria-live="polite">{escape(text)}</output>')  # nosec B704


def preview_value(form, player_id: int) -> Markup:
    return value_output(form.variant, form.setup.options, player_cards(form, player_id), player_id)


DIGITS = tuple(str(n) for n in range(10))


def digit_picks(name: str, picked: str | None, maximum: int = 9) -> Markup:
    """A count's one-tap choices, 0 to 9 or to the most a hand can hold when that is fewer (a Rummy
    hand holds at most 4 aces: 0–4), the `picked` one checked.

    A hand form holds a dozen rows of them: built as one string here, they cost a tenth of the
    template loop they replace, on the app's busiest page.
    """
    field = escape(name)
    labels = (f'<label class="pick-n"><input type="radio" name="{field}" value="{n}"'
              f'{" checked" if picked == n else ""}><span>{n}</span></label>' for n in DIGITS[:maximum + 1])
    return Markup("".join(labels))  # nosec B704: the only outside text, the field's name, is escaped


def audit_change(entry, names: dict) -> str:
    """A correction in words: which players' entries changed."""
    before = {r["player_id"]: r for r in (entry.before or {}).get("results", [])}
    after = {r["player_id"]: r for r in (entry.after or {}).get("results", [])}
    changed = [names.get(pid) or gettext("player %(id)s", id=pid) for pid in after if before.get(pid) != after[pid]]
    return gettext("changed %(players)s", players=", ".join(changed)) if changed else gettext("no change")


def rating_changes(game) -> dict | None:
    """Each player's rating change in a finished game, or None where the league does not rate."""
    return game_changes(game)


def bgstats_link(game, state) -> str:
    """BG Stats' create-play link for a finished game."""
    return create_play_link(create_play(game, state))


def _variant_name(key: str) -> str:
    """A game type's name for a listing: a built-in in the reader's language, a house rule as typed."""
    variant = variant_named(key)
    return game_name(variant.name) if variant is not None else key


def level_words(variant: rules.Variant, level) -> str:
    """A level's requirement: a built-in's worded from its melds in the reader's language, a house rule's as typed."""
    if not is_built_in(variant) and level is not None and level.requirement:
        return level.requirement
    return requirement(level)


def player_count(fewest: int, most: int) -> str:
    """"2 players" for a table of one size, "4–5 players" for a range (never "2–2 players")."""
    if fewest == most:
        return ngettext("%(num)d player", "%(num)d players", fewest)
    return gettext("%(minimum)s–%(maximum)s players", minimum=fewest, maximum=most)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        variants=lambda: list(rules.VARIANTS.values()),
        variant_name=_variant_name,
        level_words=level_words,
        game_name=game_name,
        game_word=game_word,
        out_who=out_who,
        hand_questions=hand_questions,
        direction_words=direction,
        category_label=category_label,
        category_fields=category_fields,
        preview_value=preview_value,
        digit_picks=digit_picks,
        kept_include=kept_include,
        kept_hand_form=kept_hand_form,
        audit_change=audit_change,
        say=say,
        requirement=requirement,
        option_help=option_help,
        option_words=option_words,
        choice_words=choice_words,
        option_name=option_name,
        role_name=lambda role: ROLE_NAMES[role],
        rating_changes=rating_changes,
        bgstats_link=bgstats_link,
        player_count=player_count,
        file_name=file_name,
        seat_marks=seat_marks,
        hand_phrase=hand_phrase,
    )
