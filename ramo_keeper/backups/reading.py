"""An uploaded backup read as it arrives, within limits checked as it arrives.

A backup of 90 MB of ``{},`` gzips to 88 KB. Unpacked whole and parsed whole, it grew a worker to
2.4 GB before the import could count its games. Here the file is unpacked a megabyte at a time,
and each piece goes through a scan that knows only brackets, quoted text and commas: it counts how
deeply lists and objects nest, how many entries each holds and how many the file holds in all, and
refuses the file the moment one passes what the largest backup of a league at every cap holds
(`MAX_DEPTH`, `MAX_ENTRIES`, the caps of leagues/limits.py). The file is never held whole: each
row of a top-level list (a player, a game with its hands) is parsed as soon as its closing bracket
arrives, and only its bytes are kept until then. What is parsed is therefore bounded by the caps,
and all of it happens before the import takes its lock.

The values are then the same as `json.loads` of the whole file gives: a row is a complete JSON value,
parsed alone and put back where it stood.
"""

import json
import math
import re
import secrets
import zlib
from collections.abc import Callable

from flask_babel import format_decimal, gettext

from ..house_rules.service import MAX_RULESETS_PER_LEAGUE
from ..i18n import N_
from ..leagues.limits import (
    MAX_GAMES_PER_LEAGUE,
    MAX_HANDS_PER_LEAGUE,
    MAX_PLAYERS_PER_LEAGUE,
    MAX_SEASONS_PER_LEAGUE,
)
from ..rules.limits import MAX_OPTIONS
from ..text.json_input import may_hold_unstorable, texts
from ..text.validation import MESSAGES as text_messages
from ..text.validation import storable
from .backup import MAX_DEFINITION_DEPTH, BadBackup
from .backup_file import MAX_NIGHTS
from .backup_size import (
    MAX_BACKUP_BYTES,
    widest_correction,
    widest_game,
    widest_hand,
    widest_night,
    widest_player,
    widest_ruleset,
    widest_season,
)
from .history import HISTORY_PER_LEAGUE

GZIP_MAGIC = b"\x1f\x8b"
UTF8_BOM = b"\xef\xbb\xbf"
READ_BYTES = 64 * 1024  # of the upload at a time
PIECE_BYTES = 1024 * 1024  # unpacked at a time: a gzip bomb never unpacks more than this at once
LONGEST_NUMBER = 30  # digits: no number a backup holds comes near (ids stop at 10)
TEXT = rb'"[^"\\]*(?:\\.[^"\\]*)*"'  # quoted text, closed
# Everything up to the next bracket outside quoted text: commas, colons, numbers, literals, whitespace and
# closed texts. It stops before a bracket, at the end, or before a text the piece ends inside.
FLAT = re.compile(rb'[^"\[\]{}]*(?:' + TEXT + rb'[^"\[\]{}]*)*', re.DOTALL)
TEXTS = re.compile(TEXT, re.DOTALL)
# A key just before a bracket ("games": [): short, and plain, as every key a backup's caps concern.
KEY = re.compile(rb'("[a-z_]{1,10}")[ \t\n\r]*:[ \t\n\r]*\Z')
# A run of JSON's whitespace (its four, no more: others stay for the parser to refuse), or a text to keep.
SQUEEZABLE = re.compile(rb"(" + TEXT + rb")|[ \t\n\r]{2,}", re.DOTALL)
# The most the scan keeps unscanned between pieces: the end of a text or a number that the next piece
# finishes. No text a backup holds comes near (a house rule's whole definition is at most 32 KB).
CARRY = 256 * 1024

# A game row (depth 3: the file, its "games", the row) holds its definition, which nests at most
# MAX_DEFINITION_DEPTH deep (backup.py): nothing a backup holds is deeper.
MAX_DEPTH = 3 + MAX_DEFINITION_DEPTH
# No list or object a backup holds has more entries than a league has hands.
MAX_LIST_ENTRIES = MAX_HANDS_PER_LEAGUE
# A house rule's definition, or a game's snapshot of one, counted at 2,048 entries: eight times the
# largest game the app ships (ramo.json, 239), which a house rule changes but cannot grow past its caps
# (20 levels, 12 card categories, 20 options: rules/limits.py).
DEFINITION_ENTRIES = 2048


def entries(value) -> int:
    """How many entries (list items and object members) `value` holds at every depth."""
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            count += 1
            stack.append(child)
    return count


def largest_entries() -> int:
    """Entries in the largest backup of a league at every cap: the widest rows (backup_size.py) times their caps."""
    return (8 + MAX_PLAYERS_PER_LEAGUE * (1 + entries(widest_player()))
            + MAX_SEASONS_PER_LEAGUE * (1 + entries(widest_season()))
            + MAX_RULESETS_PER_LEAGUE * (2 + entries(widest_ruleset()) + DEFINITION_ENTRIES)
            + MAX_GAMES_PER_LEAGUE * (3 + entries(widest_game()) + MAX_OPTIONS + DEFINITION_ENTRIES)
            + MAX_HANDS_PER_LEAGUE * (1 + entries(widest_hand()))
            + HISTORY_PER_LEAGUE * (1 + entries(widest_correction()))
            + MAX_NIGHTS * (2 + entries(widest_night()) + MAX_OPTIONS + DEFINITION_ENTRIES))


MAX_ENTRIES = largest_entries()

# The top-level lists a league's caps bound, by their key as the file spells it (quotes included).
CAPPED = {b'"players"': "players", b'"seasons"': "seasons", b'"rulesets"': "rulesets", b'"games"': "games"}
CAPS = {"players": MAX_PLAYERS_PER_LEAGUE, "seasons": MAX_SEASONS_PER_LEAGUE, "rulesets": MAX_RULESETS_PER_LEAGUE,
        "games": MAX_GAMES_PER_LEAGUE, "hands": MAX_HANDS_PER_LEAGUE}
MORE_THAN_CAP = {
    "players": N_("A league holds at most %(limit)s players; this backup has more."),
    "seasons": N_("A league holds at most %(limit)s seasons; this backup has more."),
    "rulesets": N_("A league holds at most %(limit)s house rules; this backup has more."),
    "games": N_("A league holds at most %(limit)s games; this backup has more."),
    "hands": N_("A league holds at most %(limit)s hands in all its games; this backup has more."),
}


def too_large() -> BadBackup:
    return BadBackup(gettext("This file is larger than any backup of a league can be (at most %(limit)s MB once "
                             "uncompressed): choose a backup downloaded from Ramo Keeper.",
                             limit=format_decimal(MAX_BACKUP_BYTES // 1_000_000)))


def not_json() -> BadBackup:
    return BadBackup(gettext("That file is not JSON: choose a backup downloaded from Ramo Keeper."))


def too_deep() -> BadBackup:
    return BadBackup(gettext("This file is nested too deeply to be a backup."))


def too_many() -> BadBackup:
    return BadBackup(gettext("This file holds more entries than any backup of a league can: choose a backup "
                             "downloaded from Ramo Keeper."))


class _Container:
    """An open list or object: its entries so far, and the cap (if any) its entries count towards."""

    __slots__ = ("entries", "started", "cap", "start")

    def __init__(self, cap: str | None, start: int):
        self.entries, self.started, self.cap, self.start = 0, False, cap, start


class Scan:
    """The file's bytes in pieces, checked and cut into rows as they arrive (`feed`, then `value`)."""

    def __init__(self):
        self.buffer = bytearray()  # the bytes not yet handed on: the open row's, or the file's own between rows
        self.position = 0  # in `buffer`: scanned up to here
        self.frame_from = 0  # in `buffer`: where the bytes not yet in the frame begin (after the last row)
        self.stack: list[_Container] = []
        self.total = 0  # entries so far, at every depth
        self.counts = dict.fromkeys(CAPS, 0)
        self.size = 0
        self.key: bytes | None = None  # the last short quoted text, in case a colon makes it a key
        self.frame: list[bytes] = []  # the file without its rows: a placeholder stands where each was
        self.rows: list = []
        self.marker = f"row {secrets.token_hex(16)} "  # no file can guess it, so none can forge one
        self.done = False

    def feed(self, piece: bytes) -> None:
        if not self.size and piece.startswith(UTF8_BOM):
            piece = piece[len(UTF8_BOM):]
        self.size += len(piece)
        if self.size > MAX_BACKUP_BYTES:
            raise too_large()
        self.buffer += piece
        self._scan()
        # Hand on to the frame what is scanned and outside any open row; an open row keeps its bytes.
        keep = self.stack[2].start if len(self.stack) > 2 else self.position
        self._to_frame(self.buffer[self.frame_from:keep])
        del self.buffer[:keep]
        self.position -= keep
        self.frame_from = 0
        if len(self.stack) > 2:
            self.stack[2].start -= keep

    def _scan(self) -> None:
        buffer, position = self.buffer, self.position
        while True:
            end = FLAT.match(buffer, position).end()
            if end < len(buffer) and buffer[end] == 0x22:  # '"': a text the next piece goes on with
                if len(buffer) - end > CARRY:
                    raise too_many()
            if end == len(buffer) or buffer[end] == 0x22:
                if end - position > CARRY:  # a long run of numbers or whitespace: counted now
                    self._between(bytes(buffer[position:end]))
                    position = end
                self.position = position  # the rest waits for the next piece (a key stays with its colon)
                return
            self._between(bytes(buffer[position:end]))
            if buffer[end] in b"[{":
                self._open(end)
            else:
                self._close(end + 1)
            position = end + 1

    def _between(self, gap: bytes) -> None:
        """What stands between two brackets: commas, colons, numbers, literals and closed texts."""
        flat = TEXTS.sub(b'""', gap) if b'"' in gap else gap
        content = flat.strip(b" \t\n\r")
        if self.done:
            if content:
                raise not_json()
            return
        self.key = None
        if not self.stack or not content:
            return  # a file of one scalar, or whitespace: nothing to count
        if content.strip(b",:"):
            self._entry()
        if commas := content.count(b","):
            self._entry(commas)
        if content.endswith(b":") and (key := KEY.search(gap, max(0, len(gap) - 64))):
            self.key = key[1]

    def _entry(self, more: int = 0) -> None:
        """The innermost container has its first entry (more=0) or `more` entries past its first."""
        if not self.stack:
            if self.done:
                raise not_json()
            return
        container = self.stack[-1]
        added = more
        if not container.started:
            container.started, added = True, added + 1
        if not added:
            return
        container.entries += added
        self.total += added
        if container.entries > MAX_LIST_ENTRIES or self.total > MAX_ENTRIES:
            raise too_many()
        if container.cap:
            self.counts[container.cap] += added
            if self.counts[container.cap] > CAPS[container.cap]:
                raise BadBackup(gettext(MORE_THAN_CAP[container.cap], limit=format_decimal(CAPS[container.cap])))

    def _open(self, at: int) -> None:
        if self.done:
            raise not_json()
        self._entry()
        depth = len(self.stack)
        if depth >= MAX_DEPTH:
            raise too_deep()
        cap = None
        if self.key is not None:
            # The file's own lists ("games": [), and a game row's hands ("hands": [ inside a row).
            cap = CAPPED.get(self.key) if depth == 1 else "hands" if depth == 3 and self.key == b'"hands"' else None
        self.key = None
        self.stack.append(_Container(cap, at))

    def _close(self, end: int) -> int:
        """Close the innermost container at `end`; where the scan goes on."""
        if not self.stack:
            raise not_json()
        closed = self.stack.pop()
        self.key = None
        if len(self.stack) == 2:  # a row: parse it now, and put a placeholder in the frame in its place
            self.rows.append(loaded(bytes(self.buffer[closed.start:end])))
            self._to_frame(self.buffer[self.frame_from:closed.start])
            self.frame.append(json.dumps(f"{self.marker}{len(self.rows) - 1}").encode())
            self.frame_from = end
        self.done = not self.stack
        return end

    def _to_frame(self, part: bytearray) -> None:
        """Keep `part` of the file outside its rows (cut outside any text): a file padded with gigabytes of
        whitespace around its rows is kept as a few bytes, each run one space, as the parser reads it."""
        if len(part) > CARRY // 4:
            part = SQUEEZABLE.sub(lambda found: found[1] or b" ", part)
        self.frame.append(bytes(part))

    def value(self):
        """The whole file's value, once every piece is fed."""
        if self.stack:
            raise not_json()  # the file ends inside a list or object
        top = loaded(b"".join([*self.frame, bytes(self.buffer[self.frame_from:])]))
        self.frame = []
        for container in top.values() if isinstance(top, dict) else top if isinstance(top, list) else ():
            if isinstance(container, list):
                container[:] = [self._row(item) for item in container]
            elif isinstance(container, dict):
                container.update({key: self._row(item) for key, item in container.items()})
        return top

    def _row(self, item):
        if isinstance(item, str) and item.startswith(self.marker):
            return self.rows[int(item.removeprefix(self.marker))]
        return item


class _Refused(Exception):
    """Raised inside the JSON parser: a value no backup holds."""


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > LONGEST_NUMBER:
        raise _Refused(gettext("This file holds a number of %(count)s digits, far longer than any a backup holds: "
                               "choose a backup downloaded from Ramo Keeper.",
                               count=format_decimal(len(digits.lstrip("-")))))
    return int(digits)


def _constant(name: str):
    raise _Refused(gettext("This file holds %(value)s, which is not a number a backup holds: choose a backup "
                           "downloaded from Ramo Keeper.", value=name))


def _fraction(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400: too large for any number a database keeps
        _constant(text[:LONGEST_NUMBER])
    return value


def loaded(data: bytes):
    """One complete JSON value of the file as Python values, or BadBackup saying why it cannot be one."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise not_json() from None
    try:
        value = json.loads(text, parse_int=_whole_number, parse_float=_fraction, parse_constant=_constant)
    except _Refused as refused:
        raise BadBackup(str(refused)) from None
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        raise not_json() from None
    if may_hold_unstorable(text):  # NUL, another control character or a lone surrogate: no database stores it
        for item in texts(value):
            if not storable(item):
                if any("\ud800" <= char <= "\udfff" for char in item):
                    raise BadBackup(gettext("This file holds text with a broken character: choose a backup "
                                            "downloaded from Ramo Keeper."))
                raise BadBackup(gettext(text_messages["unreadable"]))
    return value


def _pieces(read: Callable[[int], bytes]):
    """The upload's bytes, unpacked if gzipped, at most PIECE_BYTES at a time."""
    first = read(READ_BYTES)
    if not first.startswith(GZIP_MAGIC):
        while first:
            yield first
            first = read(READ_BYTES)
        return
    unpacker, compressed = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS), first
    try:
        while compressed and not unpacker.eof:
            piece = unpacker.decompress(compressed, PIECE_BYTES)
            while unpacker.unconsumed_tail and piece:
                yield piece
                piece = unpacker.decompress(unpacker.unconsumed_tail, PIECE_BYTES)
            if piece:
                yield piece
            compressed = read(READ_BYTES)
    except zlib.error:
        raise BadBackup(gettext("That file looks compressed but cannot be read: choose a backup downloaded from "
                                "Ramo Keeper, or compress it again with gzip.")) from None


def read_backup(read: Callable[[int], bytes]) -> tuple[object, int]:
    """The upload's JSON value and its size unpacked, read through `read(n)` a piece at a time.

    Raises BadBackup as soon as a piece passes a limit: nothing past that piece is unpacked or read.
    """
    scan = Scan()
    for piece in _pieces(read):
        scan.feed(piece)
    return scan.value(), scan.size
