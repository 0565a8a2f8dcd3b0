"""What background work sees, and what the session needs of whoever runs it (no Qt).

A work function takes a `JobContext` (progress, status, cancel check: thread-safe) and returns a
value. The session hands work to a `Runner`: the window's Qt `evmeval_gui.jobs.JobRunner` (worker
thread, results on the GUI thread), or `ImmediateRunner` (here and now: scripts and tests).
Jobs have keys: submitting a job supersedes the running job of the same key only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from evmeval._util.progress import Cancelled

T = TypeVar("T")

MAIN = "main"
"""The key of the job the window's progress bar and Cancel button follow (loading, scoring, exports)."""


JobCancelled = Cancelled
"""The core's one `Cancelled` (kept under this name for the job runner's readers)."""


def _ignore(*_args: object) -> None:
    return None


PAUSE_WAIT_S = 0.25
"""The longest a paused quiet job waits at one cancel check (a pause is lifted sooner; see JobRunner)."""


@dataclass
class JobContext:
    """What a work function may use: progress reports and a cancel check. Thread-safe."""

    job_id: int
    _event: threading.Event = field(default_factory=threading.Event)
    _emit_progress: Callable[[int, int, int], None] = _ignore
    _emit_status: Callable[[int, str], None] = _ignore
    _gate: threading.Event | None = None
    """Cleared while the user is doing something: a quiet job waits at its cancel checks (no Qt here)."""

    def progress(self, done: int, total: int) -> None:
        """Report `done` out of `total` steps (total 0: unknown amount of work)."""
        self._emit_progress(self.job_id, int(done), int(total))

    def status(self, text: str) -> None:
        """Say what the job is doing now (shown in the status bar)."""
        self._emit_status(self.job_id, text)

    def cancelled(self) -> bool:
        """True once the user cancelled or a newer job superseded this one; while the window asks
        quiet jobs to pause, it first waits (without the interpreter lock) for the pause to end."""
        gate = self._gate
        if gate is not None and not gate.is_set():
            gate.wait(PAUSE_WAIT_S)
        return self._event.is_set()

    def check(self) -> None:
        """Raise `JobCancelled` when `cancelled()`; call it between steps."""
        if self.cancelled():
            raise JobCancelled()


class Runner(Protocol):
    """Runs work functions and hands their outcome back (on the caller's thread)."""

    def submit(self, label: str, work: Callable[[JobContext], T], on_done: Callable[[T], None], *,
               on_error: Callable[[BaseException], None] | None = None,
               on_cancelled: Callable[[], None] | None = None, key: str = MAIN) -> int:
        """Start `work`, superseding the running job of the same `key` (its `on_cancelled` runs); returns the
        job id."""
        ...

    def cancel(self, key: str = MAIN) -> None:
        """Stop the running job of `key` (what it still delivers is dropped)."""
        ...

    def running(self, key: str = MAIN) -> bool:
        """Whether a job of `key` is running: in a superseded job's `on_cancelled`, the job that superseded it."""
        ...


class ImmediateRunner:
    """A `Runner` that runs each job at once on the calling thread (scripts, tests, headless use)."""

    def __init__(self) -> None:
        self._next_id = 0

    def submit(self, label: str, work: Callable[[JobContext], Any], on_done: Callable[[Any], None], *,
               on_error: Callable[[BaseException], None] | None = None,
               on_cancelled: Callable[[], None] | None = None, key: str = MAIN) -> int:
        self._next_id += 1
        try:
            value = work(JobContext(self._next_id))
        except JobCancelled:
            if on_cancelled is not None:
                on_cancelled()
        except Exception as exc:
            if on_error is None:
                raise
            on_error(exc)
        else:
            on_done(value)
        return self._next_id

    def cancel(self, key: str = MAIN) -> None:
        """Nothing runs in the background, so there is nothing to stop."""

    def running(self, key: str = MAIN) -> bool:
        """Nothing runs in the background: never."""
        return False
