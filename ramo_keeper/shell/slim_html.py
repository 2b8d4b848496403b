"""Pages are sent without the templates' indentation (issue 28, Weight; issue 35 won its bytes back here).

The templates are indented to be read; a browser has no use for the spaces at the start of a line (no
template has preformatted text or a text area, whose text they would change). They go when a template is loaded,
once, not on each page: a line break stays wherever there was one, so words and attributes stay parted.
Translated blocks are `{% trans trimmed %}`, which fold their line breaks into single spaces either way.
"""

import re

from jinja2.ext import Extension

INDENTATION = re.compile(r"\n[ \t]+")


class StripIndentation(Extension):
    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return INDENTATION.sub("\n", source)


def init_app(app) -> None:
    app.jinja_env.add_extension(StripIndentation)
