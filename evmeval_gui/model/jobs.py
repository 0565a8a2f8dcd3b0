"""What background work sees, and what the session needs of whoever runs it (no Qt).

A work function takes a `JobContext` (progress, status, cancel check: thread-safe) and returns a
value. The session hands work to a `Runner`: the window's Qt `evmeval_gui.jobs.JobRunner` (worker
thread, results on the GUI thread), or `ImmediateRunner` (here and now: scripts and tests).
Jobs have keys: submitting a job supersedes the running job of the same key only.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
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
"""The longest a job waits at one cancel check for one closed gate (a gate opens sooner; see JobRunner)."""
GIVE_WAY_S = 0.002
"""A worker's cancel checks hand the interpreter lock over at most this often (see `JobContext.cancelled`)."""
_give_way: Callable[[], None] = getattr(os, "sched_yield", None) or partial(time.sleep, 0)
"""Lets go of the interpreter lock for a moment (`os.sched_yield`: 4 µs; `time.sleep(0)` costs 0.1 ms)."""


@dataclass
class JobContext:
    """What a work function may use: progress reports and a cancel check. Thread-safe."""

    job_id: int
    _event: threading.Event = field(default_factory=threading.Event)
    _emit_progress: Callable[[int, int, int], None] = _ignore
    _emit_status: Callable[[int, str], None] = _ignore
    _gates: tuple[threading.Event, ...] = ()
    """Each cleared while the window asks this job to wait at its cancel checks (no Qt here): every job's while
    the GUI thread works for the user, a quiet job's also while the user is busy (`evmeval_gui.jobs`)."""
    _gave_way: float = 0.0
    _emit_partial: Callable[[int, object], None] = _ignore

    def deliver(self, value: object) -> None:
        """Hand a part of the outcome to the submitter's `on_partial` before the work ends (on the GUI thread
        in the window): e.g. the first document of a corpus, shown while the rest is read. Dropped when the
        job is cancelled or superseded meanwhile."""
        self._emit_partial(self.job_id, value)

    def progress(self, done: int, total: int) -> None:
        """Report `done` out of `total` steps (total 0: unknown amount of work)."""
        self._emit_progress(self.job_id, int(done), int(total))

    def status(self, text: str) -> None:
        """Say what the job is doing now (shown in the status bar)."""
        self._emit_status(self.job_id, text)

    def cancelled(self) -> bool:
        """True once the user cancelled or a newer job superseded this one; while the window asks this job
        to wait (one of its gates closed), it first waits, without the interpreter lock, for the gate to open
        (at most `PAUSE_WAIT_S` a gate: a safety net; cancelling opens them). Each check
        also hands the interpreter lock to the GUI thread if it waits for it (at most every `GIVE_WAY_S`):
        core work checks between documents or items, so such a slice is about the longest the window waits
        for a worker (left to the interpreter's own switching, a worker kept the lock 100-800 ms at a time on
        a loaded machine)."""
        for gate in self._gates:
            if not gate.is_set() and not self._event.is_set():
                gate.wait(PAUSE_WAIT_S)
        now = time.perf_counter()
        if now - self._gave_way >= GIVE_WAY_S:
            _give_way()
            self._gave_way = now
        return self._event.is_set()

    def check(self) -> None:
        """Raise `JobCancelled` when `cancelled()`; call it between steps."""
        if self.cancelled():
            raise JobCancelled()


class Runner(Protocol):
    """Runs work functions and hands their outcome back (on the caller's thread)."""

    def submit(self, label: str, work: Callable[[JobContext], T], on_done: Callable[[T], None], *,
               on_error: Callable[[BaseException], None] | None = None,
               on_cancelled: Callable[[], None] | None = None, key: str = MAIN, exclusive: bool = False,
               on_partial: Callable[[Any], None] | None = None) -> int:
        """Start `work`, superseding the running job of the same `key` (its `on_cancelled` runs); returns the
        job id. `exclusive` (MAIN only): other jobs wait at their cancel checks meanwhile. `on_partial`: what
        the work hands over with `JobContext.deliver` while it runs."""
        ...

    def cancel(self, key: str = MAIN) -> None:
        """Stop the running job of `key` (what it still delivers is dropped)."""
        ...

    def running(self, key: str = MAIN) -> bool:
        """Whether a job of `key` is running: in a superseded job's `on_cancelled`, the job that superseded it."""
        ...

    def pause_quiet(self) -> None:
        """The window is busy drawing: every job waits at its cancel checks until that is painted, quiet
        (non-MAIN) jobs a moment more."""
        ...

    def hurry(self, key: str, *, open_gate: bool = True) -> None:
        """Start the queued (or held) quiet job of `key` now, beside the running one (the user waits for it).
        `open_gate=False`: a job that makes no cancel check leaves the GUI thread's gate as it is."""
        ...


class ImmediateRunner:
    """A `Runner` that runs each job at once on the calling thread (scripts, tests, headless use)."""

    def __init__(self) -> None:
        self._next_id = 0

    def submit(self, label: str, work: Callable[[JobContext], Any], on_done: Callable[[Any], None], *,
               on_error: Callable[[BaseException], None] | None = None,
               on_cancelled: Callable[[], None] | None = None, key: str = MAIN, exclusive: bool = False,
               on_partial: Callable[[Any], None] | None = None) -> int:
        self._next_id += 1
        partial = on_partial or _ignore
        try:
            value = work(JobContext(self._next_id, _emit_partial=lambda _job, part: partial(part)))
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

    def pause_quiet(self) -> None:
        """Nothing runs in the background: nothing to pause."""

    def hurry(self, key: str, *, open_gate: bool = True) -> None:
        """Nothing waits: every job ran when submitted."""
