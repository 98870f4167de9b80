# One command to set up and start the app, one to set up and pass the tests.
PYTHON ?= python3
HOST ?= 0.0.0.0
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast bench docs install clean messages catalogues

STATIC_BUILT := build/static/staticfiles.json

run: $(VENV)/.installed $(STATIC_BUILT) catalogues
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

# The suite on both cores (pytest-xdist) in three workers, so that one waiting on a server, a browser or a stopped
# database leaves the cores to the others (a fourth measured no faster); the browser tests in
# one group per worker, each sharing one Chromium, the tests that mostly wait queued next (docs/DEVELOPING.md,
# "Tests"). The catalogues are brought up to date first: a text added without its
# translation fails the suite.
# Python keeps the bytecode it compiles (even where PYTHONDONTWRITEBYTECODE is set, as on the project's machines):
# the suite starts dozens of Python processes (servers, workers, a fresh install) that would otherwise each
# compile the package and the test modules again. __pycache__ is git-ignored.
WORKERS ?= 3
XDIST := -n $(WORKERS) --dist loadgroup
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest
FAST := not browser and not slow and not fuzz and not postgres
test: $(VENV)/.installed-test $(STATIC_BUILT) messages
	$(PYTEST) $(XDIST)

# What a developer runs before each commit: everything but the browser, the slow, the fuzzing and PostgreSQL.
test-fast: $(VENV)/.installed-test $(STATIC_BUILT) catalogues
	$(PYTEST) $(XDIST) -m "$(FAST)"

bench: $(VENV)/.installed-test $(STATIC_BUILT) catalogues
	@set -e; for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f; done
	@echo "Results written to bench/results/"

install: $(VENV)/.installed $(STATIC_BUILT) catalogues

# Languages (docs/DEVELOPING.md, "Languages"): `make messages` collects every translatable text of the package and
# the templates into messages.pot and brings each catalogue up to date with it; then the catalogues are compiled.
TRANSLATIONS := scorekeeper/translations
messages: $(VENV)/.installed
	$(BIN)/pybabel extract -F babel.cfg -k gettext_plural:1,2 -k Nn_:1,2 -c TRANSLATORS: \
		--add-location=file --sort-output --no-wrap --project="Canasta Scorekeeper" -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) \
		--ignore-obsolete --ignore-pot-creation-date --no-wrap
	$(BIN)/python -m scorekeeper.i18n compile

# The compiled .mo files are generated (git-ignored): at install, before every run and test, and by setup.py
# for a wheel.
catalogues: $(VENV)/.installed
	@$(BIN)/python -m scorekeeper.i18n compile >/dev/null

docs: $(VENV)/.installed
	$(BIN)/python docs/make_reference.py
	$(BIN)/python docs/make_rules.py

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

# Static files under content-hashed names with .br/.gz copies (scorekeeper/ops/assets.py); create_app also
# rebuilds them when static/ changes.
$(STATIC_BUILT): $(VENV)/.installed static/vendor/htmx.min.js $(shell find static -type f -not -path 'static/vendor/*')
	$(BIN)/python -m scorekeeper.ops.assets static build/static

clean:
	rm -rf $(VENV) node_modules static/vendor build dist
