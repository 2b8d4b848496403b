"""No user-facing sentence in the Python code bypasses translation.

User-facing means: flash messages, abort() descriptions, ServiceError/Conflict/NotFound messages, form
field labels and validator messages, and the JSON API's error sentences (which follow Accept-Language).
The rules core words its errors through text/, so it is not scanned.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "ramo_keeper"
NOT_SCANNED = ("rules/",)


# Call name -> which positional argument holds the sentence; "message" keywords are checked too.
TEXT_ARGUMENT = {"flash": 0, "error": 1, "json_error": 1, "abort": 1,
                 "ServiceError": 0, "Conflict": 0, "NotFound": 0, "ValidationError": 0,
                 "DataRequired": 0, "InputRequired": 0, "FileRequired": 0, "FileAllowed": 1, "EqualTo": 1,
                 "Length": 2, "NumberRange": 2}


def _name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def _is_plain_text(node) -> bool:
    """An untranslated literal: a string with letters, or an f-string."""
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and any(c.isalpha() for c in node.value)


def untranslated_sentences(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        candidates = []
        if name in TEXT_ARGUMENT and len(node.args) > TEXT_ARGUMENT[name]:
            candidates.append(node.args[TEXT_ARGUMENT[name]])
        if name.endswith("Field") and name != "Field" and node.args:  # pydantic's Field describes OpenAPI
            candidates.append(node.args[0])  # a form field's label
        if (name.endswith("Field") and name != "Field") or name in TEXT_ARGUMENT:
            candidates += [k.value for k in node.keywords if k.arg in ("label", "message", "description")]
        found += [f"line {c.lineno}: {name}({ast.unparse(c)[:60]})" for c in candidates if _is_plain_text(c)]
    return found


def _modules() -> list[str]:
    names = (str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py"))
    return sorted(n for n in names if not n.startswith(NOT_SCANNED))


def test_every_module_translates_what_it_shows():
    modules = _modules()
    assert "games/routes.py" in modules and not any(name.startswith(NOT_SCANNED) for name in modules)
    found = {module: untranslated_sentences((PACKAGE / module).read_text(encoding="utf-8")) for module in modules}
    assert {module: problems for module, problems in found.items() if problems} == {}, \
        "wrap these in gettext/lazy_gettext, then run `make i18n`"


def test_the_scan_finds_plain_sentences_and_lets_translated_ones_through():
    source = '''
flash("Saved.", "success")
flash(gettext("Saved."), "success")
abort(403, f"Only {who} can do that.")
abort(404)
raise Conflict(gettext("%(name)s is closed.", name=n))
raise ServiceError("A name cannot be empty.", field="name")
name = StringField("Name", validators=[DataRequired("Choose a name."), Length(max=40, message="Too long.")])
label = StringField(_l("Name"), validators=[DataRequired(_l("Choose a name."))])
hidden = HiddenField()
'''
    found = " ".join(untranslated_sentences(source))
    for expected in ("line 2: flash", "line 4: abort", "line 7: ServiceError", "StringField('Name')",
                     "DataRequired('Choose a name.')", "Length('Too long.')"):
        assert expected in found
    assert "line 3" not in found and "line 6" not in found and "line 9" not in found and "line 5" not in found
