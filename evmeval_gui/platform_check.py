"""Before Qt opens a window on X11: are the system libraries its `xcb` plugin loads there?

Without them Qt prints a plugin error and aborts the process. We say instead which Debian/Ubuntu
packages provide what is missing (libxcb-cursor0 is the one desktop installs most often lack).
"""

from __future__ import annotations

import ctypes.util
import os
import sys

XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-image": "libxcb-image0",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-randr": "libxcb-randr0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0",
    "xcb-xkb": "libxcb-xkb1",
    "xkbcommon-x11": "libxkbcommon-x11-0",
}
"""Library name (as `ctypes.util.find_library` takes it) -> the Debian package that ships it."""


def uses_xcb(environ: dict[str, str] | None = None) -> bool:
    """Whether Qt will pick its X11 (`xcb`) platform plugin for a window."""
    env = os.environ if environ is None else environ
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.split(":")[0].split(";")[0] == "xcb"
    return sys.platform.startswith("linux") and not env.get("WAYLAND_DISPLAY")


def missing_xcb_packages() -> list[str]:
    """Debian packages whose library the xcb plugin needs but the system does not have."""
    return [package for name, package in XCB_LIBRARIES.items() if ctypes.util.find_library(name) is None]


def window_problem() -> str | None:
    """A message saying what to install, or None when the window can open."""
    if not uses_xcb():
        return None
    missing = missing_xcb_packages()
    if not missing:
        return None
    return ("the Qt window needs X11 libraries this system lacks; on Debian/Ubuntu install them with:\n"
            f"    sudo apt-get install {' '.join(missing)}\n"
            "(without a screen, --screenshot PNG and --export-report DIR still work)")
