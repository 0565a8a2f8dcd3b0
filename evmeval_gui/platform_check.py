"""Before Qt opens a window on Linux: is there a display, and are the libraries its `xcb` plugin loads there?

Without a display, with a `DISPLAY` naming a server that does not answer, or without one of those
libraries, QApplication prints a plugin error (which blames libxcb-cursor0 whatever is really wrong)
and aborts the process with a core dump. We say instead what is wrong: no display (and how to run
without one), or which Debian/Ubuntu packages provide the missing libraries.
"""

from __future__ import annotations

import ctypes
import os
import socket
import sys
from collections.abc import Mapping

XCB_LIBRARIES = {
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libGL.so.1": "libgl1",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
}
"""Every system library the xcb plugin of PySide6 6.6-6.11 links (`Qt/plugins/platforms/libqxcb.so`
and `Qt/lib/libQt6XcbQpa.so.6`, read with `objdump -p`: NEEDED, less Qt's own and the C/C++ runtime)
-> the Debian package that ships it (`dpkg -S` on Debian 12)."""

NO_DISPLAY = "no display: use --screenshot/--export-report, or set QT_QPA_PLATFORM=offscreen"


X11_TCP_PORT = 6000
"""An X server's display n listens on TCP port 6000 + n (X Window System Protocol, "Connection Setup")."""

X11_SOCKET_DIR = "/tmp/.X11-unix"
"""Where a local X server's display n has its socket `X<n>` (and, on Linux, the abstract name of that path)."""

CONNECT_TIMEOUT_S = 1.0


def no_display(display: str) -> str:
    """The no-display message for a `DISPLAY` that names a server nobody answers for."""
    return f"no display: DISPLAY={display} does not answer{NO_DISPLAY.removeprefix('no display')}"


def _x11_address(display: str) -> tuple[str, str, int] | None:
    """(protocol, host, display number) of an X11 display name `[protocol/][host]:n[.screen]`, or None
    for a name this check does not read (a socket path, DECnet `host::n`, anything malformed)."""
    if display.startswith("/"):
        return None
    protocol, _, rest = display.rpartition("/") if "/" in display else ("", "", display)
    host, colon, number = rest.rpartition(":")
    if not colon or host.endswith(":"):
        return None
    number = number.split(".")[0]
    if not number.isdigit() or protocol not in ("", "unix", "tcp", "inet", "inet6"):
        return None
    return protocol, host.strip("[]"), int(number)


def _connects(family: int, address: object, timeout: float) -> bool:
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.connect(address)  # type: ignore[arg-type]
    except OSError:
        return False
    return True


def _tcp_connects(host: str, port: int, timeout: float) -> bool:
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError:  # refused, unreachable, timed out, or a host name that does not resolve
        return False
    return True


def display_answers(display: str, timeout: float = CONNECT_TIMEOUT_S) -> bool | None:
    """Whether an X server accepts a connection at `display` (the places libxcb tries, in its order:
    the abstract and the file socket for a local name, then TCP), or None when the name is not one
    this check reads (then Qt is left to try). Only connects: nothing is sent to the server."""
    address = _x11_address(display)
    if address is None:
        return None
    protocol, host, number = address
    local = protocol == "unix" or (not protocol and host in ("", "unix"))
    if local and hasattr(socket, "AF_UNIX"):
        path = f"{X11_SOCKET_DIR}/X{number}"
        if sys.platform.startswith("linux") and _connects(socket.AF_UNIX, "\0" + path, timeout):
            return True
        if _connects(socket.AF_UNIX, path, timeout):
            return True
    if protocol == "unix" or host == "unix":
        return False
    return _tcp_connects(host or "localhost", X11_TCP_PORT + number, timeout)


def _platform(env: Mapping[str, str]) -> str:
    """The Qt platform plugin asked for (the first of `QT_QPA_PLATFORM`'s `;` list, without options)."""
    return env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()


def _desktop_unix() -> bool:
    return sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))


def uses_xcb(environ: Mapping[str, str] | None = None) -> bool:
    """Whether Qt will pick its X11 (`xcb`) platform plugin for a window."""
    env = os.environ if environ is None else environ
    platform = _platform(env)
    if platform:
        return platform == "xcb"
    return _desktop_unix() and not env.get("WAYLAND_DISPLAY")


def display_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """`NO_DISPLAY` when Qt would need an X11 or Wayland display and the environment names none; the
    same, naming it, when Qt would use X11 and the X server `DISPLAY` names does not answer (Qt would
    abort the process)."""
    env = os.environ if environ is None else environ
    platform = _platform(env)
    if platform != "xcb" and (platform or not _desktop_unix()):  # offscreen, wayland, ...; Windows, macOS
        return None
    display = env.get("DISPLAY")
    if not display:
        return None if platform != "xcb" and env.get("WAYLAND_DISPLAY") else NO_DISPLAY
    if uses_xcb(env) and display_answers(display) is False:
        return no_display(display)
    return None


def _loadable(soname: str) -> bool:
    """Whether the dynamic loader finds `soname` (and what it needs), as it would for the plugin."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing_xcb_packages() -> list[str]:
    """Debian packages whose library the xcb plugin needs but the system does not have (each once)."""
    missing = [package for soname, package in XCB_LIBRARIES.items() if not _loadable(soname)]
    return list(dict.fromkeys(missing))


def window_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """What keeps the window from opening (no display, missing libraries: both when both), or None."""
    env = os.environ if environ is None else environ
    problems = []
    if (display := display_problem(env)) is not None:
        problems.append(display)
    missing = missing_xcb_packages() if uses_xcb(env) else []
    if missing:
        problems.append("the Qt window needs X11 libraries this system lacks; on Debian/Ubuntu install them with:\n"
                        f"    sudo apt-get install {' '.join(missing)}")
        if display is None:
            problems.append("(without a screen, --screenshot PNG and --export-report DIR still work)")
    return "\n".join(problems) or None


INDEX_INSTALL = "pip install 'evmeval-studio[gui]'"
"""What works from a package index, once EvmEval Studio is published there."""


def gui_install_advice(direct_url: str | None) -> str:
    """How to add the `[gui]` extra: this installation's own command first, then a clone's and an index's.

    `direct_url`: the installation's `direct_url.json` (PEP 610; None when it came from an index), which says
    whether it was installed from a folder (a clone, perhaps editable) or from a wheel file. From a clone,
    `evmeval-studio[gui]` fails until the project is on an index, hence the three forms.
    """
    import json
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    own = INDEX_INSTALL
    if direct_url:
        try:
            origin = json.loads(direct_url)
            url = urlsplit(origin["url"])
        except (ValueError, KeyError, TypeError, AttributeError):
            origin, url = {}, None
        if url is not None and url.scheme == "file":
            path = url2pathname(url.path)
            editable = "-e " if (origin.get("dir_info") or {}).get("editable") else ""
            own = f"pip install {editable}'{path}[gui]'"
    return (f"{own} for this installation; from a clone, pip install '.[gui]' in its folder; "
            f"from an index that has EvmEval Studio (once published), {INDEX_INSTALL}")
