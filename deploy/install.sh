#!/usr/bin/env bash
# Install PitchPad as a service on Raspberry Pi OS (Bookworm, 32- or 64-bit).
#   sudo deploy/install.sh [--config handheld|four-pads-mux|four-pads-two-buses|FILE] [--no-start]
# Creates the system user "pitchpad" (groups gpio, i2c, spi, dialout), a venv in /opt/pitchpad
# with the "pi" extra (and "phones" when the config has [phones]: the local network opened to the
# service by a drop-in, the unit's own Wi-Fi when it asks for one), the config in /etc/pitchpad/hardware.toml (kept if it exists), the state
# directory /var/lib/pitchpad, turns I2C on at 400 kHz (and SPI when the config uses it; the
# gpio-poweroff overlay when it has a [power] poweroff_pin), lets the service user power the
# system off (a polkit rule), then installs, enables and starts pitchpad.service. Running it again changes nothing unless the
# sources or the unit changed. PITCHPAD_ROOT (a prefix for every path) is for the tests.
set -euo pipefail

ROOT=${PITCHPAD_ROOT:-}
SRC=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PITCHPAD_PYTHON:-python3}
SERVICE_USER=pitchpad
GROUPS_WANTED="gpio i2c spi dialout"
PREFIX=$ROOT/opt/pitchpad
CONF_DIR=$ROOT/etc/pitchpad
STATE_DIR=$ROOT/var/lib/pitchpad
UNIT=$ROOT/etc/systemd/system/pitchpad.service
MODULES=$ROOT/etc/modules-load.d/pitchpad.conf
config_choice=handheld
start=yes
reboot_needed=no

say() { printf 'pitchpad install: %s\n' "$*"; }
die() { printf 'pitchpad install: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --config) [ $# -ge 2 ] || die "--config needs a name or a file"; config_choice=$2; shift 2 ;;
        --no-start) start=no; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done

case "$config_choice" in
    */*|*.toml) example=$config_choice ;;
    *) example=$SRC/deploy/config/$config_choice.toml ;;
esac
if [ ! -f "$example" ]; then
    known=$(find "$SRC/deploy/config" -name '*.toml' -printf '%f ' | sed 's/\.toml//g; s/ $//')
    die "no config $example (choose one of: $known, or give a file)"
fi
[ "$(id -u)" -eq 0 ] || die "run it as root: sudo $0"

boot_config() {
    if [ -f "$ROOT/boot/firmware/config.txt" ]; then
        echo "$ROOT/boot/firmware/config.txt"
    else
        echo "$ROOT/boot/config.txt"
    fi
}

ensure_user() {
    if ! id "$SERVICE_USER" >/dev/null 2>&1; then
        useradd --system --home-dir "/var/lib/pitchpad" --no-create-home \
            --shell /usr/sbin/nologin --user-group "$SERVICE_USER"
        say "created the system user $SERVICE_USER"
    fi
    local group have missing=""
    have=" $(id -nG "$SERVICE_USER") "
    for group in $GROUPS_WANTED; do
        if ! getent group "$group" >/dev/null; then
            say "no group $group on this system: skipped"
        elif [[ $have != *" $group "* ]]; then
            missing="$missing,$group"
        fi
    done
    if [ -n "$missing" ]; then
        usermod -aG "${missing#,}" "$SERVICE_USER"
        say "added $SERVICE_USER to ${missing#,}"
    fi
}

# Debian's packages first (a Raspberry Pi OS Lite image has Python but not venv's ensurepip).
apt_install() {
    local package missing=()
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$package")
        fi
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    say "installing Debian's ${missing[*]}"
    if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
        apt-get update -q >/dev/null 2>&1 || true
        apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null \
            || die "apt-get could not install ${missing[*]} (is the network up?)"
    fi
}

ensure_system_packages() {
    # polkitd: systemd-logind asks it before powering off for the console (hal/halt.py).
    local wanted=(python3-venv polkitd)
    # SPI screens: luma opens /dev/spidev through spidev (Debian's, no compiler needed).
    if [ -f "$CONF_DIR/hardware.toml" ] && grep -Eq '^[[:space:]]*bus[[:space:]]*=[[:space:]]*"spi"' "$CONF_DIR/hardware.toml" \
            || grep -Eq '^[[:space:]]*bus[[:space:]]*=[[:space:]]*"spi"' "$example"; then
        wanted+=(python3-spidev)
    fi
    apt_install "${wanted[@]}"
}

# pip installs with --prefer-binary: an older release's wheel before a newer one's source (for
# armv7l, cbor2 6.x is source that builds with Rust; 5.9 is a pure-Python wheel).
# What pip may find no wheel of for this Pi (32-bit Pi OS: armv7l, armv6l), one per line:
# requirement | a Debian package that serves instead | what building it needs. Raspberry Pi
# OS's pip also asks piwheels, which has them all built; PyPI alone has none of them for armv7l.
NATIVE="gpiod>=2.2||gcc libc6-dev python3-dev
pillow>=10,<14||gcc libc6-dev python3-dev libjpeg62-turbo-dev zlib1g-dev libfreetype-dev
cbor2|python3-cbor2|"

# A wheel for each of them on this interpreter and platform, else Debian's package, else the
# tools to build it.
ensure_build_tools() {
    local requirement debian build scratch tools=()
    scratch=$(mktemp -d)
    while IFS='|' read -r requirement debian build; do
        if "$PREFIX/venv/bin/python" -m pip download --quiet --only-binary=:all: --no-deps \
                -d "$scratch" "$requirement" >/dev/null 2>&1; then
            continue
        elif [ -n "$debian" ]; then
            say "no wheel of ${requirement%%[<>=]*} for $(uname -m): Debian's $debian serves"
            apt_install "$debian"
        else
            say "no wheel of ${requirement%%[<>=]*} for $(uname -m): it is built from source"
            # shellcheck disable=SC2206  # a list of package names
            tools+=($build)
        fi
    done <<< "$NATIVE"
    rm -rf "$scratch"
    if [ ${#tools[@]} -gt 0 ]; then
        # shellcheck disable=SC2046  # names without spaces, one per word
        apt_install $(printf '%s\n' "${tools[@]}" | sort -u)
    fi
}

# A fingerprint of what pip would install, so an unchanged tree is not reinstalled.
source_stamp() {
    (cd "$SRC" && find pyproject.toml engine hal sim firmware -type f \
        \( -name '*.py' -o -name '*.toml' -o -name '*.png' -o -name '*.pil' -o -name '*.pbm' \) \
        -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

# The hardware config the install uses: the one in place, else the example it installs.
config_file() {
    if [ -f "$CONF_DIR/hardware.toml" ]; then echo "$CONF_DIR/hardware.toml"; else echo "$example"; fi
}

# Phones may join as pads ([phones] in the config, docs/phones.md).
phones_wanted() { "$PYTHON" "$SRC/deploy/hotspot.py" "$(config_file)" phones; }

# The pi extra; club play (/etc/pitchpad/club.toml) adds the MQTT client, phones the page's
# server, its cryptography and the QR codes.
extras() {
    local chosen=pi
    if [ -f "$CONF_DIR/club.toml" ]; then chosen=$chosen,club; fi
    if phones_wanted; then chosen=$chosen,phones; fi
    echo "$chosen"
}

ensure_venv() {
    local stamp_file=$PREFIX/installed-from stamp
    stamp="$(source_stamp) $(extras)"
    if [ ! -x "$PREFIX/venv/bin/python" ]; then
        mkdir -p "$PREFIX"
        # System site packages let Debian's python3-spidev serve (SPI screens) with no compiler.
        "$PYTHON" -m venv --system-site-packages "$PREFIX/venv"
        say "created the venv $PREFIX/venv"
    fi
    if [ ! -f "$stamp_file" ] || [ "$(cat "$stamp_file")" != "$stamp" ]; then
        ensure_build_tools
        "$PREFIX/venv/bin/python" -m pip install --quiet --upgrade --prefer-binary "${SRC}[$(extras)]"
        echo "$stamp" > "$stamp_file"
        changed=yes
        say "installed PitchPad from $SRC into $PREFIX/venv"
    fi
}

ensure_config() {
    mkdir -p "$CONF_DIR"
    if [ ! -f "$CONF_DIR/hardware.toml" ]; then
        install -m 0644 "$example" "$CONF_DIR/hardware.toml"
        changed=yes
        say "config $CONF_DIR/hardware.toml from $example (edit it to match your wiring)"
    fi
}

ensure_state_dir() {
    if [ ! -d "$STATE_DIR" ]; then
        install -d -m 0750 "$STATE_DIR"
        say "created $STATE_DIR"
    fi
    if [ "$(stat -c %U "$STATE_DIR")" != "$SERVICE_USER" ]; then
        chown "$SERVICE_USER:$SERVICE_USER" "$STATE_DIR"
    fi
}

# Set dtparam values for every board in the boot config (deploy/boot_config.py: [all]
# sections, combined dtparam lines, a backup before the first change).
ensure_dtparams() {
    local file=$1 result
    shift
    result=$("$PYTHON" "$SRC/deploy/boot_config.py" "$file" "$@") || die "cannot edit $file"
    if [ "$result" = changed ]; then
        reboot_needed=yes
        say "boot config $file: $* (the old one is kept as $(basename "$file").pitchpad-*.bak)"
    fi
}

# The config must pass the loader the service uses before the service is enabled.
check_config() {
    local refusal
    if ! refusal=$("$PREFIX/venv/bin/python" -m hal.check_config "$CONF_DIR/hardware.toml" 2>&1); then
        die "the config is refused, the service is not enabled: ${refusal:-$CONF_DIR/hardware.toml}"
    fi
}

# The unit's own Wi-Fi ([phones.hotspot]): a NetworkManager profile written by nmcli itself
# (--offline: no daemon needed, an image prepared offline gets it too), brought up when
# NetworkManager runs. Without [phones.hotspot] a profile left by an earlier install goes.
ensure_hotspot() {
    local dir=$ROOT/etc/NetworkManager/system-connections
    local profile=$dir/pitchpad-hotspot.nmconnection arguments=() written
    if ! mapfile -d '' arguments < <("$PYTHON" "$SRC/deploy/hotspot.py" "$CONF_DIR/hardware.toml" nmcli); then
        arguments=()
    fi
    if [ ${#arguments[@]} -eq 0 ]; then
        if [ -f "$profile" ]; then
            rm -f "$profile"
            say "removed the unit's own Wi-Fi ($profile)"
            if nm_running; then nmcli connection reload || true; fi
        fi
        return 0
    fi
    if ! command -v nmcli >/dev/null 2>&1; then
        say "no nmcli: the unit cannot make its own Wi-Fi (sudo apt install network-manager, then run this again)"
        return 0
    fi
    written=$(nmcli --offline "${arguments[@]}") || die "nmcli refused the hotspot of $CONF_DIR/hardware.toml"
    if [ -f "$profile" ] && [ "$(cat "$profile")" = "$written" ]; then
        return 0
    fi
    install -d -m 0700 "$dir"
    (umask 077 && printf '%s\n' "$written" > "$profile")
    say "the unit's own Wi-Fi: $profile"
    if nm_running; then
        nmcli connection reload
        nmcli connection up pitchpad-hotspot || say "NetworkManager did not bring the hotspot up now (another Wi-Fi is connected?): it comes up when none is"
    fi
}

# NetworkManager answers (a booted Pi); not in an image prepared offline.
nm_running() { systemd_running && nmcli -t general status >/dev/null 2>&1; }

ensure_module() {
    mkdir -p "$(dirname "$MODULES")"
    touch "$MODULES"
    grep -qx "$1" "$MODULES" || { echo "$1" >> "$MODULES"; reboot_needed=yes; }
}

ensure_buses() {
    local file
    file=$(boot_config)
    mkdir -p "$(dirname "$file")"
    local params=(i2c_arm=on i2c_arm_baudrate=400000)
    if grep -Eq '^[[:space:]]*bus[[:space:]]*=[[:space:]]*"spi"' "$CONF_DIR/hardware.toml"; then
        params+=(spi=on)
    fi
    # A power board that cuts the supply once the system has halted ([power] poweroff_pin):
    # the kernel's gpio-poweroff drives that pin high at the very end of a power-off.
    local pin
    pin=$(sed -n -E 's/^[[:space:]]*poweroff_pin[[:space:]]*=[[:space:]]*([0-9]+).*/\1/p' "$CONF_DIR/hardware.toml" | head -n 1)
    if [ -n "$pin" ]; then
        params+=("dtoverlay=gpio-poweroff,gpiopin=$pin")
    fi
    local overlay
    overlay=$(buzzer_overlay)
    if [ -n "$overlay" ]; then
        params+=("$overlay")
    fi
    ensure_dtparams "$file" "${params[@]}"
    ensure_module i2c-dev
}

# The power-off from the console (hal/halt.py): the service user asks systemd-logind, and
# polkit (polkitd, from ensure_system_packages) lets it, this one action and nothing else,
# through PitchPad's rule.
ensure_poweroff_rule() {
    local rule=$ROOT/etc/polkit-1/rules.d/50-pitchpad-poweroff.rules
    if ! cmp -s "$SRC/deploy/polkit/50-pitchpad-poweroff.rules" "$rule"; then
        install -D -m 0644 "$SRC/deploy/polkit/50-pitchpad-poweroff.rules" "$rule"
        say "installed $rule (the user $SERVICE_USER may power the system off)"
    fi
}

# The buzzer sounds on the kernel's PWM (outputs = "gpiod", the default): its pin goes to the PWM
# with the pwm overlay. GPIO12 and GPIO18 (channel 0) are set up here; GPIO13 and GPIO19
# (channel 1) need dtoverlay=pwm-2chan, written by hand (pitchpad doctor says so).
buzzer_overlay() {
    "$PYTHON" - "$CONF_DIR/hardware.toml" <<'PY'
import sys, tomllib
try:
    config = tomllib.load(open(sys.argv[1], "rb"))
except (OSError, ValueError):
    sys.exit(0)
pin = config.get("buzzer", {}).get("pin")
if config.get("gpio", {}).get("outputs", "gpiod") == "gpiod" and pin in (12, 18):
    print(f"dtoverlay=pwm,pin={pin},func={4 if pin == 12 else 2}")
PY
}

# systemd runs the system (a booted Pi), or not (an image prepared offline, a chroot): then the
# unit files are only put in place and enabled, and the service starts at the next boot.
systemd_running() { [ -d "$ROOT/run/systemd/system" ]; }
reload_units() { if systemd_running; then systemctl daemon-reload; fi; }

ensure_service() {
    mkdir -p "$(dirname "$UNIT")"
    if ! cmp -s "$SRC/deploy/pitchpad.service" "$UNIT"; then
        install -m 0644 "$SRC/deploy/pitchpad.service" "$UNIT"
        reload_units
        changed=yes
        say "installed $UNIT"
    fi
    # Club play: the console may reach the club's broker (a drop-in; none without club.toml).
    local dropin=$ROOT/etc/systemd/system/pitchpad.service.d/club.conf
    if [ -f "$CONF_DIR/club.toml" ] && ! cmp -s "$SRC/deploy/club/pitchpad-club.conf" "$dropin"; then
        install -D -m 0644 "$SRC/deploy/club/pitchpad-club.conf" "$dropin"
        reload_units
        changed=yes
        say "club play: installed $dropin"
    elif [ ! -f "$CONF_DIR/club.toml" ] && [ -f "$dropin" ]; then
        rm -f "$dropin"
        reload_units
        changed=yes
    fi
    # Phones: the console serves their page on the local network, and nowhere else.
    dropin=$ROOT/etc/systemd/system/pitchpad.service.d/phones.conf
    if phones_wanted && ! cmp -s "$SRC/deploy/phones/pitchpad-phones.conf" "$dropin"; then
        install -D -m 0644 "$SRC/deploy/phones/pitchpad-phones.conf" "$dropin"
        reload_units
        changed=yes
        say "phones: installed $dropin (the phone page on the local network only)"
    elif ! phones_wanted && [ -f "$dropin" ]; then
        rm -f "$dropin"
        reload_units
        changed=yes
    fi
    if ! systemctl is-enabled --quiet pitchpad.service; then
        systemctl enable pitchpad.service
    fi
    [ "$start" = yes ] || return 0
    if ! systemd_running; then
        say "systemd is not running here (an image being prepared?): pitchpad.service starts at the next boot"
        return 0
    fi
    if ! systemctl is-active --quiet pitchpad.service; then
        systemctl start pitchpad.service
        say "started pitchpad.service (journalctl -u pitchpad -f shows its log)"
    elif [ "$changed" = yes ]; then
        systemctl restart pitchpad.service
        say "restarted pitchpad.service"
    fi
}

changed=no
ensure_user
ensure_system_packages
ensure_venv
ensure_config
ensure_state_dir
ensure_buses
ensure_poweroff_rule
check_config
ensure_hotspot
ensure_service
if [ "$reboot_needed" = yes ]; then
    say "the boot config changed: reboot once (sudo reboot) so the buses come up"
fi
say "done; check the build with: $PREFIX/venv/bin/pitchpad doctor"
