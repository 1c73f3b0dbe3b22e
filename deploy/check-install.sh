#!/usr/bin/env bash
# Install PitchPad for real on Debian Bookworm roots of the Pi's two architectures (arm64: Pi OS
# 64-bit; armhf: Pi OS 32-bit, the Zero 2 W's usual image), under qemu-user emulation, from a
# Lite-like minimal root: deploy/install.sh twice (the second run must change nothing), then
# `pitchpad doctor` and a headless `pitchpad sim` inside the root. Minutes per architecture;
# not part of ./dev.sh test. Needs root (chroot, mounts) and Debian's packages.
#   sudo deploy/check-install.sh [--arch arm64|armhf|both] [--cache DIR] [--json FILE] [--keep]
# The debootstrap roots are cached in DIR (default /work/cache/pitchpad-roots, outside the repo);
# each run installs into a fresh copy of the cached root. --keep leaves the installed copy.
# Method and figures: docs/hardware.md, "Installing on a real OS image".
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${PITCHPAD_ROOTS:-/work/cache/pitchpad-roots}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm
arches="arm64 armhf"
json=""
keep=no
# What a Raspberry Pi OS Lite image has that a Debian minbase root lacks and install.sh may
# count on: Python 3 itself, systemd (systemctl), sudo, and the CA certificates.
LITE_PACKAGES=python3,systemd,systemd-sysv,sudo,ca-certificates,iproute2,procps

say() { printf 'check-install: %s\n' "$*"; }
die() { printf 'check-install: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --arch) case "$2" in both) arches="arm64 armhf" ;; arm64|armhf) arches=$2 ;;
                *) die "--arch: arm64, armhf or both" ;; esac; shift 2 ;;
        --cache) CACHE=$2; shift 2 ;;
        --json) json=$2; shift 2 ;;
        --keep) keep=yes; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done
[ "$(id -u)" -eq 0 ] || die "run it as root (chroot and mounts): sudo $0"
case "$CACHE" in "$SRC"|"$SRC"/*) die "the cache must be outside the repo ($CACHE)" ;; esac

host_tools() {
    local missing=()
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    [ -x /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null || missing+=(binfmt-support)
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing ${missing[*]} (Debian's packages)"
        apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
    fi
    if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    fi
    update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
    update-binfmts --enable qemu-arm >/dev/null 2>&1 || true
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || die "qemu-aarch64 is not registered with binfmt_misc"
    [ -e /proc/sys/fs/binfmt_misc/qemu-arm ] || die "qemu-arm is not registered with binfmt_misc"
}

# The cached Lite-like root of one architecture (debootstrap minbase + LITE_PACKAGES).
base_root() {
    local arch=$1 base=$CACHE/$SUITE-$arch-lite
    if [ ! -f "$base/.complete" ]; then
        rm -rf "$base"
        mkdir -p "$CACHE"
        say "$arch: debootstrap $SUITE into $base (once; cached)" >&2
        debootstrap --arch="$arch" --variant=minbase --include="$LITE_PACKAGES" \
            "$SUITE" "$base" "$MIRROR" > "$CACHE/debootstrap-$arch.log" 2>&1 \
            || die "debootstrap failed: $CACHE/debootstrap-$arch.log"
        chroot "$base" apt-get clean
        touch "$base/.complete"
    fi
    echo "$base"
}

mounted=()
unmount_all() {
    local index
    for ((index=${#mounted[@]}-1; index>=0; index--)); do
        umount -l "${mounted[$index]}" 2>/dev/null || true
    done
    mounted=()
}
trap unmount_all EXIT

mount_into() {
    local root=$1
    mount -t proc proc "$root/proc"; mounted+=("$root/proc")
    mount -t sysfs sys "$root/sys"; mounted+=("$root/sys")
    mount --bind /dev "$root/dev"; mounted+=("$root/dev")
    mount --bind /dev/pts "$root/dev/pts"; mounted+=("$root/dev/pts")
    mount -t tmpfs tmpfs "$root/tmp"; mounted+=("$root/tmp")
}

# The build host's way out to Debian's and PyPI's servers (its resolver, pip settings and CA
# bundle), as a Pi's own network settings would be; nothing else of the host goes in.
network_into() {
    local root=$1
    cp -L /etc/resolv.conf "$root/etc/resolv.conf"
    if [ -f /etc/pip.conf ]; then cp /etc/pip.conf "$root/etc/pip.conf"; fi
    if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
        install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$root/usr/local/share/ca-certificates/host-bundle.crt"
        chroot "$root" update-ca-certificates >/dev/null 2>&1 || true
    fi
    printf '%s\n' "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" \
        "deb http://deb.debian.org/debian-security $SUITE-security main" > "$root/etc/apt/sources.list"
}

# The repo's tracked files as they are in the work tree (what a git clone on the Pi holds).
copy_source() {
    local root=$1
    mkdir -p "$root/home/pi/pitchpad"
    (cd "$SRC" && git ls-files -z --cached | xargs -0 -I{} sh -c '[ -e "{}" ] && printf "%s\0" "{}"' \
        | tar --null -T - -cf -) | tar -C "$root/home/pi/pitchpad" -xf -
}

kb_used() { du -sxk "$1" | cut -f1; }

run_in() {
    local root=$1
    shift
    chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM=dumb "$@"
}

results=()
check_arch() {
    local arch=$1 base root log start seconds again_seconds before after venv_kb status
    base=$(base_root "$arch")
    root=$CACHE/$SUITE-$arch-install
    log=$CACHE/install-$arch.log
    rm -rf "$root"
    cp -a "$base" "$root"
    network_into "$root"
    copy_source "$root"
    mount_into "$root"
    before=$(kb_used "$root")
    say "$arch: deploy/install.sh --no-start (log: $log)"
    start=$(date +%s.%N)
    status=0
    run_in "$root" /home/pi/pitchpad/deploy/install.sh --no-start > "$log" 2>&1 || status=$?
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    [ "$status" -eq 0 ] || { tail -20 "$log" >&2; die "$arch: install.sh failed ($status): $log"; }
    after=$(kb_used "$root")
    venv_kb=$(kb_used "$root/opt/pitchpad")
    say "$arch: installed in ${seconds%.*} s; the root grew by $(( (after - before) / 1024 )) MiB, /opt/pitchpad $(( venv_kb / 1024 )) MiB"
    start=$(date +%s.%N)
    run_in "$root" /home/pi/pitchpad/deploy/install.sh --no-start > "$log.again" 2>&1 \
        || { tail -20 "$log.again" >&2; die "$arch: the second install.sh failed: $log.again"; }
    again_seconds=$(echo "$(date +%s.%N) - $start" | bc)
    local again_changes
    again_changes=$(grep -v -e 'done; check the build' -e 'reboot once' -e ': skipped$' "$log.again" \
        | grep -c 'pitchpad install:' || true)
    say "$arch: second run ${again_seconds%.*} s, $again_changes changes"
    local compiled
    compiled=$(sed -n -E 's/.*no wheel of ([A-Za-z0-9_.-]+) for .*built from source.*/\1/p' "$log" | sort -u | tr '\n' ' ' || true)
    local apt_installed
    apt_installed=$(grep -o 'apt-get: [^;]*' "$log" | head -1 || true)
    say "$arch: compiled: ${compiled:-nothing}"
    local doctor_log=$CACHE/doctor-$arch.log sim_log=$CACHE/sim-$arch.log doctor_status=0 sim_status=0
    run_in "$root" /opt/pitchpad/venv/bin/pitchpad doctor --config /etc/pitchpad/hardware.toml \
        > "$doctor_log" 2>&1 || doctor_status=$?
    if grep -q Traceback "$doctor_log"; then die "$arch: pitchpad doctor printed a traceback: $doctor_log"; fi
    say "$arch: pitchpad doctor exited $doctor_status (no hardware in the root: FAIL lines expected)"
    sed 's/^/    /' "$doctor_log"
    start=$(date +%s.%N)
    run_in "$root" /opt/pitchpad/venv/bin/pitchpad sim --state-dir /tmp/sim < /dev/null > "$sim_log" 2>&1 \
        || sim_status=$?
    local sim_seconds
    sim_seconds=$(echo "$(date +%s.%N) - $start" | bc)
    [ "$sim_status" -eq 0 ] || { tail -20 "$sim_log" >&2; die "$arch: pitchpad sim failed: $sim_log"; }
    say "$arch: headless pitchpad sim: $(tail -1 "$sim_log") (${sim_seconds%.*} s)"
    local versions
    versions=$(run_in "$root" /opt/pitchpad/venv/bin/python -c \
        'import importlib.metadata as m; print(" ".join(f"{n}={m.version(n)}" for n in ("gpiod","lgpio","gpiozero","luma.oled") if __import__("importlib.util").util.find_spec(n.split(".")[0])))' 2>/dev/null || true)
    say "$arch: $versions"
    results+=("{\"arch\": \"$arch\", \"install_seconds\": ${seconds}, \"second_run_seconds\": ${again_seconds}, \"second_run_changes\": $again_changes, \"root_growth_kb\": $((after - before)), \"opt_pitchpad_kb\": $venv_kb, \"base_root_kb\": $before, \"compiled\": \"${compiled% }\", \"doctor_exit\": $doctor_status, \"sim_seconds\": $sim_seconds, \"sim_last_line\": $(tail -1 "$sim_log" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().strip()))'), \"packages\": \"$versions\"}")
    unmount_all
    [ "$keep" = yes ] || rm -rf "$root"
}

started=$(date +%Y-%m-%dT%H:%M:%S)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
installed_from=$(git -C "$SRC" describe --always --dirty 2>/dev/null || echo unknown)
host_tools
for arch in $arches; do
    check_arch "$arch"
done
if [ -n "$json" ]; then
    (IFS=,; printf '{"installed_from": "%s", "roots": [%s]}\n' "$installed_from" "${results[*]}") | python3 -c '
import json, sys
sys.path.insert(0, sys.argv[2])
import run_record
figures = json.load(sys.stdin)
run = run_record.Run(sys.argv[3], [float(value) for value in sys.argv[4].split()])
run_record.write(sys.argv[1], figures, run)' "$json" "$SRC/bench" "$started" "$load_start"
    say "figures in $json"
fi
