# Two commands on a fresh machine with Python 3.11: `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.stamp-$(shell cat requirements.txt requirements-dev.txt requirements-multilingual.txt | sha1sum | cut -c1-12)
export XDG_RUNTIME_DIR ?= /tmp
export PYTHONUNBUFFERED := 1
HOST ?= 127.0.0.1
PORT ?= 8000

# pytest processes for make test (pytest-xdist, whole files each); 0 runs the suite in one. Three on two cores: the
# suite waits on its servers, browsers and PostgreSQL (2 processes kept the cores ~62 % busy): 16:42 → 14:14.
TEST_WORKERS ?= 3

.PHONY: run test test-fast install lint typecheck pytest browser-deps db-stop worker demo demo-reset bench eval clean messages \
	contract ts-client settings-docs bench-report

$(STAMP): requirements.txt requirements-dev.txt requirements-multilingual.txt
	@command -v $(PYTHON) >/dev/null || { echo "Python 3.11 is required ($(PYTHON) not found)"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	$(PY) -m pip install --quiet --no-deps --require-hashes -r requirements-multilingual.txt
	@rm -f $(VENV)/.stamp-*
	@touch $(STAMP)

# httpx' wheels, for the test that installs the client into a fresh virtual environment offline.
WHEELHOUSE := $(VENV)/wheelhouse
$(WHEELHOUSE)/.done: requirements.txt | $(STAMP)
	$(PY) -m pip download --quiet --only-binary=:all: --dest $(WHEELHOUSE) $$(grep '^httpx==' requirements.txt)
	@touch $@

# The TypeScript client's packages (clients/typescript, pinned by its package-lock.json), for its end-to-end
# test; without npm the test says so and skips.
TS_CLIENT := clients/typescript
$(TS_CLIENT)/node_modules/.package-lock.json: $(TS_CLIENT)/package-lock.json
	@if command -v npm >/dev/null; then cd $(TS_CLIENT) && npm ci --no-audit --no-fund --loglevel=error; \
	  else echo "npm not found: the TypeScript client's test will be skipped"; fi

install: $(STAMP) $(WHEELHOUSE)/.done $(TS_CLIENT)/node_modules/.package-lock.json

# Debian's Chromium for the Playwright browser tests (never `playwright install`: no downloads here),
# and a CJK font so the Chinese pages' screenshots show characters, not boxes.
browser-deps:
	@{ test -x /usr/bin/chromium && test -d /usr/share/fonts/truetype/wqy; } || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null; } || echo "chromium not installed: browser tests will be skipped"

# Re-extract and compile the dashboard's translations (needs GNU gettext; the compiled .mo is committed,
# so running and testing never need it).
messages: install
	$(PY) manage.py makemessages -l zh_Hans --ignore=.venv --ignore=tests --ignore=bench --ignore=.staticfiles
	$(PY) manage.py compilemessages -l zh_Hans --ignore=.venv

db-stop:
	-@$(PY) -m server.runtime.pg stop

run: install
	@$(PY) -m server.runtime.pg stop-orphan
	$(PY) manage.py migrate --noinput
	$(PY) manage.py reembed --background
	$(PY) manage.py reindex_text --background
	$(PY) manage.py backfill_people --background
	$(PY) manage.py demo_data --base-url http://$(HOST):$(PORT) --banner .cache/demo-banner.txt --state .cache/demo-login.json
	$(PY) manage.py jobs_recover
	@echo "Starting the web server and the background worker; the address follows once they are ready (Ctrl-C stops both)"
	$(PY) -m server.runtime.supervise --host $(HOST) --port $(PORT) --banner .cache/demo-banner.txt

# A new password for the demo login and a new demo API key (`make run` keeps them across restarts);
# the old key stops working and browsers signed in as the demo admin are signed out.
demo-reset: install
	$(PY) manage.py demo_data --base-url http://$(HOST):$(PORT) --state .cache/demo-login.json --reset

worker: install
	$(PY) manage.py run_worker

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

typecheck: install
	$(VENV)/bin/mypy .
	$(VENV)/bin/mypy --python-version 3.10 mnemara/client  # the client installs on Python >= 3.10

pytest: install browser-deps
	@$(PY) -m server.runtime.pg stop-orphan
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

test: install browser-deps lint typecheck
	@$(PY) -m server.runtime.pg stop-orphan
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# The fast tier: ruff, lint-imports and the unit and API tests, without the tests marked slow (browser, the
# served stack, the second PostgreSQL, fuzzing, files and tests that start their own processes: tests/tiers.py).
# Three processes: its tests wait on PostgreSQL more than the whole suite's do (2:54 against 3:14 with two,
# on two quiet cores).
FAST_WORKERS ?= 3
test-fast: install lint
	@$(PY) -m server.runtime.pg stop-orphan
	$(PY) -m pytest -n $(FAST_WORKERS) --dist loadfile --no-loadscope-reorder -m "not slow" $(PYTEST_ARGS)

# Schemathesis' every phase (coverage: each boundary of each parameter, missing headers, undeclared methods)
# with more examples than the suite's run: ~15 minutes on 2 cores.
contract: install
	MNEMARA_SCHEMATHESIS_PHASES=coverage,fuzzing,stateful MNEMARA_SCHEMATHESIS_EXAMPLES=25 \
	  $(PY) -m pytest tests/api/test_schemathesis.py $(PYTEST_ARGS)

# Regenerate the TypeScript client's types from the schema (commit the result).
ts-client: install
	$(PY) manage.py spectacular --format openapi-json --file $(TS_CLIENT)/openapi.json
	cd $(TS_CLIENT) && npm run --silent generate

# Regenerate .env.example and docs/configuration.md from the settings registry, mnemara/kernel/config.py
# (commit the result; tests/mnemara/test_config.py fails while they are stale).
settings-docs: install
	$(PY) -m mnemara.kernel.config --write

bench: install
	$(PY) bench/ingest.py

clean: db-stop
	rm -rf $(VENV) .pgdata test-artifacts .mypy_cache .ruff_cache

# Regenerate docs/benchmarks.md from bench/results/*.json (commit the result; tests/docs/test_docs.py fails
# while it is stale).
bench-report:
	$(PY) bench/report.py
