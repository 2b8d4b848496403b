"""A player's rating over time, drawn by charts.py."""

from flask_babel import gettext

from ..text.game_words import game_name
from ..web.charts import Chart, render
from .model import NEWCOMER


def rating_chart(entry: dict, name: str) -> Chart:
    """A player's shown rating after each rated game of one game type (service.player_history), from a newcomer's."""
    labels = [str(i) for i in range(len(entry["points"]) + 1)]
    title = gettext("Rating · %(game)s", game=game_name(entry["name"]))
    return render(Chart(title, gettext("Rated games"), gettext("Rating"), labels,
                        [(name, [NEWCOMER.rating, *entry["points"]])], from_zero=False))
