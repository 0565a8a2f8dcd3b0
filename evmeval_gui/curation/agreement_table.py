"""The curation page's table of each annotator's agreement with the curated set (kept apart from the page's
module, which holds its widgets and decisions)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem

from evmeval_gui.curation.state import CurationState
from evmeval_gui.model.formatting import percent

SHOWN_COMBINATIONS = ("plain", "mention_type+realis_status")
AGREEMENT_TITLE = ("<b>Agreement with the curated set</b> (curated set in the key role; updates with every "
                   "decision)")
MEASURING = "measuring…"


def fill_agreement(label: QLabel, table: QTableWidget, state: CurationState) -> None:
    """The annotators' agreement with the curated set (corpus figures and the document's), or *measuring…*."""
    doc_id = state.current.doc_id if state.current is not None else None
    measuring = not state.agreements  # measured off the GUI thread after the curation opened
    label.setText(AGREEMENT_TITLE + (f": <i>{MEASURING}</i>" if measuring else ""))
    if measuring:
        table.setRowCount(len(state.names))
        for row, name in enumerate(state.names):
            for column in range(table.columnCount()):
                table.setItem(row, column, QTableWidgetItem(f"[{row + 1}] {name}" if column == 0 else "…"))
        return
    table.setRowCount(len(state.agreements))
    strict = SHOWN_COMBINATIONS[-1]
    for row, pair in enumerate(state.agreements):
        doc = pair.find_document(doc_id) if doc_id is not None else None
        values = [f"[{row + 1}] {state.names[row]}",
                  *(percent(pair.micro[c].f1) for c in SHOWN_COMBINATIONS),
                  percent(pair.micro[strict].precision), percent(pair.micro[strict].recall),
                  percent(None if doc is None else doc.scores[strict].f1)]
        for column, text in enumerate(values):
            item = QTableWidgetItem(text)
            if column:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)
