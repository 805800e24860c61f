#!/usr/bin/env bash
# A private Docker daemon for the image build and tests: tools/ops/docker_daemon.sh start|stop|status
#
# Everything it owns lives under $DOCKER_DIR (default build/docker: gitignored, out of
# the build context (.dockerignore) and of the checkout copy tests/test_packaging.py
# makes): the image store (data/), the runtime state and its own containerd (run/), the
# API socket (docker.sock), the pid file and the log.
# It never touches /var/lib/docker or /var/run/docker.sock, so it runs beside any other
# daemon.  Networking is off (`--iptables=false --bridge=none`): containers and build
# steps use `--network host` (or `none`) and bind to 127.0.0.1.
#
#   start   install Debian's docker.io with apt when dockerd is missing, start dockerd
#           (overlay2) unless ours already answers, wait until it does.  Prints the
#           DOCKER_HOST to use.
#   stop    stop the dockerd whose pid is in the pid file (SIGTERM, then SIGKILL after
#           30 s); dockerd stops its own containerd.  Nothing else is signalled.
#   status  exit 0 when our daemon answers.
#   purge   remove $DOCKER_DIR (the image store, a few GB after a build); refused while
#           the daemon runs.
set -euo pipefail
cd "$(dirname "$0")/../.."

DOCKER_DIR=$(realpath -m "${DOCKER_DIR:-build/docker}")
SOCKET=$DOCKER_DIR/docker.sock
PIDFILE=$DOCKER_DIR/dockerd.pid
LOG=$DOCKER_DIR/dockerd.log
# The Debian client matches the Debian daemon and carries BuildKit itself (a newer
# static client on PATH may lack the buildx plugin that BuildKit builds need there).
DOCKER=${DOCKER:-/usr/bin/docker}
export DOCKER_HOST=unix://$SOCKET

answers() { "$DOCKER" version --format '{{.Server.Version}}' >/dev/null 2>&1; }

ours_alive() { [[ -f $PIDFILE ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

install_docker() {
	if command -v dockerd >/dev/null 2>&1 && command -v "$DOCKER" >/dev/null 2>&1; then
		return
	fi
	echo "docker_daemon: installing docker.io with apt" >&2
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io >/dev/null
}

start() {
	if ours_alive && answers; then
		echo "docker_daemon: already running (pid $(cat "$PIDFILE")); export DOCKER_HOST=$DOCKER_HOST"
		return
	fi
	if ours_alive; then
		echo "docker_daemon: dockerd $(cat "$PIDFILE") runs but does not answer; run $0 stop" >&2
		exit 1
	fi
	install_docker
	# A unix socket path is limited to 107 bytes; containerd's lives under run/.
	if ((${#DOCKER_DIR} > 70)); then
		echo "docker_daemon: $DOCKER_DIR is too long for the daemon's sockets; set DOCKER_DIR" >&2
		exit 1
	fi
	rm -f "$SOCKET" "$PIDFILE"
	mkdir -p "$DOCKER_DIR/data" "$DOCKER_DIR/run"
	# setsid: its own session, so a Ctrl-C in the calling shell reaches it only via stop.
	setsid dockerd \
		--data-root "$DOCKER_DIR/data" \
		--exec-root "$DOCKER_DIR/run" \
		--pidfile "$PIDFILE" \
		--host "$DOCKER_HOST" \
		--storage-driver overlay2 \
		--iptables=false --ip-masq=false --bridge=none --userland-proxy=false \
		--log-level warn \
		</dev/null >"$LOG" 2>&1 &
	local pid=$!
	for _ in $(seq 1 120); do
		if answers; then
			echo "docker_daemon: dockerd $("$DOCKER" version --format '{{.Server.Version}}') pid $pid; export DOCKER_HOST=$DOCKER_HOST"
			return
		fi
		if ! kill -0 "$pid" 2>/dev/null; then
			echo "docker_daemon: dockerd exited; the end of $LOG:" >&2
			tail -20 "$LOG" >&2
			exit 1
		fi
		sleep 0.5
	done
	echo "docker_daemon: dockerd (pid $pid) did not answer within 60 s; the end of $LOG:" >&2
	tail -20 "$LOG" >&2
	kill -TERM "$pid" 2>/dev/null || true
	exit 1
}

stop() {
	if [[ ! -f $PIDFILE ]]; then
		echo "docker_daemon: not running (no $PIDFILE)"
		unmount_leftovers
		return
	fi
	local pid
	pid=$(cat "$PIDFILE")
	if ! kill -0 "$pid" 2>/dev/null; then
		echo "docker_daemon: pid $pid is gone"
		rm -f "$PIDFILE"
		unmount_leftovers
		return
	fi
	kill -TERM "$pid"
	for _ in $(seq 1 60); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.5
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "docker_daemon: dockerd $pid still up after 30 s; SIGKILL" >&2
		kill -KILL "$pid"
	fi
	rm -f "$PIDFILE"
	unmount_leftovers
	echo "docker_daemon: stopped dockerd $pid"
}

# dockerd leaves its default network namespace bind-mounted under run/netns (and a
# killed one may leave overlay mounts under data/): unmount what lies under DOCKER_DIR.
unmount_leftovers() {
	local mount
	awk -v dir="$DOCKER_DIR/" 'index($5, dir) == 1 { print $5 }' /proc/self/mountinfo |
		sort -r | while read -r mount; do
		umount "$mount" 2>/dev/null || umount --lazy "$mount"
	done
}

purge() {
	if ours_alive; then
		echo "docker_daemon: dockerd $(cat "$PIDFILE") runs; run $0 stop first" >&2
		exit 1
	fi
	unmount_leftovers
	rm -rf "$DOCKER_DIR"
	echo "docker_daemon: removed $DOCKER_DIR"
}

case ${1:-} in
start) start ;;
stop) stop ;;
status) ours_alive && answers ;;
purge) purge ;;
*)
	echo "usage: $0 start|stop|status|purge" >&2
	exit 2
	;;
esac
