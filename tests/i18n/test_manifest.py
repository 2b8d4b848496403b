"""The installed app's description (static/manifest.webmanifest) names every built-in game, in each language.

A phone shows it under the app's name; the games are named as each language's players call them (the
names are typed here by hand, as the rules pages show them).
"""

import json
from pathlib import Path

from ramo_keeper import rules

MANIFEST = Path(__file__).resolve().parents[2] / "static" / "manifest.webmanifest"
NAMES = {
    "en": ["Ramo", "Contract Rummy", "Rummy", "Manipulation Rummy", "Phase 10", "Liverpool Rummy"],
    "ko": ["라모", "콘트랙트 러미", "러미", "매니퓰레이션 러미", "페이즈 10", "리버풀 러미"],
    "it": ["Ramo", "Ramino a contratti", "Ramino", "Ramino a manipolazione", "Phase 10", "Ramino Liverpool"],
}


def test_the_description_names_all_six_games_in_every_language():
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert len(rules.VARIANTS) == 6 and set(NAMES["en"]) == {v.name for v in rules.VARIANTS.values()}
    assert all(name in manifest["description"] for name in NAMES["en"])
    for language, names in NAMES.items():
        description = manifest["description_localized"][language]
        assert [name for name in names if name not in description] == [], language
