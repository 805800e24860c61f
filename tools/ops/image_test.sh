#!/usr/bin/env bash
# `make image-test`: the image built and run as CI does, on a private Docker daemon.
#
#   1. requirements.lock still matches pyproject.toml (tools/ops/lock.sh check);
#   2. tools/ops/docker_daemon.sh start (installs docker.io with apt when missing), and a
#      trap that stops that daemon by pid however this script ends (and, with CI=true,
#      removes its image store);
#   3. the base: $IMAGE_BASE, a debootstrapped Debian bookworm (tools/ops/make_base_image.sh),
#      since Docker Hub's python:3.11-slim-bookworm cannot be pulled here; set
#      IMAGE_BASE=python:3.11-slim-bookworm where it can;
#   4. the build (tools/ops/build_image.sh), then tests/deploy/test_image.py's `image` tests
#      with GROUNDING_SIDECAR_IMAGE_REQUIRED=1: nothing in them may skip.
#
# PY (default .venv/bin/python) runs pytest; IMAGE (default grounding-sidecar:ci) is the tag.
set -euo pipefail
cd "$(dirname "$0")/../.."

PY=${PY:-.venv/bin/python}
IMAGE=${IMAGE:-grounding-sidecar:ci}
IMAGE_BASE=${IMAGE_BASE:-grounding-sidecar-ci-base:bookworm}
export DOCKER=${DOCKER:-/usr/bin/docker}
export DOCKER_DIR=${DOCKER_DIR:-build/docker}
start=$SECONDS

tools/ops/lock.sh check

finish() {
	local status=$?
	# The daemon's log only when the daemon is the problem: after a failed build or
	# test it would push their own output out of a log that keeps only its tail.
	if ((status != 0)) && [[ -f $DOCKER_DIR/dockerd.log ]] \
		&& ! tools/ops/docker_daemon.sh status >/dev/null 2>&1; then
		echo "image_test: the daemon is not answering; the end of $DOCKER_DIR/dockerd.log:" >&2
		tail -15 "$DOCKER_DIR/dockerd.log" >&2
	fi
	tools/ops/docker_daemon.sh stop
	# In CI (CI=true) the store goes too: a fresh clone builds from nothing anyway.
	if [[ ${CI:-} == true ]]; then tools/ops/docker_daemon.sh purge; fi
	exit "$status"
}
trap finish EXIT
trap 'exit 130' INT TERM # run the EXIT trap on a signal too
tools/ops/docker_daemon.sh start
DOCKER_HOST=unix://$(realpath -m "$DOCKER_DIR")/docker.sock
export DOCKER_HOST

if [[ $IMAGE_BASE == grounding-sidecar-ci-base:* ]]; then
	tools/ops/make_base_image.sh "$IMAGE_BASE"
fi
BASE=$IMAGE_BASE tools/ops/build_image.sh "$IMAGE"

GROUNDING_SIDECAR_IMAGE=$IMAGE GROUNDING_SIDECAR_IMAGE_REQUIRED=1 \
	"$PY" -m pytest -q -p no:cacheprovider -m image tests/deploy/test_image.py
echo "image_test: lock check, daemon, base, build and tests in $((SECONDS - start)) s"
