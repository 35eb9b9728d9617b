# Two commands for a newcomer: `make run` and `make test`. Each builds .venv from
# nothing but python3 the first time and reuses it afterwards.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The official MicroPython WebAssembly build (npm), pinned with its integrity in
# tests/firmware/mpy/package-lock.json: tests/firmware/test_micropython.py runs the
# button box firmware in it under node. Needs node and npm.
WASM := .cache/micropython-wasm
WASM_STAMP := $(WASM)/.installed
WASM_LOCK := tests/firmware/mpy/package.json tests/firmware/mpy/package-lock.json

.PHONY: run test lint typecheck pytest bench screenshots wiring clean pi-check locale

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(WASM_STAMP): $(WASM_LOCK)
	@command -v node >/dev/null && command -v npm >/dev/null || { echo "make test needs node and npm (Debian/Ubuntu: apt-get install nodejs npm)" >&2; exit 1; }
	rm -rf $(WASM)
	mkdir -p $(WASM)
	cp $(WASM_LOCK) $(WASM)/
	cd $(WASM) && npm ci --no-audit --no-fund
	touch $@

run: $(STAMP)
	$(BIN)/companion run

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check companion tests
	$(BIN)/ruff format --check companion tests

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) $(WASM_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/companion bench arbiter

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .cache

screenshots: $(STAMP)
	$(BIN)/companion screenshot --all --dir companion/ui/screenshots

wiring: $(STAMP)
	$(BIN)/companion wiring

# The screens' catalogs (companion/i18n.py; the engines' words, companion/words.py):
# the marked strings extracted into the template, merged into each language's catalog (new
# ones to translate, none lost), compiled into the .mo files the program reads (committed;
# tests/i18n/test_catalogs.py checks they are fresh and complete).
LOCALE := companion/locale
LANGUAGES := de fr
locale: $(STAMP)
	$(BIN)/pybabel extract --no-location --sort-output --omit-header --no-wrap \
		--no-default-keywords -k tr -k trn:1,2 -k trc:1c,2 -k marked -k say -k plural_words:1,2 \
		-F $(LOCALE)/babel.cfg -o $(LOCALE)/companion.pot companion
	for lang in $(LANGUAGES); do \
		$(BIN)/pybabel update --init-missing --no-wrap --ignore-obsolete --no-fuzzy-matching \
			--ignore-pot-creation-date -i $(LOCALE)/companion.pot -d $(LOCALE) -D companion \
			-l $$lang || exit 1; \
	done
	$(BIN)/pybabel compile --statistics -d $(LOCALE) -D companion

# Opt-in, not part of `make test`: the Pi install run for real in an emulated arm64
# Bookworm (needs root and the package registries; hardware/pi/check-emulated.sh).
pi-check:
	hardware/pi/check-emulated.sh
