# Two commands for a newcomer: `make run` and `make test`. Everything else is installed on the way.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
export FLASK_APP := app
# Machines of this kind set PYTHONDONTWRITEBYTECODE=1: then every process compiles every module from source
# again, and each of the suite's xdist workers rewrites every test file's asserts anew (16 s of CPU a
# collection instead of 6). Here bytecode is kept in __pycache__ (git-ignored), for the suite, its servers
# and `make run`.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-fast fuzz lint audit lighthouse golden bench system-deps clean i18n translations

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Re-install only when a requirements file changes.
$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $(VENV)/.installed $@

# Catalogues: the .po files are the source (committed); the .mo files are built from them here.
I18N_KEYWORDS := -k _l -k lazy_gettext -k lazy_ngettext:1,2 -k _lp:1c,2 -k lazy_pgettext:1c,2
PO_FILES := $(wildcard translations/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

%.mo: %.po $(VENV)/.installed
	$(BIN)/pybabel -q compile -i $< -o $@

translations: $(MO_FILES)

# Extract every marked string, merge it into each language's catalogue, then compile.
i18n: $(VENV)/.installed
	PYTHONPATH=. $(BIN)/pybabel -q extract -F babel.cfg $(I18N_KEYWORDS) --add-location=file --sort-by-file \
		--project="Ramo Keeper" -o translations/messages.pot .
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations --no-fuzzy-matching
	$(BIN)/pybabel -q compile -d translations

run: $(VENV)/.installed translations
	$(BIN)/flask db upgrade
	$(BIN)/flask run --host $(HOST) --port $(PORT)

# Debian's Chromium drives the real-browser tests (Playwright cannot download a browser here): its headless
# shell for the suite (tests/e2e/conftest.py says why), the full chromium for Lighthouse.
system-deps:
	@bash scripts/system-deps.sh chromium chromium-headless-shell fonts-nanum

# The suite runs in parallel (pytest-xdist): each worker has its own SQLite files, PostgreSQL database
# and server ports (tests/xdist_isolation.py). The tests wait on browsers, servers and locks as much as
# they compute, so more workers than cores pays; `make test PYTEST_WORKERS=1` runs one process.
PYTEST_WORKERS ?= 4
# Lighthouse for `make audit` and `make test`, from the npm registry into .audit/ (git-ignored); 13.x wants Node 22.
LIGHTHOUSE_VERSION := 12.8.2
PYTEST_PARALLEL := -n $(PYTEST_WORKERS) --dist loadgroup

test: $(VENV)/.installed-dev system-deps translations lighthouse
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q $(PYTEST_PARALLEL)

# The fuzz tests with their fuller budgets: the API fuzz sends 60 schema-valid and 30 invalid requests per
# operation (`make test` sends 8 and 4), the backup import 200 odd documents (80), the house-rule API 150 odd
# JSON values a field (80). Every budget is derandomized, so a run repeats the last one. 8 to 13 minutes on two cores.
fuzz: $(VENV)/.installed-dev translations
	RAMO_FUZZ_EXAMPLES=60 $(BIN)/python -m pytest -q tests/api/test_api_fuzz.py tests/security/test_backup_values.py \
	  tests/house_rules/test_odd_json.py

# Takes the golden screenshots (tests/golden/screens/) again, on purpose: after a change to the look that is
# meant. Review the new images (git diff shows which changed) before committing them. SQLite only: the
# database draws no pixels.
golden: $(VENV)/.installed-dev system-deps translations
	DATABASE_URL= GOLDEN_UPDATE=1 $(BIN)/python -m pytest -q tests/e2e/test_golden.py

# The inner loop, under 90 s on two cores: the rules core, the JSON API, house rules, standings, exports,
# guests, ratings and the app's own pages and services (tests/*.py) — no browser, no fuzzing, and none of the
# tests that cost the most CPU for what they add between two edits. `make test` runs them all: the security
# and club-night folders, every test that races phones against a real gunicorn, the statement counts, the
# property-based replays, the hand-score.js parity run in node, the OpenAPI constraint walks, the odd-JSON
# house rules, the catalogue checks and the sweeps that walk every route and every page in three languages.
# Two workers: on two cores, more only collect the suite more times.
FAST_SKIP := $(wildcard tests/*_server.py) tests/rules/test_properties.py tests/rules/test_preview_parity.py \
	tests/api/test_openapi_boundaries.py tests/api/test_api_fuzz.py tests/house_rules/test_odd_json.py \
	tests/house_rules/test_random_definitions.py tests/house_rules/test_own_words.py \
	tests/house_rules/test_names_and_texts.py tests/test_statement_counts.py tests/test_access.py \
	tests/test_count_rows.py tests/test_game_page_costs.py tests/test_undo_what_the_page_showed.py \
	tests/api/test_api_errors.py tests/api/test_unstorable_values.py tests/standings/test_backup.py \
	tests/house_rules/test_marks_mean_what_they_say.py
# A file named on the command line runs even if --ignore names it too, so the top-level files are filtered here.
FAST_TESTS := tests/rules tests/api tests/house_rules tests/standings tests/exports tests/guests tests/ratings \
	$(filter-out $(FAST_SKIP),$(wildcard tests/test_*.py))
FAST_WORKERS ?= 2
test-fast: $(VENV)/.installed-dev translations
	$(BIN)/python -m pytest -q -n $(FAST_WORKERS) --dist loadgroup -m "not e2e and not slow" \
	  $(addprefix --ignore=,$(FAST_SKIP)) $(FAST_TESTS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

# gunicorn on 127.0.0.1 driven by Debian's wrk; prints cost ratios and the goals (docs/PERFORMANCE.md).
# Security checks: bandit on our code (medium severity and up; each accepted finding carries a
# `# nosec` with its reason), pip-audit on the installed packages (needs the vulnerability service online).
audit: $(VENV)/.installed-dev lighthouse
	$(BIN)/bandit -q -ll -r ramo_keeper app.py
	$(BIN)/pip-audit -l --progress-spinner off
	@bash scripts/system-deps.sh chromium
	CHROME_PATH=/usr/bin/chromium $(BIN)/python scripts/lighthouse_audit.py

# The pinned Lighthouse in .audit/, for `make audit` and the suite's tests/e2e/test_lighthouse.py (the hand
# forms score 100). Without npm it cannot be installed: said here, and the test skips saying so too.
lighthouse:
	@test -f .audit/lighthouse-$(LIGHTHOUSE_VERSION) || { \
		if ! command -v npm >/dev/null; then echo "*** npm is missing: Lighthouse is not installed and its check will be skipped"; exit 0; fi; \
		mkdir -p .audit && cd .audit && npm install -E --no-audit --no-fund --prefix . lighthouse@$(LIGHTHOUSE_VERSION) \
		&& touch lighthouse-$(LIGHTHOUSE_VERSION); }

bench: $(VENV)/.installed-dev
	@bash scripts/system-deps.sh wrk
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
