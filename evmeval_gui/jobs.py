"""The one place background work runs: a pure function in, its result back on the GUI thread.

`JobRunner.submit(label, work, on_done, key=...)` starts `work(context)` on a worker thread. The worker
never touches a widget: it reports through `JobContext.progress(done, total)` / `status(text)` (see
`evmeval_gui.model.jobs`), which the runner forwards to the GUI thread with queued signals, and its
return value (or exception) is handed to `on_done` / `on_error` there. Jobs are keyed: a new job
supersedes the running job of the same key (it is asked to stop, and whatever it still delivers is
dropped), while jobs of other keys go on. The window's progress bar and Cancel button follow the
`MAIN` key (loading, scoring, comparing, exporting); other keys (chart computations) run quietly, one
at a time: run together, four of them would leave the GUI thread a quarter of the interpreter lock
(switching documents went from ~45 ms to 100-160 ms), while their total time stays the same (`hurry(key)` starts
a queued one the user waits for at once: the charts' library after a click on the Charts dock). Even one
running quiet job triples a document switch, so `pause_quiet()` (the window calls it when the
selection is about to change) makes quiet jobs wait at their next cancel check until the user has
been idle for `PAUSE_MS`; they wait the same way while an `exclusive` MAIN job runs and `PAUSE_MS` after it
delivered (a curation opening or a batch of decisions: the user waits for it, and the Agreement's intervals
or the pair's counts would share the interpreter with it and with the window drawing its result).
The GUI thread goes first: while it works for the user (`gui_at_work`: a selection change, through
`pause_quiet`; a turn of `evmeval_gui.turns`, from the moment it is put off; a job's result taken in) EVERY job,
`MAIN` included, waits at its next cancel check until that work is painted (`AFTER_PAINT_MS`: a timer, which an
event loop's pass runs after the paints it posts). A click on a document not scored yet took 2-5 times its own CPU
in wall time beside the corpus load's worker; held, the load loses only the click's own time (docs/benchmarks.md).
A job's result (or a part of it, or its failure) that comes while the gate is shut waits too, and is taken in
a turn of its own once it opens: the corpus's arrival (10-15 ms of GUI CPU, and the whole window's repaint after
it) came in as a posted call between a click's work and its paint (a paint is a posted event of low priority,
so the result ran first), and the click waited for both. Results are taken in one per opening, in the order they
came. That gate is one for the process (every worker shares the one GUI thread's interpreter); Cancel, `hurry` and
closing open it first (the GUI thread never waits for a worker that waits for it), and each wait is bounded
(`model.jobs.PAUSE_WAIT_S`). Work between two cancel checks (a scan of a whole file) is not held.
While any job runs, the interpreter hands its lock over every `SWITCH_INTERVAL_S` instead of every 5 ms
(`_short_switches`): each call from Qt back into Python (a model's `data()` for every cell a paint draws) takes
the lock again, and waited up to 5 ms for a worker running Python each time.
Nothing polls and nothing sleeps; core functions see only the plain `progress` and `cancelled` callables.
A job's result, once handed over, is frozen out of the garbage collector's walks (`model.collector`): a
corpus's coreference or alignment tables would otherwise make every full collection cost tens of ms.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot

from evmeval_gui.model import collector
from evmeval_gui.model import jobs as model_jobs
from evmeval_gui.model.jobs import MAIN, JobCancelled, JobContext

__all__ = ["MAIN", "JobCancelled", "JobContext", "JobRunner"]

T = TypeVar("T")

PAUSE_MS = 150
"""Quiet jobs resume this long after the last `pause_quiet()` (a document switch takes ~40 ms)."""

AFTER_PAINT_MS = 1
"""Every job resumes at a timer this long after the GUI thread's last work for the user (`gui_at_work`): a pass of
the event loop sends the posted paints that work asked for before it runs its timers (a zero timer is a posted call
in Qt 6 and would run before them)."""

HOLD_TURNS = 100
"""The most turns put off for the user that keep every job waiting in one stretch of the gate's (`_AtWork`), beside
its time bound `model.jobs.PAUSE_WAIT_S`: a click's turns, a long document's whole layout included (a
180,000-token document's is 60 turns of a few ms), but no endless chain (the load would wait for it)."""

SWITCH_INTERVAL_S = 0.00005
"""The interpreter's switch interval while a job runs (CPython's default: 5 ms). Each call from Qt back into Python,
and each return from a PySide call that let the lock go, waits for a worker running Python up to this long: a click
makes some hundred of them before the jobs' gate stops the worker at its next cancel check. A 200-row table
repainted beside a worker took 28-66 ms at 5 ms, 16-33 ms at 0.5 ms (docs/developer.md, "The GUI thread and the
interpreter's lock"); a click on a MAVEN-ERE document not scored yet while the corpus loads, 46-257 ms at 0.5 ms
against 14-47 ms at 50 µs (GUI CPU 13-39), the load's time the same (docs/benchmarks.md): only a lock both threads
want is handed over sooner."""

_SWITCHES = {"running": 0, "before": 0.0}
_SWITCHES_LOCK = threading.Lock()


@contextlib.contextmanager
def _short_switches() -> Iterator[None]:
    """Around a job's work: the short switch interval while any job runs, the one before once none does."""
    with _SWITCHES_LOCK:
        if _SWITCHES["running"] == 0:
            _SWITCHES["before"] = sys.getswitchinterval()
            sys.setswitchinterval(min(SWITCH_INTERVAL_S, _SWITCHES["before"]))
        _SWITCHES["running"] += 1
    try:
        yield
    finally:
        with _SWITCHES_LOCK:
            _SWITCHES["running"] -= 1
            if _SWITCHES["running"] == 0:
                sys.setswitchinterval(_SWITCHES["before"])


class _AtWork:
    """Whether the GUI thread works for the user: one for the process, as the interpreter lock its one GUI thread
    shares with every worker is (see the module).

    Shut by the user's work (`begin`) and by every turn put off for it (`put_off`, `turn_ran`: `turns`); it opens
    `AFTER_PAINT_MS` after the last, once no turn is pending: a click's later turns (a long document's layout in
    steps, a mapping table filled a turn later) are its work too. A stretch of pending turns holds it at most
    `HOLD_TURNS` turns and `model.jobs.PAUSE_WAIT_S` (the longest one check waits anyway): beyond that the chain's
    rest runs beside the jobs (a chain that goes on would otherwise stop the corpus load for as long)."""

    def __init__(self) -> None:
        self.free = threading.Event()
        """Set unless the GUI thread works for the user: every job waits at its cancel checks while it is clear."""
        self.free.set()
        self._painted: QTimer | None = None
        """Opens the gate `AFTER_PAINT_MS` after the last `begin` or turn, when no turn is pending."""
        self._bound: QTimer | None = None
        """Ends the stretch's hold by pending turns `PAUSE_WAIT_S` after the gate shut."""
        self._pending = 0
        """Turns put off and not run yet (since `end`: `_era` tells the turns put off before it)."""
        self._era = 0
        """How many times `end` let every job go: a turn put off before it is no longer counted when it runs."""
        self._turns = 0
        """Turns run since the gate shut."""
        self._spent = False
        """Pending turns no longer hold the gate (the bound is reached), until none is pending or the user works."""
        self._listeners: list[weakref.WeakMethod[Callable[[], None]]] = []
        """Told each time the gate opens (on the GUI thread): the runners, which then take in the results that
        waited for it."""

    def when_open(self, listener: Callable[[], None]) -> None:
        """Call the bound method `listener` each time the gate opens, for as long as its object lives."""
        self._listeners = [ref for ref in self._listeners if ref() is not None] + [weakref.WeakMethod(listener)]

    def begin(self) -> None:
        """The GUI thread works for the user now (GUI thread only): jobs wait until `AFTER_PAINT_MS` after the last
        call, once what it drew is painted and no turn is pending."""
        if self.free.is_set():
            self._spent = False  # the user's own work: its turns hold the gate again
        self._shut()

    def put_off(self) -> int:
        """A turn for the user is put off (`turns.next_turn`): the gate stays shut until it has run. Returns what
        `turn_ran` is given."""
        self._pending += 1
        if not self._spent:
            self._shut()
        return self._era

    def turn_ran(self, era: int) -> None:
        """A turn put off has run (`era`: what `put_off` returned): the gate opens `AFTER_PAINT_MS` after it,
        unless another is pending."""
        if era == self._era:
            self._pending -= 1
        self._turns += 1
        if self._turns > HOLD_TURNS:
            self._spent = True
        if not self._spent:
            self._shut()
        elif self._pending == 0:
            self._spent = False

    def end(self) -> None:
        """Every job goes on now: the GUI thread is about to wait for a worker, or a job must end promptly."""
        self._pending = 0
        self._era += 1  # the turns pending now no longer count
        self._spent = False
        self._open()

    def _shut(self) -> None:
        if self._painted is None or self._bound is None:
            self._painted = QTimer()
            self._painted.setSingleShot(True)
            self._painted.setInterval(AFTER_PAINT_MS)
            self._painted.timeout.connect(self._painted_out)
            self._bound = QTimer()
            self._bound.setSingleShot(True)
            self._bound.timeout.connect(self._bound_out)
        if self.free.is_set():  # a stretch begins
            self._turns = 0
            self._bound.start(int(model_jobs.PAUSE_WAIT_S * 1000))
        self.free.clear()
        self._painted.start()  # (again: one timer, not one per call)

    def _painted_out(self) -> None:
        if self._pending and not self._spent:
            return  # a turn still to run: it shuts the timer again once it ran (or the bound ends the wait)
        self._open()

    def _bound_out(self) -> None:
        self._spent = bool(self._pending)
        if self._painted is None or not self._painted.isActive():
            self._open()

    def _open(self) -> None:
        for timer in (self._painted, self._bound):
            if timer is not None:
                timer.stop()
        if self._pending == 0:
            self._spent = False
        self.free.set()
        for ref in list(self._listeners):
            listener = ref()
            if listener is not None:
                with contextlib.suppress(RuntimeError):  # its window is gone
                    listener()


_AT_WORK = _AtWork()


def gui_at_work() -> None:
    """The GUI thread works for the user now (a selection change, a turn of `evmeval_gui.turns`, a job's result
    taken in): every running job, `MAIN` included, waits at its next cancel check until that work is painted.
    Call it on the GUI thread."""
    _AT_WORK.begin()


def turn_put_off() -> int:
    """A turn of work for the user is put off to a later pass of the event loop (`turns.next_turn`): every job waits
    until it has run and is painted (within the bounds `HOLD_TURNS` and `model.jobs.PAUSE_WAIT_S`). Returns what
    `turn_ran` is given."""
    return _AT_WORK.put_off()


def turn_ran(era: int) -> None:
    """A turn put off with `turn_put_off` (which returned `era`) has run, or was dropped: the gate opens once it is
    painted and no other turn is pending."""
    _AT_WORK.turn_ran(era)


@dataclass
class _Job:
    job_id: int
    key: str
    label: str
    event: threading.Event
    on_done: Callable[[Any], None]
    on_error: Callable[[BaseException], None] | None
    on_cancelled: Callable[[], None] | None
    thread: threading.Thread | None = field(default=None, repr=False)
    exclusive: bool = False
    on_partial: Callable[[Any], None] | None = None


class _Bridge(QObject):
    """Signals emitted from worker threads; connected with queued connections to the runner."""

    progressed = Signal(int, int, int)
    status = Signal(int, str)
    succeeded = Signal(int, object)
    partial = Signal(int, object)
    failed = Signal(int, object)
    ended = Signal(int)


class JobRunner(QObject):
    """Runs background jobs, one per key, and delivers their outcome on the GUI thread.

    Signals (GUI thread, `MAIN` jobs only): `job_started(label)`, `job_progress(done, total)`,
    `job_status(text)`, `job_finished(label, outcome)` where outcome is "done", "failed" or "cancelled".
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
        self._bridge.partial.connect(self._on_partial, queued)
        self._bridge.failed.connect(self._on_failed, queued)
        self._bridge.ended.connect(self._on_ended, queued)
        self._next_id = 0
        self._current: dict[str, _Job] = {}
        self._threads: list[threading.Thread] = []
        self._held: list[_Job] | None = None
        self._quiet_queue: list[_Job] = []
        self._quiet_running: int | None = None
        """The id of the quiet job whose thread runs (quiet jobs run one at a time, see the module)."""
        self._quiet_gate = threading.Event()
        self._quiet_gate.set()
        self._resume = QTimer(self)
        self._resume.setSingleShot(True)
        self._resume.timeout.connect(self._gate_quiet)
        self._waiting: list[tuple[Callable[[int, Any], None], int, object]] = []
        """What the jobs handed over while the GUI thread worked for the user (`_in_turn`), in the order it came."""
        self._hand_over = QTimer(self)
        self._hand_over.setSingleShot(True)
        self._hand_over.setInterval(AFTER_PAINT_MS)  # a timer, not a posted call: input and paints come first
        self._hand_over.timeout.connect(self._take_waiting)
        _AT_WORK.when_open(self._gate_opened)

    # -- public API -------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a `MAIN` job is running (and not cancelled)."""
        return MAIN in self._current

    def running(self, key: str = MAIN) -> bool:
        """Whether a job of `key` is running (and not cancelled)."""
        return key in self._current

    @property
    def idle(self) -> bool:
        """Whether no job of any key is running or waiting (a screenshot waits for this)."""
        return not self._current

    def submit(
        self,
        label: str,
        work: Callable[[JobContext], T],
        on_done: Callable[[T], None],
        *,
        on_error: Callable[[BaseException], None] | None = None,
        on_cancelled: Callable[[], None] | None = None,
        key: str = MAIN,
        exclusive: bool = False,
        on_partial: Callable[[Any], None] | None = None,
    ) -> int:
        """Start `work` on a worker thread, superseding the running job of `key`; returns the job id.
        `exclusive` (MAIN only): quiet jobs wait at their cancel checks until it is over. `on_partial`: what
        the work hands over with `JobContext.deliver`, on the GUI thread while the job is the running one.

        The superseded job's `on_cancelled` runs once this job is the running one (`running(key)` is then
        True: a callback can tell a superseded job from one the user cancelled)."""
        superseded = self._supersede(key)
        self._next_id += 1
        job = _Job(self._next_id, key, label, threading.Event(), on_done, on_error, on_cancelled,
                   exclusive=exclusive and key == MAIN, on_partial=on_partial)
        gates = (_AT_WORK.free,) if key == MAIN else (_AT_WORK.free, self._quiet_gate)
        context = JobContext(job.job_id, job.event, self._bridge.progressed.emit, self._bridge.status.emit,
                             gates, _emit_partial=self._partial_from_worker)
        thread = threading.Thread(target=self._run, args=(job.job_id, work, context),
                                  name=f"evmeval-job-{job.job_id}", daemon=True)
        job.thread = thread
        self._current[key] = job
        self._gate_quiet()
        self._threads = [t for t in self._threads if t.is_alive() or t.ident is None] + [thread]  # None: held
        self._announce(job, self.job_started, label)
        if superseded is not None:  # said once this job runs: the status bar keeps its progress and Cancel
            self._announce(superseded, self.job_finished, superseded.label, "cancelled")
        if superseded is not None and superseded.on_cancelled is not None:
            superseded.on_cancelled()  # e.g. a curation opening gives up the lock it took
        if self._held is not None and key != MAIN:
            self._held.append(job)
        else:
            self._start(job)
        return job.job_id

    def hold_quiet(self) -> None:
        """Start no quiet (non-`MAIN`) job until `release_quiet`: they are queued, keyed as usual.

        The window holds them while a corpus is installed and its first document drawn: chart,
        coreference and interval jobs would otherwise take the interpreter from the first paint."""
        if self._held is None:
            self._held = []

    def release_quiet(self) -> None:
        """Start the held jobs that are still wanted (not superseded or cancelled meanwhile)."""
        held, self._held = self._held or [], None
        for job in held:
            if job.thread is None:
                continue
            if self._current.get(job.key) is job:
                self._start(job)
            elif job.thread in self._threads:
                self._threads.remove(job.thread)

    def hurry(self, key: str, *, open_gate: bool = True) -> None:
        """Start the quiet job of `key` now if it waits for another quiet job to end, or is held while a corpus
        loads (`hold_quiet`): the user waits for it (a click on the Charts dock waits for the charts' library,
        queued behind the corpus's coreference; a long document's text). `open_gate=False`: the job makes no
        cancel check, so the gate stays shut for the rest of the user's turn (the load waits for its paint)."""
        job = self._current.get(key)
        if job is None or job.thread is None:
            return
        if job in self._quiet_queue:
            self._quiet_queue.remove(job)
        elif self._held is not None and job in self._held:
            self._held.remove(job)
        else:
            return
        if open_gate:
            _AT_WORK.end()  # the user waits for it: it does not wait for this turn's paint
        job.thread.start()  # beside the running quiet job; `_on_ended` ignores it (not `_quiet_running`)

    def pause_quiet(self, ms: int = PAUSE_MS) -> None:
        """The user is doing something (the selection is about to change): quiet jobs wait at their cancel checks
        until `ms` after the last call, and every job, `MAIN` included, until what the GUI thread draws for it is
        painted (`gui_at_work`): the GUI thread then has the interpreter to itself."""
        self._quiet_gate.clear()
        self._resume.start(ms)
        gui_at_work()

    def _gate_quiet(self) -> None:
        """Quiet jobs wait at their cancel checks while the user is busy (`pause_quiet`) or an exclusive MAIN
        job runs; else they go on."""
        main = self._current.get(MAIN)
        if self._resume.isActive() or (main is not None and main.exclusive):
            self._quiet_gate.clear()
        else:
            self._quiet_gate.set()

    @property
    def quiet_paused(self) -> bool:
        """Whether quiet jobs are asked to wait (`pause_quiet`, or an exclusive job)."""
        return not self._quiet_gate.is_set()

    @property
    def all_paused(self) -> bool:
        """Whether every job, `MAIN` included, is asked to wait: the GUI thread works for the user (`gui_at_work`)."""
        return not _AT_WORK.free.is_set()

    def cancel(self, key: str = MAIN) -> None:
        """Stop the running job of `key`: it is told to stop, and anything it still delivers is dropped."""
        job = self._current.pop(key, None)
        if job is None:
            return
        job.event.set()
        _AT_WORK.end()  # a job waiting at its check ends now, not after the paint
        self._gate_quiet()
        if job.on_cancelled is not None:
            job.on_cancelled()
        self._announce(job, self.job_finished, job.label, "cancelled")

    def shutdown(self, timeout: float = 5.0) -> bool:
        """Cancel every job and wait for the worker threads (window closing); True when all of them ended."""
        for job in self._current.values():
            job.event.set()
        self._current.clear()
        self._held = None
        self._quiet_queue = []
        self._waiting = []
        self._resume.stop()
        self._quiet_gate.set()
        _AT_WORK.end()  # the GUI thread waits for the workers below: none may wait for it
        for thread in self._threads:
            if thread.ident is not None:  # a held job's thread never started
                thread.join(timeout)
        alive = [t for t in self._threads if t.is_alive()]
        self._threads = alive
        return not alive

    # -- worker side ------------------------------------------------------------------------------

    def _run(self, job_id: int, work: Callable[[JobContext], Any], context: JobContext) -> None:
        try:
            with _short_switches():
                result = work(context)
        except BaseException as exc:  # delivered to the GUI thread, which decides what to show
            self._deliver(self._bridge.failed, job_id, exc)
        else:
            self._deliver(self._bridge.succeeded, job_id, result)
        finally:
            with contextlib.suppress(RuntimeError):
                self._bridge.ended.emit(job_id)

    def _partial_from_worker(self, job_id: int, value: object) -> None:
        self._deliver(self._bridge.partial, job_id, value)

    @staticmethod
    def _deliver(signal: Any, job_id: int, payload: object) -> None:
        with contextlib.suppress(RuntimeError):  # the window (and its runner) is gone: nobody to tell
            signal.emit(job_id, payload)

    # -- GUI side ---------------------------------------------------------------------------------

    def _start(self, job: _Job) -> None:
        """Start a job's thread; a quiet job waits while another quiet job's thread runs."""
        assert job.thread is not None
        if job.key != MAIN:
            if self._quiet_running is not None:
                self._quiet_queue.append(job)
                return
            self._quiet_running = job.job_id
        job.thread.start()

    @Slot(int)
    def _on_ended(self, job_id: int) -> None:
        """A job's thread is done (whatever became of its result): the next quiet job may start."""
        if job_id != self._quiet_running:
            return
        self._quiet_running = None
        while self._quiet_queue:
            job = self._quiet_queue.pop(0)
            if self._current.get(job.key) is job:
                self._start(job)
                return
            if job.thread in self._threads:
                self._threads.remove(job.thread)

    @staticmethod
    def _announce(job: _Job, signal: Any, *args: object) -> None:
        if job.key == MAIN:
            signal.emit(*args)

    def _supersede(self, key: str) -> _Job | None:
        """Stop the running job of `key` for a newer one; the stopped job (its `on_cancelled` and its
        `job_finished` are the caller's, once the newer one runs)."""
        job = self._current.pop(key, None)
        if job is not None:
            job.event.set()
        return job

    def _job(self, job_id: int) -> _Job | None:
        """The running job with this id (None: it was cancelled or superseded)."""
        return next((job for job in self._current.values() if job.job_id == job_id), None)

    @Slot(int, int, int)
    def _on_progress(self, job_id: int, done: int, total: int) -> None:
        job = self._job(job_id)
        if job is not None:
            self._announce(job, self.job_progress, done, total)

    @Slot(int, str)
    def _on_status(self, job_id: int, text: str) -> None:
        job = self._job(job_id)
        if job is not None:
            self._announce(job, self.job_status, text)

    def _in_turn(self, take: Callable[[int, Any], None], job_id: int, payload: object) -> None:
        """Take a job's outcome in now, or, while the GUI thread works for the user (or earlier outcomes wait),
        once its work is painted (the module)."""
        if self._waiting or not _AT_WORK.free.is_set():
            self._waiting.append((take, job_id, payload))
        else:
            take(job_id, payload)

    def _gate_opened(self) -> None:
        if self._waiting:
            self._hand_over.start()

    def _take_waiting(self) -> None:
        """Take in the outcome that waited longest, in a turn of its own: the next waits for this one's paint
        (taking it in shuts the gate)."""
        if self._waiting and _AT_WORK.free.is_set():
            take, job_id, payload = self._waiting.pop(0)
            take(job_id, payload)
            if self._waiting and _AT_WORK.free.is_set():
                self._hand_over.start()

    @Slot(int, object)
    def _on_succeeded(self, job_id: int, result: object) -> None:
        self._in_turn(self._take_result, job_id, result)

    @Slot(int, object)
    def _on_partial(self, job_id: int, value: object) -> None:
        self._in_turn(self._take_partial, job_id, value)

    @Slot(int, object)
    def _on_failed(self, job_id: int, exc: object) -> None:
        self._in_turn(self._take_failure, job_id, exc)

    def _take_result(self, job_id: int, result: object) -> None:
        job = self._job(job_id)
        if job is None:
            return
        del self._current[job.key]
        if job.exclusive:
            self.pause_quiet()  # its result is drawn next: quiet jobs wait a moment more
        self._gate_quiet()
        gui_at_work()  # the result taken in and drawn: the other jobs wait for its paint
        self._announce(job, self.job_finished, job.label, "done")
        job.on_done(result)
        collector.freeze_survivors()  # what the job made and the window now keeps: out of the collector's walks

    def _take_partial(self, job_id: int, value: object) -> None:
        job = self._job(job_id)
        if job is not None and job.on_partial is not None:
            gui_at_work()  # e.g. the first document of a corpus, drawn now
            job.on_partial(value)

    def _take_failure(self, job_id: int, exc: object) -> None:
        job = self._job(job_id)
        if job is None:
            return
        del self._current[job.key]
        self._gate_quiet()
        if isinstance(exc, JobCancelled) or job.event.is_set():
            self._announce(job, self.job_finished, job.label, "cancelled")
            if job.on_cancelled is not None:
                job.on_cancelled()
            return
        self._announce(job, self.job_finished, job.label, "failed")
        if job.on_error is not None and isinstance(exc, BaseException):
            job.on_error(exc)
        elif isinstance(exc, BaseException):
            raise exc
