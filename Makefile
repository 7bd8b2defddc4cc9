# Two entry points for newcomers (see README "Quickstart"); both set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast lint bench samples prefilter-tables clean

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

## test-fast: the inner loop: everything but the tests marked slow, on one pytest-xdist
## worker per core (TEST_JOBS=0: one process, no workers). Bytecode is cached even where
## PYTHONDONTWRITEBYTECODE is set (rewriting and compiling every test module again is
## most of collecting), and the Textual snapshot plugins the slow TUI tests use stay unloaded.
TEST_JOBS ?= auto
test-fast: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -m "not slow" -n $(TEST_JOBS) \
		-p no:textual-snapshot -p no:syrupy -p no:anyio

lint: $(STAMP)
	$(BIN)/ruff format --check memaudit tests benchmarks sample_dbs reliability
	$(BIN)/ruff check memaudit tests benchmarks sample_dbs reliability
	$(BIN)/mypy memaudit  # strict: see [tool.mypy] in pyproject.toml

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run

samples: $(STAMP)
	$(BIN)/python sample_dbs/build.py

## prefilter-tables: make the injection prefilter's tables shipped with the package again
## (after a pattern is added or edited; tests/core/test_injection_tables_shipped.py fails
## until it is)
prefilter-tables: $(STAMP)
	$(BIN)/python -m memaudit.injection.prefilter_shipped

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
