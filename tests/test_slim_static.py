"""Issue 28, Weight: our own scripts and style sheets are served without their comments and indentation
(ramo_keeper/slim_static.py), and each still does what it did: node runs tricky scripts before and after
slimming, and checks every one of ours. Pico, trimmed (pico_trim.py), is compared in Chromium element by
element with the whole file (tests/e2e/test_page_weight.py); here, that no template makes what it leaves out."""

import json
import re
import subprocess
from pathlib import Path

import pytest
from node import require_node

from ramo_keeper.shell.slim_static import slim_css, slim_js

STATIC = Path(__file__).resolve().parent.parent / "static"
SCRIPTS = sorted((STATIC / "js").glob("*.js"))


@pytest.fixture
def node():
    return require_node("the slimmed scripts")

# What a tokenizer that knows no better gets wrong: quotes and comment marks inside strings and regular
# expressions, a division next to a regular expression, a comment between two tokens, automatic semicolons.
TRICKY = r"""
// a line comment with "a quote
const url = "http://example.com/*not a comment*/"; /* a block
   comment over two lines */ const single = '//not a comment either';
const re = /["'\/]+(?:\/\/|\/\*)[/*]/g, half = 10 / 2 / 1;
const back = `a template // with /* marks */ and
  an indented second line`;
function keyword() { return /\d+/.test("42") ? typeof/x/ : 0; }
let asi = 1
const after = asi
+1
const called = function () { return 2; }
const list = [called(),
  after]
const grouped = (
  list.length)
const parts = [url, single, re.source, re.flags, half, back, keyword(), after, 3/*between*/+4, "a    b", list, grouped];
console.log(JSON.stringify(parts));
"""


def run_node(node: str, source: str) -> str:
    done = subprocess.run([node, "-e", source], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_tricky_javascript_gives_the_same_values_slimmed(node):
    slimmed = slim_js(TRICKY)
    assert "a line comment" not in slimmed and "block" not in slimmed and "\n  " not in slimmed.split("`")[0]
    assert json.loads(run_node(node, slimmed)) == json.loads(run_node(node, TRICKY))


def slimming_problems(node: str, script: Path, folder: Path) -> list[str]:
    """What is wrong with a script once slimmed: node cannot parse it, or it lost or gained a line of code."""
    source = script.read_text(encoding="utf-8")
    slimmed = folder / script.name
    slimmed.write_text(slim_js(source), encoding="utf-8")
    done = subprocess.run([node, "--check", str(slimmed)], capture_output=True, text=True, timeout=60)
    problems = [done.stderr.strip()] if done.returncode else []
    # Every line break where an automatic semicolon may fall is kept; only comment and blank lines go, and the
    # breaks after ; { , ( [ (no statement ends there).
    code_lines = [re.sub(r"\s+//.*$", "", line.strip()) for line in source.splitlines()
                  if line.strip() and not line.strip().startswith("//")]
    breaking = [line for line in code_lines if line[-1] not in ";{,(["]
    kept = len(slimmed.read_text(encoding="utf-8").splitlines())
    if kept != len(breaking) + (code_lines[-1][-1] in ";{,(["):
        problems.append(f"{kept} lines slimmed for {len(breaking)} lines of code that end a statement or may")
    return problems


def test_each_of_our_scripts_slimmed_is_valid_and_keeps_its_lines(node, tmp_path):
    assert len(SCRIPTS) > 5
    found = {script.name: slimming_problems(node, script, tmp_path) for script in SCRIPTS}
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_the_check_names_a_script_that_slims_into_broken_code(node, tmp_path):
    broken = tmp_path / "source" / "broken.js"
    broken.parent.mkdir()
    broken.write_text("const a = {\n  b: 1,\n};\nconst c = (\n", encoding="utf-8")
    (tmp_path / "slimmed").mkdir()
    problems = slimming_problems(node, broken, tmp_path / "slimmed")
    assert len(problems) == 1 and "SyntaxError" in problems[0]


def test_css_keeps_strings_and_the_spaces_that_part_tokens():
    source = ('/* why */\n.a :hover , .b > .c {\n  content: " ·  /* kept */ ";\n  width: calc(1px + 2px) ;\n}\n'
              '@media (min-width: 40rem) {\n  .d :focus { color: red; }\n}\n')
    assert slim_css(source) == ('.a :hover,.b > .c{content:" ·  /* kept */ ";width:calc(1px + 2px);}\n'
                                '@media (min-width: 40rem){.d :focus{color:red;}\n}\n')


def test_our_files_are_served_slimmed_and_vendored_ones_as_they_are(app):
    client = app.test_client()
    for name, slim in (("js/app.js", slim_js), ("css/app.css", slim_css), ("js/outbox.js", slim_js)):
        raw = (STATIC / name).read_text(encoding="utf-8")
        with client.get(f"/static/{name}") as response:
            assert response.status_code == 200
            assert response.get_data(as_text=True) == slim(raw)
            assert len(response.get_data()) < 0.8 * len(raw.encode())
            etag = response.headers["ETag"]
        with client.get(f"/static/{name}", headers={"If-None-Match": etag}) as again:
            assert again.status_code == 304
    vendored = STATIC / "vendor" / "htmx-2.0.11.min.js"
    with client.get("/static/vendor/htmx-2.0.11.min.js") as response:
        assert response.get_data() == vendored.read_bytes()
    with client.get("/sw.js") as worker:
        assert "// " not in worker.get_data(as_text=True).split("\n", 2)[2]


# What pico_trim.py leaves out of Pico, as a template, a script or the Python that writes HTML would make it.
LEFT_OUT = ["<dialog", "<progress", "<meter", "<kbd", "<pre", "<samp", "<mark", "<blockquote", "<hr", "<iframe",
            "<textarea", "<sub>", "<sub ", "<sup", "<ins", "<del", "<audio", "<video", "<canvas", "<aside",
            "<picture", "<embed", "<object",
            "<address", "<area", "<figcaption", "<h4", "<h5", "<h6", "<optgroup",
            "data-tooltip", "aria-busy", "data-theme", " multiple", ' size="',
            'role="link"', "breadcrumb", 'aria-invalid="false"', 'type="range"', 'type="date"', 'type="datetime-local"',
            'type="month"', 'type="time"', 'type="week"', 'type="search"', 'type="color"', 'type="reset"',
            'role="search"', "dropdown", "modal-is-", "overflow-auto", 'class="grid"', 'class="contrast', " contrast\"",
            "container-fluid"]


def test_nothing_the_trimmed_pico_leaves_out_is_made_here():
    root = STATIC.parent
    sources = [*root.glob("templates/**/*.html"), *(STATIC / "js").glob("*.js"), *root.glob("ramo_keeper/**/*.py")]
    found = [(path.relative_to(root).as_posix(), made) for path in sources if path.name != "pico_trim.py"
             for made in LEFT_OUT if made in path.read_text(encoding="utf-8")]
    assert found == []


def test_pico_is_served_without_what_no_page_uses_and_keeps_its_licence(app):
    whole = (STATIC / "vendor" / "pico-2.1.1.min.css").read_text(encoding="utf-8")
    with app.test_client().get("/static/vendor/pico-2.1.1.min.css") as response:
        served = response.get_data(as_text=True)
    assert "Licensed under MIT" in served and "[data-tooltip]" not in served and "progress" not in served
    assert len(served) < 0.6 * len(whole) and "[type=checkbox][role=switch]" in served


def test_a_page_gets_its_scripts_as_one_file_in_one_order(app):
    client = app.test_client()
    with client.get("/static/js/app+page-actions+outbox.js") as joined:
        assert joined.status_code == 200
        expected = "\n".join(slim_js((STATIC / "js" / f"{name}.js").read_text(encoding="utf-8"))
                             for name in ("app", "page-actions", "outbox"))
        assert joined.get_data(as_text=True) == expected
    # Any other spelling of a set of scripts is not an address: one file per set, no endless variants.
    for wrong in ("outbox+app", "app+app", "app+nothing", "app+..%2Fsw"):
        with client.get(f"/static/js/{wrong}.js") as response:
            assert response.status_code == 404, wrong
    page = client.get("/offline").get_data(as_text=True)
    assert 'src="/static/js/app+page-actions+register-sw+outbox.js"' in page
    assert 'data-scripts="app page-actions register-sw outbox"' in page
