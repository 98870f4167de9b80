# One command to set up and start the app, one to set up and pass the tests.
PYTHON ?= python3
HOST ?= 0.0.0.0
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast bench docs install clean

run: $(VENV)/.installed static/vendor/htmx.min.js
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

test: $(VENV)/.installed-test static/vendor/htmx.min.js
	$(BIN)/pytest

test-fast: $(VENV)/.installed-test static/vendor/htmx.min.js
	$(BIN)/pytest -m "not browser and not slow"

bench: $(VENV)/.installed-test static/vendor/htmx.min.js
	@set -e; for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f; done
	@echo "Results written to bench/results/"

install: $(VENV)/.installed static/vendor/htmx.min.js

docs: $(VENV)/.installed
	$(BIN)/python docs/make_reference.py

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

static/vendor/htmx.min.js: node_modules/.package-lock.json
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js $@

clean:
	rm -rf $(VENV) node_modules static/vendor
