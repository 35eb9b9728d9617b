#!/usr/bin/env bash
# Install the table companion on Raspberry Pi OS Lite 64-bit so that the Pi boots into it.
#
#   git clone <this repository> ~/companion && cd ~/companion
#   sudo hardware/pi/install.sh --profile gpio-dsi      # or gpio-spi35, usb-box
#   sudo reboot
#
# What it does, in order (safe to run again; each step replaces what it did before):
#   1. apt: the system packages (lib.sh, APT_PACKAGES; the same list as README.md): git,
#      the venv, dtc, and the libraries the screen needs (SDL's kmsdrm driver loads them).
#   2. .venv in the checkout, as your user: pip install -e '.[pi]' (lgpio: kernel edge
#      timestamps). `make run` and `make test` keep working with the same checkout.
#      Only where pip has no lgpio wheel for this Python (3.13 on Trixie, say) does it
#      install a compiler and swig (LGPIO_BUILD_PACKAGES) to build lgpio.
#   3. your user into the groups video, render, input, gpio, dialout.
#   4. the USB box's udev rule: firmware/udev/99-companion-box.rules -> /etc/udev/rules.d/.
#   5. config.txt: the display and the pins the profile needs, in one marked block
#      (a copy of the original is kept as config.txt.companion-backup); for the 3.5" SPI
#      panel it also compiles hardware/pi/companion-spi35-overlay.dts into overlays/.
#   6. the boot service: hardware/pi/companion.service -> /etc/systemd/system/, with
#      /etc/default/companion holding its options; getty@tty1 disabled (no login prompt
#      on the screen; Ctrl+Alt+F2 and SSH still log in). When the companion cannot start
#      (no display, say) the login prompt comes back on the screen with the reason above
#      it (hardware/pi/console-message.sh -> /usr/local/libexec/companion/).
# Update later with hardware/pi/update.sh; remove with hardware/pi/uninstall.sh.
#
# --root DIR stages every file under DIR and runs nothing (no apt, pip, usermod,
# systemctl): for checking what it would write, and for tests/test_deploy.py.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
APP_DIR=$(cd "$HERE/../.." && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

PROFILE=gpio-dsi
DISPLAY_KIND=""
RUN_USER=${SUDO_USER:-}
ROOT=""
BOOT_CONFIG=1

usage() {
	cat <<EOF
usage: sudo $0 [--profile NAME] [--display dsi|spi35|hdmi] [--user NAME] [--no-boot-config] [--root DIR]

  --profile NAME     the pin map in wiring/profiles (default: gpio-dsi): $(profiles)
  --display KIND     the panel, when the profile allows any (usb-box; default: dsi)
  --user NAME        who runs the companion (default: the user who ran sudo)
  --no-boot-config   leave /boot/firmware/config.txt and cmdline.txt alone
  --root DIR         stage the files under DIR and run nothing (a dry run)
EOF
}

profiles() {
	local path names=()
	for path in "$APP_DIR"/wiring/profiles/*.toml; do
		names+=("$(basename "$path" .toml)")
	done
	printf '%s' "${names[*]}"
}

parse_args() {
	while (($#)); do
		case $1 in
		--profile) PROFILE=${2:?--profile needs a name}; shift 2 ;;
		--display) DISPLAY_KIND=${2:?--display needs dsi, spi35 or hdmi}; shift 2 ;;
		--user) RUN_USER=${2:?--user needs a name}; shift 2 ;;
		--root) ROOT=${2:?--root needs a directory}; shift 2 ;;
		--no-boot-config) BOOT_CONFIG=0; shift ;;
		-h | --help) usage; exit 0 ;;
		*) usage >&2; die "unknown option '$1'" ;;
		esac
	done
}

# profile_value KEY: a top-level string of the profile ("kind", "display").
profile_value() {
	sed -n "s/^$1 = \"\\(.*\\)\"\$/\\1/p" "$PROFILE_FILE" | head -n 1
}

check() {
	PROFILE_FILE="$APP_DIR/wiring/profiles/$PROFILE.toml"
	[[ -f "$PROFILE_FILE" ]] || die "no profile '$PROFILE' (wiring/profiles has: $(profiles)). Fix: pick one of those with --profile."
	KIND=$(profile_value kind)
	local wants
	wants=$(profile_value display)
	if [[ -z "$DISPLAY_KIND" ]]; then
		DISPLAY_KIND=$([[ "$wants" == any ]] && echo dsi || echo "$wants")
	elif [[ "$wants" != any && "$wants" != "$DISPLAY_KIND" ]]; then
		die "profile $PROFILE is wired for the '$wants' display, not '$DISPLAY_KIND'. Fix: drop --display, or use the usb-box profile with any display."
	fi
	case $DISPLAY_KIND in
	dsi | spi35 | hdmi) ;;
	*) die "unknown display '$DISPLAY_KIND'. Fix: --display dsi, spi35 or hdmi." ;;
	esac
	[[ -n "$RUN_USER" && "$RUN_USER" != root ]] || die "no user to run the companion as. Fix: run it with sudo from your own account, or pass --user NAME."
	[[ -n "$ROOT" ]] && return 0
	((EUID == 0)) || die "needs root. Fix: sudo $0 $*"
	id "$RUN_USER" >/dev/null 2>&1 || die "no such user '$RUN_USER'. Fix: --user NAME."
	check_architecture
}

install_packages() {
	say "1/6 system packages: ${APT_PACKAGES[*]}"
	run apt-get update
	run env DEBIAN_FRONTEND=noninteractive apt-get install -y "${APT_PACKAGES[@]}"
}

install_venv() {
	local python="$APP_DIR/.venv/bin/python" build=()
	say "2/6 $APP_DIR/.venv with the pi extra (lgpio), as $RUN_USER"
	run as_user "$RUN_USER" python3 -m venv "$APP_DIR/.venv"
	run as_user "$RUN_USER" "$python" -m pip install --upgrade pip
	if [[ -n "$ROOT" ]]; then
		say "(staging, not run) if pip has no $LGPIO_REQUIREMENT wheel for this Python: apt-get install -y ${LGPIO_BUILD_PACKAGES[*]}, and build it with PYPI=1"
	elif lgpio_wheel_available "$python"; then
		say "lgpio: pip has a wheel for $("$python" -c 'import platform; print("Python", platform.python_version(), platform.machine())'): nothing to build"
	else
		say "lgpio: no wheel for this Python: installing ${LGPIO_BUILD_PACKAGES[*]} to build it"
		env DEBIAN_FRONTEND=noninteractive apt-get install -y "${LGPIO_BUILD_PACKAGES[@]}"
		build=(env PYPI=1)
	fi
	run as_user "$RUN_USER" "${build[@]}" "$python" -m pip install -e "${APP_DIR}[pi]"
}

install_groups() {
	local group
	say "3/6 $RUN_USER into the groups ${USER_GROUPS[*]}"
	for group in "${USER_GROUPS[@]}"; do
		if [[ -z "$ROOT" ]] && ! getent group "$group" >/dev/null; then
			run groupadd --system "$group"
		fi
	done
	run usermod -aG "$(IFS=,; echo "${USER_GROUPS[*]}")" "$RUN_USER"
}

install_udev() {
	say "4/6 udev rule for the USB button box (/dev/companion-box)"
	install -D -m 0644 "$APP_DIR/firmware/udev/99-companion-box.rules" \
		"$ROOT/etc/udev/rules.d/99-companion-box.rules"
	run udevadm control --reload
	run udevadm trigger --subsystem-match=tty
}

# The config.txt lines for this profile and display (written under [all]).
boot_lines() {
	echo "[all]"
	case $DISPLAY_KIND in
	dsi) printf '%s\n' "dtoverlay=vc4-kms-v3d" "display_auto_detect=1" ;;
	spi35) printf '%s\n' "dtoverlay=vc4-kms-v3d" "dtparam=spi=on" "dtoverlay=companion-spi35" ;;
	hdmi) printf '%s\n' "dtoverlay=vc4-kms-v3d" ;;
	esac
	if [[ "$KIND" == gpio ]]; then
		# The profile's buttons sit on the I2C (BCM 2, 3) and UART (BCM 14, 15) pins,
		# and with the DSI panel on SPI0 (BCM 7-11) too: keep those drivers off them.
		echo "dtparam=i2c_arm=off"
		echo "enable_uart=0"
		[[ "$DISPLAY_KIND" == spi35 ]] || echo "dtparam=spi=off"
	fi
}

# lines_for_every_pi FILE: the config.txt lines in effect on every Pi: those before the
# first [filter] and those after an [all], trimmed. Lines under [pi4], [cm5], [none]...
# apply to some Pis only, or to none.
lines_for_every_pi() {
	awk '
		BEGIN { every = 1 }
		{ sub(/^[ \t]+/, ""); sub(/[ \t\r]+$/, "") }
		/^\[.*\]$/ { every = ($0 == "[all]"); next }
		every && $0 != "" && $0 !~ /^#/ { print }
	' "$1"
}

install_boot_config() {
	local boot config cmdline line
	boot=$(boot_dir)
	config="$boot/config.txt"
	cmdline="$boot/cmdline.txt"
	if ((BOOT_CONFIG == 0)); then
		say "5/6 boot configuration left alone (--no-boot-config): set up the display yourself"
		return 0
	fi
	[[ -f "$config" ]] || die "$config not found. Fix: run this on Raspberry Pi OS, or pass --no-boot-config."
	say "5/6 $config: display '$DISPLAY_KIND', pins for profile $PROFILE"
	[[ -f "$config.companion-backup" ]] || cp "$config" "$config.companion-backup"
	remove_block "$config"
	local lines=() present
	present=$(lines_for_every_pi "$config")
	while IFS= read -r line; do
		# a line already in effect on every Pi is not repeated; one under [pi4] is not
		# (a Pi 5 would go without it)
		[[ "$line" != "[all]" ]] && grep -qxF -- "$line" <<<"$present" && continue
		lines+=("$line")
	done < <(boot_lines)
	printf '%s\n' "$BLOCK_BEGIN" "${lines[@]}" "$BLOCK_END" >>"$config"
	if [[ "$DISPLAY_KIND" == spi35 ]]; then
		mkdir -p "$boot/overlays"
		run dtc -@ -q -I dts -O dtb -o "$boot/overlays/companion-spi35.dtbo" \
			"$HERE/companion-spi35-overlay.dts"
	fi
	[[ -f "$cmdline" ]] || return 0
	[[ -f "$cmdline.companion-backup" ]] || cp "$cmdline" "$cmdline.companion-backup"
	if [[ "$KIND" == gpio ]]; then
		# No serial console on BCM 14/15: red.hunter and yellow.chief are wired there.
		sed -i -e '1 s/console=serial0,[0-9]* *//; 1 s/console=ttyAMA0,[0-9]* *//; 1 s/ *$//' "$cmdline"
		run systemctl disable --now serial-getty@ttyS0.service serial-getty@ttyAMA0.service
	fi
	remove_cmdline_tokens "$cmdline"
	for line in "${CMDLINE_TOKENS[@]}"; do
		sed -i -e "1 s/\$/ $line/" "$cmdline"
	done
}

# The home directory of user $1 (/home/$1 when the system does not know the user, as in a
# staged install).
user_home() {
	local entry
	entry=$(getent passwd "$1" || true)
	if [[ -n "$entry" ]]; then
		printf '%s' "$(printf '%s' "$entry" | cut -d: -f6)"
	else
		printf '/home/%s' "$1"
	fi
}

install_service() {
	local source=gpio
	[[ "$KIND" == box ]] && source=box
	say "6/6 boot service: companion run --fullscreen --source $source --profile $PROFILE"
	local home
	home=$(user_home "$RUN_USER")
	install -d "$ROOT/etc/systemd/system" "$ROOT/etc/default" "$ROOT/var/lib/companion"
	# The hardened service may write only these (its games and settings) in the home.
	install -d "$ROOT$home/.local/state/companion" "$ROOT$home/.config/companion"
	run chown "$RUN_USER:" "$ROOT$home/.local" "$ROOT$home/.local/state" \
		"$ROOT$home/.local/state/companion" "$ROOT$home/.config" "$ROOT$home/.config/companion"
	sed -e "s#@USER@#$RUN_USER#g" -e "s#@HOME@#$home#g" -e "s#@APP_DIR@#$APP_DIR#g" \
		"$HERE/companion.service" >"$ROOT/etc/systemd/system/companion.service"
	# root's copy: the service runs it as root, so it must not sit in the user's checkout
	install -D -m 0755 "$HERE/console-message.sh" "$ROOT$CONSOLE_MESSAGE"
	cat >"$ROOT/etc/default/companion" <<EOF
# Options of the companion's boot service (hardware/pi/install.sh wrote this; edit, then
# sudo systemctl restart companion). \`companion run --help\` lists them.
COMPANION_ARGS="run --fullscreen --source $source --profile $PROFILE"
EOF
	run chown "$RUN_USER:" "$ROOT/var/lib/companion"
	run systemctl daemon-reload
	run systemctl disable getty@tty1.service
	run systemctl enable companion.service
}

main() {
	parse_args "$@"
	check "$@"
	install_packages
	install_venv
	install_groups
	install_udev
	install_boot_config
	install_service
	say "done. Reboot (sudo reboot): the companion starts on the screen. Check it with"
	say "  systemctl status companion; journalctl -u companion -b"
	say "  $APP_DIR/.venv/bin/companion doctor --text --source $([[ "$KIND" == box ]] && echo box || echo gpio) --profile $PROFILE   (stop the service first)"
}

main "$@"
