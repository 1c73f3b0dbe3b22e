"""Whether a unit can reach its club's broker, and why not, in plain words.

The same words in the unit's log, on its menu (one word of them) and in ``pitchpad doctor``:
the broker's name not known, nothing answering, the network down, a certificate not signed by
the club's CA or made for another name, TLS on a plain port. :func:`probe` looks without
logging in (a login as the table would take over the running console's own connection).
"""
from __future__ import annotations

import errno
import socket
import ssl

from firmware.club.config import Broker


def why_unreachable(exc: BaseException, broker: Broker) -> tuple[str, str]:
    """``(state, plain words)`` for a failed connection to ``broker``."""
    where = f"{broker.host}:{broker.port}"
    if isinstance(exc, ssl.SSLCertVerificationError):
        code = getattr(exc, "verify_code", None)
        told = getattr(exc, "verify_message", "") or str(exc)
        if code == 62:                              # X509_V_ERR_HOSTNAME_MISMATCH
            return "tls", (f"the broker's certificate is not made for the name {broker.host} ({told}): "
                           f"set broker = in club.toml to the name in the certificate")
        if code == 10:
            return "tls", f"the broker's certificate has expired ({told}): make a new one"
        ca = broker.ca_file or "the system's CAs"
        return "tls", (f"the broker's certificate is not signed by the club's CA ({ca}; {told}): "
                       f"copy the club's ca.crt to the unit and set ca_file = in club.toml")
    if isinstance(exc, ssl.SSLError):
        return "tls", (f"TLS with {where} failed ({exc.reason or exc}): is {broker.port} the "
                       f"broker's TLS port (8883)?")
    if isinstance(exc, socket.gaierror):
        return "unreachable", (f"the broker's name {broker.host} is not known on this network: check "
                               f"broker = in club.toml")
    if isinstance(exc, ConnectionRefusedError):
        return "unreachable", (f"nothing answers on {where}: is Mosquitto running there, and is the "
                               f"port right (1883, 8883 with TLS)?")
    if isinstance(exc, (TimeoutError, socket.timeout)):
        return "unreachable", f"{where} does not answer: is the network up, and the address right?"
    if isinstance(exc, OSError) and exc.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH,
                                                  errno.EHOSTDOWN, errno.ENETDOWN):
        return "unreachable", f"{broker.host} cannot be reached ({exc.strerror}): is the network up?"
    return "unreachable", f"cannot connect to {where} ({type(exc).__name__}: {exc})"


def probe(broker: Broker, timeout: float = 5.0) -> tuple[str, str] | None:
    """Connect to ``broker`` (and shake hands, with TLS) without logging in: None when it
    answers, else ``(state, plain words)`` as :func:`why_unreachable` says them."""
    try:
        with socket.create_connection((broker.host, broker.port), timeout=timeout) as sock:
            if broker.tls:
                context = ssl.create_default_context(cafile=broker.ca_file)
                with context.wrap_socket(sock, server_hostname=broker.host):
                    pass
    except OSError as exc:
        return why_unreachable(exc, broker)
    return None
