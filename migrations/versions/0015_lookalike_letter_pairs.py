"""letters that a pair of letters passes for have one key: "d" is "cl", "w" is "vv" (player and user keys)

Revision ID: 0015_lookalike_letter_pairs
Revises: 0014_club_nights
Create Date: 2026-12-03 07:00:00

0013's key wrote "m" as "rn" (UTS #39 does) but nothing else a pair of letters passes for: "cl" and
"d", "VV" and "W", "ovvner1" and "owner1" had keys of their own. The key now writes "d" as "cl" and
"w" as "vv" in each round of the skeleton (ramo_keeper.text.lookalike), copied below as the change
to 0013's frozen copy it is: a later change of the app never changes what this migration does.

Rows whose names now share a key are repaired as 0013 repaired them (its own code, run with this
key): the earliest keeps its name, each later one is renamed "W (2)", "W (3)"… and gets its own key.
Guests keep their keys. The way down gives back 0013's keys, keeping two rows apart with "#id".
"""
import hashlib
import importlib.util
import unicodedata
from pathlib import Path

# revision identifiers, used by Alembic.
revision = '0015_lookalike_letter_pairs'
down_revision = '0014_club_nights'
branch_labels = None
depends_on = None

LETTER_PAIRS = str.maketrans({"d": "cl", "w": "vv"})


def _migration(file_name: str, module_name: str):
    spec = importlib.util.spec_from_file_location(module_name, Path(__file__).with_name(file_name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_0013 = _migration("0013_lookalike_keys_unfolded.py", "lookalike_keys_0013")


class _Key(_0013._Key):
    """0013's key, its letter pairs written out in every round (the one line marked)."""

    def __call__(self, name):
        visible = "".join(c for c in unicodedata.normalize("NFC", name.strip()) if not self.invisible(c))
        try:
            mapped = self.nickname.enforce(visible)
        except UnicodeError:
            mapped = unicodedata.normalize("NFKC", visible)
        text = "".join(c for c in mapped if unicodedata.category(c) != "Zs")
        text = "".join(c.casefold() if len(c.casefold()) > 1 else c for c in text)
        for _ in range(6):
            mapped = "".join(self._prototype(c) for c in self._unaccented(_0013._decomposed(text)))
            mapped = unicodedata.normalize("NFKC", mapped.casefold()).translate(LETTER_PAIRS)  # the change
            if mapped == text:
                break
            text = mapped
        if len(text) > _0013.KEY_MAX:
            text = text[:100] + "#" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]
        return text


def upgrade():
    key_of = _Key()
    _0013._repair_and_rekey(key_of, 'user', 'username', 'username_key')
    _0013._repair_and_rekey(key_of, 'player', 'name', 'name_key', 'league_id')


def downgrade():
    # Renamed rows keep their new names: both are still in use.
    key_of = _0013._Key()
    _0013._rekey_apart(key_of, 'user', 'username', 'username_key')
    _0013._rekey_apart(key_of, 'player', 'name', 'name_key', 'league_id')
