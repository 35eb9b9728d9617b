# Two commands for a newcomer: `make run` and `make test`. Each builds .venv from
# nothing but python3 the first time and reuses it afterwards.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled (mypyc) Apocalypse rules in $(VENV)/companion-compiled (README: "Compiled
# rules"): built when missing or when their sources changed, never fatal: without a C
# compiler this prints one line and the simulation runs as pure Python.
COMPILE_IF_STALE := $(BIN)/companion compile --if-stale --optional \
	|| echo "companion compile failed (see above); the simulation runs as pure Python"

.PHONY: run test lint typecheck pytest bench screenshots wiring clean compile refresh-compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)
	@$(COMPILE_IF_STALE)

# Build the compiled rules if missing or out of date (about two minutes), failing loudly.
# `companion compile` always rebuilds; `companion compile --check` only says.
compile: $(STAMP)
	$(BIN)/companion compile --if-stale

# Before the tests: rebuild them, non-fatally, if a compiled module or a module they import
# changed (by sha256, not mtime).
refresh-compiled: $(STAMP)
	@$(COMPILE_IF_STALE)

run: $(STAMP)
	$(BIN)/companion run

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check companion tests
	$(BIN)/ruff format --check companion tests

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) refresh-compiled
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/companion bench arbiter

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache

screenshots: $(STAMP)
	$(BIN)/companion screenshot --all --dir companion/ui/screenshots

wiring: $(STAMP)
	$(BIN)/companion wiring
