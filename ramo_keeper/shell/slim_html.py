"""Pages are sent without the templates' indentation (issue 28, Weight; issue 35 won its bytes back here).

The templates are indented to be read; a browser has no use for the spaces at the start of a line (no
template has preformatted text or a text area, whose text they would change). They go when a template is loaded,
once, not on each page: a line break stays wherever there was one, so words and attributes stay parted, but
after a line of template tags alone, which would only make a blank line.
Translated blocks are `{% trans trimmed %}`, which fold their line breaks into single spaces either way.
"""

import re

from jinja2.ext import Extension

INDENTATION = re.compile(r"\n[ \t]+")
# A line that holds only template tags or comments ends without its line break: it would be a blank line of the
# page. The line before still ends in one, so words stay parted (unless the line opens with `{%-`, which takes
# that one away). Translated text keeps its lines as written.
TAGS_ALONE = re.compile(r"^(?!\{[%#]-)((?:\{%(?![-\s]*(?:trans|pluralize|endtrans|raw)\b)(?:[^%\n]|%(?!\}))*%\}"
                        r"|\{#(?:[^#\n]|#(?!\}))*#\})+)\n", re.M)


class StripIndentation(Extension):
    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return TAGS_ALONE.sub(r"\1", INDENTATION.sub("\n", source))


def init_app(app) -> None:
    app.jinja_env.add_extension(StripIndentation)
