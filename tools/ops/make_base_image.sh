#!/usr/bin/env bash
# A local stand-in for the Dockerfile's default base (python:3.11-slim-bookworm), for
# machines that reach Debian's mirror but not Docker Hub:
#
#   tools/ops/make_base_image.sh [NAME]      (default grounding-sidecar-ci-base:bookworm)
#
# debootstrap (installed with apt when missing) builds a minimal Debian bookworm
# (`--variant=minbase`) with Debian's python3 (3.11 on bookworm), python3-venv (venv and
# pip), make and ca-certificates, from the mirror this machine's apt uses (or $MIRROR),
# and `docker import`s it as NAME.  Build the image on it with
# `--build-arg BASE=NAME`.  The name is deliberately not `python:...`: nothing that looks
# like the official image is ever tagged here.  Skipped when NAME already exists (unless
# FORCE=1).  Needs root and a daemon at $DOCKER_HOST (tools/ops/docker_daemon.sh start).
set -euo pipefail
cd "$(dirname "$0")/../.."

NAME=${1:-grounding-sidecar-ci-base:bookworm}
DOCKER=${DOCKER:-/usr/bin/docker}
WORK=${BASE_WORK_DIR:-build/base}
SUITE=bookworm
PACKAGES=python3,python3-venv,make,ca-certificates

if [[ -z ${FORCE:-} ]] && "$DOCKER" image inspect "$NAME" >/dev/null 2>&1; then
	echo "make_base_image: $NAME exists"
	exit 0
fi

# The Debian mirror apt is configured with: deb822 `URIs:` or a one-line `deb URL suite`.
mirror() {
	local files=(/etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list)
	local f
	for f in "${files[@]}"; do
		[[ -f $f ]] || continue
		awk -v suite="$SUITE" '
			/^URIs:/ { uri = $2 }
			/^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite && uri ~ /debian\/?$/) { print uri; exit } }
			/^deb / { if ($3 == suite) { print $2; exit } }
		' "$f"
	done | head -1
}
MIRROR=${MIRROR:-$(mirror)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}

command -v debootstrap >/dev/null 2>&1 || {
	echo "make_base_image: installing debootstrap with apt" >&2
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
}

rm -rf "$WORK"
mkdir -p "$WORK"
ROOTFS=$WORK/rootfs
echo "make_base_image: debootstrap $SUITE from $MIRROR (about a minute)"
start=$SECONDS
if ! debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$ROOTFS" "$MIRROR" \
	>"$WORK/debootstrap.log" 2>&1; then
	tail -30 "$WORK/debootstrap.log" >&2
	[[ -f $ROOTFS/debootstrap/debootstrap.log ]] && tail -30 "$ROOTFS/debootstrap/debootstrap.log" >&2
	exit 1
fi
# What a container image does without: the package cache and lists, logs, machine id.
rm -rf "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/lib/apt/lists/* \
	"$ROOTFS"/var/log/*.log "$ROOTFS"/tmp/* "$ROOTFS"/root/.cache
: >"$ROOTFS/etc/machine-id"
tar -C "$ROOTFS" --numeric-owner -c . | "$DOCKER" import \
	--change 'ENV LANG=C.UTF-8' \
	--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
	--change 'CMD ["bash"]' \
	--message "debootstrap --variant=minbase --include=$PACKAGES $SUITE $MIRROR" \
	- "$NAME" >/dev/null
rm -rf "$WORK"
echo "make_base_image: $NAME ($("$DOCKER" run --rm --network none "$NAME" python3 --version)) in $((SECONDS - start)) s"
