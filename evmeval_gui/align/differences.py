"""View > Mapping differences: what the greedy mapping costs, corpus and document, pair by pair.

Top: the F1 under each strategy (greedy, optimal, text order) for the corpus (micro) and the current
document, with how many gold mentions change partner. Below: every gold mention whose partner under
optimal or ordered is not greedy's — greedy's partner and Dice, the other's partner and Dice, the
gain. Clicking a row selects its mentions everywhere (the one selection) and the text view draws both
links (`mapping_links`). Figures come from `AlignmentFigures` (the core's `mapping_differences`);
this view only formats them. The other strategies are scored the first time the view is shown.
"""

from __future__ import annotations

import html
import math

from evmeval.align.strategies import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_LABELS
from evmeval.mention.mapping_diff import MappingDifferences, PairChange
from evmeval.mention.scoring import DocumentResult
from evmeval.model import Mention
from evmeval.rules import Combination
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.align.links import describe_change, link_swatch
from evmeval_gui.align.state import AlignmentFigures
from evmeval_gui.model.formatting import DASH, number, percent
from evmeval_gui.model.selection import Selection
from evmeval_gui.table_fit import elide_in_the_middle

SCORE_COLUMNS = ("Strategy", "Corpus F1 %", "Δ corpus", "Document F1 %", "Δ document", "Changed pairs")
CHANGE_COLUMNS = ("Document", "Strategy", "Gold mention", "Greedy partner", "Dice", "Other partner", "Dice", "Gain")
SHORT_NAMES = {"greedy": "greedy", "optimal": "optimal", "ordered": "ordered"}


class _Number(QTableWidgetItem):
    """A cell that sorts by its number, not its text."""

    def __init__(self, value: float, text: str) -> None:
        super().__init__(text)
        self.value = value
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, _Number):
            return (-math.inf if math.isnan(self.value) else self.value) < \
                (-math.inf if math.isnan(other.value) else other.value)
        return super().__lt__(other)


def _mention_text(m: Mention | None) -> str:
    return DASH if m is None else f"{m.mention_id} “{m.text}”"


def _mention_tip(m: Mention | None) -> str:
    return "" if m is None else f"{m.mention_id}: {m.text} ({m.raw_type}, {m.raw_realis}; span {m.span_field()})"


def _delta(value: float, base: float) -> str:
    return percent(value - base, signed=True)  # an undefined side: a dash


def _compact(table: QTableWidget) -> None:
    """Rows as tall as a line of text (the default leaves half a line of air)."""
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)


class MappingDifferencesPanel(QWidget):
    """The strategy scores table and the list of differences, following the session and the figures."""

    def __init__(self, figures: AlignmentFigures, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.figures = figures
        self.session = figures.session
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.scores = QTableWidget(len(self._strategies()), len(SCORE_COLUMNS))
        self.scores.setObjectName("strategyScores")
        self.scores.setHorizontalHeaderLabels(SCORE_COLUMNS)
        self.scores.verticalHeader().hide()
        self.scores.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        _compact(self.scores)
        self.scores.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.scores.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.scores.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.only_document = QCheckBox("Only the current document")
        self.only_document.setObjectName("currentDocOnly")
        self.only_document.setToolTip("List the differences of the document shown in the text view only")
        self.status = QLabel()
        self.status.setObjectName("differencesStatus")
        self.status.setWordWrap(True)
        self.status.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.changes = QTableWidget(0, len(CHANGE_COLUMNS))
        self.changes.setObjectName("differencesTable")
        self.changes.setHorizontalHeaderLabels(CHANGE_COLUMNS)
        self.changes.verticalHeader().hide()
        elide_in_the_middle(self.changes)
        self.changes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.changes.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.changes.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.changes.setAlternatingRowColors(True)
        _compact(self.changes)
        header = self.changes.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (2, 3, 5):  # the mentions share what is left; their full text is in the tooltip
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.changes.setWordWrap(False)
        self.changes.setMinimumHeight(3 * self.changes.verticalHeader().defaultSectionSize())
        controls = QHBoxLayout()  # the filter, then the legend of the links drawn in the text view
        controls.setSpacing(4)
        controls.addWidget(self.only_document)
        controls.addSpacing(24)
        controls.addWidget(QLabel("In the text:"))
        for greedy, text in ((True, "greedy's pair"), (False, "the other strategy's pair")):
            swatch = QLabel()
            swatch.setPixmap(link_swatch(greedy))
            controls.addWidget(swatch)
            controls.addWidget(QLabel(text))
            controls.addSpacing(10)
        controls.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.scores)
        layout.addLayout(controls)
        layout.addWidget(self.status)
        layout.addWidget(self.changes, 1)
        self._shown: list[PairChange] = []
        self._doc_id: str | None = None
        self.changes.itemSelectionChanged.connect(self._row_chosen)
        self.only_document.toggled.connect(lambda _on: self.refresh())
        figures.differences_ready.connect(self.refresh)
        figures.differences_started.connect(self.refresh)
        figures.focus_changed.connect(self._follow_focus)
        self.session.selection_changed.connect(self._on_selection)
        self.session.combination_changed.connect(lambda _name: self.refresh())
        self.refresh()

    @staticmethod
    def _strategies() -> tuple[str, ...]:
        return tuple(STRATEGY_LABELS)

    # -- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        diff = self.figures.differences
        combination = Combination(self.session.combination).label
        self.title.setText(f"<b>How much the score depends on the mapping</b> · {html.escape(combination)} · "
                           "F1 under each strategy, and the gold mentions whose partner is not greedy's")
        self._fill_scores(diff)
        self._fill_changes(diff)

    def _fill_scores(self, diff: MappingDifferences | None) -> None:
        doc = diff.document(self._doc_id) if diff is not None and self._doc_id else None
        for row, name in enumerate(self._strategies()):
            label = QTableWidgetItem(STRATEGY_LABELS[name])
            label.setToolTip(STRATEGY_DESCRIPTIONS[name])
            cells: list[QTableWidgetItem] = [label]
            if diff is None or name not in diff.micro:
                cells += [QTableWidgetItem("…") for _ in SCORE_COLUMNS[1:]]
            else:
                corpus, base = diff.micro[name], diff.micro[DEFAULT_STRATEGY]
                cells.append(_Number(corpus.f1, percent(corpus.f1)))
                cells[-1].setToolTip(f"TP {corpus.tp:.4f} · P {percent(corpus.precision)} % · "
                                     f"R {percent(corpus.recall)} %")
                cells.append(_Number(corpus.f1 - base.f1, "" if name == DEFAULT_STRATEGY else
                                     _delta(corpus.f1, base.f1)))
                if doc is not None:
                    own, doc_base = doc.scores[name], doc.scores[DEFAULT_STRATEGY]
                    cells.append(_Number(own.f1, percent(own.f1)))
                    cells[-1].setToolTip(f"{doc.doc_id}: TP {own.tp:.4f}")
                    cells.append(_Number(own.f1 - doc_base.f1, "" if name == DEFAULT_STRATEGY else
                                         _delta(own.f1, doc_base.f1)))
                else:
                    cells += [QTableWidgetItem(DASH), QTableWidgetItem("")]
                count = sum(1 for c in diff.changes if c.strategy == name)
                cells.append(_Number(count, "" if name == DEFAULT_STRATEGY else str(count)))
            for column, item in enumerate(cells):
                self.scores.setItem(row, column, item)
        header = self.scores.horizontalHeader().height()
        rows = sum(self.scores.rowHeight(r) for r in range(self.scores.rowCount()))
        self.scores.setFixedHeight(header + rows + 4)

    def _fill_changes(self, diff: MappingDifferences | None) -> None:
        if not self.figures.available:
            shown: list[PairChange] = []
            self.status.setText("Mapping differences compare a system with the gold standard (not two annotators).")
        elif diff is None:
            shown = []
            self.status.setText("Scoring the corpus with every mapping strategy…")
        else:
            every = diff.changes
            shown = [c for c in every if not self.only_document.isChecked() or c.doc_id == self._doc_id]
            gains = math.fsum(c.gain for c in every if c.strategy == "optimal")
            where = f"in {self._doc_id}" if self.only_document.isChecked() else "in the corpus"
            if shown:
                # a row per mention and strategy: the count is of mentions, each counted once
                mentions = len({(c.doc_id, c.gold_index) for c in shown})
                self.status.setText(f"{mentions} gold mention(s) {where} change partner under another "
                                    f"strategy ({len(shown)} row(s), one per mention and strategy; optimal gains "
                                    f"{gains:+.3f} TP over the corpus). Click one to see both mappings in the text.")
            else:
                self.status.setText(f"No difference {where}: every strategy maps it exactly as greedy does.")
        self._shown = shown
        table = self.changes
        table.blockSignals(True)
        table.setSortingEnabled(False)
        table.clearContents()
        table.setRowCount(len(shown))
        for row, change in enumerate(shown):
            self._fill_row(row, change)
        table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # document order
        table.setSortingEnabled(True)
        table.blockSignals(False)
        self._follow_focus(self.figures.focus)

    def _fill_row(self, row: int, change: PairChange) -> None:
        doc = self.session.doc_result(change.doc_id)
        gold = doc.gold[change.gold_index] if doc is not None else None
        old = self._system(doc, change.greedy_system)
        new = self._system(doc, change.other_system)
        first = QTableWidgetItem(change.doc_id)
        first.setData(Qt.ItemDataRole.UserRole, change)
        strategy = QTableWidgetItem(SHORT_NAMES.get(change.strategy, change.strategy))
        strategy.setToolTip(STRATEGY_LABELS[change.strategy])
        cells = [first, strategy, QTableWidgetItem(_mention_text(gold)), QTableWidgetItem(_mention_text(old)),
                 _Number(change.greedy_dice, number(change.greedy_dice, 3) if old else DASH),
                 QTableWidgetItem(_mention_text(new)),
                 _Number(change.other_dice, number(change.other_dice, 3) if new else DASH),
                 _Number(change.gain, f"{change.gain:+.3f}")]
        cells[2].setToolTip(_mention_tip(gold))
        cells[3].setToolTip(_mention_tip(old))
        cells[5].setToolTip(_mention_tip(new))
        cells[7].setForeground(Qt.GlobalColor.darkGreen if change.gain > 0 else Qt.GlobalColor.darkRed)
        for column, item in enumerate(cells):
            if column != 7:
                item.setToolTip(item.toolTip() or describe_change(change))
            self.changes.setItem(row, column, item)

    @staticmethod
    def _system(doc: DocumentResult | None, index: int | None) -> Mention | None:
        return doc.system[index] if doc is not None and index is not None else None

    # -- the one selection ------------------------------------------------------------------------

    def change_at(self, row: int) -> PairChange | None:
        item = self.changes.item(row, 0)
        value = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return value if isinstance(value, PairChange) else None

    def _row_chosen(self) -> None:
        rows = self.changes.selectionModel().selectedRows()
        change = self.change_at(rows[0].row()) if rows else None
        if change is not None:
            self.figures.show_change(change)

    def _follow_focus(self, change: PairChange | None) -> None:
        table = self.changes
        table.blockSignals(True)
        target = next((r for r in range(table.rowCount()) if self.change_at(r) == change), None) \
            if change is not None else None
        if target is None:
            table.clearSelection()
        else:
            table.selectRow(target)
            if (first := table.item(target, 0)) is not None:
                table.scrollToItem(first)
        table.blockSignals(False)

    def _on_selection(self, selection: Selection) -> None:
        if selection.doc_id != self._doc_id:
            self._doc_id = selection.doc_id
            self.refresh()


class MappingDifferencesDock(QDockWidget):
    """The dock holding the panel; showing it asks for the differences (scoring the other strategies)."""

    def __init__(self, window: QMainWindow, figures: AlignmentFigures) -> None:
        super().__init__("Mapping differences", window)
        self.main_window = window
        """The window the dock sits in (it sizes the dock), given rather than looked up."""
        self.setObjectName("mappingDifferencesDock")
        self.figures = figures
        self.panel = MappingDifferencesPanel(figures)
        self.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self)
        self.hide()
        self._sized = False
        self.visibilityChanged.connect(self._on_visibility)

    def _on_visibility(self, visible: bool) -> None:
        self.figures.wanted = visible
        window = self.main_window
        if visible and not self._sized:
            self._sized = True
            window.resizeDocks([self], [max(200, int(window.height() * 0.34))], Qt.Orientation.Vertical)
        if visible:
            self.figures.request_differences()
