"""Characters that draw nothing of their own: with them one name can show as another ("A\u200bl" as "Al").

Refused are the format characters (general category Cf: zero-width space, soft hyphen, word joiner…),
every Default_Ignorable_Code_Point (variation selectors, the Hangul fillers U+3164, U+115F, U+1160 and
U+FFA0…) and the blank braille pattern. A few of them are the only way to write something people
really type, and are taken where they do that job, nowhere else:
- zero-width joiner and non-joiner after a virama (Indic scripts) or between joining letters (Persian),
  as RFC 8264 allows them; the joiner also between two emoji (👩‍👩‍👧);
- a variation selector after a symbol or emoji (❤️), in a keycap (1️⃣), after a CJK ideograph
  (ideographic variants) or a Myanmar letter;
- emoji tag characters after a black flag (🏴 flags of Scotland, Wales, England);
- Mongolian free variation selectors and the vowel separator after a Mongolian letter.
"""

import unicodedata

from precis_i18n.unicode import UnicodeData

_UCD = UnicodeData()  # its Default_Ignorable_Code_Point table
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
ZWNJ, ZWJ, KEYCAP, BLACK_FLAG = "\u200c", "\u200d", "\u20e3", "\U0001f3f4"
EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)


def is_invisible(char: str) -> bool:
    """True for a character that shows nothing of its own (allowed or not: names are compared without them)."""
    return char in BLANK_LETTERS or unicodedata.category(char) == "Cf" or _UCD.default_ignorable(ord(char))


def refused_at(value: str, index: int) -> bool:
    """True when value[index] is invisible and not doing one of the jobs listed above."""
    char = value[index]
    if not is_invisible(char):
        return False
    before = value[index - 1] if index else ""
    after = value[index + 1] if index + 1 < len(value) else ""
    code = ord(char)
    if char in (ZWJ, ZWNJ):
        return not _joins(value, index, before, after)
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
        return not _selects_variant(before, after)
    if 0xE0020 <= code <= 0xE007F:
        return not (before == BLACK_FLAG or (before and 0xE0020 <= ord(before) <= 0xE007F))
    if 0x180B <= code <= 0x180F:
        return not (before and 0x1820 <= ord(before) <= 0x18AF)
    return True


def _joins(value: str, index: int, before: str, after: str) -> bool:
    if before and _UCD.combining_virama(ord(before)):
        return True
    if value[index] == ZWNJ:
        return _UCD.valid_jointype(value, index)
    return _is_emoji_end(value[:index]) and bool(after) and unicodedata.category(after) == "So"


def _is_emoji_end(text: str) -> bool:
    """The text ends with an emoji, perhaps with its presentation selector or skin tone after it."""
    text = text.rstrip("\ufe0f")
    if text and ord(text[-1]) in EMOJI_MODIFIERS:
        text = text[:-1]
    return bool(text) and unicodedata.category(text[-1]) == "So"


def _selects_variant(before: str, after: str) -> bool:
    if not before:
        return False
    if before in "0123456789#*":
        return after == KEYCAP
    return (unicodedata.category(before)[0] in "SP" or 0x1000 <= ord(before) <= 0x109F
            or unicodedata.name(before, "").startswith("CJK "))
