"""The cluster table: the shown document's gold and system coreference clusters and what became of them.

One row per cluster (gold clusters first, then system): its name (`R1`, or the mention itself when
it is in no `@Coreference` cluster), members, outcome (exact, partial, split, merged, missed,
spurious) and the other side's clusters holding its aligned mentions. Clicking a row selects the
cluster's mentions through the session; selecting a mention anywhere selects its cluster rows. By
default one-mention clusters that match exactly are hidden (a check box shows them). Below the
table, the selected cluster's story in words.
"""

from __future__ import annotations

import html

from evmeval.coref.view import cluster_name
from evmeval.rules import Combination
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.coref.state import GOLD_SIDE, Coreference, DocumentClusterView
from evmeval_gui.coref.style import CLUSTER_COLOURS, outcome_description, outcome_text, outcome_tint
from evmeval_gui.model.formatting import DASH
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session

SIDE, NAME, MEMBERS, OUTCOME, OTHER = range(5)
HEADERS = ("Side", "Cluster", "Members", "Outcome", "Other side")
INDEX_ROLE = Qt.ItemDataRole.UserRole + 1

NO_LINKS_TEXT = ("No coreference links in these files: every mention is a cluster of its own, so there is no cluster "
                 "to list (the Coreference scores tab has v1.8's figures for them; missed and spurious mentions are "
                 "in the mapping table).")
_STATE_TEXT = {"none": "No corpus open.", "computing": "Scoring coreference…",
               "cancelled": "Coreference was not scored (cancelled).", "failed": "Coreference could not be scored."}


class ClusterTable(QWidget):
    """See the module docstring; follows the session's selection and its `Coreference`."""

    def __init__(self, session: Session, coreference: Coreference, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clusterTable")
        self.session = session
        self.coreference = coreference
        self.data: DocumentClusterView | None = None
        self._updating = False
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.singletons = QCheckBox("One-mention clusters")
        self.singletons.setObjectName("showSingletons")
        self.singletons.setToolTip("Also list mentions in no @Coreference cluster that the other side matches "
                                   "exactly (hidden by default; missed and spurious ones are always listed)")
        self.singletons.toggled.connect(self._apply_row_filter)
        self.compute_button = QPushButton("Score coreference")
        self.compute_button.setObjectName("computeCoreference")
        self.compute_button.clicked.connect(self.coreference.compute)
        self.compute_button.hide()
        top = QHBoxLayout()
        top.setContentsMargins(4, 2, 4, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.compute_button)
        top.addWidget(self.singletons)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setObjectName("clusterRows")
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        for column in (SIDE, NAME, OUTCOME, OTHER):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(MEMBERS, QHeaderView.ResizeMode.Stretch)
        self.details = QLabel()
        self.details.setObjectName("clusterDetails")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setStyleSheet("background: #F7F8FA; border: 1px solid #DDDDDD; padding: 3px 6px;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.details)
        layout.addStretch(0)  # takes the space when the table is hidden (files without coreference links)
        self.table.itemSelectionChanged.connect(self._on_rows_selected)
        self._stale = True
        """The rows are not the session's document's: filled when the tab is next shown."""
        session.selection_changed.connect(self._on_selection)
        session.combination_changed.connect(lambda _name: self.refresh())
        self.coreference.changed.connect(self.refresh)
        self.refresh()

    # -- content ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild the rows for the session's document (a new document, result or combination); while the
        tab is hidden only noted, and done when it is shown (a click elsewhere need not fill it)."""
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        self._doc_id = self.session.selection.doc_id
        self.data = self.coreference.document(self._doc_id)
        self._updating = True
        try:
            self.table.setRowCount(0)
            if self.data is not None:
                self._fill(self.data)
        finally:
            self._updating = False
        self._update_title()
        self._apply_row_filter()
        self._on_selection(self.session.selection)

    def _update_title(self) -> None:
        state = self.coreference.state
        self.compute_button.setVisible(state in ("cancelled", "failed"))
        data = self.data
        no_links = data is None and self.coreference.figures_only
        for part in (self.table, self.details, self.singletons):  # an empty table under the reason cut it short
            part.setVisible(not no_links)
        if no_links:
            self.title.setText(f"<i>{html.escape(NO_LINKS_TEXT)}</i>")
            return
        if data is None:
            text = _STATE_TEXT.get(state, "No document shown.")
            problem = self.coreference.problem
            if state == "failed" and problem is not None:
                text += f" {problem}"
            self.title.setText(f"<i>{html.escape(text)}</i>")
            return
        named = [c for c in data.clusters if c.relation_id]
        gold = sum(1 for c in named if c.side == GOLD_SIDE)
        label = Combination(self.session.combination).label
        self.title.setText(f"<b>{html.escape(data.doc_id)}</b> · {gold} gold and {len(named) - gold} system "
                           f"@Coreference clusters · aligned by {html.escape(label)}, Dice ≥ "
                           f"{self.coreference.threshold:g}")

    def _fill(self, data: DocumentClusterView) -> None:
        doc = self.session.doc_result(data.doc_id)
        if doc is None:
            return
        others = {("gold", c.label): c for c in data.clusters if c.side == "gold"}
        others.update({("system", c.label): c for c in data.clusters if c.side == "system"})
        self.table.setRowCount(len(data.clusters))
        for row, cluster in enumerate(data.clusters):
            mentions = doc.gold if cluster.side == GOLD_SIDE else doc.system
            members = ", ".join(f"{mentions[i].mention_id} “{mentions[i].text}”" for i in cluster.mention_indexes)
            other_side = "system" if cluster.side == GOLD_SIDE else "gold"
            other = ", ".join(cluster_name(others[(other_side, x)]) for x in cluster.counterparts
                              if (other_side, x) in others)
            cells = ("Gold" if cluster.side == GOLD_SIDE else "System", cluster_name(cluster), members,
                     outcome_text(cluster.outcome), other or DASH)
            items = [QTableWidgetItem(text) for text in cells]
            for column, item in enumerate(items):
                item.setData(INDEX_ROLE, row)
                item.setToolTip(data.descriptions[row])
                self.table.setItem(row, column, item)
            items[SIDE].setForeground(QBrush(QColor(CLUSTER_COLOURS[cluster.side])))
            items[OUTCOME].setBackground(QBrush(outcome_tint(cluster.outcome)))
            items[OUTCOME].setToolTip(outcome_description(cluster.outcome))
            if cluster.unaligned:
                items[MEMBERS].setToolTip(data.descriptions[row] + f"\nNot aligned: {', '.join(cluster.unaligned)}")

    def _apply_row_filter(self, *args: object) -> None:
        data = self.data
        if data is None:
            return
        show_all = self.singletons.isChecked()
        selected = set(data.clusters_of(self.session.selection))
        for row in range(self.table.rowCount()):
            keep = show_all or data.is_shown_by_default(row) or row in selected
            self.table.setRowHidden(row, not keep)

    # -- selection --------------------------------------------------------------------------------

    def _on_rows_selected(self) -> None:
        if self._updating or self.data is None:
            return
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        if not rows:
            return
        gold: set[str] = set()
        system: set[str] = set()
        for row in rows:
            part = self.data.selection_of(row)
            gold |= part.gold_ids
            system |= part.system_ids
        self.session.select(Selection(self.data.doc_id, frozenset(gold), frozenset(system)))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def _on_selection(self, selection: Selection) -> None:
        if not self.isVisible():
            self._stale = True
            return
        if selection.doc_id != getattr(self, "_doc_id", None):
            self.refresh()
            return
        data = self.data
        rows = data.clusters_of(selection) if data is not None else []
        self._updating = True
        try:
            self._apply_row_filter()
            model = self.table.selectionModel()
            self.table.clearSelection()
            for row in rows:
                model.select(self.table.model().index(row, 0), model.SelectionFlag.Select | model.SelectionFlag.Rows)
            first = self.table.item(rows[0], NAME) if rows else None
            if first is not None:
                self.table.scrollToItem(first, QAbstractItemView.ScrollHint.EnsureVisible)
        finally:
            self._updating = False
        self._show_details(rows)

    def _show_details(self, rows: list[int]) -> None:
        data = self.data
        if data is None or not rows:
            self.details.setText(f"<span style='color:{colours.MUTED_TEXT}'>Select a mention or a cluster: its "
                                 "gold and system clusters are linked on the text, and their story shows here."
                                 "</span>")
            return
        parts = []
        for row in rows:
            side = data.clusters[row].side
            parts.append(f"<span style='color:{CLUSTER_COLOURS[side]}'>⬤</span> "
                         f"{html.escape(data.descriptions[row])}")
        self.details.setText("<br>".join(parts))

    # -- for tests --------------------------------------------------------------------------------

    def visible_rows(self) -> list[int]:
        return [r for r in range(self.table.rowCount()) if not self.table.isRowHidden(r)]

    def selected_rows(self) -> list[int]:
        return sorted({index.row() for index in self.table.selectionModel().selectedRows()})

    def cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""
