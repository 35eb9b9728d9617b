#!/usr/bin/env bash
# The Pi install, checked without a Pi: the real install.sh, update.sh and uninstall.sh run
# in an emulated arm64 Debian Bookworm (a root filesystem made by mmdebstrap, run through
# qemu-user-static and binfmt_misc in a chroot), then what a Pi would need is checked.
#
#   sudo make pi-check                      # or: sudo hardware/pi/check-emulated.sh
#   sudo hardware/pi/check-emulated.sh --fresh    # build the root filesystem again
#   sudo hardware/pi/check-emulated.sh --keep     # leave the installed system to look at
#
# Needs root (chroot, mounts) and the package registries (Debian's and PyPI), nothing else:
# it installs mmdebstrap, qemu-user-static and binfmt-support with apt-get when they are
# missing. Not part of `make test`.
#
# Time on a 2-core x86-64 machine: building the root filesystem about 4 minutes (once; it
# is kept as a tarball in $COMPANION_PI_CACHE, default /var/tmp/companion-pi-rootfs, about
# 300 MB); each check then about 6 minutes (install.sh alone about 3), most of it apt
# and pip under emulation, and update.sh, which runs install.sh again.
#
# The root filesystem is a minimal Bookworm with what Raspberry Pi OS Lite also has and
# install.sh counts on (systemd, udev, sudo, python3), a user `pi`, and a Pi's
# /boot/firmware/config.txt and cmdline.txt. Stand-ins only for what cannot run in a
# chroot: `systemctl start|stop|restart|daemon-reload` and `udevadm` (logged, nothing done);
# `systemctl enable|disable` are the real ones (they work offline).
#
# Checked: companion --version; companion doctor --text; companion run --source sim
# --seconds 10 offscreen; import lgpio (a wheel: no compiler installed); pygame's SDL has
# the KMSDRM driver and every library it loads for it is installed (ldconfig -p), with the
# Pi's Mesa DRI drivers; the config.txt block under [all]; systemd-analyze verify of the
# installed unit; the console message after a failed start; update.sh reports the
# checkout's commit (git as its owner); uninstall.sh restores the boot files, the units
# and the login prompt.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
APP_DIR=$(cd "$HERE/../.." && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

SUITE=bookworm
CACHE=${COMPANION_PI_CACHE:-/var/tmp/companion-pi-rootfs}
BASE="$CACHE/$SUITE-arm64.tar"
BASE_PACKAGES=systemd-sysv,udev,sudo,python3,ca-certificates
HOST_TOOLS=(mmdebstrap qemu-user-static binfmt-support)
USER_NAME=pi
CHECKOUT=/home/$USER_NAME/companion
PROFILE=gpio-dsi
FRESH=0
KEEP=0
FAILURES=()
WORK=""
ROOTFS=""

while (($#)); do
	case $1 in
	--fresh) FRESH=1; shift ;;
	--keep) KEEP=1; shift ;;
	-h | --help) sed -n '2,31p' "$0"; exit 0 ;;
	*) die "unknown option '$1'. Fix: --fresh, --keep, or no option." ;;
	esac
done

# ---- the host ------------------------------------------------------------------------

host_tools() {
	((EUID == 0)) || die "needs root (chroot, mounts, binfmt_misc). Fix: sudo make pi-check"
	if ! command -v mmdebstrap >/dev/null || ! command -v qemu-aarch64-static >/dev/null ||
		! command -v update-binfmts >/dev/null; then
		command -v apt-get >/dev/null ||
			die "mmdebstrap and qemu-user-static are missing and there is no apt-get. Fix: install them (a Debian or Ubuntu host)."
		say "installing ${HOST_TOOLS[*]}"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${HOST_TOOLS[@]}" >/dev/null
	fi
}

# binfmt_misc must run arm64 programs through qemu-aarch64-static (the "F" flag: the
# interpreter is opened once, so it works inside the chroot too).
arm64_emulation() {
	local binfmt=/proc/sys/fs/binfmt_misc
	if [[ ! -e "$binfmt/register" ]]; then
		mount -t binfmt_misc binfmt_misc "$binfmt" 2>/dev/null ||
			die "binfmt_misc is not available: $binfmt cannot be mounted (a container without it, or a kernel without CONFIG_BINFMT_MISC), so arm64 programs cannot run here. Fix: run this on a host or VM with binfmt_misc (a Docker host: docker run --privileged --rm tonistiigi/binfmt --install arm64 is one way)."
	fi
	if [[ ! -e "$binfmt/qemu-aarch64" ]]; then
		update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
	fi
	grep -qs '^enabled' "$binfmt/qemu-aarch64" ||
		die "binfmt_misc has no enabled qemu-aarch64 entry. Fix: apt-get install qemu-user-static binfmt-support, then update-binfmts --enable qemu-aarch64."
	grep -q '^flags:.*F' "$binfmt/qemu-aarch64" ||
		die "the qemu-aarch64 binfmt entry lacks the F flag, so it cannot run inside a chroot. Fix: reinstall qemu-user-static (Debian's registers it with F)."
}

# ---- the root filesystem -------------------------------------------------------------

build_base() {
	if [[ -f "$BASE" ]] && ((FRESH == 0)); then
		say "reusing $BASE (--fresh builds it again)"
		return 0
	fi
	mkdir -p "$CACHE"
	say "building an arm64 $SUITE root filesystem with mmdebstrap (about 4 minutes)"
	local started=$SECONDS
	mmdebstrap --mode=root --architectures=arm64 --variant=minbase \
		--include="$BASE_PACKAGES" "$SUITE" "$BASE.partial" </dev/null
	mv "$BASE.partial" "$BASE"
	say "built $BASE in $((SECONDS - started)) s"
}

cleanup() {
	[[ -n "$ROOTFS" ]] || return 0
	local mount
	for mount in dev/pts dev sys proc; do
		umount -l "$ROOTFS/$mount" 2>/dev/null || true
	done
	if ((KEEP)); then
		say "kept the installed system in $ROOTFS (chroot $ROOTFS bash; umount its proc, sys, dev, then rm -rf $WORK)"
	else
		rm -rf "$WORK"
	fi
}

# in_root CMD...: run CMD in the emulated system, as root, with a plain environment.
in_root() {
	chroot "$ROOTFS" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

# as_pi CMD...: the same as the user pi, in the checkout.
as_pi() {
	# shellcheck disable=SC2016 # expanded by that sh
	in_root runuser -u "$USER_NAME" -- /usr/bin/env HOME="/home/$USER_NAME" \
		SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 sh -c 'cd "$0" && exec "$@"' "$CHECKOUT" "$@"
}

# A stand-in: logs its arguments and does nothing.
stand_in() {
	local name=$1
	cat >"$ROOTFS/usr/local/sbin/$name" <<EOF
#!/bin/sh
echo "$name \$*" >>/var/log/companion-stand-ins.log
EOF
	chmod 0755 "$ROOTFS/usr/local/sbin/$name"
}

# The host's own certificate authorities (a proxy's, say) trusted in the emulated system
# too, by the system and by pip (which otherwise trusts only its own bundle).
trust_the_hosts_certificates() {
	local local_cas=/usr/local/share/ca-certificates
	compgen -G "$local_cas/*.crt" >/dev/null || return 0
	mkdir -p "$ROOTFS$local_cas"
	cp "$local_cas"/*.crt "$ROOTFS$local_cas/"
	in_root update-ca-certificates >/dev/null 2>&1
	printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' >"$ROOTFS/etc/pip.conf"
}

prepare() {
	WORK=$(mktemp -d "$CACHE/run.XXXXXX")
	ROOTFS="$WORK/root"
	trap cleanup EXIT
	mkdir -p "$ROOTFS"
	tar -xf "$BASE" -C "$ROOTFS"
	mount -t proc proc "$ROOTFS/proc"
	mount --rbind /sys "$ROOTFS/sys"
	mount --bind /dev "$ROOTFS/dev"
	mount --bind /dev/pts "$ROOTFS/dev/pts"
	cp -L /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
	trust_the_hosts_certificates
	in_root useradd --create-home --shell /bin/bash --groups sudo "$USER_NAME"
	# a Pi's boot partition: the vc4 overlay only under [pi4], as some images have it
	mkdir -p "$ROOTFS/boot/firmware"
	printf '%s\n' "dtparam=audio=on" "[pi4]" "dtoverlay=vc4-kms-v3d" "max_framebuffers=2" \
		"[all]" "arm_64bit=1" >"$ROOTFS/boot/firmware/config.txt"
	echo "console=serial0,115200 console=tty1 root=PARTUUID=0-02 rootfstype=ext4 rootwait" \
		>"$ROOTFS/boot/firmware/cmdline.txt"
	in_root systemctl enable getty@tty1.service >/dev/null 2>&1
	# systemctl: enable/disable for real (offline), the rest logged
	cat >"$ROOTFS/usr/local/sbin/systemctl" <<'EOF'
#!/bin/sh
echo "systemctl $*" >>/var/log/companion-stand-ins.log
case "$1" in
enable | disable | is-enabled) ;;
*) exit 0 ;;
esac
verb=$1
shift
args=""
for arg in "$@"; do [ "$arg" = --now ] || args="$args $arg"; done
# shellcheck disable=SC2086
exec /usr/bin/systemctl "$verb" $args
EOF
	chmod 0755 "$ROOTFS/usr/local/sbin/systemctl"
	stand_in udevadm
	# the checkout, as git would give it to pi (this working tree, committed)
	mkdir -p "$ROOTFS$CHECKOUT"
	git -C "$APP_DIR" ls-files -z --cached --others --exclude-standard |
		(cd "$APP_DIR" && xargs -0 tar -cf - --no-recursion 2>/dev/null) | tar -xf - -C "$ROOTFS$CHECKOUT"
	in_root chown -R "$USER_NAME:" "$CHECKOUT"
}

# snapshot: what install.sh touches and uninstall.sh must put back (the system packages,
# the groups, the checkout's .venv, the backups and, for a GPIO profile, the serial
# console's absence from cmdline.txt stay, as uninstall.sh says: cmdline.txt is compared
# without console=serial0).
snapshot() {
	# shellcheck disable=SC2016 # expanded by that sh
	in_root sh -c 'cd / && find etc/systemd/system etc/udev/rules.d etc/default etc/issue.d \
		usr/local/libexec var/lib/companion boot/firmware 2>/dev/null \
		! -name "*.companion-backup" | sort | while read -r p; do
			if [ "$p" = boot/firmware/cmdline.txt ]; then echo "$p: $(sed "s/console=serial0,[0-9]* *//" "$p")";
			elif [ -f "$p" ]; then echo "$p $(sha256sum <"$p" | cut -c1-16)";
			elif [ -L "$p" ]; then echo "$p -> $(readlink "$p")"; else echo "$p/"; fi
		done'
}

# ---- the checks ----------------------------------------------------------------------

# check NAME CMD...: run CMD, print its output indented, record a failure.
check() {
	local name=$1 output status=0
	shift
	output=$("$@" 2>&1) || status=$?
	if ((status == 0)); then
		printf 'OK    %s\n' "$name"
	else
		printf 'FAIL  %s (exit %d)\n' "$name" "$status"
		FAILURES+=("$name")
	fi
	[[ -z "$output" ]] || printf '%s\n' "$output" | tail -n 25 | sed 's/^/        /'
}

py() {
	as_pi .venv/bin/python -c "$1"
}

check_kmsdrm_libraries() {
	local library missing=0 sdl strings_of_sdl cache
	sdl=$(py 'import glob, os, pygame; print(glob.glob(os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-*"))[0])')
	strings_of_sdl=$(in_root python3 -c 'import re, sys; print("\n".join(sorted({m.decode() for m in re.findall(rb"lib[A-Za-z0-9_]+\.so\.\d+", open(sys.argv[1], "rb").read())})))' "$sdl")
	cache=$(in_root ldconfig -p)
	for library in "${KMSDRM_LIBRARIES[@]}"; do
		grep -qxF "$library" <<<"$strings_of_sdl" || { echo "SDL does not name $library: the list in lib.sh is out of date"; missing=1; }
		if grep -q "^[[:space:]]*$library " <<<"$cache"; then
			echo "$library: $(grep -m1 "^[[:space:]]*$library " <<<"$cache" | sed 's/.*=> //')"
		else
			echo "$library: MISSING"
			missing=1
		fi
	done
	for library in vc4 v3d; do
		if [[ -e "$ROOTFS/usr/lib/aarch64-linux-gnu/dri/${library}_dri.so" ]]; then
			echo "Mesa DRI driver ${library}_dri.so: present"
		else
			echo "Mesa DRI driver ${library}_dri.so: MISSING"
			missing=1
		fi
	done
	return "$missing"
}

check_sdl_has_kmsdrm() {
	py 'import ctypes, glob, os, pygame
sdl = ctypes.CDLL(glob.glob(os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-*"))[0])
sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
drivers = [sdl.SDL_GetVideoDriver(i).decode() for i in range(sdl.SDL_GetNumVideoDrivers())]
print(pygame.version.ver, "SDL", pygame.version.SDL, "video drivers:", " ".join(drivers))
raise SystemExit(0 if "KMSDRM" in drivers else 1)'
}

check_no_compiler() {
	local package found=0
	for package in "${LGPIO_BUILD_PACKAGES[@]}"; do
		# shellcheck disable=SC2016 # dpkg-query's format
		if in_root dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
			echo "$package is installed: install.sh built lgpio although Python 3.11 has a wheel"
			found=1
		fi
	done
	((found == 0)) && echo "none of ${LGPIO_BUILD_PACKAGES[*]} installed: lgpio came as a wheel"
	return "$found"
}

check_config_block() {
	local block
	block=$(sed -n '/^# BEGIN companion/,/^# END companion/p' "$ROOTFS/boot/firmware/config.txt")
	printf '%s\n' "$block"
	grep -qxF "[all]" <<<"$block" && grep -qxF "dtoverlay=vc4-kms-v3d" <<<"$block"
}

check_unit() {
	in_root systemd-analyze verify /etc/systemd/system/companion.service || return 1
	in_root systemctl is-enabled companion.service || return 1
	! in_root systemctl is-enabled getty@tty1.service
}

# agetty needs a terminal to show its issue: script(1) gives it one.
check_console_message() {
	local shown
	in_root env SERVICE_RESULT=exit-code EXIT_CODE=exited EXIT_STATUS=1 \
		COMPANION_LOG_LINES='echo "pygame.error: kmsdrm not available"' "$CONSOLE_MESSAGE" || return 1
	shown=$(in_root script -qc "agetty --show-issue" /dev/null </dev/null)
	printf '%s\n' "$shown"
	grep -q 'could not start' <<<"$shown" || return 1
	grep -q 'kmsdrm not available' <<<"$shown" || return 1
	in_root env SERVICE_RESULT=success "$CONSOLE_MESSAGE" || return 1
	[[ ! -e "$ROOTFS$CONSOLE_ISSUE" ]]
}

check_update() {
	local output
	output=$(in_root "$CHECKOUT/hardware/pi/update.sh" --no-pull 2>&1)
	grep 'updated to' <<<"$output"
	! grep -q 'updated to this checkout' <<<"$output"
}

check_uninstall() {
	in_root "$CHECKOUT/hardware/pi/uninstall.sh" --purge | tail -n 2
	diff <(printf '%s\n' "$BEFORE") <(snapshot) || return 1
	echo "the same files as before install.sh"
	in_root systemctl is-enabled getty@tty1.service
}

main() {
	local started=$SECONDS install_started
	host_tools
	arm64_emulation
	build_base
	prepare
	check "the emulated system runs arm64 ($(in_root dpkg --print-architecture), uname $(in_root uname -m))" \
		test "$(in_root dpkg --print-architecture)" = arm64
	BEFORE=$(snapshot)
	install_started=$SECONDS
	say "running install.sh --profile $PROFILE in the emulated system (log: $WORK/install.log)"
	if in_root env SUDO_USER="$USER_NAME" "$CHECKOUT/hardware/pi/install.sh" --profile "$PROFILE" \
		>"$WORK/install.log" 2>&1; then
		printf 'OK    install.sh (%d s)\n' "$((SECONDS - install_started))"
		grep '^install.sh' "$WORK/install.log" | sed 's/^/        /'
	else
		printf 'FAIL  install.sh (%d s)\n' "$((SECONDS - install_started))"
		tail -n 40 "$WORK/install.log" | sed 's/^/        /'
		FAILURES+=("install.sh")
	fi
	# the checkout as a clone would be: one commit, owned by pi (update.sh describes it)
	in_root runuser -u "$USER_NAME" -- sh -c "cd $CHECKOUT && git init -q && git add -A &&
		git -c user.name=check -c user.email=check@localhost commit -qm checkout" || true
	check "companion --version" as_pi .venv/bin/companion --version
	check "companion doctor --text --source sim --seconds 2" as_pi .venv/bin/companion doctor --text --source sim --seconds 2
	check "companion run --source sim --seconds 10 (offscreen)" as_pi .venv/bin/companion run --source sim --seconds 10
	check "import lgpio" py 'import lgpio; print("lgpio", lgpio.LGPIO_PY_VERSION if hasattr(lgpio, "LGPIO_PY_VERSION") else "", lgpio.__file__)'
	check "no compiler installed for lgpio (Python 3.11 has a wheel)" check_no_compiler
	check "pygame's SDL has the KMSDRM video driver" check_sdl_has_kmsdrm
	check "every library kmsdrm loads is installed (ldconfig -p)" check_kmsdrm_libraries
	check "config.txt: the companion block under [all] has the vc4 overlay although [pi4] has it" check_config_block
	check "systemd-analyze verify; companion enabled, getty@tty1 disabled" check_unit
	check "a failed start leaves its reason for the login prompt (agetty --show-issue)" check_console_message
	check "update.sh --no-pull names the commit (git as the checkout's owner)" check_update
	check "uninstall.sh restores the system" check_uninstall
	check "only systemctl start/stop/daemon-reload and udevadm were stood in for" cat "$ROOTFS/var/log/companion-stand-ins.log"
	say "took $((SECONDS - started)) s"
	if ((${#FAILURES[@]})); then
		say "FAILED: ${FAILURES[*]}"
		exit 1
	fi
	say "all checks passed"
}

main
