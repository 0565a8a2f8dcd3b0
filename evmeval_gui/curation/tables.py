"""The Curate view's tables: made alike (read-only rows, their header fitted), and sized to their rows."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTableWidget

from evmeval_gui.curation.filter import FilterIndex
from evmeval_gui.curation.list_model import DisagreementModel


def table(headers: list[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.setWordWrap(False)
    return table


def list_view(model: DisagreementModel) -> QTableView:
    """The disagreements: fixed row heights and column widths (no measuring of 10,000 rows per decision)."""
    view = QTableView()
    view.setObjectName("disagreementList")
    view.setModel(model)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setWordWrap(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    width = view.fontMetrics().horizontalAdvance
    for column, sample in enumerate(("ENG_NW_001278", "Item", "annotator 9")):
        view.setColumnWidth(column, width(sample) + 14)
    return view


def measure_ids(index: FilterIndex, font: QFont) -> int:
    """The longest document id's width in `font` (what the list's Document column fits), measured once per list
    and font: by the job that makes the curation (Qt 6 reads a font's metrics on any thread), not in the turn
    that shows it (1,875 ids: 6 ms of the GUI thread)."""
    key = font.key()
    width = index.id_widths.get(key)
    if width is None:
        metrics = QFontMetrics(font)
        width = index.id_widths[key] = max((metrics.horizontalAdvance(d) for d in index.doc_ids), default=0)
    return width


def fit_columns(view: QTableView, index: FilterIndex) -> None:
    """The document column as wide as the longest id (`measure_ids`), and never narrower than its header's
    words (short ids such as `D1` left `cume` of "Document")."""
    longest = measure_ids(index, view.font())
    view.setColumnWidth(0, max(view.horizontalHeader().sectionSizeHint(0),
                               min(longest + 14, view.fontMetrics().horizontalAdvance("M" * 16))))


def rows_height(table: QTableWidget, rows: int) -> int:
    """The height that shows the header and `rows` rows without a scroll bar."""
    row = table.verticalHeader().defaultSectionSize()
    return table.horizontalHeader().sizeHint().height() + rows * row + 2 * table.frameWidth() + 4


def version_header(realis: bool) -> str:
    """The versions table's column of `describe`'s words (`evmeval_gui.curation.state.describe`): with the realis
    only for files that carry one."""
    return "Version (text [span] type/realis)" if realis else "Version (text [span] type)"
