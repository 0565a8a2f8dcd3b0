"""The window while a first document is shown and its corpus is still being scored (issue 16).

`Session.open` (the corpus part) shows one document, read and scored on its own (`model.first_document`), before the
corpus is; this part makes the window show it: the document page instead of the welcome page, and
"Scoring the corpus…" in the document list until the corpus result arrives (the summary bar says
the same for its figures). The progress bar and Cancel follow the corpus load as for any load; the
load's work starts once the document is on screen (`FirstDocumentState.painted`, set after the text view's
first paint of that document), so that its thread does not share the interpreter with that paint. The page and the
list come in the turn that takes the document in, the document's own views in the next (`evmeval_gui.turns`):
neither turn holds the window for long (issue 34).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QLabel

from evmeval_gui.model.first_document import FirstDocument
from evmeval_gui.model.session import Session
from evmeval_gui.turns import next_turn
from evmeval_gui.views.document_pane import DocumentPane


class _Window(Protocol):
    session: Session

    def show_document_page(self) -> None: ...

    def update_state(self) -> None: ...


class FirstDocumentParts(QObject):
    """Follows the session's first-document part; tells it when the text view has painted the document."""

    def __init__(self, window: _Window, count_label: QLabel, pane: DocumentPane) -> None:
        viewport = pane.view.viewport()
        super().__init__(viewport)
        self.window = window
        self.count_label = count_label
        self.pane = pane
        self.first = window.session.first_document
        self.first.first_document_shown.connect(self._on_first_document)
        self.first.enabled = True
        self.first.later = next_turn  # the document's views a turn after the page and the list
        viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        first = self.first
        if (event.type() == QEvent.Type.Paint and first.document is not None and not first.painted.is_set()
                and self.pane.doc_id == first.document.doc_id):  # (the page's paint before it is not its)
            QTimer.singleShot(0, self, first.painted.set)  # after this paint pass has reached the screen
        return False

    def _on_first_document(self, first: FirstDocument | None) -> None:
        if first is None:
            self.window.update_state()  # back to the welcome page (or what was shown)
            return
        self.window.show_document_page()
        self.count_label.setText("Scoring the corpus…")
