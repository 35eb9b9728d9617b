#!/bin/sh
# The reason on the screen when the companion cannot start: the boot service runs this as
# root (the `+` of ExecStartPre= and ExecStopPost= in companion.service). install.sh
# copies it to /usr/local/libexec/companion/console-message, owned by root.
#
# Before each start it removes the message. After a run that failed (systemd sets
# SERVICE_RESULT; "success" is a clean exit or `systemctl stop`) it writes the last lines
# of the companion's log to /etc/issue.d/companion.issue, which the login prompt (agetty)
# prints above "login:". The service's OnFailure=getty@tty1.service brings that prompt
# back on the screen once systemd stops restarting the companion.
#
# COMPANION_ISSUE (a file) and COMPANION_LOG_LINES (a command printing the log) replace
# the defaults in tests.
set -eu

ISSUE=${COMPANION_ISSUE:-/etc/issue.d/companion.issue}

if [ -z "${SERVICE_RESULT:-}" ] || [ "$SERVICE_RESULT" = success ]; then
	rm -f "$ISSUE"
	exit 0
fi

log_lines() {
	if [ -n "${COMPANION_LOG_LINES:-}" ]; then
		sh -c "$COMPANION_LOG_LINES"
	else
		journalctl --unit companion.service --boot --lines 8 --output cat --no-pager 2>/dev/null || true
	fi
}

mkdir -p "$(dirname "$ISSUE")"
{
	echo "The table companion could not start (${SERVICE_RESULT}: ${EXIT_CODE:-?} ${EXIT_STATUS:-?})."
	echo "Its last words (journalctl -u companion -b for all of them):"
	# agetty reads backslashes as escapes (\n, \l...): show them as slashes
	log_lines | tr '\134' / | sed 's/^/  /'
	echo "Log in here or over SSH; once fixed: sudo systemctl start companion"
	echo "(hardware/README.md, Troubleshooting: a black screen or this message at boot)."
	echo
} >"$ISSUE.tmp"
mv "$ISSUE.tmp" "$ISSUE"
