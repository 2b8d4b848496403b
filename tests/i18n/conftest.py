"""The i18n tests read the compiled catalogues: build any .mo that is missing or older than its .po.

`make run` and `make test` compile them too; this keeps a bare `pytest` from a fresh clone working.
"""

from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"


def compile_catalogues() -> None:
    for po in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with mo.open("wb") as target:
                write_mo(target, catalog)


@pytest.fixture(autouse=True, scope="session")
def compiled_catalogues():
    compile_catalogues()
