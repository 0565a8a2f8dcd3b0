"""The curation page's table of each annotator's agreement with the curated set (kept apart from the page's
module, which holds its widgets and decisions)."""

from __future__ import annotations

from evmeval.rules import Combination
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem

from evmeval_gui.curation.state import CurationState
from evmeval_gui.model.formatting import percent

SHOWN_COMBINATIONS = ("plain", "mention_type+realis_status")
AGREEMENT_TITLE = ("<b>Agreement with the curated set</b> (curated set in the key role; updates with every "
                   "decision)")
MEASURING = "measuring…"


def agreement_headers(realis: bool) -> list[str]:
    """The table's columns; "type" rather than "type+realis" for files without realis (the same figures)."""
    strict = "type+realis" if realis else "type"
    return ["Annotator", "F1 span", *(f"{k} {strict}" for k in ("F1", "P", "R")), "F1 this doc."]


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
    # without realis the strict figures are their twin's (`Combination.without_realis`), named as the header does
    shown = [*SHOWN_COMBINATIONS[:-1], SHOWN_COMBINATIONS[-1] if state.carries_realis
             else Combination(SHOWN_COMBINATIONS[-1]).without_realis.value]
    strict = shown[-1]
    for row, pair in enumerate(state.agreements):
        doc = pair.find_document(doc_id) if doc_id is not None else None
        values = [f"[{row + 1}] {state.names[row]}",
                  *(percent(pair.micro[c].f1) for c in shown),
                  percent(pair.micro[strict].precision), percent(pair.micro[strict].recall),
                  percent(None if doc is None else doc.scores[strict].f1)]
        for column, text in enumerate(values):
            item = QTableWidgetItem(text)
            if column:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)
