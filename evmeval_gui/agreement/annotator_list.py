"""The annotators being compared: number chip in their colour, name, mentions, documents, path.

The chips are the marks the matrix axes and the pair banner use, so the list doubles as the legend
of the annotator colours.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.agreement.style import annotator_icon
from evmeval_gui.colours import MUTED_TEXT
from evmeval_gui.table_fit import elide_in_the_middle

HEADERS = ("Annotator", "Mentions", "Docs")


class AnnotatorList(QWidget):
    """A small table, one row per annotator, with a line saying what the chips are."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("<b>Annotators</b>")
        self.hint = QLabel("The numbered colour chips mark each annotator in the matrix and the views.")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"color: {MUTED_TEXT};")
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setObjectName("annotatorTable")
        self.table.setHorizontalHeaderLabels(list(HEADERS))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setIconSize(QSize(26, 18))
        self.table.setShowGrid(False)
        elide_in_the_middle(self.table)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.title)
        layout.addWidget(self.table)
        layout.addWidget(self.hint)

    def set_annotators(self, names: Sequence[str], paths: Sequence[str], mentions: Sequence[int],
                       documents: Sequence[int]) -> None:
        """One row per annotator, in their order (row k is number k + 1)."""
        self.table.setRowCount(len(names))
        for k, (name, path, count, docs) in enumerate(zip(names, paths, mentions, documents, strict=True)):
            item = QTableWidgetItem(annotator_icon(k), name)
            item.setToolTip(f"[{k + 1}] {path}")
            self.table.setItem(k, 0, item)
            for column, value in ((1, count), (2, docs)):
                cell = QTableWidgetItem(str(value))
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(k, column, cell)
        self.table.resizeRowsToContents()
        rows = sum(self.table.rowHeight(r) for r in range(len(names)))
        self.table.setFixedHeight(min(rows, 8 * 26) + self.table.horizontalHeader().height() + 4)

    def row_texts(self) -> list[tuple[str, str, str]]:
        """Name, mentions and documents as shown (for tests)."""
        texts = [[item.text() if (item := self.table.item(r, c)) is not None else "" for c in range(3)]
                 for r in range(self.table.rowCount())]
        return [(name, mentions, documents) for name, mentions, documents in texts]
