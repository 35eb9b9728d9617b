#!/usr/bin/env bash
# Undo hardware/pi/install.sh: the boot service, the login prompt, the udev rule, the
# config.txt block, the SPI overlay and the kernel options it added.
#
#   sudo hardware/pi/uninstall.sh            # keeps the checkout, .venv and the games
#   sudo hardware/pi/uninstall.sh --purge    # also /var/lib/companion (lgpio's pipe)
#
# Left alone: the system packages (others may use them), the groups of your user, the
# serial console (install.sh turned it off for the GPIO profiles: raspi-config turns it
# back on), the checkout with its .venv (rm -rf it yourself), and your journaled games in
# ~/.local/state/companion/games.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

PURGE=0
ROOT=""

while (($#)); do
	case $1 in
	--purge) PURGE=1; shift ;;
	--root) ROOT=${2:?--root needs a directory}; shift 2 ;;
	-h | --help) sed -n '2,12p' "$0"; exit 0 ;;
	*) die "unknown option '$1'. Fix: --purge, or no option." ;;
	esac
done
[[ -n "$ROOT" ]] || ((EUID == 0)) || die "needs root. Fix: sudo $0"

say "stopping and removing the boot service"
run systemctl disable --now companion.service || true
rm -f "$ROOT/etc/systemd/system/companion.service" "$ROOT/etc/default/companion" \
	"$ROOT$CONSOLE_MESSAGE" "$ROOT$CONSOLE_ISSUE"
# the folders install.sh made for them, when nothing else is in them
rmdir "$ROOT${CONSOLE_MESSAGE%/*}" "$ROOT${CONSOLE_MESSAGE%/*/*}" "$ROOT${CONSOLE_ISSUE%/*}" 2>/dev/null || true
run systemctl daemon-reload
run systemctl enable getty@tty1.service

say "removing the udev rule"
rm -f "$ROOT/etc/udev/rules.d/99-companion-box.rules"
run udevadm control --reload

BOOT=$(boot_dir)
say "removing the companion block from $BOOT/config.txt and its kernel options"
remove_block "$BOOT/config.txt"
remove_cmdline_tokens "$BOOT/cmdline.txt"
rm -f "$BOOT/overlays/companion-spi35.dtbo"

if ((PURGE)); then
	say "removing /var/lib/companion"
	rm -rf "$ROOT/var/lib/companion"
fi
say "done. Reboot (sudo reboot) to get the console login back on the screen."
