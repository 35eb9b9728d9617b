# Shared by install.sh, update.sh and uninstall.sh (sourced, not run).
# shellcheck shell=bash

# The Debian packages the Pi needs. README.md ("On a Raspberry Pi") lists the same ones;
# tests/test_deploy.py checks that the two lists agree.
#   git: to clone and update; python3-venv: the virtual environment;
#   device-tree-compiler: the 3.5" SPI panel's overlay (hardware/pi/companion-spi35-overlay.dts);
#   libdrm2 libgbm1 libegl1 libgles2 libgl1-mesa-dri: the screen. pygame-ce's bundled SDL
#   opens libdrm.so.2, libgbm.so.1, libEGL.so.1 and libGLESv2.so.2 at run time for its
#   kmsdrm driver, and libgbm loads Mesa's DRI driver (vc4/v3d on a Pi). A minimal
#   install has none of them: without them the display does not open.
# shellcheck disable=SC2034 # used by the scripts that source this file
APT_PACKAGES=(git python3-venv device-tree-compiler libdrm2 libgbm1 libegl1 libgles2 libgl1-mesa-dri)

# What kmsdrm loads at run time (the check in hardware/pi/check-emulated.sh looks for each
# with ldconfig -p).
# shellcheck disable=SC2034
KMSDRM_LIBRARIES=(libdrm.so.2 libgbm.so.1 libEGL.so.1 libGLESv2.so.2)

# lgpio (the pi extra) comes as a self-contained wheel for the Pythons it was built for
# (3.11 on Bookworm: nothing else needed). Where pip finds no wheel (Python 3.13 on
# Trixie, say) it builds the source: these packages, and PYPI=1 makes lgpio's setup.py
# compile its own copy of the C library in, so no liblgpio-dev is needed (only
# Raspberry Pi OS has that package).
# shellcheck disable=SC2034
LGPIO_BUILD_PACKAGES=(python3-dev swig build-essential)
LGPIO_REQUIREMENT="lgpio>=0.2.2"

# The groups the companion's user needs (hardware/README.md, "Groups and the console"):
# the display (video, render), input devices, GPIO, the USB button box (dialout).
# shellcheck disable=SC2034
USER_GROUPS=(video render input gpio dialout)

BLOCK_BEGIN="# BEGIN companion (hardware/pi/install.sh; uninstall.sh removes this block)"
BLOCK_END="# END companion"
CMDLINE_TOKENS=(vt.global_cursor_default=0)
# The boot service's console message (console-message.sh): where install.sh puts it, and
# the file it writes.
CONSOLE_MESSAGE=/usr/local/libexec/companion/console-message
CONSOLE_ISSUE=/etc/issue.d/companion.issue

say() {
	printf '%s: %s\n' "${0##*/}" "$*"
}

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 2
}

# run CMD...: run it, or only print it with --root (staging: nothing on this system changes).
run() {
	if [[ -n "${ROOT:-}" ]]; then
		say "(staging, not run) $*"
	else
		"$@"
	fi
}

# The boot partition: /boot/firmware on Bookworm and later, /boot before.
boot_dir() {
	if [[ -f "${ROOT:-}/boot/firmware/config.txt" || ! -f "${ROOT:-}/boot/config.txt" ]]; then
		printf '%s\n' "${ROOT:-}/boot/firmware"
	else
		printf '%s\n' "${ROOT:-}/boot"
	fi
}

# remove_block FILE: delete our managed block (markers included) from FILE.
remove_block() {
	local file=$1
	[[ -f "$file" ]] || return 0
	local tmp
	tmp=$(mktemp)
	awk -v begin="$BLOCK_BEGIN" -v end="$BLOCK_END" '
		$0 == begin { skip = 1; next }
		$0 == end { skip = 0; next }
		!skip { print }
	' "$file" >"$tmp"
	cat "$tmp" >"$file"
	rm -f "$tmp"
}

# remove_cmdline_tokens FILE: take out the kernel options install.sh added.
remove_cmdline_tokens() {
	local file=$1 token
	[[ -f "$file" ]] || return 0
	for token in "${CMDLINE_TOKENS[@]}"; do
		sed -i -e "1 s/ ${token//./\\.}\\b//g" "$file"
	done
}

# as_user USER CMD...: run CMD as USER (root runs it through runuser, which every Debian
# has; anyone else runs it as themselves). git refuses a checkout that another user owns
# ("dubious ownership"), and pip must write the user's .venv as the user.
as_user() {
	local user=$1
	shift
	if ((EUID == 0)) && [[ "$user" != root ]]; then
		runuser -u "$user" -- "$@"
	else
		"$@"
	fi
}

# lgpio_wheel_available PYTHON: does pip have a ready-made lgpio wheel for that Python
# (its version and this machine's architecture)? Asks the package index. When the index
# cannot be reached, pip says no wheel too: that is an error here, not a reason to build.
lgpio_wheel_available() {
	local python=$1 dir output status=0
	dir=$(mktemp -d)
	chmod 0777 "$dir"
	output=$(as_user "${RUN_USER:-root}" "$python" -m pip download --no-deps \
		--only-binary :all: --dest "$dir" "$LGPIO_REQUIREMENT" 2>&1) || status=$?
	rm -rf "$dir"
	((status == 0)) && return 0
	if grep -qE "Could not fetch URL|connection broken|Failed to establish|SSLError" <<<"$output"; then
		die "pip could not reach the package index to look for an lgpio wheel: $(grep -m1 -E 'Could not fetch URL|connection broken|Failed to establish|SSLError' <<<"$output" | cut -c1-200). Fix: check the network (behind a proxy with its own certificate: PIP_CERT or /etc/pip.conf), then run install.sh again."
	fi
	return 1
}

# check_architecture: the Debian userland must be arm64. A Pi 4 or 5 running 32-bit
# Raspberry Pi OS boots a 64-bit kernel (uname -m says aarch64), but its packages and
# Python are armhf, and pygame-ce has no 32-bit ARM wheel.
check_architecture() {
	local userland
	userland=$(dpkg --print-architecture 2>/dev/null || echo unknown)
	[[ "$userland" == arm64 ]] && return 0
	if [[ "$userland" == armhf || "$userland" == armel ]]; then
		die "this is a 32-bit system ($userland packages; the kernel says $(uname -m)): pygame-ce has no 32-bit ARM wheel. Fix: flash Raspberry Pi OS Lite (64-bit) and install again."
	fi
	die "this system's packages are '$userland', not arm64: the companion installs on 64-bit Raspberry Pi OS (or Debian/Ubuntu arm64). Fix: flash Raspberry Pi OS Lite (64-bit)."
}
