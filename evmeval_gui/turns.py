"""Work on the GUI thread put off to later turns of the event loop (issue 34: no click's work over 50 ms in one go).

`QTimer.singleShot(0, call)` is a posted call in Qt 6: it runs in the same pass of the event loop as the work that
posted it, before the window's timers, input and painting, so two halves of a long piece of work still froze the
window as one. A 1 ms timer lets all of them come in between. `next_turn` puts off one step; `Steps` runs a
sequence of them (the Compare mode's opening builds and fills four pages: 250-450 ms of GUI CPU at 2,000 documents
in one go), one per turn, and runs the rest at once when the user needs them now. From the moment a turn is put off
until the last turn pending has run and been painted, background jobs wait at their cancel checks
(`jobs.turn_put_off`, `jobs.turn_ran`): the turn is the GUI thread's work for the user, and a worker running Python
beside it doubled to quintupled its wall time. A chain of turns holds them within bounds (`jobs.HOLD_TURNS`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer

from evmeval_gui.jobs import turn_put_off, turn_ran

NEXT_TURN_MS = 1
"""How long a step waits: a timer, not a posted call (see the module)."""

Step = Callable[[], None]


def next_turn(call: Step, owner: QObject | None = None) -> None:
    """Run `call` in a later turn of the event loop, after what is pending (what was drawn so far is painted);
    not at all once `owner` is deleted (the widgets the call touches go with it). Jobs wait meanwhile, and until
    what `call` draws is painted and no other turn is pending (`jobs.turn_put_off`); a turn dropped with its
    owner no longer holds them once the owner is gone."""
    pending = [True]

    def settle() -> None:
        if pending[0]:
            pending[0] = False
            turn_ran(era)

    def turn() -> None:
        try:
            call()
        finally:
            settle()
            if dropped is not None:
                QObject.disconnect(dropped)

    era = turn_put_off()
    dropped = None
    if owner is None:
        QTimer.singleShot(NEXT_TURN_MS, turn)
    else:
        QTimer.singleShot(NEXT_TURN_MS, owner, turn)
        dropped = owner.destroyed.connect(settle)  # never run: no longer pending either


def release(items: list[object], owner: QObject | None = None) -> None:
    """Let go of `items`, one per later turn (`next_turn`): the last reference to a large result frees all of it
    by reference counting, in one go, on the thread that drops it (the Agreement mode's pair comparisons at
    2,000 documents: 29 ms of the GUI thread in the turn that showed the curation, in some runs)."""
    if items:
        def one() -> None:
            items.pop()
            release(items, owner)

        next_turn(one, owner)


class Steps:
    """Steps run one per later turn of the event loop (`next_turn`); a new `start` drops the steps of the one
    before, and so does `cancel`."""

    def __init__(self, owner: QObject) -> None:
        self._owner = owner
        self._steps: list[Step] = []
        self._run = 0
        """Which `start` a pending turn belongs to: a turn left from a run cancelled, finished or started again
        does nothing."""

    @property
    def running(self) -> bool:
        """Whether steps are still to run."""
        return bool(self._steps)

    def start(self, steps: Iterable[Step]) -> None:
        """Run the steps, each in a turn of its own from the next one on (the caller's turn has its own work: the
        Compare mode's is a job's result handed over, 10-15 ms)."""
        self._steps = list(steps)
        self._run += 1
        self._later()

    def then(self, step: Step) -> None:
        """Run `step` after the steps still to run, in a turn of its own (at once in the next turn when none
        are left)."""
        self._steps.append(step)
        if len(self._steps) == 1:
            self._run += 1
            self._later()

    def finish(self) -> None:
        """Run every step still to run, now."""
        self._run += 1
        while self._steps:
            self._steps.pop(0)()

    def cancel(self) -> None:
        """Drop the steps still to run."""
        self._run += 1
        self._steps = []

    def _later(self) -> None:
        run = self._run
        next_turn(lambda: self._next(run), self._owner)

    def _next(self, run: int) -> None:
        if run != self._run or not self._steps:
            return
        self._steps.pop(0)()
        if self._steps and run == self._run:
            self._later()
