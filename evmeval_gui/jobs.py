"""The one place background work runs: a pure function in, its result back on the GUI thread.

`JobRunner.submit(label, work, on_done)` starts `work(context)` on a worker thread. The worker never
touches a widget: it reports through `JobContext.progress(done, total)` / `status(text)`, which the
runner forwards to the GUI thread with queued signals, and its return value (or exception) is handed
to `on_done` / `on_error` there. Submitting a new job supersedes the running one: the old job is asked
to stop (its `cancelled()` turns true) and whatever it still delivers is dropped. Nothing polls and
nothing sleeps; core functions see only the plain `progress` and `cancelled` callables.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Qt, Signal, Slot

T = TypeVar("T")


class JobCancelled(Exception):
    """Raised by `JobContext.check()` (or any work function) to stop early."""


@dataclass
class JobContext:
    """What a work function may use: progress reports and a cancel check. Thread-safe."""

    job_id: int
    _event: threading.Event
    _emit_progress: Callable[[int, int, int], None]
    _emit_status: Callable[[int, str], None]

    def progress(self, done: int, total: int) -> None:
        """Report `done` out of `total` steps (total 0: unknown amount of work)."""
        self._emit_progress(self.job_id, int(done), int(total))

    def status(self, text: str) -> None:
        """Say what the job is doing now (shown in the status bar)."""
        self._emit_status(self.job_id, text)

    def cancelled(self) -> bool:
        """True once the user cancelled or a newer job superseded this one."""
        return self._event.is_set()

    def check(self) -> None:
        """Raise `JobCancelled` when `cancelled()`; call it between steps."""
        if self._event.is_set():
            raise JobCancelled()


@dataclass
class _Job:
    job_id: int
    label: str
    event: threading.Event
    on_done: Callable[[Any], None]
    on_error: Callable[[BaseException], None] | None
    on_cancelled: Callable[[], None] | None
    thread: threading.Thread | None = field(default=None, repr=False)


class _Bridge(QObject):
    """Signals emitted from worker threads; connected with queued connections to the runner."""

    progressed = Signal(int, int, int)
    status = Signal(int, str)
    succeeded = Signal(int, object)
    failed = Signal(int, object)


class JobRunner(QObject):
    """Runs one background job at a time and delivers its outcome on the GUI thread.

    Signals (GUI thread): `job_started(label)`, `job_progress(done, total)`, `job_status(text)`,
    `job_finished(label, outcome)` where outcome is "done", "failed" or "cancelled".
    """

    job_started = Signal(str)
    job_progress = Signal(int, int)
    job_status = Signal(str)
    job_finished = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = _Bridge(self)
        queued = Qt.ConnectionType.QueuedConnection
        self._bridge.progressed.connect(self._on_progress, queued)
        self._bridge.status.connect(self._on_status, queued)
        self._bridge.succeeded.connect(self._on_succeeded, queued)
        self._bridge.failed.connect(self._on_failed, queued)
        self._next_id = 0
        self._current: _Job | None = None
        self._threads: list[threading.Thread] = []

    # -- public API -------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a job is running (and not cancelled)."""
        return self._current is not None

    def submit(
        self,
        label: str,
        work: Callable[[JobContext], T],
        on_done: Callable[[T], None],
        *,
        on_error: Callable[[BaseException], None] | None = None,
        on_cancelled: Callable[[], None] | None = None,
    ) -> int:
        """Start `work` on a worker thread, superseding any running job; returns the job id."""
        self._supersede()
        self._next_id += 1
        job = _Job(self._next_id, label, threading.Event(), on_done, on_error, on_cancelled)
        context = JobContext(job.job_id, job.event, self._bridge.progressed.emit, self._bridge.status.emit)
        thread = threading.Thread(target=self._run, args=(job.job_id, work, context),
                                  name=f"evmeval-job-{job.job_id}", daemon=True)
        job.thread = thread
        self._current = job
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        self.job_started.emit(label)
        thread.start()
        return job.job_id

    def cancel(self) -> None:
        """Stop the running job: it is told to stop, and anything it still delivers is dropped."""
        job = self._current
        if job is None:
            return
        job.event.set()
        self._current = None
        if job.on_cancelled is not None:
            job.on_cancelled()
        self.job_finished.emit(job.label, "cancelled")

    def shutdown(self, timeout: float = 5.0) -> bool:
        """Cancel and wait for the worker threads (window closing); True when all of them ended."""
        job = self._current
        if job is not None:
            job.event.set()
            self._current = None
        for thread in self._threads:
            thread.join(timeout)
        alive = [t for t in self._threads if t.is_alive()]
        self._threads = alive
        return not alive

    # -- worker side ------------------------------------------------------------------------------

    def _run(self, job_id: int, work: Callable[[JobContext], Any], context: JobContext) -> None:
        try:
            result = work(context)
        except BaseException as exc:  # delivered to the GUI thread, which decides what to show
            self._deliver(self._bridge.failed, job_id, exc)
        else:
            self._deliver(self._bridge.succeeded, job_id, result)

    @staticmethod
    def _deliver(signal: Any, job_id: int, payload: object) -> None:
        with contextlib.suppress(RuntimeError):  # the window (and its runner) is gone: nobody to tell
            signal.emit(job_id, payload)

    # -- GUI side ---------------------------------------------------------------------------------

    def _supersede(self) -> None:
        job = self._current
        if job is not None:
            job.event.set()
            self._current = None
            self.job_finished.emit(job.label, "cancelled")

    def _is_current(self, job_id: int) -> bool:
        return self._current is not None and self._current.job_id == job_id

    @Slot(int, int, int)
    def _on_progress(self, job_id: int, done: int, total: int) -> None:
        if self._is_current(job_id):
            self.job_progress.emit(done, total)

    @Slot(int, str)
    def _on_status(self, job_id: int, text: str) -> None:
        if self._is_current(job_id):
            self.job_status.emit(text)

    @Slot(int, object)
    def _on_succeeded(self, job_id: int, result: object) -> None:
        if not self._is_current(job_id):
            return
        job = self._current
        assert job is not None
        self._current = None
        self.job_finished.emit(job.label, "done")
        job.on_done(result)

    @Slot(int, object)
    def _on_failed(self, job_id: int, exc: object) -> None:
        if not self._is_current(job_id):
            return
        job = self._current
        assert job is not None
        self._current = None
        if isinstance(exc, JobCancelled) or (job.event.is_set()):
            self.job_finished.emit(job.label, "cancelled")
            if job.on_cancelled is not None:
                job.on_cancelled()
            return
        self.job_finished.emit(job.label, "failed")
        if job.on_error is not None and isinstance(exc, BaseException):
            job.on_error(exc)
        elif isinstance(exc, BaseException):
            raise exc
