#!/usr/bin/env bash
# Update an installed companion: pull the checkout, reinstall it into .venv, reinstall the
# boot service and udev rule from the new files, restart the service.
#
#   sudo hardware/pi/update.sh             # git pull --ff-only, then reinstall and restart
#   sudo hardware/pi/update.sh --no-pull   # you already changed the checkout yourself
#   --user NAME: who runs the companion (default: the owner of the checkout)
#
# The profile and display stay what install.sh was given (read back from
# /etc/default/companion). Games in progress are journaled: the update resumes them.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
APP_DIR=$(cd "$HERE/../.." && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

PULL=1
ROOT=""
OWNER=""

while (($#)); do
	case $1 in
	--no-pull) PULL=0; shift ;;
	--user) OWNER=${2:?--user needs a name}; shift 2 ;;
	--root) ROOT=${2:?--root needs a directory}; shift 2 ;;
	-h | --help) sed -n '2,12p' "$0"; exit 0 ;;
	*) die "unknown option '$1'. Fix: --no-pull, or no option." ;;
	esac
done

DEFAULTS="$ROOT/etc/default/companion"
[[ -f "$DEFAULTS" ]] || die "$DEFAULTS not found: the companion is not installed. Fix: run hardware/pi/install.sh first."
[[ -n "$ROOT" ]] || ((EUID == 0)) || die "needs root. Fix: sudo $0"
OWNER=${OWNER:-$(stat -c %U "$APP_DIR")}
PROFILE=$(sed -n 's/.*--profile \([^ "]*\).*/\1/p' "$DEFAULTS" | head -n 1)
[[ -n "$PROFILE" ]] || die "no --profile in $DEFAULTS. Fix: run hardware/pi/install.sh --profile NAME again."

if ((PULL)); then
	say "pulling $APP_DIR as $OWNER"
	run as_user "$OWNER" git -C "$APP_DIR" pull --ff-only
fi
run systemctl stop companion.service
say "reinstalling (profile $PROFILE; boot configuration kept as it is)"
# install.sh with the new files: packages, .venv, groups, udev rule, service.
"$HERE/install.sh" --profile "$PROFILE" --user "$OWNER" --no-boot-config ${ROOT:+--root "$ROOT"}
run systemctl start companion.service
# as the owner: git refuses root in another user's checkout ("dubious ownership")
say "updated to $(as_user "$OWNER" git -C "$APP_DIR" describe --always --dirty 2>/dev/null || echo 'this checkout')"
