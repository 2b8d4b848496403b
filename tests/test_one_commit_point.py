"""Issue 9: one commit point per request, for pages and API alike (ramo_keeper/database/transactions.py).

Views and services flush; the request's answer decides: below 400 it is committed, otherwise rolled
back. Only code that must outlive the request's own transaction commits by itself.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ramo_keeper"

# Why each may commit on its own:
ALLOWED = {
    "database/transactions.py",  # the one commit point itself
    "database/throttle.py",  # a failed login is a 4xx, yet its attempt must still count
    "guests/cookie.py",  # the guest's daily "seen" note, before the request does anything
    # A backup import: its rows are written in a transaction of their own, after a check that holds no
    # lock (issue 18); the note saying how long it should take is committed before the work and deleted
    # after, for the imports refused meanwhile (import_lock.py).
    "backups/importing.py", "backups/import_lock.py",
    "accounts/cli.py", "guests/cli.py",  # command-line tools: no request
}


def _commits(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "commit"
            and ast.unparse(node.func.value) == "db.session"]


def test_no_view_or_service_commits_by_itself():
    found = {str(path.relative_to(PACKAGE)): lines for path in sorted(PACKAGE.rglob("*.py"))
             if (lines := _commits(path)) and str(path.relative_to(PACKAGE)) not in ALLOWED}
    assert found == {}


def test_the_scan_finds_a_commit():
    assert _commits(PACKAGE / "database" / "transactions.py")
