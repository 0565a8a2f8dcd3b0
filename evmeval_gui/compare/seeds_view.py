"""Seeds as one system: runs named alike (`tagger_seed1`, `tagger_seed2`, … by the core's
`evmeval.compare.seeds.seed_groups`) become one row with each combination's micro F1 mean ± standard
deviation over its runs, and how many gold mentions it finds exactly in k of its n runs.

Every number is the core's `SeedComparison` (computed in the comparison's background job); this table only
shows it. Hidden when no two runs share a name stem.
"""

from __future__ import annotations

from evmeval.align import COMBINATIONS
from evmeval.compare.runs import Comparison
from evmeval.compare.seeds import SeedComparison
from evmeval.rules import distinct_combinations
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from evmeval_gui.compare.leaderboard import SHORT
from evmeval_gui.compare.tables import cell_texts
from evmeval_gui.model.formatting import percent

RIGHT_COMBINATION = "mention_type+realis_status"
"""The combination of the "right in k of n seeds" column (the strictest, as the case lists)."""


def spread_text(mean: float, sd: float) -> str:
    """`71.23 ± 0.85` (percent); one run has no spread: `71.23 ± —`."""
    return f"{percent(mean)} ± {percent(sd)}"  # the one formatter's dash for no spread


def right_text(counts: tuple[int, ...]) -> str:
    """Gold mentions found exactly in k of n runs, most runs first: `3/3: 40 · 2/3: 5 · 1/3: 2 · 0/3: 9`."""
    n = len(counts) - 1
    return " · ".join(f"{k}/{n}: {counts[k]}" for k in range(n, -1, -1))


class SeedsTable(QTableWidget):
    """One row per system (its runs grouped): name, runs, F1 mean ± sd per combination, right in k of n."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 3 + len(COMBINATIONS), parent)
        self.setObjectName("seedsTable")
        self.setHorizontalHeaderLabels(["System", "Runs", *(f"{SHORT[c]} F1 mean ± sd" for c in COMBINATIONS),
                                        "Right in k of n seeds"])
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        if (item := self.horizontalHeaderItem(self.columnCount() - 1)) is not None:
            item.setToolTip("Gold mentions found exactly (span, type and realis) in k of the system's n runs")
        self.hide()

    def set_seeds(self, comparison: Comparison, seeds: SeedComparison | None) -> None:
        """Show `seeds` (None: hidden)."""
        self.setRowCount(0)
        if seeds is None:
            self.hide()
            return
        self.setRowCount(len(seeds.systems))
        shown = distinct_combinations(comparison.carries_realis)  # no realis: no column repeating another
        for column, c in enumerate(COMBINATIONS, start=2):
            self.setColumnHidden(column, c not in shown)
        for row, system in enumerate(seeds.systems):
            runs = [comparison.systems[r].name for r in system.runs]
            cells = [system.name, str(len(runs))]
            cells += [spread_text(seeds.spreads[c][row].mean, seeds.spreads[c][row].sd) for c in COMBINATIONS]
            cells.append(right_text(seeds.right[RIGHT_COMBINATION][row]))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column > 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setToolTip(_tooltip(comparison, seeds, row))
                self.setItem(row, column, item)
        heights = [self.rowHeight(r) for r in range(self.rowCount())]
        header = self.horizontalHeader().sizeHint().height() + 6
        self.setMaximumHeight(sum(heights) + header)  # never taller than its rows
        self.setMinimumHeight(sum(heights[:3]) + header)  # up to three systems always in full
        self.show()

    def row_texts(self, row: int) -> tuple[str, ...]:
        """What a row shows (for tests)."""
        return cell_texts(self, row)


def _tooltip(comparison: Comparison, seeds: SeedComparison, row: int) -> str:
    system = seeds.systems[row]
    runs = ", ".join(comparison.systems[r].name for r in system.runs)
    values = ", ".join(percent(v) for v in seeds.spreads[RIGHT_COMBINATION][row].values)
    others = [f"{seeds.systems[j].name}: {value:.3f}" for j, value in enumerate(seeds.aso[RIGHT_COMBINATION][row])
              if value is not None]
    aso = (f"\nε_min of {system.name} better than (type + realis; below {seeds.tau:g}: almost stochastically "
           f"better): {', '.join(others)}") if others else ""
    return f"{system.name}: runs {runs}\ntype + realis micro F1 per run: {values}{aso}"
