"""A guard against a reference-counting defect of some PySide6 builds on CPython < 3.12.

PySide6 6.12.0 running on CPython 3.11 drops one reference to `None` on every call of a Qt method
that returns nothing (`setText`, `update`, every `QPainter` call…) and one to `True` on every
`Signal.emit`: the binding treats these singletons as immortal, which they are only from Python
3.12 on (PEP 683). A window makes thousands of such calls a second, so the interpreter soon aborts
with "Fatal Python error: none_dealloc: deallocating None".

When (and only when) the defect is measured, `protect_singletons()` gives `None`, `True` and
`False` a reference count so large it cannot reach zero: what Python 3.12 does for them anyway.
Nothing changes on a correct build or on Python 3.12 and later. The real fix is a PySide6 version
without the defect; this guard keeps the window usable meanwhile.
"""

from __future__ import annotations

import platform
import sys

_RESERVE = 1 << 40
_done = False


def binding_drops_none() -> bool:
    """Whether calling a Qt method without a result decreases `None`'s reference count."""
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(16):
        probe.setObjectName("probe")
    return sys.getrefcount(None) < before


def protect_singletons() -> bool:
    """Make `None`, `True` and `False` effectively immortal if the binding needs it; True if it did."""
    global _done
    if _done:
        return True
    if sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return False
    if not binding_drops_none():
        return False
    import ctypes

    for singleton in (None, True, False):
        ctypes.c_ssize_t.from_address(id(singleton)).value += _RESERVE
    _done = True
    return True
