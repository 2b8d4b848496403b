# Two commands for a newcomer: `make run` and `make test`. Everything else is installed on the way.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
export FLASK_APP := app

.PHONY: run test test-fast lint bench system-deps clean

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

run: $(VENV)/.installed
	$(BIN)/flask db upgrade
	$(BIN)/flask run --host $(HOST) --port $(PORT)

# Debian's Chromium drives the real-browser tests (Playwright cannot download a browser here).
system-deps:
	@bash scripts/system-deps.sh chromium fonts-nanum

test: $(VENV)/.installed-dev system-deps
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q

test-fast: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -q -m "not e2e"

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

bench: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
