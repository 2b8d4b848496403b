"""The compiled catalogues (.mo) every offered language needs, built at start-up where they are missing.

The .po files are the committed source; the .mo files are built from them. `make` builds them, but a
container or a platform that installs requirements.txt and starts gunicorn never runs `make`, and
without the .mo files every page would come back in English while saying `<html lang="ko">`. So the
app compiles a missing or stale catalogue itself when it starts (Babel's compiler is pure Python and
takes well under a second), and `/healthz/ready` fails while a language it offers cannot be served.
"""

import logging
import os
import tempfile

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

DOMAIN = "messages"


def paths(directory: str, language: str) -> tuple[str, str]:
    """The .po source and the .mo it compiles to, for one language."""
    folder = os.path.join(directory, language, "LC_MESSAGES")
    return os.path.join(folder, f"{DOMAIN}.po"), os.path.join(folder, f"{DOMAIN}.mo")


def is_stale(directory: str, language: str) -> bool:
    """True when the .mo is missing or older than its .po (a fresh clone, or an edited catalogue)."""
    po_path, mo_path = paths(directory, language)
    if not os.path.exists(mo_path):
        return True
    return os.path.exists(po_path) and os.path.getmtime(mo_path) < os.path.getmtime(po_path)


def compile_catalogue(directory: str, language: str) -> None:
    """Compile one language's .po into its .mo, atomically: a worker starting beside us never reads half a file."""
    po_path, mo_path = paths(directory, language)
    with open(po_path, "rb") as source:
        catalog = read_po(source, locale=language, domain=DOMAIN)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(mo_path), suffix=".mo.tmp")
    try:
        with os.fdopen(handle, "wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        os.replace(temporary, mo_path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def ensure_compiled(directory: str, languages) -> list[str]:
    """Compile every offered language whose .mo is missing or stale; the languages that still cannot be served.

    A read-only install that lacks them is logged, not fatal: the app still serves English, and
    `/healthz/ready` reports the missing languages so that no load balancer sends traffic to it.
    """
    missing = []
    for language in languages:
        if not is_stale(directory, language):
            continue
        try:
            compile_catalogue(directory, language)
            log.info("compiled the %s catalogue", language)
        except OSError as error:
            log.error("the %s catalogue cannot be compiled (%s): pages in it would be English", language, error)
            missing.append(language)
    return missing


def unservable(directory: str, languages) -> list[str]:
    """The offered languages with no compiled catalogue, as readiness reports them."""
    return [language for language in languages
            if not os.path.exists(paths(directory, language)[1]) or not os.path.getsize(paths(directory, language)[1])]
