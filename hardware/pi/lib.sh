# Shared by install.sh, update.sh and uninstall.sh (sourced, not run).
# shellcheck shell=bash

# The Debian packages the Pi needs. README.md ("On a Raspberry Pi") lists the same ones;
# tests/test_deploy.py checks that the two lists agree.
#   git: to clone and update; python3-venv: the virtual environment;
#   python3-dev swig liblgpio-dev build-essential: pip builds lgpio from source;
#   device-tree-compiler: the 3.5" SPI panel's overlay (hardware/pi/companion-spi35-overlay.dts).
# shellcheck disable=SC2034 # used by the scripts that source this file
APT_PACKAGES=(git python3-venv python3-dev swig liblgpio-dev build-essential device-tree-compiler)

# The groups the companion's user needs (hardware/README.md, "Groups and the console"):
# the display (video, render), input devices, GPIO, the USB button box (dialout).
# shellcheck disable=SC2034
USER_GROUPS=(video render input gpio dialout)

BLOCK_BEGIN="# BEGIN companion (hardware/pi/install.sh; uninstall.sh removes this block)"
BLOCK_END="# END companion"
CMDLINE_TOKENS=(vt.global_cursor_default=0)

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
