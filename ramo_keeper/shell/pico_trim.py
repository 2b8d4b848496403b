"""Pico CSS as the app sends it: without the parts no page here uses (issue 28, Weight).

The vendored file stays as Pico ships it; what is served leaves out the rules for elements and components
no template or script makes (tooltips, dropdowns, modals, progress bars, range and date inputs, the
data-theme switch, right-to-left text, indeterminate boxes, shadow-DOM hosts...) and then the custom properties
nothing reads any more (their icons are data URIs, the heaviest part). A rule is only dropped when one of
these stands outside any :is(), :where() or :not() in its selector, so it cannot match an element of ours;
a selector list loses only the selectors that cannot. tests/e2e/test_page_weight.py checks that every
element of the app's pages gets the same computed style from the trimmed file as from the whole one.
"""

import re
from pathlib import Path

# Elements, attributes, classes and pseudo-classes that no template or script here produces.
UNUSED = re.compile(
    r"(?<![\w\-.#:\[=])(?:dialog|progress|meter|kbd|pre|samp|mark|blockquote|hr|iframe|textarea|sub|sup|ins|del"
    r"|audio|video|canvas|aside|picture|embed|object|address|area|figcaption|h4|h5|h6|optgroup)(?![\w-])"
    r"|\[(?:data-tooltip|aria-busy|data-theme|multiple|size|role=link|aria-label=breadcrumb|aria-invalid=false)"
    r"|\[type=(?:range|date|datetime-local|month|time|week|search|color|reset)\]"
    r"|\[role=search\]|\[dir=rtl\]|:indeterminate|::-ms-[\w-]+"
    r"|\.(?:dropdown|modal-is-open|modal-is-opening|modal-is-closing|overflow-auto|grid|contrast|container-fluid)(?![\w-])"
    r"|(?<![\w-]):host"
)
CUSTOM_PROPERTY = re.compile(r"^\s*(--[\w-]+)\s*:")


def _split(text: str, separator: str) -> list[str]:
    """Split at the separator where it stands outside strings, parentheses and brackets."""
    parts, depth, quote, start = [], 0, "", 0
    i = 0
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def _blocks(css: str) -> list[tuple[str, str | None]]:
    """[(prelude, body)] of the top-level items; body None for a statement such as @charset."""
    items, depth, quote, start, prelude = [], 0, "", 0, ""
    i = 0
    while i < len(css):
        char = css[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "{":
            if depth == 0:
                prelude, start = css[start:i], i + 1
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                items.append((prelude.strip(), css[start:i]))
                start = i + 1
        elif char == ";" and depth == 0:
            items.append((css[start:i].strip(), None))
            start = i + 1
        i += 1
    return items


def _outside_parentheses(selector: str) -> str:
    while True:
        inner = re.sub(r"\([^()]*\)", "", selector)
        if inner == selector:
            return selector
        selector = inner


def _cannot_match(selector: str) -> bool:
    """True when the selector needs something no page here has: outside any parentheses, or in every
    alternative of an :is() or :where() it must meet (not inside a :not())."""
    if UNUSED.search(_outside_parentheses(selector)):
        return True
    for found in re.finditer(r":(?:is|where)\(", selector):
        before = selector[:found.start()]
        if before.count("(") != before.count(")"):  # inside a :not() or another :is(): looked at there
            continue
        inner = _balanced(selector, found.end())
        if inner is not None and all(_cannot_match(option) for option in _split(inner, ",")):
            return True
    return False


def _balanced(text: str, start: int) -> str | None:
    """The text from `start` to the parenthesis that closes the one just before it."""
    depth = 1
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i]
    return None


def _kept_selectors(prelude: str) -> str:
    return ",".join(s for s in _split(prelude, ",") if not _cannot_match(s))


def _trim_rules(css: str) -> str:
    out = []
    for prelude, body in _blocks(css):
        if body is None:
            out.append(prelude + ";")
        elif prelude.startswith(("@media", "@supports")):
            inner = _trim_rules(body)
            if inner:
                out.append(f"{prelude}{{{inner}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude}{{{body}}}")
        else:
            kept = _kept_selectors(prelude)
            if kept:
                out.append(f"{kept}{{{body}}}")
    return "".join(out)


def _drop_properties(css: str, unread: set[str]) -> str:
    out = []
    for prelude, body in _blocks(css):
        if body is None:
            out.append(prelude + ";")
        elif prelude.startswith(("@media", "@supports")):
            inner = _drop_properties(body, unread)
            if inner:
                out.append(f"{prelude}{{{inner}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude}{{{body}}}")
        else:
            declarations = [d for d in _split(body, ";")
                            if d.strip() and not ((m := CUSTOM_PROPERTY.match(d)) and m.group(1) in unread)]
            if declarations:
                out.append(f"{prelude}{{{';'.join(declarations)}}}")
    return "".join(out)


def _unused_keyframes(css: str) -> str:
    out = []
    for prelude, body in _blocks(css):
        name = prelude.split()[-1] if prelude.startswith("@keyframes") else None
        # Kept only when an animation names it (not a custom property that shares its name, --pico-tooltip-slide-to).
        if name and not re.search(r"animation(?:-name)?\s*:[^;{}]*(?<![\w-])" + re.escape(name) + r"(?![\w-])", css):
            continue
        out.append(prelude + ";" if body is None else f"{prelude}{{{body}}}")
    return "".join(out)


def trim(css: str, readers: str) -> str:
    """Pico without what cannot match here; `readers` is every other text that may read its properties."""
    notice = re.search(r"/\*!.*?\*/", css, re.S)  # Pico's copyright and licence line stays with the copy
    css = _trim_rules(css.replace(notice.group(), "", 1) if notice else css)
    while True:
        declared = set(re.findall(r"(--pico-[\w-]+)\s*:", css))
        read = set(re.findall(r"var\(\s*(--pico-[\w-]+)", css + readers))
        unread = declared - read
        if not unread:
            break
        css = _drop_properties(css, unread)
    css = _unused_keyframes(css)
    return notice.group() + "\n" + css if notice else css


def readers(root: Path) -> str:
    """Our style sheets, templates and scripts: whatever may read one of Pico's custom properties."""
    files = [*root.glob("static/css/*.css"), *root.glob("static/js/*.js"), *root.glob("templates/**/*.html")]
    return "".join(path.read_text(encoding="utf-8") for path in sorted(files))
