"""Before Qt opens a window on Linux: is there a display, and are the libraries its `xcb` plugin loads there?

Without a display, or without one of those libraries, QApplication prints a plugin error (which
blames libxcb-cursor0 whatever is really wrong) and aborts the process with a core dump. We say
instead what is wrong: no display (and how to run without one), or which Debian/Ubuntu packages
provide the missing libraries.
"""

from __future__ import annotations

import ctypes
import os
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
    """`NO_DISPLAY` when Qt would need an X11 or Wayland display and the environment names none."""
    env = os.environ if environ is None else environ
    platform = _platform(env)
    if platform == "xcb":
        return None if env.get("DISPLAY") else NO_DISPLAY
    if platform or not _desktop_unix():  # offscreen, wayland, vnc, ...; Windows and macOS need no variable
        return None
    return None if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") else NO_DISPLAY


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
