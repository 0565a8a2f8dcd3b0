"""The Pair page's Changes tab: only the items whose outcome changed from run a to run b, each with its
reason codes, and the change in true positives, misses and false alarms they add up to. A click shows the
item in the three lanes (the text). Every item and count is the core's (`evmeval.mention.changes`, asked
in the background by the Compare mode); this only shows them."""

from __future__ import annotations

from evmeval.mention.changes import Change, Tally
from evmeval.mention.outcomes import MappingRow, Outcome
from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from evmeval_gui import colours
from evmeval_gui.compare.tables import Column, RowsModel
from evmeval_gui.model.formatting import DASH
from evmeval_gui.table_fit import elide_in_the_middle

REASON_HINT = ("span: a right span against a partial one or none, or a false alarm added or dropped · type, "
               "realis: wrong in one run only · matching: the same spans and attributes, another outcome")


def outcome_text(outcome: Outcome | None, row: MappingRow | None) -> str:
    """`✓ exact match (S3)`, or a dash where the run has no such item."""
    if outcome is None:
        return DASH
    st = colours.style(outcome)
    mention = row.system if row is not None else None
    return f"{st.glyph} {st.label}" + (f" ({mention.mention_id})" if mention is not None else "")


def item_text(change: Change) -> str:
    """The gold mention, or the false alarm's system mention, as `E3 “attacked”`."""
    if change.gold is not None:
        return f"{change.gold.mention_id} “{change.gold.text}”"
    row = change.row_a or change.row_b
    mention = row.system if row is not None else None
    return f"false alarm {mention.mention_id} “{mention.text}”" if mention is not None else "false alarm"


def delta_text(delta: Tally, count: int) -> str:
    return (f"{count} changed item{'s' if count != 1 else ''} · Δ true positives {delta.true_positives:+d} · "
            f"Δ misses {delta.misses:+d} · Δ false alarms {delta.false_alarms:+d}")


class ChangesTab(QWidget):
    """The changed items of the pair under the combination; `change_chosen(Change)` on a click."""

    change_chosen = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.count = QLabel()
        self.count.setObjectName("changeCount")
        self.count.setWordWrap(True)
        self.count.setToolTip("The changed items add up exactly to these differences (b − a)")
        self.model: RowsModel[Change] = RowsModel([
            Column("Document", lambda c: c.doc_id, lambda c: c.doc_id),
            Column("Item", item_text, item_text),
            Column("a", lambda c: outcome_text(c.before, c.row_a), lambda c: outcome_text(c.before, c.row_a)),
            Column("b", lambda c: outcome_text(c.after, c.row_b), lambda c: outcome_text(c.after, c.row_b)),
            Column("Reason", lambda c: ", ".join(r.value for r in c.reasons), lambda c: [r.value for r in c.reasons],
                   header_tip=REASON_HINT),
        ])
        self.view = QTableView()
        self.view.setObjectName("changeList")
        self.view.setModel(self.model)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.setWordWrap(False)
        elide_in_the_middle(self.view)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.clicked.connect(self._on_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.count)
        layout.addWidget(self.view, 1)
        self.key: tuple[int, int, str] | None = None
        """The pair and combination whose changes are shown (or asked for)."""

    def set_changes(self, changes: tuple[tuple[Change, ...], Tally] | None) -> None:
        """The pair's changes and the Δ they add up to (None: still being computed)."""
        if changes is None:
            self.model.set_rows([])
            self.count.setText("Finding what changed…")
            return
        items, delta = changes
        self.model.set_rows(items)
        for column, width in ((0, 110), (1, 150), (2, 130), (3, 130)):
            self.view.setColumnWidth(column, width)
        self.count.setText(delta_text(delta, len(items)))

    def _on_clicked(self, index: QModelIndex) -> None:
        self.change_chosen.emit(self.model.rows[index.row()])
