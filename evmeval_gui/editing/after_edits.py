"""Work that follows edits once the user pauses: the figures too slow to recompute on every key press.

An edit rescores its document and the corpus at once (the summary bar, the document list, the text and
the mapping table follow within the edit). Figures computed over the whole corpus in the background —
MUC and GATE, coreference — are counted again `PAUSE_MS` after the last edit; each new edit restarts
the wait, and a count still running is superseded by the next one (the runner's job keys).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QTimer

from evmeval_gui.model.session import Session

PAUSE_MS = 800


class AfterEdits(QObject):
    """Calls each of `recounts` once the edits of `session` pause for `pause_ms`."""

    def __init__(self, session: Session, recounts: Sequence[Callable[[], object]], *, pause_ms: int = PAUSE_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.recounts = list(recounts)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(pause_ms)
        self.timer.timeout.connect(self._recount)
        session.result_edited.connect(lambda _ids: self.timer.start())
        session.scoring_finished.connect(self.timer.stop)  # a new result is counted anyway

    def _recount(self) -> None:
        for recount in self.recounts:
            recount()
