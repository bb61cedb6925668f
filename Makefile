# Kingdom: one entry point for building, testing and running the project.
#   make run    build what is needed and start the server on http://127.0.0.1:8000
#   make test   everything CI checks (.ci/run calls it)
# Every web step is skipped while there is no package.json at the repository root.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

# Reinstall when the distribution's metadata changes or a top-level package appears, and
# when a module of the rules engine's top level changes: the install compiles the engine's hot
# modules with mypyc (setup.py; until then the engine runs from its Python source,
# kingdom_rules/native.py). KINGDOM_PURE_PYTHON=1 make venv: no compiling.
VENV_STAMP := $(VENV)/.kingdom-installed
VENV_DEPS  := pyproject.toml setup.py $(wildcard kingdom_rules/*.py kingdom_rules/bots/*.py) \
	$(wildcard kingdom_server/__init__.py kingdom_cli/__init__.py)
NODE_STAMP := node_modules/.kingdom-installed

# apt needs root; use sudo when we are not root.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help venv web web-deps chromium lint typecheck pytest test web-check web-e2e run bench \
	cluster cluster-deps cluster-test-deps

help:
	@echo "make run        start the server on http://$(HOST):$(PORT) (builds what it needs)"
	@echo "make test       lint, typecheck, pytest, and the web app's checks and browser tests"
	@echo "make venv       create .venv and install kingdom with extras server,cli,dev"
	@echo "make web        install web dependencies and build web/dist"
	@echo "make lint       ruff check"
	@echo "make typecheck  mypy --strict kingdom_rules kingdom_server kingdom_cli"
	@echo "make bench      engine benchmark (bench/engine.py)"
	@echo "make cluster    PostgreSQL, Redis, 3 server processes and HAProxy on http://$(HOST):$(PORT)"

# --- Python ------------------------------------------------------------------------------

venv: $(VENV_STAMP)

$(VENV_STAMP): $(VENV_DEPS)
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -e '.[server,cli,dev]'
	@$(BIN)/python -c "import kingdom_rules.native as n; print('kingdom_rules engine:', n.REASON)"
	@touch $@

lint: venv
	$(BIN)/ruff check .

typecheck: venv
	$(BIN)/mypy --strict kingdom_rules kingdom_server kingdom_cli

# Two workers (one a core); a test file's tests stay on one worker, with its fixtures.
pytest: venv
	$(BIN)/pytest -q -n 2 --dist loadfile

# --- Web ---------------------------------------------------------------------------------

# npm ci only when node_modules is missing or older than package.json / package-lock.json.
web-deps:
	@if [ ! -f package.json ]; then \
		echo "web: no package.json yet, skipped"; \
	elif [ ! -f package-lock.json ]; then \
		echo "web: package-lock.json is missing; running npm install (commit the lock file)"; \
		npm install --no-audit --no-fund && mkdir -p node_modules && touch $(NODE_STAMP); \
	elif [ ! -f $(NODE_STAMP) ] || [ package-lock.json -nt $(NODE_STAMP) ] \
			|| [ package.json -nt $(NODE_STAMP) ]; then \
		npm ci --no-audit --no-fund && mkdir -p node_modules && touch $(NODE_STAMP); \
	else \
		echo "web: node_modules is up to date"; \
	fi

web: web-deps
	@if [ -f package.json ]; then npm run build; fi

INSTALL_CHROMIUM := if [ -x /usr/bin/chromium ]; then \
		echo "chromium: /usr/bin/chromium is installed"; \
	else \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; \
	fi

chromium:
	@$(INSTALL_CHROMIUM)

# Debian's packages for the tests of several processes (tests/cluster) and `make cluster`:
# installed when their program is missing. Where apt cannot run, the cluster tests are skipped
# with a message naming the package.
PG_INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))
define APT_INSTALL
	if command -v apt-get >/dev/null; then \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y $(1) \
			|| echo "!!! could not install $(1): the cluster tests will be skipped"; \
	else \
		echo "!!! no apt-get: install $(1) yourself; the cluster tests will be skipped"; \
	fi
endef

# Sets `missing` to the packages of postgresql, redis-server (and haproxy with $(1) = haproxy)
# whose program is not installed.
define FIND_MISSING
	missing=""; \
	[ -n "$(PG_INITDB)" ] || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null || [ -x /usr/bin/redis-server ] || missing="$$missing redis-server"; \
	if [ "$(1)" = haproxy ]; then \
		command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing="$$missing haproxy"; \
	fi
endef

cluster-test-deps:
	@$(call FIND_MISSING); \
	if [ -n "$$missing" ]; then $(call APT_INSTALL,$$missing); \
	else echo "cluster tests: postgresql and redis-server are installed"; fi

cluster-deps:
	@$(call FIND_MISSING,haproxy); \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; \
	else echo "cluster: postgresql, redis-server and haproxy are installed"; fi

# --- Everything CI checks ------------------------------------------------------------------

test: venv lint typecheck cluster-test-deps pytest web-check web-e2e

# The web app's checks, in order; skipped while there is no package.json.
web-check: web-deps
	@if [ -f package.json ]; then \
		set -ex; npm run typecheck; npm run lint; npm run test:unit; npm run build; \
	else \
		echo "web: no package.json yet, web checks skipped"; \
	fi

web-e2e: web-check
	@if [ -f package.json ]; then \
		set -e; $(INSTALL_CHROMIUM); set -x; npm run test:e2e; \
	fi

# --- Running -------------------------------------------------------------------------------

run: venv web
	@if $(BIN)/kingdom serve --help >/dev/null 2>&1; then \
		exec $(BIN)/kingdom serve --host $(HOST) --port $(PORT); \
	else \
		echo "make run: the server is not there yet (kingdom_cli has no 'serve' command)."; \
		echo "When it is, this starts it on http://$(HOST):$(PORT)"; \
	fi

bench: venv
	$(BIN)/python bench/engine.py

# The service of several processes on this machine (docs/deploy.md): PostgreSQL and Redis with
# their data in .cluster/, three `kingdom serve` processes, HAProxy on $(HOST):$(PORT).
# Ctrl-C stops them all.
cluster: venv web cluster-deps
	@exec $(BIN)/kingdom cluster --host $(HOST) --port $(PORT) --data $(CURDIR)/.cluster
