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
# Prints the build time and the image size; a failed build is tried once more.
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

# BuildKit's plain progress prefixes each line of a step's output with the step's
# number ("#12 3.4 ...") and ends a failed step with "#12 ERROR: ...".  Its own summary
# of a failure can come without the step's output, so print the failed step's last
# lines last, where a log that keeps only its tail still shows why.
failed_step_output() {
	local step
	step=$(sed -n 's/^#\([0-9][0-9]*\) ERROR.*/\1/p' "$1" | tail -1)
	[[ -n $step ]] || return 0
	echo "build_image: the last lines of the failed step (#$step):"
	grep "^#$step " "$1" | tail -40
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
build() { DOCKER_BUILDKIT=1 "$DOCKER" "${args[@]}" . >"$log" 2>&1; }
start=$SECONDS
# One more try after a failure: a registry that fails for a moment should not fail CI,
# and the steps that finished are cached, so the second try starts at the failed one.
if ! build; then
	failed_step_output "$log" >&2
	echo "build_image: the build failed after $((SECONDS - start)) s; trying once more" >&2
	mv "$log" "$log.first"
	if ! build; then
		tail -60 "$log" >&2
		failed_step_output "$log" >&2
		echo "build_image: the build failed twice, after $((SECONDS - start)) s (logs: $log.first, $log)" >&2
		exit 1
	fi
fi
size=$("$DOCKER" image inspect --format '{{.Size}}' "$TAG")
echo "build_image: $TAG built in $((SECONDS - start)) s, $((size / 1000000)) MB"
