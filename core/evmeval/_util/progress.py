"""How long core work reports progress and is cancelled: one protocol for every caller.

Core functions that take long accept `progress(done, total)` and `cancelled()`; between steps they
call `stop_if_cancelled`, which raises `Cancelled`. The window adapts these to its job runner; the
command line passes neither. No QObject is ever seen here. Work that takes no `cancelled` of its own (a
convention reproducing a published scorer, `Convention.score(gold, system)`) is reached through what it reads:
inside `checked_while_reading(cancelled)` the JSON-lines reader asks the same check at every line it reads
(`reading_check`), so that work too stops on Cancel and waits while the window's GUI thread works.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

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


_READING = threading.local()
"""This thread's check for the lines read (`checked_while_reading`)."""


@contextmanager
def checked_while_reading(cancelled: CancelCheck | None) -> Iterator[None]:
    """Inside the block, on this thread, every line the JSON-lines reader reads asks `cancelled` (`Cancelled`):
    the window's switchboard runs each convention's scorer over both files in one call (2.7 s on a MAVEN-ERE-sized
    pair), which takes no check of its own."""
    previous = getattr(_READING, "check", None)
    _READING.check = cancelled
    try:
        yield
    finally:
        _READING.check = previous


def reading_check() -> CancelCheck | None:
    """The check `checked_while_reading` set on this thread, if any."""
    return getattr(_READING, "check", None)
