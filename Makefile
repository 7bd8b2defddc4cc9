# Two entry points for newcomers (see README "Quickstart"); both set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast lint bench samples clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## demo: set up, then run memaudit on the bundled cache-loop sample
demo: $(STAMP)
	@./scripts/demo.sh

## test: set up, then run the whole test suite (this is what CI runs)
test: $(STAMP)
	$(BIN)/python -m pytest

## test-fast: the inner loop, everything but the tests marked slow (about a minute on an idle 2-core machine)
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff format --check memaudit tests benchmarks sample_dbs reliability
	$(BIN)/ruff check memaudit tests benchmarks sample_dbs reliability
	$(BIN)/mypy memaudit  # strict: see [tool.mypy] in pyproject.toml

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run

samples: $(STAMP)
	$(BIN)/python sample_dbs/build.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
