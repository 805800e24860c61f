# Everything a fresh machine needs goes through these targets; CI runs
# `make install` then `make test` (see .ci/run).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python

.PHONY: install test lint run bench clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	$(PY) -m pip install --quiet -e '.[model]' && $(PY) -m sidecar.detection.model_fetch
	touch $@

test: install
	$(PY) -m pytest -q

lint: install
	$(VENV)/bin/ruff check sidecar tests benchmarks
	$(VENV)/bin/ruff format --check sidecar tests benchmarks
	$(VENV)/bin/mypy

run: install
	$(VENV)/bin/grounding-sidecar check --example

bench: install
	$(PY) benchmarks/check_throughput.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
