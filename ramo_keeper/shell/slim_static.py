"""Our own scripts and style sheets are sent without their comments and indentation.

static/js and static/css are written to be read: a third of their bytes are comments saying why, which a
phone has no use for (issue 28: a visitor's first page at most 45 KB). They are slimmed as they are served,
with no build step: comments go, each line loses its indentation, blank lines go. Line breaks stay, so
JavaScript's automatic semicolons fall exactly where they did (but after `;`, `{`, `,`, `(` and `[`, where none
can fall); strings, regular expressions and template text are copied as they are. Vendored files (already
minified) are sent as they are, but for Pico, which loses the rules no page here uses (pico_trim.py).
"""

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from . import page_scripts, pico_trim

SLIMMED = {".js": "js/", ".css": "css/"}  # suffix: the folder under static/ whose files are ours
PICO = "vendor/pico-2.1.1.min.css"  # sent without the rules no page here uses (pico_trim.py)
# Every page's one style sheet: Pico and ours in one file, as gzip finds what they share (about 0.4 KB).
STYLE_SHEET = "css/pico+app.css"
STYLE_PARTS = (PICO, "css/app.css")
# After one of these (or at the start), a "/" begins a regular expression, not a division.
_BEFORE_A_REGEX = set("(,=:[!&|?{};+-*%<>~^")
# A script's line that ends in one of these goes on to the next line without a break (slim_js).
_GOES_ON = {";", "{", ",", "(", "["}
_KEYWORDS_BEFORE_A_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw"}


def _quoted_end(text: str, start: int) -> int:
    """The index just past the string (or template text) that opens at `start`."""
    quote, i = text[start], start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            return i + 1
        if text[i] == "\n" and quote != "`":
            raise ValueError(f"unclosed string at {start}")
        i += 1
    raise ValueError(f"unclosed string at {start}")


def _regex_end(text: str, start: int) -> int:
    """The index just past the regular expression literal (with its flags) that opens at `start`."""
    i, in_class = start + 1, False
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "\n":
            raise ValueError(f"unclosed regular expression at {start}")
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            i += 1
            while i < len(text) and (text[i].isalnum() or text[i] == "_"):
                i += 1
            return i
        i += 1
    raise ValueError(f"unclosed regular expression at {start}")


def _starts_a_regex(out: list[str]) -> bool:
    code = "".join(out[-16:]).rstrip()
    if not code or code[-1] in _BEFORE_A_REGEX:
        return True
    word = re.search(r"[A-Za-z_$][\w$]*$", code)
    return bool(word) and word.group() in _KEYWORDS_BEFORE_A_REGEX


def _word(char: str) -> bool:
    return char.isalnum() or char in "_$" or ord(char) > 127


def _space_needed(before: str, after: str) -> bool:
    """Whether a space between these two characters parts two tokens that would otherwise run together:
    two words (`return x`), `+ +` or `- -`, a number and a dot, two slashes."""
    return ((_word(before) and _word(after)) or (before in "+-" and after in "+-") or (before == after == "/")
            or (before.isdigit() and after == "."))


class _Writer:
    """Collects the slimmed text: no indentation, no trailing spaces, no blank lines; in scripts (`tight`),
    no space between two tokens that stay apart without one (`if (a) {` is sent as `if(a){`)."""

    def __init__(self, tight: bool = False):
        self.out: list[str] = []
        self.tight = tight

    def code(self, piece: str) -> None:
        if self.tight and len(self.out) > 1 and self.out[-1] == " " and not _space_needed(self.out[-2][-1], piece[0]):
            self.out.pop()
        self.out.append(piece)

    def newline(self) -> None:
        while self.out and self.out[-1] in (" ", "\t", "\r"):
            self.out.pop()
        # In a script, no automatic semicolon falls after these (a statement or a list goes on): the line
        # break after them parts nothing.
        if self.out and self.out[-1] != "\n" and not (self.tight and self.out[-1] in _GOES_ON):
            self.out.append("\n")

    def space(self) -> None:
        if self.out and self.out[-1] not in (" ", "\n"):
            self.out.append(" ")

    def text(self) -> str:
        self.newline()
        return "".join(self.out)


def slim_js(source: str) -> str:
    """The script without comments, indentation, blank lines or the spaces no token needs; every token and
    line break kept."""
    writer, i, n = _Writer(tight=True), 0, len(source)
    while i < n:
        char = source[i]
        if char in "'\"`":
            end = _quoted_end(source, i)
            writer.code(source[i:end])
            i = end
        elif source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            if end < 0:
                raise ValueError(f"unclosed comment at {i}")
            # A comment between two tokens still parts them; one over several lines is a line break.
            writer.newline() if "\n" in source[i:end] else writer.space()
            i = end + 2
        elif char == "/" and _starts_a_regex(writer.out):
            end = _regex_end(source, i)
            writer.code(source[i:end])
            i = end
        elif char == "\n":
            writer.newline()
            i += 1
        elif char in " \t\r":
            # Indentation and runs of spaces become one space between tokens, none at a line's start.
            while i < n and source[i] in " \t\r":
                i += 1
            writer.space()
        else:
            writer.code(char)
            i += 1
    return writer.text()


def _holds_rules(prelude: str) -> bool:
    """Whether the block this prelude opens holds rules (@media, @supports…), not declarations."""
    words = re.sub(r"/\*.*?\*/", "", prelude, flags=re.S).strip()
    return words.startswith("@") and not words.startswith(("@font-face", "@page", "@property"))


def slim_css(source: str) -> str:
    """The style sheet without comments or indentation; strings and the spaces that part tokens kept, but the
    one after a declaration's colon (`color: red` is sent as `color:red`; a selector's `a :hover` stays)."""
    writer, i, n = _Writer(), 0, len(source)
    declarations: list[bool] = []  # for each open block, whether it holds declarations
    prelude_start = 0
    while i < n:
        char = source[i]
        if char in "'\"":
            end = _quoted_end(source, i)
            writer.code(source[i:end])
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            if end < 0:
                raise ValueError(f"unclosed comment at {i}")
            writer.space()
            i = end + 2
        elif char in " \t\r\n":
            while i < n and source[i] in " \t\r\n":
                i += 1
            writer.space()
        elif char in "{};," or (char == ":" and declarations and declarations[-1]):
            # No space is needed on either side of these; "a :hover" and "1px + 2px" keep theirs.
            while writer.out and writer.out[-1] == " ":
                writer.out.pop()
            writer.code(char)
            if char == "{":
                declarations.append(not _holds_rules(source[prelude_start:i]))
            elif char == "}" and declarations:
                declarations.pop()
            i += 1
            if char in "{};":
                prelude_start = i
            while i < n and source[i] in " \t\r\n":
                i += 1
            if char == "}":
                writer.newline()
        else:
            writer.code(char)
            i += 1
    return writer.text()


@lru_cache(maxsize=256)
def _slimmed(path: str, stamp: tuple[int, int]) -> tuple[bytes, str]:
    source = Path(path).read_text(encoding="utf-8")
    if path.endswith(PICO):
        root = Path(path).parents[2]
        body = pico_trim.trim(source, pico_trim.readers(root)).encode()
    else:
        body = (slim_js(source) if path.endswith(".js") else slim_css(source)).encode()
    return body, hashlib.sha256(body).hexdigest()[:20]


def slimmed(static_folder: str, filename: str) -> tuple[bytes, str, float] | None:
    """(body, ETag, modification time) for one of our own scripts or style sheets, for a file that joins
    several of our scripts (page_scripts.py) or for the style sheet that joins Pico and ours; None for any other
    file."""
    name = filename.replace("\\", "/")
    if name == STYLE_SHEET:
        sheets = [slimmed(static_folder, part) for part in STYLE_PARTS]
        body = b"\n".join(sheet[0] for sheet in sheets)
        return body, hashlib.sha256(body).hexdigest()[:20], max(sheet[2] for sheet in sheets)
    joined = page_scripts.parts_of(name)
    if joined:
        pieces = [slimmed(static_folder, f"js/{part}.js") for part in joined]
        if None in pieces:
            return None
        body = b"\n".join(piece[0] for piece in pieces)
        return body, hashlib.sha256(body).hexdigest()[:20], max(piece[2] for piece in pieces)
    suffix = Path(name).suffix
    ours = suffix in SLIMMED and name.startswith(SLIMMED[suffix])
    if not (ours or name == PICO) or ".." in name.split("/"):
        return None
    path = Path(static_folder) / name
    if not path.is_file():
        return None
    stat = path.stat()
    body, etag = _slimmed(str(path), (stat.st_mtime_ns, stat.st_size))
    return body, etag, stat.st_mtime
