"""How long core work reports progress and is cancelled: one protocol for every caller.

Core functions that take long accept `progress(done, total)` and `cancelled()`; between steps they
call `stop_if_cancelled`, which raises `Cancelled`. The window adapts these to its job runner; the
command line passes neither. No QObject is ever seen here.
"""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[int, int], None]
"""`progress(done, total)`: called now and then with how many steps of how many are done."""

CancelCheck = Callable[[], bool]
"""`cancelled()`: true once the caller wants the work to stop."""


class Cancelled(Exception):
    """The caller's cancel check said stop; raised between steps, so no half-made result escapes."""


def stop_if_cancelled(cancelled: CancelCheck | None) -> None:
    """Raise `Cancelled` when the caller asked to stop."""
    if cancelled is not None and cancelled():
        raise Cancelled()
