"""Names of downloaded files, made from what a person named the thing."""

import re


def file_name(name: str, fallback: str) -> str:
    """ASCII letters and digits kept, every other run one hyphen ("Nonna's Ramo" -> "Nonna-s-Ramo"): safe
    in a Content-Disposition header and on any disk. A name with none of them gets the fallback."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:60] or fallback
