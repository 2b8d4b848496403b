"""names that look the same have one key: player.name_key and user.username_key recomputed

Revision ID: 0007_lookalike_name_keys
Revises: 0006_core_stored_state
Create Date: 2026-12-01 12:00:00

The keys become ramo_keeper.lookalike's key (invisible characters, width, case, spaces, accents on
Latin, Greek and Cyrillic letters and UTS #39 confusables do not count), copied below as it was when
this was written: a later change of the app never changes what this migration does. The data it
reads (precis-i18n's Unicode tables, confusable-homoglyphs' copy of confusables.txt) is pinned in
requirements.txt.

Rows whose names now share a key (say "Al" and Cyrillic "Аl" on one roster, or accounts "alice" and
"ａｌｉｃｅ") are repaired first: the earliest keeps its name, each later one is renamed "Аl (2)",
"Аl (3)"… (without its invisible characters, the number the first free one) and gets its own key.
Guests keep their keys: theirs are the identity their cookie carries, not a name.
"""
import hashlib
import re
import unicodedata

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007_lookalike_name_keys'
down_revision = '0006_core_stored_state'
branch_labels = None
depends_on = None

NAME_MAX = 40
GUEST_PREFIX = "guest:"

# ---- frozen copy of ramo_keeper.invisible.is_invisible and ramo_keeper.lookalike (2026-12-01) ----
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
        self.nickname = get_profile("NicknameCaseMapped:CaseFold")
        neighbours = {}
        for char, entries in confusables_data.items():
            for entry in entries:
                a, b = _unwrapped(char), _unwrapped(entry["c"])
                neighbours.setdefault(a, set()).add(b)
                neighbours.setdefault(b, set()).add(a)
        self.prototypes = {}
        for char, others in neighbours.items():
            if len(others) > 1:
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
            mapped = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
        text = "".join(c for c in mapped if unicodedata.category(c) != "Zs")
        text = "".join(self._capital_twin(c) for c in self._unaccented(_decomposed(text)))
        for _ in range(4):
            text = self._unaccented(_decomposed(text))
            mapped = "".join(self.prototypes.get(c, c) for c in text)
            if mapped == text:
                break
            text = mapped
        if len(text) > KEY_MAX:
            text = text[:100] + "#" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]
        return text

    def _capital_twin(self, char):
        capital = char.upper()
        twin = self.prototypes.get(capital, "") if len(capital) == 1 and unicodedata.category(char)[0] == "L" else ""
        return twin.lower() if len(twin) == 1 and unicodedata.category(twin) == "Lu" and twin != capital else char

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


def _casefold_rekey(table, name_column, key_column, group_column=None):
    """0004's keys: NFC casefolded; of two rows that collide, the later one gets "key#id"."""
    taken, changes = set(), {}
    for row_id, name, old_key, group in _rows(table, name_column, key_column, group_column):
        if old_key.startswith(GUEST_PREFIX):
            continue
        key = unicodedata.normalize("NFC", name.strip()).casefold()
        if (group, key) in taken:
            key = f"{key}#{row_id}"
        taken.add((group, key))
        changes[row_id] = (name, key)
    _store(table, name_column, key_column, changes)


def downgrade():
    # Renamed rows keep their new names: both are still in use, and the old keys could not tell them apart.
    _casefold_rekey('user', 'username', 'username_key')
    _casefold_rekey('player', 'name', 'name_key', 'league_id')
