"""The window while a first document is shown and its corpus is still being scored (issue 16).

`Session.open` (the corpus part) shows one document, read and scored on its own (`model.first_document`), before the
corpus is; this part makes the window show it: the document page instead of the welcome page, and
"Scoring the corpus…" in the document list until the corpus result arrives (the summary bar says
the same for its figures). The progress bar and Cancel follow the corpus load as for any load; the
load's work starts once the document is on screen (`FirstDocumentState.painted`, set after the text view's
first paint of that document), so that its thread does not share the interpreter with that paint. The page and the
list come in the turn that takes the document in, the document's own views in the next (`evmeval_gui.turns`), the
text painted first and the mapping tabs in the paint pass after (`PaintedAfterPass`): no turn holds the window for
long (issue 34).

When the corpus arrives and the views still show that document (or one the user clicked meanwhile: its own
rows, read on its own, are the corpus's for it), the document's views (text, header, mapping tabs) are repainted
a paint pass after the rest (the list, the figures): their widgets take the corpus's rows in the arrival's turn, as
every part does, so a click reads the corpus in both passes; only their pixels, which show the same document's
same rows, wait (issue 34: the arrival's repaint, 44-49 ms of GUI CPU in one turn at MAVEN-ERE).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from evmeval_gui.model.first_document import FirstDocument
from evmeval_gui.model.session import Session
from evmeval_gui.turns import next_turn
from evmeval_gui.views.document_pane import DocumentPane

THAW_MS = 250
"""A held repaint (`PaintedAfterPass`) comes this long after at the latest (no paint pass came)."""


class _Window(Protocol):
    session: Session

    def show_document_page(self) -> None: ...

    def update_state(self) -> None: ...


class FirstDocumentParts(QObject):
    """Follows the session's first-document part; tells it when the text view has painted the document."""

    def __init__(self, window: _Window, count_label: QLabel, pane: DocumentPane,
                 document_views: QWidget | None = None, mapping_tabs: QWidget | None = None) -> None:
        """`document_views`: what draws the document (the pane and `mapping_tabs`), repainted a pass after the rest
        when the corpus arrives; `mapping_tabs` a pass after the text when the first document is drawn (see the
        module)."""
        viewport = pane.view.viewport()
        super().__init__(viewport)
        self.window = window
        self.count_label = count_label
        self.pane = pane
        self.first = window.session.first_document
        self.first.first_document_shown.connect(self._on_first_document)
        self.first.enabled = True
        self.first.later = self._views_turn  # the document's views a turn after the page and the list
        viewport.installEventFilter(self)
        self.document_views = None if document_views is None else PaintedAfterPass(document_views)
        self.mapping_tabs = None if mapping_tabs is None else PaintedAfterPass(mapping_tabs)
        self._shown = False
        """A first document was shown and its corpus has not arrived yet."""
        window.session.corpus_loaded.connect(self._on_corpus_loaded)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        first = self.first
        if (event.type() == QEvent.Type.Paint and first.document is not None and not first.painted.is_set()
                and self.pane.doc_id == first.document.doc_id):  # (the page's paint before it is not its)
            QTimer.singleShot(0, self, first.painted.set)  # after this paint pass has reached the screen
        return False

    def _views_turn(self, announce: Callable[[], None]) -> None:
        """The first document's views, in the next turn: the text (and header) painted in that turn's pass, the
        mapping tabs (their rows taken in meanwhile, as every view's) in the pass after."""
        def turn() -> None:
            if self.mapping_tabs is not None:
                self.mapping_tabs.hold()
            announce()

        next_turn(turn, self)

    def _on_corpus_loaded(self) -> None:
        """Told before the views take the corpus in (`scoring_finished`): the document's views paint a pass later
        when the document they show stays (the selection, already the arrival's, is on it)."""
        shown, self._shown = self._shown, False
        if (shown and self.document_views is not None and self.pane.doc_id is not None
                and self.pane.doc_id == self.window.session.selection.doc_id):
            self.document_views.hold()

    def _on_first_document(self, first: FirstDocument | None) -> None:
        self._shown = first is not None
        if first is None:
            self.window.update_state()  # back to the welcome page (or what was shown)
            return
        self.window.show_document_page()
        self.count_label.setText("Scoring the corpus…")


class PaintedAfterPass(QObject):
    """A widget whose repaint waits for the window's next paint pass (`hold`): its updates are off until that pass
    has run, then on again (which repaints it, its children included), or `THAW_MS` at the latest."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self._hold = 0
        """Which `hold` is under way (0: none): a release left from an earlier one does nothing."""
        self._count = 0

    def hold(self) -> bool:
        """Hold the widget's repaint until after the window's next paint pass; False when it is not shown (or held
        already)."""
        widget = self.widget
        if self._hold or not widget.isVisible() or not widget.updatesEnabled():
            return False
        self._count += 1
        self._hold = hold = self._count
        widget.setUpdatesEnabled(False)
        widget.window().installEventFilter(self)  # its next paint pass: the rest of the window's
        QTimer.singleShot(THAW_MS, self, lambda: self._release(hold))
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest and self._hold:
            watched.removeEventFilter(self)
            hold = self._hold
            next_turn(lambda: self._release(hold), self)  # after the paint pass this request starts
        return False

    def _release(self, hold: int) -> None:
        if hold != self._hold:
            return
        self._hold = 0
        self.widget.window().removeEventFilter(self)
        self.widget.setUpdatesEnabled(True)
