"""The key names are compared by: two names a person cannot tell apart on a phone have one key.

1. Invisible characters do not count (the few that are allowed: see invisible.py).
2. PRECIS (RFC 8264/8266, the NicknameCasePreserved profile): width, compatibility forms and spaces
   are mapped ("Ａｌ" is "Al"); case is kept for the next step.
3. Spaces do not count ("A l", with a hair space, shows as "Al").
4. Accents on Latin, Greek and Cyrillic letters do not count: "Niccolò" and "Niccolo" are one name,
   as are "Ελένη" and "Ελενη". Marks of other scripts (Indic vowel signs, Thai, Hebrew points…) do.
5. The confusables skeleton of Unicode's UTS #39, taken of the name as written and then case-folded,
   until nothing changes: every character becomes the prototype it is mistaken for (Cyrillic "а" is
   "a", "1" is "l", "m" is "rn"), and only then does case stop counting. Folding first would lose what
   the capitals look like: "AI" (capital i) shows as "Al", "0lga" as "Olga", though "ai" and "al" do
   not. A letter whose capital is mistaken for another letter becomes that letter in either case, so
   that case never counts: Cyrillic "т" is "t" (for "Тom" shows as "Tom"), and "i" is "l" (for "AI"
   shows as "Al"). So "Kai" and "Kal" are one name too: written "KAI", one shows as the other.

6. Letters that two letters side by side pass for are written as those two: "d" as "cl", "w" as "vv"
   (UTS #39 itself writes "m" as "rn"). So "cl" and "d", "VV" and "W", "ovvner" and "owner" are one
   name, whichever of the two a name uses. Writing the one letter as two, never the two as one, makes
   the key the same wherever the pair falls ("vvv" is "vw" and "wv").

Case is folded in full before anything else too, where a letter folds into several: "ß" is "ss"
("Strauß" is "Strauss", "STRAUẞ" too), as its prototype would otherwise be the Greek "β".

Hangul syllables stay whole: taken apart into jamo, "각가" and "가까" would have one skeleton, though
no Korean reader mixes them up. The stored name is still what the person typed; only the key is this.
migrations/versions/0015_lookalike_letter_pairs.py holds a frozen copy: change both or neither
(0013 holds the copy of the key before the letter pairs, 0007 the one before that, which folded case first).
"""

import hashlib
import re
import unicodedata
from functools import cache

from confusable_homoglyphs.categories import alias as script_of
from precis_i18n import get_profile

from .invisible import is_invisible

NICKNAME = get_profile("NicknameCasePreserved")
UNACCENTED_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC", "COMMON"})
HANGUL_SYLLABLES = re.compile("([\uac00-\ud7a3]+)")
# The key columns hold 160 characters; a longer key keeps its start and a digest of the whole.
KEY_MAX = 160
# Letters that a pair of letters passes for on a phone, beside UTS #39's own "m" → "rn" (step 6).
LETTER_PAIRS = str.maketrans({"d": "cl", "w": "vv"})


def lookalike_key(name: str) -> str:
    visible = "".join(char for char in unicodedata.normalize("NFC", name) if not is_invisible(char))
    mapped = "".join(char for char in _precis(visible) if unicodedata.category(char) != "Zs")
    key = _skeleton(mapped)
    if len(key) > KEY_MAX:
        key = key[:100] + "#" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:40]
    return key


def _precis(text: str) -> str:
    try:
        return NICKNAME.enforce(text)
    except UnicodeError:
        # PRECIS refuses a few things a name here may hold (a lone jamo such as "ㅋ", emoji newer than
        # Python's Unicode tables, an empty string): the same mappings, made by hand.
        return unicodedata.normalize("NFKC", text)


def _skeleton(text: str) -> str:
    """UTS #39's skeleton of the text as written, then folded and its letter pairs written out, until
    nothing changes it."""
    prototypes = _prototypes()
    # A letter that folds into several ("ß" into "ss") is folded first: its prototype would be another letter.
    text = "".join(char.casefold() if len(char.casefold()) > 1 else char for char in text)
    for _ in range(6):  # a prototype's own characters are prototypes: two rounds settle, a third confirms
        mapped = "".join(_prototype(char, prototypes) for char in _unaccented(_decomposed(text)))
        mapped = unicodedata.normalize("NFKC", mapped.casefold()).translate(LETTER_PAIRS)
        if mapped == text:
            break
        text = mapped
    return text


def _prototype(char: str, prototypes: dict[str, str]) -> str:
    """The character a letter is mistaken for in either case: what its capital is mistaken for, when that is a
    single letter ("т" as "T", "i" as "l"), else its own prototype ("а" as "a")."""
    capital = char.upper()
    if len(capital) == 1 and unicodedata.category(char)[0] == "L":
        twin = prototypes.get(capital, "")
        if len(twin) == 1 and unicodedata.category(twin)[0] == "L" and twin != capital:
            return twin
    return prototypes.get(char, char)


def _decomposed(text: str) -> str:
    return "".join(part if HANGUL_SYLLABLES.fullmatch(part) else unicodedata.normalize("NFD", part)
                   for part in HANGUL_SYLLABLES.split(text))


def _unaccented(text: str) -> str:
    kept, base_script = [], None
    for char in text:
        category = unicodedata.category(char)
        if category == "Mn" and base_script in UNACCENTED_SCRIPTS:
            continue
        if not category.startswith("M"):
            base_script = script_of(char)
        kept.append(char)
    return "".join(kept)


@cache
def _prototypes() -> dict[str, str]:
    """UTS #39's confusables as {character: prototype}, from confusable-homoglyphs' copy of confusables.txt.

    That copy lists each line "source → prototype" both ways, so each prototype sits at the centre of
    a star of its sources: the member with several neighbours. A pair of one source and one prototype
    cannot be told apart, nor does it need to be: either member stands for both. A prototype of several
    characters ("rn") is never a source.
    """
    from confusable_homoglyphs.confusables import confusables_data

    neighbours: dict[str, set[str]] = {}
    for char, entries in confusables_data.items():
        for entry in entries:
            a, b = _unwrapped(char), _unwrapped(entry["c"])
            neighbours.setdefault(a, set()).add(b)
            neighbours.setdefault(b, set()).add(a)
    prototypes = {}
    for char, others in neighbours.items():
        if len(others) > 1 or char in prototypes:
            continue
        (other,) = others
        if len(neighbours[other]) > 1 or len(other) > 1 or (len(char) == 1 and other < char):
            prototypes[char] = other
    return prototypes


def _unwrapped(text: str) -> str:
    """confusables.txt writes right-to-left characters between two left-to-right marks: take them off."""
    return text[1:-1] if len(text) > 2 and text[0] == text[-1] == "\u200e" else text
