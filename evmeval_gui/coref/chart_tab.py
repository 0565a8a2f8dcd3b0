"""The charts panel's Coreference tab: `CorefCharts` following the session (drawn while shown).

A click on a document point shows that document (the session's selection), like the Documents tab.
"""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from evmeval_gui.coref.charts import CorefCharts
from evmeval_gui.coref.state import Coreference
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session

_STATE_TEXT = {"none": "No corpus open.", "computing": "Scoring coreference…",
               "cancelled": "Coreference was not scored (cancelled).", "failed": "Coreference could not be scored."}


class CorefChartsTab(CorefCharts):
    """See the module docstring."""

    def __init__(self, session: Session, coreference: Coreference, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._dirty = True
        self.scatter.element_clicked.connect(lambda doc_id: session.select_document(str(doc_id)))
        self.coreference = coreference
        coreference.changed.connect(self._on_changed)
        session.selection_changed.connect(self._on_selection)

    def _on_changed(self) -> None:
        self._dirty = True
        if self.isVisible():
            self.redraw()

    def _on_selection(self, selection: Selection) -> None:
        self.scatter.set_current(selection.doc_id)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dirty:
            self.redraw()

    def redraw(self) -> None:
        """Draw the session's coreference now."""
        self._dirty = False
        coref, result = self.coreference, self.session.result
        if coref.result is None or result is None:
            self.clear(_STATE_TEXT.get(coref.state, "No coreference scores yet."))
            return
        self.set_data(coref.result, result.documents, self.session.selection.doc_id)
