#!/usr/bin/env bash
# Set up the club's MQTT broker (Mosquitto, Debian's package) for PitchPad club play.
#   sudo deploy/club/setup-broker.sh --club NAME --tables table1,table2,table3
#        [--port 1883] [--bind ADDRESS] [--tls-cert FILE --tls-key FILE [--tls-port 8883]]
#        [--no-tls] [--revoke TABLE[,TABLE]] [--password USER[,USER]] [--no-restart]
# Installs mosquitto if missing; writes /etc/mosquitto/conf.d/pitchpad.conf (listeners, no
# anonymous clients, each client named after its user, a packet size limit, persistence, the
# log to the journal with the broker's refusals), the users (the league and one per table, each
# with its own random password, kept in /etc/pitchpad/club/<user>.password, 0600) and the ACL:
# a table may write only its own result and live topics and read only its own receipts and the
# club's players; the league reads every table (and clears what a table retains there) and
# writes the receipts and the players.
# Safe to run again: it keeps the passwords, the tables, the listeners as they are (a listener
# bound to 127.0.0.1, the TLS listener) unless an option changes them, and adds new tables.
#   --revoke TABLE     remove a table: its user, password and rights (its unit is cut off)
#   --password USER    a new password for a table (or the league); the old one stops working
#   --bind ADDRESS     the plain listener's address (127.0.0.1: only this machine, e.g. with TLS)
#   --no-tls           remove the TLS listener
# Copy each table's password file to its unit as /etc/pitchpad/club.password.
# PITCHPAD_ROOT (a prefix for every path) is for the tests; MOSQUITTO_USER too.
set -euo pipefail

ROOT=${PITCHPAD_ROOT:-}
CONF=$ROOT/etc/mosquitto/conf.d/pitchpad.conf
PASSWD=$ROOT/etc/mosquitto/pitchpad.passwd
ACL=$ROOT/etc/mosquitto/pitchpad.acl
SECRETS=$ROOT/etc/pitchpad/club
BROKER_USER=${MOSQUITTO_USER:-mosquitto}
MAX_PACKET=16384
club="" tables="" port="" bind="" tls_cert="" tls_key="" tls_port="" no_tls=no restart=yes
revoke="" renew=""

say() { printf 'pitchpad broker: %s\n' "$*"; }
die() { printf 'pitchpad broker: %s\n' "$*" >&2; exit 1; }
valid() { [[ $1 =~ ^[a-z0-9_-]{1,32}$ ]]; }
need() { [ $# -ge 2 ] && [ -n "$2" ] && [ "${2#--}" = "$2" ] || die "$1 needs a value (see --help)"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --club) need "$@"; club=$2; shift 2 ;;
        --tables) need "$@"; tables=$2; shift 2 ;;
        --port) need "$@"; port=$2; shift 2 ;;
        --bind) need "$@"; bind=$2; shift 2 ;;
        --tls-cert) need "$@"; tls_cert=$2; shift 2 ;;
        --tls-key) need "$@"; tls_key=$2; shift 2 ;;
        --tls-port) need "$@"; tls_port=$2; shift 2 ;;
        --no-tls) no_tls=yes; shift ;;
        --revoke) need "$@"; revoke=$2; shift 2 ;;
        --password) need "$@"; renew=$2; shift 2 ;;
        --no-restart) restart=no; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done

# What an earlier run (or a person's edit) left: the club, the listeners, the TLS files.
old_club="" old_port="" old_bind="" old_tls_port="" old_tls_bind="" old_tls_cert="" old_tls_key=""
if [ -f "$ACL" ]; then
    old_club=$(sed -n 's#^topic \(read\|readwrite\) pitchpad/\([a-z0-9_-]*\)/+/result$#\2#p' "$ACL" | head -n 1)
fi
if [ -f "$CONF" ]; then
    # Each "listener PORT [ADDRESS]" block; the one with a certfile is the TLS listener.
    blocks=$(awk '
        $1 == "listener" { if (n) print p, (a == "" ? "-" : a), (c == "" ? "-" : c), (k == "" ? "-" : k)
                           n = 1; p = $2; a = $3; c = ""; k = ""; next }
        n && $1 == "certfile" { c = $2 } n && $1 == "keyfile" { k = $2 }
        END { if (n) print p, (a == "" ? "-" : a), (c == "" ? "-" : c), (k == "" ? "-" : k) }' "$CONF")
    while read -r b_port b_addr b_cert b_key; do
        [ -n "$b_port" ] || continue
        [ "$b_addr" = - ] && b_addr=""
        if [ "$b_cert" = - ]; then
            old_port=$b_port old_bind=$b_addr
        else
            old_tls_port=$b_port old_tls_bind=$b_addr old_tls_cert=$b_cert old_tls_key=$b_key
        fi
    done <<< "$blocks"
fi

[ -n "$club" ] || club=$old_club
valid "$club" || die "--club: give the club's name (1 to 32 of a-z 0-9 - _)"
if [ -n "$old_club" ] && [ "$club" != "$old_club" ]; then
    die "this broker is set up for club $old_club, not $club (one club per broker)"
fi
port=${port:-${old_port:-1883}}
bind=${bind:-$old_bind}
[[ $port =~ ^[0-9]+$ ]] || die "--port: not a port: $port"
if [ -n "$tls_cert$tls_key" ]; then
    [ -f "$tls_cert" ] && [ -f "$tls_key" ] || die "--tls-cert and --tls-key: both files are needed"
elif [ "$no_tls" = no ]; then
    tls_cert=$old_tls_cert tls_key=$old_tls_key
fi
if [ "$no_tls" = yes ] && [ -n "$tls_cert$tls_key" ]; then
    die "--no-tls and --tls-cert: one or the other"
fi
tls_port=${tls_port:-${old_tls_port:-8883}}
[[ $tls_port =~ ^[0-9]+$ ]] || die "--tls-port: not a port: $tls_port"

split() { local IFS=,; read -r -a parts <<< "$1"; printf '%s\n' "${parts[@]}"; }
table_list=() revoke_list=() renew_list=()
[ -z "$tables" ] || mapfile -t table_list < <(split "$tables")
[ -z "$revoke" ] || mapfile -t revoke_list < <(split "$revoke")
[ -z "$renew" ] || mapfile -t renew_list < <(split "$renew")
for table in "${table_list[@]}" "${revoke_list[@]}"; do
    valid "$table" || die "$table: a table's name is 1 to 32 of a-z 0-9 - _"
    [ "$table" != league ] || die "'league' is the league's own user, not a table"
done
for user in "${renew_list[@]}"; do
    valid "$user" || die "--password $user: not a user's name"
done
if [ ! -f "$PASSWD" ] && [ ${#table_list[@]} -eq 0 ]; then
    die "--tables: give the tables' names, e.g. --tables table1,table2,table3"
fi
[ "$(id -u)" -eq 0 ] || [ -n "$ROOT" ] || die "run it as root: sudo $0"

if ! command -v mosquitto_passwd >/dev/null 2>&1; then
    [ -z "$ROOT" ] || die "mosquitto is not installed (apt-get install mosquitto)"
    say "installing mosquitto"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q mosquitto mosquitto-clients
fi

mkdir -p "$(dirname "$CONF")" "$SECRETS"
chmod 0700 "$SECRETS"
touch "$PASSWD"
known() { grep -q "^$1:" "$PASSWD"; }
new_password() {
    (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=\n' > "$SECRETS/$1.password")
}
# The password of a user: the one already kept, or a new random one.
password_for() {
    local file=$SECRETS/$1.password
    if [ ! -s "$file" ]; then
        new_password "$1"
        say "new password for $1 in $file" >&2
    fi
    cat "$file"
}
for user in "${revoke_list[@]}"; do
    known "$user" || die "--revoke $user: there is no table $user"
    mosquitto_passwd -D "$PASSWD" "$user"
    rm -f "$SECRETS/$user.password"
    say "revoked table $user: its unit can no longer log in"
done
for user in "${renew_list[@]}"; do
    known "$user" || [ "$user" = league ] || die "--password $user: there is no table $user"
    new_password "$user"
    mosquitto_passwd -b "$PASSWD" "$user" "$(cat "$SECRETS/$user.password")"
    if [ "$user" = league ]; then
        say "new password for the league in $SECRETS/league.password: restart pitchpad-league"
    else
        say "new password for $user in $SECRETS/$user.password: copy it to that unit"
    fi
done
for user in league "${table_list[@]}"; do
    if ! known "$user"; then
        mosquitto_passwd -b "$PASSWD" "$user" "$(password_for "$user")"
    fi
done

acl_tmp=$(mktemp)
{
    echo "# PitchPad club $club: written by deploy/club/setup-broker.sh (run it again to add tables)"
    echo "user league"
    echo "# readwrite: the league clears a retained result or bad live score a table left there"
    echo "topic readwrite pitchpad/$club/+/result"
    echo "topic readwrite pitchpad/$club/+/live"
    echo "topic write pitchpad/$club/+/ack"
    echo "topic write pitchpad/$club/players"
    # Every table in the password file (tables from earlier runs keep their rights).
    cut -d: -f1 "$PASSWD" | grep -vx league | sort -u | while read -r table; do
        echo
        echo "user $table"
        echo "topic write pitchpad/$club/$table/result"
        echo "topic write pitchpad/$club/$table/live"
        echo "topic read pitchpad/$club/$table/ack"
        echo "topic read pitchpad/$club/players"
    done
} > "$acl_tmp"
install -m 0640 "$acl_tmp" "$ACL"
rm -f "$acl_tmp"

conf_tmp=$(mktemp)
{
    echo "# PitchPad club $club: written by deploy/club/setup-broker.sh; run it again to change it"
    echo "# (it keeps the listeners as they are here: an address after a port stays)."
    echo "per_listener_settings false"
    echo "allow_anonymous false"
    echo "password_file $PASSWD"
    echo "acl_file $ACL"
    echo "# A PitchPad message is well under 1 kB: anything bigger is refused, its sender cut off."
    echo "max_packet_size $MAX_PACKET"
    echo "# The log goes to the system journal (journalctl -u mosquitto), which bounds its size and"
    echo "# its rate: a flood cannot fill the card. Mosquitto 2.0 logs a refused publish (a table"
    echo "# writing another table's topics: \"Denied PUBLISH from table1 ...\") at the debug level"
    echo "# only, so debug goes there too; journalctl -u mosquitto -p info leaves it out."
    echo "log_dest none"
    echo "log_dest syslog"
    echo "log_type error"
    echo "log_type warning"
    echo "log_type notice"
    echo "log_type information"
    echo "log_type debug"
    echo "# Results queued for the league while it is off survive a broker restart."
    echo "persistence true"
    echo "autosave_interval 30"
    echo "max_queued_messages 10000"
    echo "# On every listener, a client is named after its user: nobody can log in under the"
    echo "# league's (or another table's) client id and knock it off."
    echo "listener $port${bind:+ $bind}"
    echo "use_username_as_clientid true"
    if [ -n "$tls_cert" ]; then
        echo "# TLS: the units set tls = true and port = $tls_port in club.toml"
        echo "listener $tls_port${old_tls_bind:+ $old_tls_bind}"
        echo "use_username_as_clientid true"
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
users=$(cut -d: -f1 "$PASSWD" | grep -vx league | sort -u | paste -sd' ' -)
say "wrote $CONF, $ACL (club $club: league, ${users:-no table})"
say "listening on ${bind:-every address}:$port${tls_cert:+, TLS on $tls_port}"

if [ "$restart" = yes ] && [ -z "$ROOT" ]; then
    systemctl enable --quiet mosquitto
    systemctl restart mosquitto
    say "restarted mosquitto; on each unit: /etc/pitchpad/club.toml and club.password (docs/club.md)"
fi
