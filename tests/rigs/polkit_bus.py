"""A private system bus with Debian's real polkitd and PitchPad's polkit rule, to ask for a
power-off as the service user would (``tests/deploy/test_poweroff_polkit.py``).

Run as root inside a private mount namespace (``unshare -m --propagation private``), so nothing
of the machine changes: a copy of ``/etc/passwd`` and ``/etc/group`` with a ``pitchpad`` user,
and a rules folder holding only ``deploy/polkit/50-pitchpad-poweroff.rules``, are bind-mounted
over the real ones for this process tree alone. Then:

1. Debian's ``dbus-daemon`` serves a system-like bus on a socket in a temporary folder;
2. Debian's ``polkitd`` serves ``org.freedesktop.PolicyKit1`` on it, reading that rule;
3. a stand-in for systemd-logind (:func:`serve_logind`, hand-written: logind itself needs
   systemd as PID 1, which this machine does not run) owns ``org.freedesktop.login1`` and, as
   logind does for ``PowerOff``, asks polkit whether the caller (its bus name) may
   ``org.freedesktop.login1.power-off``, without interaction, and answers accordingly;
4. ``hal.halt.LogindPowerOff`` runs as each user given, in a child process with that uid.

Prints one JSON object: for each user, what ``power_off()`` returned and whether the stand-in
logind powered off.

    unshare -m --propagation private python tests/rigs/polkit_bus.py pitchpad nobody
    unshare -m --propagation private python tests/rigs/polkit_bus.py --without-rule pitchpad
"""
from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULE = ROOT / "deploy" / "polkit" / "50-pitchpad-poweroff.rules"
POLKITD = "/usr/lib/polkit-1/polkitd"
SERVICE_UID = 64123
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
"""


def serve_logind(address: str, log_path: str) -> None:
    """The stand-in logind: PowerOff(b) is allowed when polkit says the caller may."""
    from jeepney import DBusAddress, MessageType, new_error, new_method_call, new_method_return
    from jeepney.bus_messages import message_bus
    from jeepney.io.blocking import open_dbus_connection

    os.environ["DBUS_SYSTEM_BUS_ADDRESS"] = address
    server = open_dbus_connection(bus="SYSTEM")
    server.send_and_get_reply(message_bus.RequestName("org.freedesktop.login1"))
    polkit = open_dbus_connection(bus="SYSTEM")
    authority = DBusAddress("/org/freedesktop/PolicyKit1/Authority", bus_name="org.freedesktop.PolicyKit1",
                            interface="org.freedesktop.PolicyKit1.Authority")
    print("ready", flush=True)
    while True:
        message = server.receive()
        header = message.header
        if header.message_type != MessageType.method_call:
            continue
        name = header.fields.get(3)                  # the member
        if name != "PowerOff":
            server.send(new_error(message, "org.freedesktop.DBus.Error.UnknownMethod", "s", ("no",)))
            continue
        sender = header.fields[7]                    # the caller's unique bus name
        check = new_method_call(authority, "CheckAuthorization", "(sa{sv})sa{ss}us",
                                (("system-bus-name", {"name": ("s", sender)}),
                                 "org.freedesktop.login1.power-off", {}, 0, ""))
        reply = polkit.send_and_get_reply(check, timeout=10)
        authorized = reply.header.message_type == MessageType.method_return and bool(reply.body[0][0])
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"sender": sender, "interactive": message.body[0],
                                  "authorized": authorized}) + "\n")
        if authorized:
            server.send(new_method_return(message))
        else:
            server.send(new_error(message, "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired",
                                  "s", ("Interactive authentication required.",)))


def client_files(work: Path) -> Path:
    """What the client needs, copied into ``work`` (a folder every user may read), readable by
    all: ``hal/halt.py`` and the venv's jeepney. A checkout may sit where the users the client
    runs as cannot read it (a private folder: a ``mktemp -d``, /root): the client reads nothing
    of it (:func:`hide_checkout` makes every checkout such a one here)."""
    import jeepney

    client = work / "client"
    shutil.copytree(Path(jeepney.__file__).resolve().parent, client / "jeepney",
                    ignore=shutil.ignore_patterns("__pycache__", "tests"))
    shutil.copyfile(ROOT / "hal" / "halt.py", client / "halt.py")
    for path in [client, *client.rglob("*")]:
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    return client


def ask_as(uid: int, gid: int, address: str, client: Path) -> str | None:
    """``LogindPowerOff().power_off()`` in a child process running as ``uid``: Debian's
    python3 (the venv's interpreter may live where the user cannot read, as under /root)
    loading the copies of :func:`client_files` by their paths."""
    code = ("import importlib.util, json, sys; "
            f"spec = importlib.util.spec_from_file_location('halt', {str(client / 'halt.py')!r}); "
            "halt = importlib.util.module_from_spec(spec); spec.loader.exec_module(halt); "
            "print(json.dumps(halt.LogindPowerOff(timeout=10).power_off()))")

    def drop() -> None:
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)

    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(client), "DBUS_SYSTEM_BUS_ADDRESS": address,
           "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([SYSTEM_PYTHON, "-c", code], env=env, preexec_fn=drop, capture_output=True,
                            text=True, timeout=60, cwd="/")
    if result.returncode != 0:
        return f"client failed: {result.stderr.strip().splitlines()[-1:]}"
    answer: str | None = json.loads(result.stdout)
    return answer


def hide_checkout(work: Path) -> Path:
    """Make the checkout what a private folder (a ``mktemp -d``, /root) is to every user but
    root, for this process tree only: a tmpfs of mode 0700 over it, each of its entries bound
    back in from a root-only folder in ``work`` (returned). The paths stay; only root may go
    through them, so a test that passes here passes wherever a user's clone is."""
    keep = work / "checkout"
    keep.mkdir(mode=0o700)
    subprocess.run(["mount", "--bind", str(ROOT), str(keep)], check=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=0700", "private", str(ROOT)], check=True)
    for entry in keep.iterdir():
        target = ROOT / entry.name
        target.mkdir() if entry.is_dir() else target.touch()
        subprocess.run(["mount", "--bind", str(entry), str(target)], check=True)
    return keep


def remove(work: Path, keep: Path | None) -> None:
    """Take the checkout's mounts down, then remove ``work``: never while anything is mounted
    under it (removing through the bound checkout would delete the checkout itself)."""
    if keep is not None:
        subprocess.run(["umount", "--recursive", str(ROOT)], check=True)
        subprocess.run(["umount", str(keep)], check=True)
    mounted = [line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()]
    if not any(point == str(work) or point.startswith(f"{work}/") for point in mounted):
        shutil.rmtree(work)


def main(users: list[str], rule: bool = True) -> int:
    if os.geteuid() != 0:
        print(json.dumps({"error": "run as root, inside unshare -m"}))
        return 2
    # In /tmp, whatever TMPDIR says: polkitd and the client (other users) must reach the bus's
    # socket and the copies in it, and a TMPDIR may be private (./dev.sh's, systemd's /run/user).
    work = Path(tempfile.mkdtemp(prefix="pitchpad-polkit-", dir="/tmp"))
    os.chmod(work, 0o755)
    passwd = (Path("/etc/passwd").read_text()
              + f"pitchpad:x:{SERVICE_UID}:{SERVICE_UID}::/nonexistent:/usr/sbin/nologin\n")
    group = Path("/etc/group").read_text() + f"pitchpad:x:{SERVICE_UID}:\n"
    (work / "passwd").write_text(passwd)
    (work / "group").write_text(group)
    rules = work / "rules.d"
    rules.mkdir()
    if rule:
        (rules / RULE.name).write_text(RULE.read_text())
    for source, target in ((work / "passwd", "/etc/passwd"), (work / "group", "/etc/group"),
                           (rules, "/etc/polkit-1/rules.d")):
        subprocess.run(["mount", "--bind", str(source), target], check=True)
    keep = hide_checkout(work)
    socket = work / "bus"
    (work / "bus.conf").write_text(BUS_CONFIG.format(socket=socket))
    address = f"unix:path={socket}"
    children: list[subprocess.Popen[str]] = []
    try:
        children.append(subprocess.Popen(["dbus-daemon", f"--config-file={work / 'bus.conf'}", "--nofork",
                                          "--nopidfile"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(200):
            if socket.exists():
                break
            time.sleep(0.02)
        env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": address}
        children.append(subprocess.Popen([POLKITD, "--no-debug"], env=env, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL))
        log_path = work / "logind.jsonl"
        logind = subprocess.Popen([sys.executable, __file__, "--logind", address, str(log_path)], env=env,
                                  stdout=subprocess.PIPE, text=True)
        children.append(logind)
        assert logind.stdout is not None
        if logind.stdout.readline().strip() != "ready":
            raise RuntimeError("the stand-in logind did not start")
        _wait_for_polkit(address)
        client = client_files(work)
        results = {}
        for user in users:
            entry = pwd.getpwnam(user)
            before = len(log_path.read_text().splitlines()) if log_path.exists() else 0
            said = ask_as(entry.pw_uid, entry.pw_gid, address, client)
            seen = log_path.read_text().splitlines()[before:] if log_path.exists() else []
            results[user] = {"said": said, "logind": [json.loads(line) for line in seen]}
        print(json.dumps(results))
        return 0
    finally:
        for child in reversed(children):
            child.terminate()
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
        remove(work, keep)


def _wait_for_polkit(address: str) -> None:
    from jeepney.bus_messages import message_bus
    from jeepney.io.blocking import open_dbus_connection

    os.environ["DBUS_SYSTEM_BUS_ADDRESS"] = address
    with open_dbus_connection(bus="SYSTEM") as connection:
        for _ in range(500):
            reply = connection.send_and_get_reply(message_bus.NameHasOwner("org.freedesktop.PolicyKit1"))
            if reply.body[0]:
                return
            time.sleep(0.02)
    raise RuntimeError("polkitd did not come up on the private bus")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--logind"]:
        serve_logind(sys.argv[2], sys.argv[3])
    else:
        wanted = [arg for arg in sys.argv[1:] if arg != "--without-rule"]
        sys.exit(main(wanted, rule="--without-rule" not in sys.argv))
