"""The link table: every sequencing link of the shown document, with its outcome under both closures.

Columns: source, relation, target, side, outcome under v1.8's closure, outcome under our full
closure, and the tbf line. Filters by outcome (under the closure chosen for colouring) and by link
type. It follows the one selection: clicking a row selects the link's two mentions (the text view
scrolls to them); selecting a mention anywhere highlights the rows of its links.
"""

from __future__ import annotations

from collections.abc import Iterable

from evmeval.mention.scoring import DocumentResult
from evmeval.sequencing.link_style import LINK_ORDER, link_style
from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.sequencing.state import CLOSURE_NAMES, CLOSURES, LINK_TYPES, LinkRow, SequencingModel
from evmeval_gui.table_fit import elide_in_the_middle

SOURCE, RELATION, TARGET, SIDE, PUBLISHED, FULL, LINE = range(7)
HEADERS = ("Source", "Relation", "Target", "Side", "Outcome (v1.8)", "Outcome (ours)", "Line")
HEADER_TIPS = ("The link's first mention (After: happens first; Subevent: the including event)",
               "After: source happens before target · Subevent: target is part of source",
               "The link's second mention", "Whose link: gold or system (after propagation through coreference)",
               "What v1.8's (order-dependent) TimeML closure made of the link",
               "What our complete, order-independent interval closure (full closure, ours) made of the link",
               "The tbf line of the relation")
RELATION_TEXT = {"After": "After →", "Subevent": "Subevent ⊃"}
ALL = ""
_Index = QModelIndex | QPersistentModelIndex


class LinkTableModel(QAbstractTableModel):
    """The filtered links of one document."""

    def __init__(self, model: SequencingModel) -> None:
        super().__init__()
        self.sequencing = model
        self.doc: DocumentResult | None = None
        self.rows: list[LinkRow] = []
        self.outcome_filter = ALL
        self.type_filter = ALL
        self._texts: dict[tuple[str, str], str] = {}

    def show(self, doc: DocumentResult | None) -> None:
        self.beginResetModel()
        self.doc = doc
        self._texts = {}
        if doc is not None:
            self._texts = {**{("system", m.mention_id): m.text for m in reversed(doc.system)},
                           **{("gold", m.mention_id): m.text for m in reversed(doc.gold)}}
        closure = self.sequencing.closure
        self.rows = [r for r in self.sequencing.rows(doc.doc_id if doc is not None else None)
                     if (not self.outcome_filter or r.outcome(closure) == self.outcome_filter)
                     and (not self.type_filter or r.kind == self.type_filter)]
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TIPS[section]
        return None

    def _mention(self, row: LinkRow, mention_id: str) -> str:
        text = self._texts.get((row.side, mention_id), "")
        return f"{mention_id} · {text}" if text else mention_id

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = self.rows[index.row()], index.column()
        outcome = row.published if column == PUBLISHED else row.full if column == FULL else ""
        if role == Qt.ItemDataRole.DisplayRole:
            if column in (PUBLISHED, FULL):
                return link_style(outcome).short if outcome else "— (not scored)"
            return (self._mention(row, row.source), RELATION_TEXT[row.kind], self._mention(row, row.target),
                    row.side, "", "", str(row.line))[column]
        if role == Qt.ItemDataRole.BackgroundRole and outcome:
            return QColor(link_style(outcome).tint)
        if role == Qt.ItemDataRole.ToolTipRole:
            if outcome:
                return link_style(outcome).description + (" It contradicts links before it." if row.violation else "")
            return None
        if role == Qt.ItemDataRole.ForegroundRole and column in (PUBLISHED, FULL) and outcome:
            return QColor("#222222")
        return None


class LinkTable(QWidget):
    """Filters, the table and a count line; follows and sets the session's one selection."""

    def __init__(self, session: Session, model: SequencingModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.sequencing = model
        self.model = LinkTableModel(model)
        self.outcome_box = QComboBox()
        self.outcome_box.setObjectName("linkOutcomeFilter")
        self.outcome_box.addItem("All outcomes", ALL)
        for key in LINK_ORDER:
            self.outcome_box.addItem(link_style(key).short, key)
        self.outcome_box.setToolTip("Show only links with this outcome (under the closure chosen on the right)")
        self.type_box = QComboBox()
        self.type_box.setObjectName("linkTypeFilter")
        self.type_box.addItem("All link types", ALL)
        for kind in LINK_TYPES:
            self.type_box.addItem(kind, kind)
        self.closure_box = QComboBox()
        self.closure_box.setObjectName("linkClosure")
        for closure in CLOSURES:
            self.closure_box.addItem(f"Colour by: {CLOSURE_NAMES[closure]}", closure)
        self.closure_box.setToolTip("Which closure's outcomes colour the arcs and the outcome filter: v1.8's "
                                    "published, order-dependent one, or our complete interval closure")
        self.table = QTableView()
        self.table.setObjectName("linkTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        elide_in_the_middle(self.table)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        # the mentions share what the other columns leave (elided in the middle, whole on hover): at 1024 pixels
        # fixed widths put the second outcome and the line past the table's right edge
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        for column in (SOURCE, TARGET):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        def widest(texts: Iterable[str]) -> int:
            return max(self.table.fontMetrics().horizontalAdvance(text) for text in texts) + 16

        shorts = [link_style(key).short for key in LINK_ORDER]  # the rare "∅ redundant (not scored)" elided
        outcome = widest(["— (not scored)", *(text for text in shorts if not text.endswith("(not scored)"))])
        for column, width in ((RELATION, widest(RELATION_TEXT.values())), (SIDE, widest(("system",))),
                              (PUBLISHED, outcome), (FULL, outcome), (LINE, widest(("00000",)))):
            header.resizeSection(column, max(width, header.sectionSizeHint(column)))
        self.count = QLabel()
        self.count.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        controls = QHBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        controls.addWidget(self.outcome_box)
        controls.addWidget(self.type_box)
        controls.addStretch(1)
        controls.addWidget(self.closure_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 3, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(controls)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count)
        self._updating = False
        self._sent: Selection | None = None
        self.outcome_box.currentIndexChanged.connect(self._on_filters)
        self.type_box.currentIndexChanged.connect(self._on_filters)
        self.closure_box.currentIndexChanged.connect(
            lambda i: self.sequencing.set_closure(self.closure_box.itemData(i)))
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection)
        session.selection_changed.connect(self._on_session_selection)
        model.sequencing_changed.connect(self.refresh)
        model.options_changed.connect(self._on_options)
        self.refresh()

    # -- content ----------------------------------------------------------------------------------

    def _on_filters(self, *args: object) -> None:
        self.model.outcome_filter = self.outcome_box.currentData()
        self.model.type_filter = self.type_box.currentData()
        self.refresh()

    def _on_options(self) -> None:
        self.closure_box.blockSignals(True)
        self.closure_box.setCurrentIndex(CLOSURES.index(self.sequencing.closure))
        self.closure_box.blockSignals(False)
        self.refresh()

    def refresh(self, *args: object) -> None:
        """Show the links of the selected document, filtered, with the selection's rows highlighted."""
        doc_id = self.session.selection.doc_id
        self._updating = True
        try:
            self.model.show(self.session.doc_result(doc_id) if doc_id else None)
        finally:
            self._updating = False
        total = len(self.sequencing.rows(doc_id))
        if self.sequencing.result is None:
            self.count.setText("No sequencing links scored (the files have no @After or @Subevent lines)")
        elif total == len(self.model.rows):
            self.count.setText(f"{total} link(s) in this document (after propagation through coreference)")
        else:
            self.count.setText(f"{len(self.model.rows)} of {total} link(s) shown")
        self._highlight(self.session.selection)

    def set_outcome_filter(self, outcome: str) -> None:
        self.outcome_box.setCurrentIndex(self.outcome_box.findData(outcome))

    def set_type_filter(self, kind: str) -> None:
        self.type_box.setCurrentIndex(self.type_box.findData(kind))

    # -- selection --------------------------------------------------------------------------------

    def _on_table_selection(self, *args: object) -> None:
        if self._updating:
            return
        doc = self.model.doc
        indexes = self.table.selectionModel().selectedRows()
        if doc is None or not indexes:
            return
        gold: set[str] = set()
        system: set[str] = set()
        for index in indexes:
            row = self.model.rows[index.row()]
            (gold if row.side == "gold" else system).update(row.mentions)
        self._sent = Selection(doc.doc_id, frozenset(gold), frozenset(system))
        self.session.select(self._sent)

    def _on_session_selection(self, selection: Selection) -> None:
        shown = self.model.doc.doc_id if self.model.doc is not None else None
        if selection.doc_id != shown:
            self.refresh()
        elif selection != self._sent:  # a row click keeps its own rows selected
            self._highlight(selection)

    def _highlight(self, selection: Selection) -> None:
        """Select the rows of the links of the selected mentions (on their own side)."""
        if self.model.doc is None or selection.doc_id != self.model.doc.doc_id:
            return
        wanted = QItemSelection()
        first = None
        for number, row in enumerate(self.model.rows):
            ids = selection.gold_ids if row.side == "gold" else selection.system_ids
            if row.source in ids or row.target in ids:
                wanted.select(self.model.index(number, 0), self.model.index(number, len(HEADERS) - 1))
                first = number if first is None else first
        self._updating = True
        try:
            self.table.selectionModel().select(wanted, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            if first is not None:
                self.table.scrollTo(self.model.index(first, 0), QAbstractItemView.ScrollHint.EnsureVisible)
        finally:
            self._updating = False

    def selected_rows(self) -> list[LinkRow]:
        """The rows highlighted in the table (for tests and the status line)."""
        return [self.model.rows[i.row()] for i in self.table.selectionModel().selectedRows()]
