"""Which of static/js each page runs, sent as one file per page (issue 28, Weight).

A page names its kind in `{% block scripts %}` (base.html); it gets one script, /static/js/a+b+c.js, that
holds the scripts every page runs and its own, in this order (slim_static.py joins them). One file is
smaller than its parts sent apart: gzip finds what they share. A page reached by a boosted link loads
only the scripts it lacks, as one such file (app.js); the service worker keeps each page's file offline.
"""

EVERY_PAGE = ("app", "page-actions", "register-sw")
PAGES = {
    "": (),
    "game": ("card-keys", "hand-score", "hand-tabs", "live", "drafts", "outbox"),
    "live": ("card-keys", "live", "drafts"),
    "seat": ("card-keys", "drafts"),
    "hand-correction": ("card-keys", "hand-score", "hand-tabs"),
    # A game that counts no card by its face value (Ramo, Phase 10) has no card keys to run.
    "game-by-count": ("hand-score", "hand-tabs", "live", "drafts", "outbox"),
    "hand-correction-by-count": ("hand-score", "hand-tabs"),
    # The editor's worked example is scored by the hand form's scorer (hand-score.js).
    "house-rule-editor": ("hand-score", "house-rule-editor"),
    "offline": ("outbox",),
    "play-now": ("play",),
    "night-board": ("live", "night-board", "night-timer"),
    # A night's page and a table's page in the room run the round's timer (night-timer.js).
    "night": ("live", "night-timer"),
    "night-table": ("card-keys", "live", "drafts", "night-timer"),
}
# The one order any joined file follows, so that each set of scripts has a single address.
ORDER = EVERY_PAGE + ("card-keys", "hand-score", "hand-tabs", "live", "drafts", "outbox", "house-rule-editor",
                      "play", "night-board", "night-timer")
JOINER = "+"


def scripts_of(page: str) -> tuple[str, ...]:
    """The scripts a page of this kind runs (a kind not listed is a template's mistake: KeyError)."""
    return EVERY_PAGE + PAGES[page.strip()]


def file_of(names: tuple[str, ...]) -> str:
    """The path under static/ of the file that holds these scripts."""
    return "js/" + JOINER.join(names) + ".js"


def parts_of(filename: str) -> tuple[str, ...] | None:
    """The scripts a joined file holds, or None when it is not one: unknown, repeated or out of order."""
    if not filename.startswith("js/") or not filename.endswith(".js") or JOINER not in filename:
        return None
    names = tuple(filename[3:-3].split(JOINER))
    if any(name not in ORDER for name in names) or list(names) != sorted(set(names), key=ORDER.index):
        return None
    return names


def hand_page(kind: str, variant) -> str:
    """The kind of a page with a hand form (`game`, `hand-correction`): without the card keys where no card
    of the game counts by its face value, as the keys are for those cards only (card-keys.js)."""
    if any(category.face_value for category in variant.categories_for()):
        return kind
    return kind + "-by-count"


def init_app(app) -> None:
    app.jinja_env.globals.update(scripts_of=scripts_of, script_file=file_of, hand_page=hand_page)
