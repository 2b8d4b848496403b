"""names that look the same in capitals have one key: player.name_key and user.username_key recomputed

Revision ID: 0013_lookalike_keys_unfolded
Revises: 0012_hand_marks_as_data
Create Date: 2026-12-02 10:00:00

0007's key folded case before it took the UTS #39 skeleton, so what capitals look like was lost:
"Al" and "AI" (capital i), "0lga" and "Olga", "Ill" and "lll" had keys of their own. The key now
takes the skeleton of the name as written and folds after it (ramo_keeper.lookalike), copied below
as it was when this was written: a later change of the app never changes what this migration does.

Rows whose names now share a key are repaired as 0007 repaired them: the earliest keeps its name,
each later one is renamed "AI (2)", "AI (3)"… (the number the first free one) and gets its own key.
Guests keep their keys: theirs are the identity their cookie carries, not a name. The way down
gives back 0007's keys; two rows that 0007's key would give one key keep theirs apart with "#id".
"""
import hashlib
import importlib.util
import re
import unicodedata
from pathlib import Path

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0013_lookalike_keys_unfolded'
down_revision = '0012_hand_marks_as_data'
branch_labels = None
depends_on = None

NAME_MAX = 40
GUEST_PREFIX = "guest:"

# ---- frozen copy of ramo_keeper.invisible.is_invisible and ramo_keeper.lookalike (2026-12-02) ----
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
UNACCENTED_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC", "COMMON"})
HANGUL_SYLLABLES = re.compile("([\uac00-\ud7a3]+)")
KEY_MAX = 160


class _Key:
    def __init__(self):
        from confusable_homoglyphs.categories import alias
        from confusable_homoglyphs.confusables import confusables_data
        from precis_i18n import get_profile
        from precis_i18n.unicode import UnicodeData

        self.script_of, self.ucd = alias, UnicodeData()
        self.nickname = get_profile("NicknameCasePreserved")
        neighbours = {}
        for char, entries in confusables_data.items():
            for entry in entries:
                a, b = _unwrapped(char), _unwrapped(entry["c"])
                neighbours.setdefault(a, set()).add(b)
                neighbours.setdefault(b, set()).add(a)
        self.prototypes = {}
        for char, others in neighbours.items():
            if len(others) > 1 or char in self.prototypes:
                continue
            (other,) = others
            if len(neighbours[other]) > 1 or len(other) > 1 or (len(char) == 1 and other < char):
                self.prototypes[char] = other

    def invisible(self, char):
        return char in BLANK_LETTERS or unicodedata.category(char) == "Cf" or self.ucd.default_ignorable(ord(char))

    def __call__(self, name):
        visible = "".join(c for c in unicodedata.normalize("NFC", name.strip()) if not self.invisible(c))
        try:
            mapped = self.nickname.enforce(visible)
        except UnicodeError:
            mapped = unicodedata.normalize("NFKC", visible)
        text = "".join(c for c in mapped if unicodedata.category(c) != "Zs")
        text = "".join(c.casefold() if len(c.casefold()) > 1 else c for c in text)
        for _ in range(6):
            mapped = "".join(self._prototype(c) for c in self._unaccented(_decomposed(text)))
            mapped = unicodedata.normalize("NFKC", mapped.casefold())
            if mapped == text:
                break
            text = mapped
        if len(text) > KEY_MAX:
            text = text[:100] + "#" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]
        return text

    def _prototype(self, char):
        capital = char.upper()
        if len(capital) == 1 and unicodedata.category(char)[0] == "L":
            twin = self.prototypes.get(capital, "")
            if len(twin) == 1 and unicodedata.category(twin)[0] == "L" and twin != capital:
                return twin
        return self.prototypes.get(char, char)

    def _unaccented(self, text):
        kept, base_script = [], None
        for char in text:
            category = unicodedata.category(char)
            if category == "Mn" and base_script in UNACCENTED_SCRIPTS:
                continue
            if not category.startswith("M"):
                base_script = self.script_of(char)
            kept.append(char)
        return "".join(kept)


def _decomposed(text):
    return "".join(part if HANGUL_SYLLABLES.fullmatch(part) else unicodedata.normalize("NFD", part)
                   for part in HANGUL_SYLLABLES.split(text))


def _unwrapped(text):
    return text[1:-1] if len(text) > 2 and text[0] == text[-1] == "\u200e" else text
# ---- end of the frozen copy ----


def _rows(table, name_column, key_column, group_column):
    group = group_column or "0"
    return op.get_bind().execute(sa.text(
        f'SELECT id, {name_column}, {key_column}, {group} FROM "{table}" ORDER BY id')).all()


def _store(table, name_column, key_column, changes):
    """Write {id: (name, key)}. Every key is parked first on a value no key can take (keys hold no
    space), so that no row meets another's old key on the way."""
    connection = op.get_bind()
    connection.execute(sa.text(f'UPDATE "{table}" SET {key_column} = \' \' || id '
                               f"WHERE {key_column} NOT LIKE '{GUEST_PREFIX}%'"))
    for row_id, (name, key) in changes.items():
        connection.execute(sa.text(f'UPDATE "{table}" SET {name_column} = :name, {key_column} = :key WHERE id = :id'),
                           {"name": name, "key": key, "id": row_id})


def _repair_and_rekey(key_of, table, name_column, key_column, group_column=None):
    rows = [row for row in _rows(table, name_column, key_column, group_column)
            if not row[2].startswith(GUEST_PREFIX)]
    natural = {row_id: (group, key_of(name)) for row_id, name, _, group in rows}
    wanted = set(natural.values())
    taken, changes = set(), {}
    for row_id, name, _, group in rows:
        key = natural[row_id]
        if key in taken:
            base = "".join(c for c in name if not key_of.invisible(c)).strip()
            number = 1
            while key in taken or key in wanted:
                number += 1
                suffix = f" ({number})"
                name = base[:NAME_MAX - len(suffix)].rstrip() + suffix
                key = (group, key_of(name))
        taken.add(key)
        changes[row_id] = (name, key[1])
    _store(table, name_column, key_column, changes)


def upgrade():
    key_of = _Key()
    _repair_and_rekey(key_of, 'user', 'username', 'username_key')
    _repair_and_rekey(key_of, 'player', 'name', 'name_key', 'league_id')


def _folded_first_keys():
    """0007's key (case folded before the skeleton), from 0007's own frozen copy."""
    path = Path(__file__).with_name("0007_lookalike_name_keys.py")
    spec = importlib.util.spec_from_file_location("lookalike_keys_0007", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._Key()


def _rekey_apart(key_of, table, name_column, key_column, group_column=None):
    """0007's keys; of two rows that collide under them, the later one gets "key#id"."""
    taken, changes = set(), {}
    for row_id, name, old_key, group in _rows(table, name_column, key_column, group_column):
        if old_key.startswith(GUEST_PREFIX):
            continue
        key = key_of(name)
        if (group, key) in taken:
            key = f"{key}#{row_id}"
        taken.add((group, key))
        changes[row_id] = (name, key)
    _store(table, name_column, key_column, changes)


def downgrade():
    # Renamed rows keep their new names: both are still in use.
    key_of = _folded_first_keys()
    _rekey_apart(key_of, 'user', 'username', 'username_key')
    _rekey_apart(key_of, 'player', 'name', 'name_key', 'league_id')
