"""The desktop's D-Bus session bus, asked once with a short bound before the window opens.

SDL connects to the session bus inside ``pygame.display.init()`` (for input methods and the screensaver),
on the main thread, and libdbus waits without any limit for the bus to answer its greeting: a session bus
address left over from an ended login, a bus that is stopped, or one behind a stalled proxy held a fresh
player's first start 25-40 s on an empty window (0 CPU, waiting in ``poll``; issue 34).  So before the display
opens, `guard` asks the bus itself (connect, then the greeting every client sends first) in a worker thread
and waits at most `PROBE_S`.  A bus that does not answer in that time is of no use to a card game: the
address is replaced, for this process and everything it starts, by one that fails at once (`DEAD_ADDRESS`),
and one line on stderr says so.  With no address at all and no per-user bus socket, libdbus would start
``dbus-launch`` (an outside process, and a new bus nobody else uses): the same address stops that too.

Only POSIX systems other than macOS use libdbus; elsewhere nothing is asked.  Addresses of a transport this
module cannot read (``autolaunch:``, ``unixexec:``, ``launchd:``...) are left alone.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

#: the longest start-up waits for the session bus to answer (it answers in a millisecond when it is there)
PROBE_S = 0.5
VARIABLE = "DBUS_SESSION_BUS_ADDRESS"
#: an address whose connect fails at once (a path under a file, not a folder): libdbus gives up, SDL goes on
DEAD_ADDRESS = "unix:path=/dev/null/parlour-session-bus-did-not-answer"


@dataclass(frozen=True)
class Endpoint:
    """Where one entry of a bus address points: a socket family and the address to connect to."""

    family: int
    address: str | tuple[str, int]


def endpoints(address: str | None, environ: Mapping[str, str]) -> list[Endpoint] | None:
    """The places libdbus would try for ``address``, in order; None when an entry's transport is one this
    module cannot judge (then nothing is changed).  No address: the per-user bus socket if there is one."""
    if address is None:
        runtime = environ.get("XDG_RUNTIME_DIR")
        bus = Path(runtime, "bus") if runtime else None
        return [Endpoint(socket.AF_UNIX, str(bus))] if bus is not None and bus.exists() else []
    found: list[Endpoint] = []
    for entry in filter(None, address.split(";")):
        transport, _, rest = entry.partition(":")
        keys = dict(part.partition("=")[::2] for part in rest.split(",") if part)
        keys = {k: unquote(v) for k, v in keys.items()}
        if transport == "unix" and "path" in keys:
            found.append(Endpoint(socket.AF_UNIX, keys["path"]))
        elif transport == "unix" and "abstract" in keys:
            found.append(Endpoint(socket.AF_UNIX, "\0" + keys["abstract"]))
        elif transport == "unix" and keys.get("runtime") == "yes" and environ.get("XDG_RUNTIME_DIR"):
            found.append(Endpoint(socket.AF_UNIX, str(Path(environ["XDG_RUNTIME_DIR"], "bus"))))
        elif transport == "tcp" and "port" in keys:
            try:
                found.append(Endpoint(socket.AF_INET, (keys.get("host", "localhost"), int(keys["port"]))))
            except ValueError:
                continue
        else:
            return None
    return found


def answers(endpoint: Endpoint, limit_s: float = PROBE_S) -> bool | None:
    """True when a bus is there and answers the greeting (``AUTH EXTERNAL``) within ``limit_s``; False when
    it takes the connection but says nothing; None when nothing listens (libdbus fails at once there too)."""
    try:
        conn = socket.socket(endpoint.family, socket.SOCK_STREAM)
    except OSError:
        return None
    with conn:
        conn.settimeout(limit_s)
        try:
            conn.connect(endpoint.address)
        except TimeoutError:
            return False
        except OSError:
            return None
        uid = str(os.getuid()).encode().hex().encode() if hasattr(os, "getuid") else b""
        try:
            conn.sendall(b"\0AUTH EXTERNAL " + uid + b"\r\n")
            reply = conn.recv(256)
        except TimeoutError:
            return False
        except OSError:
            return None
        return bool(reply)  # OK, REJECTED or ERROR: a bus that talks (an empty read: it hung up)


def bus_answers(address: str | None, environ: Mapping[str, str], limit_s: float = PROBE_S) -> bool | None:
    """Whether the session bus libdbus would use answers: True, False (it would hold start-up), or None when
    this cannot be judged or nothing listens (libdbus fails fast on its own)."""
    places = endpoints(address, environ)
    if places is None:
        return None
    for place in places:
        said = answers(place, limit_s)
        if said is not None:
            return said
    return False if address is None else None  # no address, no user bus: libdbus would start dbus-launch


def guard(environ: MutableMapping[str, str] = os.environ, platform: str = sys.platform,
          limit_s: float = PROBE_S) -> bool:
    """Before the display opens: if the session bus would hold start-up, point this process at
    `DEAD_ADDRESS` instead.  Asked in a worker thread, waited for at most ``limit_s`` (a thread stuck in a
    system call is left to end on its own).  True when the address was replaced."""
    if platform.startswith("win") or platform == "darwin":
        return False
    address = environ.get(VARIABLE)
    if address == DEAD_ADDRESS:
        return False
    result: list[bool | None] = []
    probe = threading.Thread(target=lambda: result.append(bus_answers(address, environ, limit_s)),
                             name="session-bus-probe", daemon=True)
    probe.start()
    probe.join(limit_s)  # a healthy bus answers in a millisecond; a thread still asking is left behind
    if result and result[0] is not False:
        return False
    environ[VARIABLE] = DEAD_ADDRESS
    if address is not None:
        print(f"Parlour: the desktop's session bus ({address}) did not answer within {limit_s:g} s; going on "
              "without it (input methods and screensaver inhibition are off in this window).", file=sys.stderr)
    return True


__all__ = ["DEAD_ADDRESS", "PROBE_S", "answers", "bus_answers", "endpoints", "guard"]
