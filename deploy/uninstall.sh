#!/usr/bin/env bash
# Remove PitchPad: the service, the venv in /opt/pitchpad and the config in /etc/pitchpad.
#   sudo deploy/uninstall.sh [--purge]
# The state (/var/lib/pitchpad: settings, match journal, results) and the user that owns it
# are kept unless --purge is given. The boot config's I2C/SPI (and gpio-poweroff) lines are left
# as they are; the polkit rule that let the service power off goes, and so do the service's
# drop-ins (club, phones) and the unit's own Wi-Fi profile.
set -euo pipefail

ROOT=${PITCHPAD_ROOT:-}
SERVICE_USER=pitchpad
purge=no

say() { printf 'pitchpad uninstall: %s\n' "$*"; }

case "${1:-}" in
    --purge) purge=yes ;;
    "") ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) printf 'pitchpad uninstall: unknown option %s\n' "$1" >&2; exit 1 ;;
esac
[ "$(id -u)" -eq 0 ] || { printf 'pitchpad uninstall: run it as root: sudo %s\n' "$0" >&2; exit 1; }

unit=$ROOT/etc/systemd/system/pitchpad.service
if [ -f "$unit" ]; then
    systemctl disable --now pitchpad.service || true
    rm -f "$unit"
    systemctl daemon-reload
    say "removed the service"
fi
rm -rf "$ROOT/opt/pitchpad" "$ROOT/etc/pitchpad" "$ROOT/etc/modules-load.d/pitchpad.conf" \
    "$ROOT/etc/polkit-1/rules.d/50-pitchpad-poweroff.rules" "$ROOT/etc/systemd/system/pitchpad.service.d" \
    "$ROOT/etc/NetworkManager/system-connections/pitchpad-hotspot.nmconnection"
say "removed $ROOT/opt/pitchpad and $ROOT/etc/pitchpad"
if [ "$purge" = yes ]; then
    rm -rf "$ROOT/var/lib/pitchpad"
    if id "$SERVICE_USER" >/dev/null 2>&1; then
        userdel "$SERVICE_USER"
    fi
    say "purged $ROOT/var/lib/pitchpad and the user $SERVICE_USER"
else
    say "kept $ROOT/var/lib/pitchpad (settings, match journal, results); --purge removes it"
fi
