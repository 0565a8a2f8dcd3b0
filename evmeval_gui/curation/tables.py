"""The Curate view's tables: made alike (read-only rows, their header fitted), and sized to their rows."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QPushButton, QTableView, QTableWidget

from evmeval_gui.curation.filter import FilterIndex
from evmeval_gui.curation.list_model import DisagreementModel
from evmeval_gui.table_fit import FittedColumns, Yield


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
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    return view  # its columns' widths: `ListColumns`


PROBE = "ENG_NW_001278 Document"
"""A sample measured with the ids, and again by the GUI thread before it uses them (`measure_ids`)."""


def measure_ids(index: FilterIndex, font: QFont) -> int:
    """The longest document id's width in `font` (what the list's Document column fits), measured once per list
    and font: by the job that makes the curation, not in the turn that shows it (1,875 ids: 6 ms of the GUI
    thread). Qt measures text on any thread since 5.0, but a platform's font database might answer a worker
    otherwise than the GUI thread: the measure is kept with `PROBE`'s width as its thread saw it, and used (on
    the GUI thread, when the list is shown) only where `PROBE` measures alike; otherwise measured again there."""
    key = font.key()
    metrics = QFontMetrics(font)
    probe = metrics.horizontalAdvance(PROBE)
    known = index.id_widths.get(key)
    if known is None or known[1] != probe:
        known = index.id_widths[key] = (max((metrics.horizontalAdvance(d) for d in index.doc_ids), default=0), probe)
    return known[0]


class ListColumns(FittedColumns):
    """The list's four columns fitted to its viewport's width (`evmeval_gui.table_fit`, as the mapping table's):
    at 1024 pixels the Document column (long ids, elided in the middle, whole in the row's tooltip) gives way
    first, then the Item column hides (its number is in the row's tooltip and the item's line), and only then
    "Differs in" shrinks: elided, "marked by 2 of 3" read "marked…2 of 3". A wide list gives the room left to
    "Differs in". A user's drag of a column holds until the next resize."""

    def __init__(self, view: QTableView) -> None:
        width = view.fontMetrics().horizontalAdvance
        header = view.horizontalHeader()
        natural = {column: max(width(sample) + 14, header.sectionSizeHint(column))
                   for column, sample in enumerate(("ENG_NW_001278", "Item", "annotator 9", "coreference"))}
        steps = (Yield((0,), max(width("ENG_…01278") + 14, header.sectionSizeHint(0))), Yield((1,)),
                 Yield((3,), width("coreference") + 14))
        view.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # both ends of an id tell it apart
        super().__init__(view, natural, steps, grow=((3,),))

    def set_index(self, index: FilterIndex) -> None:
        """Natural widths for another list: the Document column as wide as its longest id (`measure_ids`) and
        never narrower than its header's words, "Differs in" as its widest words (a few kinds), each at most
        16 M's wide."""
        view = self.view
        metrics, most = view.fontMetrics(), view.fontMetrics().horizontalAdvance("M" * 16)
        longest = measure_ids(index, view.font())
        natural = dict(self.natural)
        natural[0] = max(view.horizontalHeader().sectionSizeHint(0), min(longest + 14, most))
        widest = max((metrics.horizontalAdvance(kind) for kind in index.kinds), default=0)
        natural[3] = max(view.horizontalHeader().sectionSizeHint(3), min(widest + 14, most))
        self.set_natural(natural)


def agreement_columns(table: QTableWidget, names: Sequence[str]) -> FittedColumns:
    """The agreement table's columns: each annotator's name whole where the figures' headings leave it room (at
    1024 pixels the columns shared alike elided "[3] system_b.tbf"), then the name elided, down to its key and a few
    letters; the figures share what is left. Never wider than the item pane: it does not widen the window."""
    width = table.fontMetrics().horizontalAdvance
    header = table.horizontalHeader()
    natural = {0: max(width(f"[{k + 1}] {name}") for k, name in enumerate(names)) + 16}
    natural |= {c: header.sectionSizeHint(c) for c in range(1, table.columnCount())}
    steps = (Yield(tuple(range(1, table.columnCount())), width("100.00") + 12), Yield((0,), width("[9] system") + 16))
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    if (fitted := table.findChild(FittedColumns)) is None:  # another curation: the same table, its names
        return FittedColumns(table, natural, steps, grow=(tuple(range(1, table.columnCount())),))
    fitted.grow = (tuple(range(1, table.columnCount())),)
    fitted.set_natural(natural, steps)
    return fitted


def snug(button: QPushButton) -> QPushButton:
    """At most its words' width (the style's least, 80 pixels, is wider than "Undo"): the pixels a narrow window
    has go to the list of disagreements."""
    button.setMaximumWidth(button.fontMetrics().horizontalAdvance(button.text()) + 24)
    return button


def rows_height(table: QTableWidget, rows: int) -> int:
    """The height that shows the header and `rows` rows without a scroll bar."""
    row = table.verticalHeader().defaultSectionSize()
    return table.horizontalHeader().sizeHint().height() + rows * row + 2 * table.frameWidth() + 4


def version_header(realis: bool) -> str:
    """The versions table's column of `describe`'s words (`evmeval_gui.curation.state.describe`): with the realis
    only for files that carry one."""
    return "Version (text [span] type/realis)" if realis else "Version (text [span] type)"
