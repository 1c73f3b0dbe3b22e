#!/usr/bin/env bash
# PitchPad developer entry point: sets up .venv/ on first use, then runs what you ask.
#   ./dev.sh sim    start the console simulator (the console's main job on a PC)
#   ./dev.sh test   run the whole test suite
# Extra arguments are passed on (e.g. ./dev.sh test -k offside, ./dev.sh sim --window).
set -euo pipefail
cd "$(dirname "$0")"

python=${PYTHON:-python3}
venv=.venv
stamp=$venv/.installed

need_python() {
    if ! command -v "$python" >/dev/null 2>&1; then
        echo "PitchPad needs Python 3.11 or newer: install it (sudo apt install python3 python3-venv)." >&2
        exit 1
    fi
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "PitchPad needs Python 3.11 or newer; $("$python" --version) found." >&2
        exit 1
    fi
}

make_venv() {
    [ -x "$venv/bin/python" ] && return
    need_python
    if ! "$python" -m venv "$venv" 2>/dev/null; then
        rm -rf "$venv"
        echo "Could not create $venv: on Debian/Raspberry Pi OS install python3-venv (sudo apt install python3-venv)." >&2
        exit 1
    fi
}

install() {
    make_venv
    # Reinstall only when the declared dependencies changed.
    if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
        "$venv/bin/python" -m pip install --quiet --upgrade pip
        "$venv/bin/python" -m pip install --quiet -e ".[dev]"
        touch "$stamp"
    fi
}

# The club tests run Debian's mosquitto (the broker a club runs, with the ACL deploy/club writes)
# and look at the league page in Debian's chromium. Installed here when missing and run as root
# (as CI is); otherwise one clear line, and those tests fail saying what to install. Debian's
# python3-libgpiod (the v1 binding a Pi may have) is what tests/hal/test_hal_gpiod_v1.py meets;
# the power-off test (tests/deploy/test_poweroff_polkit.py) runs Debian's dbus-daemon and polkitd;
# tests/deploy/test_deploy.py has systemd-analyze check the service unit; cairosvg (the wiring
# pictures as PNG) draws with libcairo2; zbar reads the phones' QR codes off the rendered
# screens (tests/firmware/console/test_phone_codes.py).
system_tools() {
    local missing=() install=(apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300)
    command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || missing+=(mosquitto)
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
    dpkg-query -W -f='${Status}' python3-libgpiod 2>/dev/null | grep -q 'ok installed' || missing+=(python3-libgpiod)
    command -v dbus-daemon >/dev/null 2>&1 || missing+=(dbus-daemon)
    [ -x /usr/lib/polkit-1/polkitd ] || missing+=(polkitd)
    command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
    dpkg-query -W -f='${Status}' libcairo2 2>/dev/null | grep -q 'ok installed' || missing+=(libcairo2)
    dpkg-query -W -f='${Status}' libzbar0 2>/dev/null | grep -q 'ok installed' || missing+=(libzbar0)
    nm_tools
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "./dev.sh: installing ${missing[*]} from Debian's packages (club, GPIO and power-off tests; once)" >&2
        export DEBIAN_FRONTEND=noninteractive
        if ! "${install[@]}" "${missing[@]}" >/dev/null 2>&1; then
            apt-get update -q >/dev/null 2>&1 || true
            "${install[@]}" "${missing[@]}" >/dev/null || echo "./dev.sh: could not install ${missing[*]}; the club and GPIO tests will fail" >&2
        fi
    else
        echo "./dev.sh: the club and GPIO tests need ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
    fi
}

# The unit's own Wi-Fi is a NetworkManager profile that nmcli writes (deploy/install.sh): the
# deploy tests run Debian's nmcli itself (--offline: no daemon), unpacked into .venv/nm; nothing
# is installed on this machine and nothing started.
nm_tools() {
    [ -x "$venv/nm/usr/bin/nmcli" ] && return 0
    local scratch here
    here=$(pwd)
    scratch=$(mktemp -d)
    if ! (cd "$scratch" && { apt-get download -q network-manager libnm0 >/dev/null 2>&1 \
            || { [ "$(id -u)" -eq 0 ] && apt-get update -q >/dev/null 2>&1 \
                 && apt-get download -q network-manager libnm0 >/dev/null 2>&1; }; }); then
        echo "./dev.sh: could not fetch Debian's network-manager; the hotspot test will fail" >&2
    else
        for deb in "$scratch"/*.deb; do dpkg-deb -x "$deb" "$here/$venv/nm"; done
    fi
    rm -rf "$scratch"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
    sim)
        install
        exec "$venv/bin/pitchpad" sim "$@"
        ;;
    test)
        install
        system_tools
        # The tests start hundreds of Python processes (pitchpad commands, consoles, benches):
        # each compiles every module it imports unless bytecode is kept, which doubles the time
        # of those tests. It is kept under .venv/ (never in the tree), even where the
        # environment says not to write any (PYTHONDONTWRITEBYTECODE: about a cluttered tree).
        unset PYTHONDONTWRITEBYTECODE
        export PYTHONPYCACHEPREFIX="$PWD/$venv/bytecode"
        # The tests' files on a RAM disk when it has room (1 GiB free: not a container's 64 MB
        # /dev/shm): the console fsyncs every move, settings and results, which a disk makes
        # slow (the kill -9 journal tests take twice as long on one).
        if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 {print $4}')" -gt 1048576 ]; then
            TMPDIR="/dev/shm/pitchpad-tests-$(id -u)"
            export TMPDIR
            [ -d "$TMPDIR" ] || mkdir -m 700 "$TMPDIR"
        fi
        # One worker per core (pytest-xdist). A later -n (e.g. ./dev.sh test -n 0) overrides it.
        exec "$venv/bin/python" -m pytest -n auto "$@"
        ;;
    *)
        echo "usage: ./dev.sh sim [ARGS...] | ./dev.sh test [PYTEST ARGS...]" >&2
        exit 2
        ;;
esac
