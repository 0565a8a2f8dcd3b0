"""The Compare mode's Relations page: each run's coreference and sequencing figures with their intervals,
and every pair's paired tests (delta with its interval, adjusted p, MDE, verdict).

Every number is the core's (`Comparison.systems[i].relations`, `Comparison.pairs[n].relations`, computed by
`evmeval.compare.relations` in the comparison's background job), labelled as `evmeval-compare` labels them;
this page only shows them. The pairs are the core's (each pair once, earlier run first), so their adjusted
p-values are exactly those of `evmeval-compare --json`; the pair open on the Pair page is listed first.
"""

from __future__ import annotations

from evmeval.compare.relations import KIND_LABELS, kind_units
from evmeval.compare.runs import Comparison
from evmeval.report.compare_relations import figure_label
from evmeval.report.compare_text import correction_text, p_text, verdict_cell
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.model.formatting import interval_text, percent

NO_LINKS = ("Coreference and sequencing: the gold file has no coreference, After or Subevent links, so there are "
            "no such figures to compare.")
PAIR_HEADERS = ["a → b", "Links", "Figure", "a", "b", "Δ (points) [interval]", "p adj", "MDE", "Verdict"]


class _Table(QTableWidget):
    """A read-only table of texts, numbers right-aligned from `first_number` on."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(0, 0, parent)
        self.setObjectName(name)
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(False)  # numbers stay beside their labels
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)  # compact rows: 40 figures

    def fill(self, headers: list[str], rows: list[list[str]], first_number: int) -> None:
        self.clear()
        self.setColumnCount(len(headers))
        self.setHorizontalHeaderLabels(headers)
        self.setRowCount(len(rows))
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column >= first_number:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(row, column, item)

    def row_texts(self, row: int) -> tuple[str, ...]:
        """What a row shows (for tests)."""
        return tuple((self.item(row, k).text() if self.item(row, k) else "") for k in range(self.columnCount()))


class RelationsPanel(QWidget):
    """The page: a caption, the runs' figures, the pairs' tests (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareRelations")
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.runs = _Table("relationRuns")
        self.tests_caption = QLabel()
        self.tests_caption.setWordWrap(True)
        self.tests = _Table("relationTests")
        layout = QVBoxLayout(self)
        for widget in (self.caption, self.runs, self.tests_caption, self.tests):
            layout.addWidget(widget)
        layout.setStretch(1, 1)
        layout.setStretch(3, 1)

    def set_comparison(self, comparison: Comparison, pair: tuple[int, int] = (0, 1)) -> None:
        """Show the comparison's relation figures; the pairs of `pair`'s runs first."""
        kinds = list(comparison.relation_units)
        has = bool(kinds)
        for widget in (self.runs, self.tests_caption, self.tests):
            widget.setVisible(has)
        if not has:
            self.caption.setText(NO_LINKS)
            self.runs.fill([], [], 0)
            self.tests.fill([], [], 0)
            return
        conf = f"{comparison.settings.confidence:.0%}"
        units = "; ".join(f"{KIND_LABELS[k]}: {kind_units(k, comparison.relation_units[k], comparison.unit)}"
                          for k in kinds)
        self.caption.setText(f"Each run's coreference and sequencing figures (%) with their {conf} "
                             f"{comparison.interval} intervals (mentions aligned on span and type, as v1.8's "
                             f"-m 1; coreference on exact spans). Resampled: {units}.")
        first = comparison.systems[0]
        self.runs.fill(["Links", "Figure", *(s.name for s in comparison.systems)],
                       [[KIND_LABELS[k], figure_label(i.figure),
                         *(interval_text(s.relations[k][j].estimate, s.relations[k][j].ci_low,
                                         s.relations[k][j].ci_high) for s in comparison.systems)]
                        for k in kinds for j, i in enumerate(first.relations[k])], 2)
        self.tests_caption.setText(f"Each pair: Δ = b − a in points with its {conf} {comparison.interval} "
                                   f"interval; {correction_text(comparison)}; MDE: the smallest difference "
                                   "(points) this corpus finds with 80 % power.")
        wanted = set(pair)
        pairs = sorted(comparison.pairs, key=lambda p: {p.a, p.b} != wanted)  # stable: the core's order
        rows = []
        for p in pairs:
            names = f"{comparison.systems[p.a].name} → {comparison.systems[p.b].name}"
            rows += [[names, KIND_LABELS[k], figure_label(t.figure), percent(t.estimate_a), percent(t.estimate_b),
                      interval_text(t.delta, t.ci_low, t.ci_high, signed=True), p_text(t.p_value_adjusted),
                      percent(t.mde), verdict_cell(t)] for k in kinds for t in p.relations[k]]
        self.tests.fill(PAIR_HEADERS, rows, 3)
        self.tests.horizontalHeaderItem(6).setToolTip(f"The randomization p, {correction_text(comparison)}")
