#!/usr/bin/env bash
# Build the image as CI does: tools/ops/build_image.sh [TAG]   (default grounding-sidecar:ci)
#
#   BASE    the Dockerfile's base (default: the official python:3.11-slim-bookworm; CI
#           passes the debootstrapped stand-in from tools/ops/make_base_image.sh)
#   PIP_CA  a CA bundle for build-time pip, passed as the `pip_ca` build secret; by
#           default the bundle this machine's pip uses (PIP_CERT, else `cert =` in
#           /etc/pip.conf or /etc/xdg/pip/pip.conf), none when neither is set
#   DOCKER  the client (default /usr/bin/docker, Debian's, which builds with BuildKit
#           itself); DOCKER_HOST the daemon (tools/ops/docker_daemon.sh start)
#
# BuildKit (for the secret mount), `--network host` (the daemon runs without a
# bridge: build steps reach PyPI and Debian's mirror through the host's network).
# Prints the build time and the image size.
set -euo pipefail
cd "$(dirname "$0")/../.."

TAG=${1:-grounding-sidecar:ci}
DOCKER=${DOCKER:-/usr/bin/docker}

pip_ca() {
	if [[ -n ${PIP_CA:-} ]]; then
		echo "$PIP_CA"
	elif [[ -n ${PIP_CERT:-} ]]; then
		echo "$PIP_CERT"
	else
		sed -n 's/^[[:space:]]*cert[[:space:]]*=[[:space:]]*//p' /etc/pip.conf /etc/xdg/pip/pip.conf \
			2>/dev/null | head -1
	fi
}

args=(build --network host --tag "$TAG" --progress plain)
[[ -n ${BASE:-} ]] && args+=(--build-arg "BASE=$BASE")
ca=$(pip_ca)
if [[ -n $ca ]]; then
	[[ -s $ca ]] || {
		echo "build_image: the pip CA bundle $ca is missing or empty" >&2
		exit 1
	}
	args+=(--secret "id=pip_ca,src=$ca")
fi
mkdir -p build
log=build/image-build.log
echo "build_image: $DOCKER ${args[*]} . (log: $log)"
start=$SECONDS
if ! DOCKER_BUILDKIT=1 "$DOCKER" "${args[@]}" . >"$log" 2>&1; then
	tail -60 "$log" >&2
	echo "build_image: the build failed after $((SECONDS - start)) s (whole log: $log)" >&2
	exit 1
fi
size=$("$DOCKER" image inspect --format '{{.Size}}' "$TAG")
echo "build_image: $TAG built in $((SECONDS - start)) s, $((size / 1000000)) MB"
