# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SERVE_STAMP := $(VENV)/.installed-serve
TEST_STAMP := $(VENV)/.installed-test
PORT ?= 8000
# Debian's browser for the browser tests (Playwright drives it; it downloads none).
CHROMIUM := /usr/bin/chromium
# Debian's nginx, for the load-balancer test (tests/test_nginx.py) and bench/scale.py.
NGINX := /usr/sbin/nginx
# Debian's C++ compiler: the install compiles the engine's passes (Cython from PyPI).
GXX := /usr/bin/g++
CLIENTS := build/clients
NPM_BIN := clients/node_modules/.bin
WEB_BIN := web/node_modules/.bin

.PHONY: install run test lint typecheck bench openapi docs engine-layout clients web clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# Serving needs only the package; the test extras are installed by `make test`. The
# install compiles the engine's passes and the look-ahead's kernel (Cython, from PyPI at
# build time) in place.
ENGINE_CORE := advisor/engine/_core.pyx advisor/engine/_flat.h advisor/engine/_layout.pxi \
	advisor/outlook/_masks.pyx solver/_place_dp.pyx setup.py
$(SERVE_STAMP): $(BIN)/python pyproject.toml $(ENGINE_CORE) | $(GXX)
	$(BIN)/pip install -q -e .
	touch $@

# The tests run the simulations on a local Ray instance too: the cluster extra.
$(TEST_STAMP): $(SERVE_STAMP) pyproject.toml
	$(BIN)/pip install -q -e '.[test,cluster]'
	touch $@

$(CHROMIUM):
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium

$(NGINX):
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx

$(GXX):
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q g++

$(NPM_BIN)/openapi-typescript: clients/package.json clients/package-lock.json
	npm ci --prefix clients --no-audit --no-fund --loglevel=error
	touch $@

# The playground's tools (tsc, and axe-core for the browser tests), pinned in its lock.
$(WEB_BIN)/tsc: web/package.json web/package-lock.json
	npm ci --prefix web --no-audit --no-fund --loglevel=error
	touch $@

# The playground's scripts, from web/src into api/static/playground (committed, so that
# `make run` needs no npm; tests/test_playground_build.py fails if they differ).
web: clients $(WEB_BIN)/tsc
	$(WEB_BIN)/tsc -p web/tsconfig.json

install: $(TEST_STAMP)

run: $(SERVE_STAMP)
	PORT=$(PORT) $(BIN)/gunicorn -c gunicorn.conf.py 'api:create_app()'

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# The Python client and the TypeScript types, from openapi.yaml; any warning fails.
clients: $(TEST_STAMP) $(NPM_BIN)/openapi-typescript
	rm -rf $(CLIENTS)
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/openapi-python-client generate --fail-on-warning \
		--path openapi.yaml --config clients/openapi-python-client.yaml \
		--output-path $(CLIENTS)/python
	out=$$($(NPM_BIN)/openapi-typescript openapi.yaml --default-non-nullable=false -o $(CLIENTS)/typescript/schema.d.ts 2>&1); \
		status=$$?; echo "$$out"; \
		[ $$status -eq 0 ] && ! echo "$$out" | grep -qi warn
	$(NPM_BIN)/tsc --strict --noEmit --skipLibCheck clients/check.ts

test: $(TEST_STAMP) $(CHROMIUM) $(NGINX) $(WEB_BIN)/tsc lint typecheck clients
	$(BIN)/python -m pytest

# The examples' answers first: the document shows them.
openapi: $(TEST_STAMP)
	$(BIN)/python -m api.examples
	$(BIN)/python -m api.openapi > openapi.yaml

# The engine core's constants (advisor/engine/_layout.pxi, committed) from the layout in
# advisor/engine/layout.py; the install then recompiles the core.
engine-layout: $(SERVE_STAMP)
	$(BIN)/python -c 'from advisor.engine.layout import write_pxi; write_pxi()'
	$(MAKE) $(SERVE_STAMP)

# The table of rule fields in docs/rules.md, from the fields of solver.rules.Rules.
docs: $(SERVE_STAMP)
	$(BIN)/python -m solver.rules_table

bench: $(TEST_STAMP)
	$(BIN)/python bench/solve.py
	$(BIN)/python bench/advise.py
	$(BIN)/python bench/http.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build clients/node_modules \
		web/node_modules
