#!/usr/bin/env bash
# Set up the club's MQTT broker (Mosquitto, Debian's package) for PitchPad club play.
#   sudo deploy/club/setup-broker.sh --club NAME --tables table1,table2,table3
#        [--port 1883] [--tls-cert FILE --tls-key FILE [--tls-port 8883]] [--no-restart]
# Installs mosquitto if missing; writes /etc/mosquitto/conf.d/pitchpad.conf (listener, no
# anonymous clients, persistence), the users (the league and one per table, each with its own
# random password, kept in /etc/pitchpad/club/<user>.password, 0600) and the ACL: a table may
# write only its own result and live topics and read only its own receipts; the league reads
# every table and writes the receipts. Running it again keeps the passwords and adds tables.
# Copy each table's password file to its unit as /etc/pitchpad/club.password.
# PITCHPAD_ROOT (a prefix for every path) is for the tests; MOSQUITTO_USER too.
set -euo pipefail

ROOT=${PITCHPAD_ROOT:-}
CONF=$ROOT/etc/mosquitto/conf.d/pitchpad.conf
PASSWD=$ROOT/etc/mosquitto/pitchpad.passwd
ACL=$ROOT/etc/mosquitto/pitchpad.acl
SECRETS=$ROOT/etc/pitchpad/club
BROKER_USER=${MOSQUITTO_USER:-mosquitto}
club="" tables="" port=1883 tls_cert="" tls_key="" tls_port=8883 restart=yes

say() { printf 'pitchpad broker: %s\n' "$*"; }
die() { printf 'pitchpad broker: %s\n' "$*" >&2; exit 1; }
valid() { [[ $1 =~ ^[a-z0-9_-]{1,32}$ ]]; }

while [ $# -gt 0 ]; do
    case "$1" in
        --club) club=${2:-}; shift 2 ;;
        --tables) tables=${2:-}; shift 2 ;;
        --port) port=${2:-}; shift 2 ;;
        --tls-cert) tls_cert=${2:-}; shift 2 ;;
        --tls-key) tls_key=${2:-}; shift 2 ;;
        --tls-port) tls_port=${2:-}; shift 2 ;;
        --no-restart) restart=no; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done
valid "$club" || die "--club: give the club's name (1 to 32 of a-z 0-9 - _)"
[ -n "$tables" ] || die "--tables: give the tables' names, e.g. --tables table1,table2,table3"
IFS=, read -r -a table_list <<< "$tables"
for table in "${table_list[@]}"; do
    valid "$table" || die "--tables: $table: use 1 to 32 of a-z 0-9 - _"
    [ "$table" != league ] || die "--tables: 'league' is the league's own user"
done
[[ $port =~ ^[0-9]+$ ]] || die "--port: not a port: $port"
if [ -n "$tls_cert$tls_key" ]; then
    [ -f "$tls_cert" ] && [ -f "$tls_key" ] || die "--tls-cert and --tls-key: both files are needed"
fi
[ "$(id -u)" -eq 0 ] || [ -n "$ROOT" ] || die "run it as root: sudo $0"

if ! command -v mosquitto >/dev/null 2>&1; then
    [ -z "$ROOT" ] || die "mosquitto is not installed (apt-get install mosquitto)"
    say "installing mosquitto"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q mosquitto mosquitto-clients
fi

mkdir -p "$(dirname "$CONF")" "$SECRETS"
chmod 0700 "$SECRETS"
touch "$PASSWD"
# The password of a user: the one already kept, or a new random one.
password_for() {
    local file=$SECRETS/$1.password
    if [ ! -s "$file" ]; then
        (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=\n' > "$file")
        say "new password for $1 in $file" >&2
    fi
    cat "$file"
}
for user in league "${table_list[@]}"; do
    if ! grep -q "^$user:" "$PASSWD"; then
        mosquitto_passwd -b "$PASSWD" "$user" "$(password_for "$user")"
    fi
done

acl_tmp=$(mktemp)
{
    echo "# PitchPad club $club: written by deploy/club/setup-broker.sh (run it again to add tables)"
    echo "user league"
    echo "topic read pitchpad/$club/+/result"
    echo "topic read pitchpad/$club/+/live"
    echo "topic write pitchpad/$club/+/ack"
    # Tables already in the password file keep their rights when the script runs with fewer.
    cut -d: -f1 "$PASSWD" | grep -vx league | sort -u | while read -r table; do
        echo
        echo "user $table"
        echo "topic write pitchpad/$club/$table/result"
        echo "topic write pitchpad/$club/$table/live"
        echo "topic read pitchpad/$club/$table/ack"
    done
} > "$acl_tmp"
install -m 0640 "$acl_tmp" "$ACL"
rm -f "$acl_tmp"

conf_tmp=$(mktemp)
{
    echo "# PitchPad club $club: written by deploy/club/setup-broker.sh"
    echo "per_listener_settings false"
    echo "allow_anonymous false"
    echo "password_file $PASSWD"
    echo "acl_file $ACL"
    echo "# Results queued for the league while it is off survive a broker restart."
    echo "persistence true"
    echo "autosave_interval 30"
    echo "max_queued_messages 10000"
    echo "listener $port"
    if [ -n "$tls_cert" ]; then
        echo "# TLS: the units set tls = true and port = $tls_port in club.toml"
        echo "listener $tls_port"
        echo "certfile $tls_cert"
        echo "keyfile $tls_key"
    fi
} > "$conf_tmp"
install -m 0644 "$conf_tmp" "$CONF"
rm -f "$conf_tmp"
if getent group "$BROKER_USER" >/dev/null 2>&1; then
    chgrp "$BROKER_USER" "$PASSWD" "$ACL"
fi
chmod 0640 "$PASSWD" "$ACL"
say "wrote $CONF, $ACL (club $club: league, ${table_list[*]})"

if [ "$restart" = yes ] && [ -z "$ROOT" ]; then
    systemctl enable --quiet mosquitto
    systemctl restart mosquitto
    say "restarted mosquitto; on each unit: /etc/pitchpad/club.toml and club.password (docs/club.md)"
fi
