"""Finds words a player would see in a template that do not go through a translation call.

A template is read with Jinja's own lexer. Everything outside `{{ }}`, `{% %}` and `{# #}` is HTML:
its text nodes and its visible attributes (title, aria-label, placeholder, alt, value of a button)
must hold no letters. Inside `{{ }}`, a string literal that reaches the page (printed, or passed as
a visible keyword such as hint= or confirm=, or as a macro's positional label) must sit inside a
gettext call. Punctuation, numbers, symbols and the few words that are the same in every language
(the brand, file formats) are allowed.
"""

import re
from html.parser import HTMLParser

from jinja2 import Environment

VISIBLE_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt", "aria-description", "label"}
# Keyword arguments of macros and fields whose value ends up on the page.
VISIBLE_KEYWORDS = {"hint", "placeholder", "confirm", "label", "title", "caption", "aria_label", "alt", "legend",
                    "text", "message", "heading", "summary"}
TRANSLATING_CALLS = {"_", "gettext", "ngettext", "pgettext", "npgettext", "lazy_gettext", "_l"}
# Calls whose string arguments are addresses, formats or names, never prose.
TECHNICAL_CALLS = {"url_for", "format", "decimalformat", "dateformat", "datetimeformat", "numberformat",
                   "percentformat", "strftime", "tojson", "attr", "selectattr", "rejectattr", "map", "join",
                   "startswith", "endswith", "replace", "split", "default", "include", "import", "extends"}
# Words every language writes the same way (the brand and file formats).
SAME_IN_EVERY_LANGUAGE = ("Ramo Keeper", "CSV", "JSON", "QR", "htmx")
MARKER = "\ue000{}\ue001"
MARKER_RE = re.compile("\ue000(\\d+)\ue001")
FORMAT_SPEC_RE = re.compile(r"%(\(\w+\))?[-#0 +]*\d*(\.\d+)?[sdfir%]")


def has_words(text: str) -> bool:
    """True when text holds a letter once markers, format specs and same-everywhere words are removed."""
    text = MARKER_RE.sub(" ", text)
    text = FORMAT_SPEC_RE.sub(" ", text)
    for word in SAME_IN_EVERY_LANGUAGE:
        text = text.replace(word, " ")
    return any(ch.isalpha() for ch in text)


def _visible_strings(tokens: list) -> list[str]:
    """String literals in one `{{ … }}` expression that would be shown untranslated."""
    found, calls = [], []  # calls: a stack of (callee name, keyword name in force) per open bracket
    previous: list = [None, None]
    keyword = None
    for i, (kind, value) in enumerate(tokens):
        if kind == "operator" and value in "([{":
            callee = previous[1] if previous[0] == "name" and value == "(" else None
            calls.append([callee, None, value])
        elif kind == "operator" and value in ")]}":
            if calls:
                calls.pop()
        elif kind == "operator" and value == "=" and previous[0] == "name" and calls:
            calls[-1][1] = previous[1]
        elif kind == "operator" and value == "," and calls:
            calls[-1][1] = None
        elif kind == "string":
            keyword = calls[-1][1] if calls else None
            after = tokens[i + 1] if i + 1 < len(tokens) else (None, None)
            compared = (previous[0] == "operator" and previous[1] in ("==", "!=")) or \
                (after[0] == "operator" and after[1] in ("==", "!=", "|")) or \
                (previous[0] == "name" and previous[1] in ("in", "is")) or (after == ("name", "in"))
            callees = {c[0] for c in calls}
            dict_value = bool(calls) and calls[-1][2] == "{" and previous == ["operator", ":"]
            inside_brackets = any(c[2] in "[{" for c in calls) and not dict_value
            if compared or callees & TRANSLATING_CALLS or callees & TECHNICAL_CALLS or inside_brackets:
                pass
            elif dict_value:
                if has_words(value):
                    found.append(value)
            elif calls and calls[-1][0] is not None:
                # An argument of a macro or field: a visible keyword, or a positional label with words.
                if (keyword in VISIBLE_KEYWORDS or (keyword is None and (" " in value or value[:1].isupper()))) \
                        and has_words(value):
                    found.append(value)
            elif not calls and has_words(value):
                found.append(value)
        previous = [kind, value]
    return found


class _TextFinder(HTMLParser):
    def __init__(self, expressions: list[list], problems: list):
        super().__init__(convert_charrefs=True)
        self.expressions, self.problems, self.skip = expressions, problems, 0

    def _check(self, text: str, where: str) -> None:
        if has_words(text):
            self.problems.append(f"{where}: {MARKER_RE.sub('{{…}}', text).strip()!r}")
        for number in MARKER_RE.findall(text):
            for literal in _visible_strings(self.expressions[int(number)]):
                self.problems.append(f"{where}: literal {literal!r} in {{{{ }}}}")

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        button_value = tag == "input" and dict(attrs).get("type") in ("submit", "button", "reset")
        for name, value in attrs:
            if value and (name in VISIBLE_ATTRIBUTES or (button_value and name == "value")):
                self._check(value, f"<{tag} {name}>")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self._check(data, "text")


def untranslated_text(source: str, env: Environment | None = None) -> list[str]:
    """Every piece of visible text in a template source that bypasses translation."""
    env = env or Environment(extensions=["jinja2.ext.i18n"])
    skeleton, expressions = [], []
    current, block, in_trans, in_scripts = None, None, False, False
    for _lineno, kind, value in env.lex(source):
        if kind == "block_begin":
            block = []
        elif kind == "block_end":
            # The text of a {% trans %} … {% endtrans %} block is a translation call of its own.
            first = block[0] if block else ""
            in_trans = first == "trans" or (in_trans and first != "endtrans")
            # {% block scripts %}game{% endblock %} names the page's kind for its scripts: never shown.
            in_scripts = block[:2] == ["block", "scripts"] or (in_scripts and first not in ("endblock",))
            skeleton.append(MARKER.format(len(expressions)))
            expressions.append([])  # a block shows nothing by itself
            block = None
        elif block is not None:
            if kind == "name":
                block.append(value)
        elif kind == "variable_begin":
            current = []
        elif kind == "variable_end":
            skeleton.append(MARKER.format(len(expressions)))
            expressions.append([] if in_trans else current)
            current = None
        elif current is not None:
            if kind != "whitespace":
                current.append((kind, value[1:-1] if kind == "string" else value))
        elif kind == "data" and not in_trans and not in_scripts:
            skeleton.append(value)
    problems: list[str] = []
    finder = _TextFinder(expressions, problems)
    finder.feed("".join(skeleton))
    finder.close()
    return problems
