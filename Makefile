# Two commands for a newcomer: `make run` and `make test`. Each builds .venv from
# nothing but python3 the first time and reuses it afterwards.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench screenshots wiring clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/companion run

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check companion tests
	$(BIN)/ruff format --check companion tests

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/companion bench arbiter

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache

screenshots: $(STAMP)
	$(BIN)/companion screenshot --all --dir companion/ui/screenshots

wiring: $(STAMP)
	$(BIN)/companion wiring
