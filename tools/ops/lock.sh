#!/usr/bin/env bash
# requirements.lock: the image's runtime dependencies, every one pinned with the sha256
# of each of its files on PyPI (all platforms, so an arm64 build verifies too).
#
#   tools/ops/lock.sh update   regenerate it (`make lock`): existing pins are kept unless
#                          pyproject.toml no longer allows them; UPGRADE=1 moves every
#                          pin to the newest allowed release
#   tools/ops/lock.sh check    regenerate into build/lock-check and fail on any difference
#                          (`make lock-check`, run by `make image-test`)
#
# The resolver is pip-compile (pip-tools, pinned below) in its own venv under build/,
# run with Python 3.11, the image's Python: markers are resolved for it.  It reads only
# PyPI (PIP_CONFIG_FILE=/dev/null: no local find-links or extra indexes from this
# machine's pip configuration, whose files need not match PyPI's), and trusts the CA
# bundle pip uses here (PIP_CERT) when one is set.
set -euo pipefail
cd "$(dirname "$0")/../.."

PIP_TOOLS=pip-tools==7.6.2
LOCK=requirements.lock
VENV=build/lock-venv
PYTHON=${PYTHON:-python3}

version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [[ $version != 3.11 ]]; then
	echo "lock: $PYTHON is Python $version; the image runs 3.11 (set PYTHON=python3.11)" >&2
	exit 1
fi
# Only PyPI, whatever this machine's pip configuration adds.
pypi_only() {
	env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL -u PIP_CONSTRAINT \
		PIP_CONFIG_FILE=/dev/null "$@"
}

installed=$("$VENV/bin/pip" show pip-tools 2>/dev/null | sed -n 's/^Version: //p' || true)
if [[ $installed != "${PIP_TOOLS#*==}" ]]; then
	rm -rf "$VENV"
	"$PYTHON" -m venv "$VENV"
	pypi_only "$VENV/bin/pip" install --quiet "$PIP_TOOLS"
fi

compile() { # output file, extra pip-compile flags...
	local output=$1
	shift
	pypi_only CUSTOM_COMPILE_COMMAND="make lock" \
		"$VENV/bin/pip-compile" --quiet --generate-hashes --strip-extras \
		--no-emit-index-url --no-emit-find-links --output-file="$output" "$@" pyproject.toml
}

case ${1:-} in
update)
	if [[ -n ${UPGRADE:-} ]]; then
		compile "$LOCK" --upgrade
	else
		compile "$LOCK"
	fi
	echo "lock: $LOCK has $(grep -c '^[a-z0-9]' "$LOCK") pins"
	;;
check)
	mkdir -p build/lock-check
	cp "$LOCK" build/lock-check/requirements.lock
	compile build/lock-check/requirements.lock
	if ! diff -u "$LOCK" build/lock-check/requirements.lock; then
		echo "lock: $LOCK is stale for pyproject.toml: run \`make lock\` and commit it" >&2
		exit 1
	fi
	echo "lock: $LOCK matches pyproject.toml ($(grep -c '^[a-z0-9]' "$LOCK") pins)"
	;;
*)
	echo "usage: $0 update|check" >&2
	exit 2
	;;
esac
