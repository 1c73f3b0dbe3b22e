#!/usr/bin/env bash
# Install pitchpad league as a service (pitchpad-league.service), on a Pi or a PC.
#   sudo deploy/club/install-league.sh --club NAME [--pitchpad PATH] [--listen ADDRESS:PORT]
#        [--no-start]
# PATH: the pitchpad command of the install to run (default: /opt/pitchpad/venv/bin/pitchpad
# when deploy/install.sh made it, else the pitchpad found on PATH); its Python must have the
# league extra (pip install '.[league]'). Writes /etc/pitchpad/league.env (the club, the address)
# and /etc/systemd/system/pitchpad-league.service (deploy/club/pitchpad-league.service with
# that command), then enables and starts it. The league's password comes from
# /etc/pitchpad/club/league.password (setup-broker.sh makes it). Safe to run again.
# PITCHPAD_ROOT (a prefix for every path) is for the tests.
set -euo pipefail

ROOT=${PITCHPAD_ROOT:-}
HERE=$(cd "$(dirname "$0")" && pwd)
club="" pitchpad="" listen="" start=yes

say() { printf 'pitchpad league: %s\n' "$*"; }
die() { printf 'pitchpad league: %s\n' "$*" >&2; exit 1; }
need() { [ $# -ge 2 ] && [ -n "$2" ] && [ "${2#--}" = "$2" ] || die "$1 needs a value (see --help)"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --club) need "$@"; club=$2; shift 2 ;;
        --pitchpad) need "$@"; pitchpad=$2; shift 2 ;;
        --listen) need "$@"; listen=$2; shift 2 ;;
        --no-start) start=no; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done

env_file=$ROOT/etc/pitchpad/league.env
if [ -z "$club" ] && [ -f "$env_file" ]; then
    club=$(sed -n 's/^PITCHPAD_CLUB=//p' "$env_file")
fi
[[ $club =~ ^[a-z0-9_-]{1,32}$ ]] || die "--club: give the club's name, as in the units' club.toml"
if [ -z "$listen" ] && [ -f "$env_file" ]; then
    listen=$(sed -n 's/^PITCHPAD_LISTEN=//p' "$env_file")
fi
listen=${listen:-0.0.0.0:8080}
[[ $listen =~ ^[^:]*:[0-9]+$ ]] || die "--listen $listen: give ADDRESS:PORT, e.g. 0.0.0.0:8080"
at=$ROOT                                  # where the files are (the fake root of the tests)
if [ -z "$pitchpad" ]; then
    if [ -x "$ROOT/opt/pitchpad/venv/bin/pitchpad" ]; then
        pitchpad=/opt/pitchpad/venv/bin/pitchpad
    else
        pitchpad=$(command -v pitchpad || true) at=""
        [ -n "$pitchpad" ] || die "no pitchpad command found: give its path, e.g. --pitchpad \$HOME/pitchpad/.venv/bin/pitchpad"
    fi
fi
case "$pitchpad" in
    /*) ;;
    *) die "--pitchpad $pitchpad: give an absolute path (systemd starts it from /)" ;;
esac
[ -x "$at$pitchpad" ] || die "--pitchpad $pitchpad: no such command"
python=$(dirname "$at$pitchpad")/python
if ! "$python" -c 'import paho.mqtt.client, tornado' 2>/dev/null; then
    die "the league extra is missing beside $pitchpad: $(dirname "$pitchpad")/pip install '.[league]'"
fi
[ "$(id -u)" -eq 0 ] || [ -n "$ROOT" ] || die "run it as root: sudo $0"
[ -f "$ROOT/etc/pitchpad/club/league.password" ] || \
    say "no /etc/pitchpad/club/league.password yet: run deploy/club/setup-broker.sh first"

mkdir -p "$ROOT/etc/pitchpad" "$ROOT/etc/systemd/system"
tmp=$(mktemp)
printf '# /etc/pitchpad/league.env: written by deploy/club/install-league.sh\nPITCHPAD_CLUB=%s\nPITCHPAD_LISTEN=%s\n' \
    "$club" "$listen" > "$tmp"
install -m 0644 "$tmp" "$env_file"
sed "s|@PITCHPAD@|$pitchpad|" "$HERE/pitchpad-league.service" > "$tmp"
install -m 0644 "$tmp" "$ROOT/etc/systemd/system/pitchpad-league.service"
rm -f "$tmp"
say "installed pitchpad-league.service: $pitchpad league --club $club, the page on $listen"

if [ "$start" = yes ]; then
    systemctl daemon-reload
    systemctl enable pitchpad-league.service
    systemctl restart pitchpad-league.service
    say "started; journalctl -u pitchpad-league -f shows it"
fi
