"""The bootstrap interval of the shown result's micro F1, computed off the GUI thread (no Qt).

When a result is shown, `MicroIntervals` asks the session's runner (its own job key, so loading and
exports are not disturbed, and no progress bar appears for it) for `evmeval.compare.significance.
micro_intervals` of the four combinations, and emits `ready(result, intervals)`; the summary bar puts
"F1 [low, high]" into its tooltip. Intervals are kept per result while it is shown.
"""

from __future__ import annotations

from evmeval.align import COMBINATIONS
from evmeval.compare.significance import DEFAULT_SETTINGS, F1Interval, ResampleSettings, micro_intervals
from evmeval.mention.scoring import ScoreResult

from evmeval_gui.model.events import Signal
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.session import Session

JOB_KEY = "micro_ci"


class MicroIntervals:
    """Follows the session's result; `ready(result, {combination: F1Interval})` once computed."""

    def __init__(self, session: Session, settings: ResampleSettings = DEFAULT_SETTINGS) -> None:
        self.ready = Signal("ready")
        self.session = session
        self.settings = settings
        self._done: dict[int, tuple[ScoreResult, dict[str, F1Interval]]] = {}
        session.scoring_finished.connect(self._on_result)

    def intervals(self, result: ScoreResult | None) -> dict[str, F1Interval] | None:
        """The intervals of `result`, if computed."""
        entry = self._done.get(id(result)) if result is not None else None
        return entry[1] if entry is not None and entry[0] is result else None

    def _on_result(self) -> None:
        result = self.session.result
        if result is None:
            return
        if self.intervals(result) is not None:
            self.ready.emit(result, self.intervals(result))
            return
        settings = self.settings

        def work(context: JobContext) -> dict[str, F1Interval]:
            context.check()
            return micro_intervals(result, COMBINATIONS, settings)

        def done(intervals: dict[str, F1Interval]) -> None:
            self._done = {k: v for k, v in self._done.items() if v[0] in self._shown()}
            self._done[id(result)] = (result, intervals)
            self.ready.emit(result, intervals)

        self.session.runner.submit("Bootstrap intervals", work, done, on_error=lambda _exc: None, key=JOB_KEY)

    def _shown(self) -> list[ScoreResult]:
        return [r for r in (self.session.result,) if r is not None]
