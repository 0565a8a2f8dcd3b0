"""The leaderboard: every system × combination (micro F1 with its bootstrap interval), the paper's grouped
chart (span / type / realis / type+realis F1 per system, best span F1 first) and the bottlenecks (span F1
minus each attribute F1).

Every figure is the core's (`evmeval.compare.runs.Comparison`: `SystemScores.result.micro`, `.micro_ci`,
`.bottlenecks()`); the order is `evmeval.report.compare_text.leaderboard_order`, the one the text report
prints. The table sorts by any column (numbers, not texts).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import cast

import numpy as np
import pyqtgraph as pg
from evmeval.align import COMBINATIONS
from evmeval.compare.runs import ATTRIBUTE_GAPS, Comparison, SystemScores
from evmeval.compare.seeds import SeedComparison
from evmeval.compare.significance import comparable_f1
from evmeval.report.compare_text import EMPTY_RUN, display_name, leaderboard_order
from evmeval.rules import Combination, distinct_combinations
from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QFontMetricsF, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QSplitter, QTableView, QVBoxLayout, QWidget

from evmeval_gui.charts.bar_labels import fit_values_saying
from evmeval_gui.charts.base import ChartWidget, legend_sample, text_item
from evmeval_gui.charts.style import font
from evmeval_gui.compare.style import GAP_COLOURS, SERIES_COLOURS
from evmeval_gui.model.formatting import interval_text, number, percent
from evmeval_gui.table_fit import FittedColumns, RowsHeight, Yield, elide_in_the_middle, whole_width

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
SHORT = {"plain": "Span", "mention_type": "Type", "realis_status": "Realis",
         "mention_type+realis_status": "Type+realis"}
"""Column and legend names (the paper's)."""


def gap_text(value: float) -> str:
    """Points, signed; an undefined gap (an empty run's) as a dash, never "+0.00"."""
    return percent(value, signed=True)


def tick_name(system: SystemScores) -> str:
    """A chart's name for a run, flagged when it is empty."""
    return f"{system.name} (empty)" if system.empty else system.name


class LeaderboardTable(QTableView):
    """One row per system: rank, name, micro F1 [CI] per combination, the three gaps (points)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("leaderboardTable")
        self.source = QStandardItemModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.source)
        self.proxy.setSortRole(SORT_ROLE)
        self.setModel(self.proxy)
        self.setSortingEnabled(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.verticalHeader().hide()
        self.setWordWrap(False)
        elide_in_the_middle(self)
        self.headers = ["#", "System", *(f"{SHORT[c]} F1" for c in COMBINATIONS),
                        *(f"Span − {SHORT[c].lower()}" for c in ATTRIBUTE_GAPS)]
        self.columns: FittedColumns | None = None
        """The columns' widths and the gaps hidden in a narrow window (`_fit_columns`)."""

    def set_comparison(self, comparison: Comparison) -> None:
        self.source.clear()
        self.source.setHorizontalHeaderLabels(self.headers)
        for column, c in enumerate(COMBINATIONS, start=2):
            self.source.horizontalHeaderItem(column).setToolTip(
                f"Micro F1 (%) with {Combination(c).label.lower()} and its "
                f"{comparison.settings.confidence:.0%} bootstrap interval")
        for column, c in enumerate(ATTRIBUTE_GAPS, start=6):
            self.source.horizontalHeaderItem(column).setToolTip(
                f"Bottleneck: span F1 minus F1 with {Combination(c).label.lower()} (points): what the "
                f"attribute costs the system, with its {comparison.settings.confidence:.0%} interval (the "
                "system's own documents drawn for both figures)")
        for rank, index in enumerate(leaderboard_order(comparison), start=1):
            system = comparison.systems[index]
            name = display_name(system)
            tip = system.path + (f"\n{EMPTY_RUN}: its F1 is undefined and it has no bottleneck" if system.empty else "")
            tip += "".join(f"\nSpan − {SHORT[c].lower()}: {_gap_cell(system, c)} points" for c in ATTRIBUTE_GAPS
                           if c in distinct_combinations(comparison.carries_realis) and not system.empty)
            cells = [_item(str(rank), rank), _item(name, system.name.lower(), tip=tip)]
            for c in COMBINATIONS:
                ci, score = system.micro_ci[c], system.result.micro[c]
                tip = (f"{system.name}, {Combination(c).label}: P {percent(score.precision)} %, "
                       f"R {percent(score.recall)} %, F1 {percent(score.f1)} %\n"
                       f"{comparison.settings.confidence:.0%} bootstrap interval of F1: "
                       f"{percent(ci.ci_low)} – {percent(ci.ci_high)} %\n"
                       f"macro F1 {percent(system.result.macro[c].f1)} %")
                cells.append(_item(interval_text(ci.f1, ci.ci_low, ci.ci_high), comparable_f1(score), tip=tip))
            gaps = system.bottlenecks()
            cells.extend(_item(_gap_cell(system, c), -1e9 if math.isnan(gaps[c]) else gaps[c],
                               tip=_gap_tip(system, c, comparison.settings.confidence)) for c in ATTRIBUTE_GAPS)
            for cell in cells[2:]:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            cells[0].setData(index, Qt.ItemDataRole.UserRole)
            self.source.appendRow(cells)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        shown = distinct_combinations(comparison.carries_realis)  # no realis: no column repeating another
        figures = [*enumerate(COMBINATIONS, start=2), *enumerate(ATTRIBUTE_GAPS, start=6)]
        for column, c in figures:
            self.setColumnHidden(column, c not in shown)
        self._fit_columns([0, 1, *(column for column, c in figures if c in shown)])

    def _fit_columns(self, shown: list[int]) -> None:
        """Every column as wide as its widest text while the table has room; in a narrow window (1024 pixels, where
        the last gap scrolled out of sight) the names shrink (elided in the middle), then the gaps hide, the last
        first: the Bottlenecks chart under the table draws each with its interval, and the name's tooltip says
        them. The name takes what room is left."""
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        natural = {c: whole_width(self, c) for c in shown}
        gaps = [c for c in reversed(range(6, 6 + len(ATTRIBUTE_GAPS))) if c in natural]
        steps = [Yield((1,), self.fontMetrics().horizontalAdvance("system_a") + 16), *(Yield((c,)) for c in gaps)]
        if self.columns is None:
            self.columns = FittedColumns(self, natural, steps, grow=((1,),))
        else:
            self.columns.set_natural(natural, steps)

    def cell_text(self, row: int, column: int) -> str:
        """What a cell shows, in the order on screen (for tests)."""
        return self.proxy.index(row, column).data() or ""

    def system_order(self) -> list[str]:
        """The system names top to bottom, as sorted now."""
        return [self.cell_text(row, 1) for row in range(self.proxy.rowCount())]


def _gap_cell(system: SystemScores, combination: str) -> str:
    """`+5.50 [+1.94, +7.25]`: the bottleneck and its interval (the core's `gap_intervals`)."""
    gap = system.bottlenecks()[combination]
    interval = system.gap_intervals.get(combination)
    if interval is None:
        return gap_text(gap)
    return interval_text(gap, interval.ci_low, interval.ci_high, signed=True)


def _gap_tip(system: SystemScores, combination: str, confidence: float) -> str:
    interval = system.gap_intervals.get(combination)
    if interval is None or math.isnan(interval.estimate):
        return f"{system.name}: no bottleneck (empty run)"
    return (f"{system.name}: span F1 minus {Combination(combination).label.lower()} F1 = "
            f"{gap_text(interval.estimate)} points\n{confidence:.0%} interval {gap_text(interval.ci_low)} to "
            f"{gap_text(interval.ci_high)} points")


def _item(text: str, key: object, *, tip: str = "") -> QStandardItem:
    item = QStandardItem(text)
    item.setData(key, SORT_ROLE)
    if tip:
        item.setToolTip(tip)
    return item


class GroupedF1Chart(ChartWidget):
    """The paper's figure: per system (best span F1 first) four bars, span / type / realis / type+realis
    micro F1 in percent, each with its bootstrap interval as an error bar."""

    base_minimum = (360, 240)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.order: list[int] = []
        self.comparison: Comparison | None = None
        self.value_labels: list[pg.TextItem] = []
        """Each bar's F1 over its whisker (a bar said no figure: only its tooltip had it)."""

    def _offsets(self) -> dict[str, float]:
        """Each series' place in its system's group: four, or two for files without realis."""
        shown = distinct_combinations(self.comparison is None or self.comparison.carries_realis)
        step = 0.8 / len(shown)
        return {c: -0.4 + step * (k + 0.5) for k, c in enumerate(shown)}

    def set_data(self, comparison: Comparison) -> None:
        self._start_drawing(comparison)
        self.comparison = comparison
        self.order = leaderboard_order(comparison)
        self.bars = {}
        self.value_labels = []
        offsets = self._offsets()
        for c in offsets:
            xs = [k + offsets[c] for k in range(len(self.order))]
            heights = [100 * comparable_f1(comparison.systems[i].result.micro[c]) for i in self.order]
            item = pg.BarGraphItem(x=xs, height=heights, width=0.18, brush=pg.mkBrush(SERIES_COLOURS[c]),
                                   pen=pg.mkPen("#333333"))
            self.plot.addItem(item)
            self.bars[c] = item
            cis = [comparison.systems[i].micro_ci[c] for i in self.order]
            top = [100 * (ci.ci_high - ci.f1) if not math.isnan(ci.f1) else 0.0 for ci in cis]
            bottom = [100 * (ci.f1 - ci.ci_low) if not math.isnan(ci.f1) else 0.0 for ci in cis]
            self.plot.addItem(pg.ErrorBarItem(x=np.array(xs), y=np.array(heights), top=np.array(top),
                                              bottom=np.array(bottom), beam=0.06,
                                              pen=pg.mkPen("#111111", width=1)))
            for x, h, t, ci in zip(xs, heights, top, cis, strict=True):
                label = text_item(percent(ci.f1, decimals=1), anchor=(0.5, 1.0), size=7.5)
                label.setPos(x, h + t)  # above the whisker, not across it
                self.plot.addItem(label)
                self.value_labels.append(label)
        for k, i in enumerate(self.order):
            if comparison.systems[i].empty:  # its bars are 0 because there is nothing, not because it scored 0
                label = text_item("empty run:\nno mention", anchor=(0.5, 1.0), size=7.5)
                label.setPos(k, 14)
                self.plot.addItem(label)
        ticks = [(k, tick_name(comparison.systems[i])) for k, i in enumerate(self.order)]
        self.plot.getAxis("bottom").setTicks([ticks])
        self.plot.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setRange(xRange=(-0.55, len(self.order) - 0.45), yRange=(0, 105), padding=0)
        self.set_titles("Micro F1 per system", subtitle="best span F1 first; whiskers: bootstrap interval",
                        left="F1 (%)", bottom="System")
        self.set_legend([(legend_sample(SERIES_COLOURS[c]), SHORT[c]) for c in offsets], columns=4)
        self._view_resized()

    def _view_resized(self) -> None:
        step = 0.8 / max(1, len(self._offsets()))
        fit_values_saying(self, self.value_labels, step, 7.5, top=105, bottom=0)

    def element_at(self, x: float, y: float) -> Hashable | None:
        group = round(x)
        if self.comparison is None or not 0 <= group < len(self.order):
            return None
        for c, offset in self._offsets().items():
            if abs(x - group - offset) <= 0.09:
                return self.order[group], c
        return None

    def describe(self, key: Hashable) -> str:
        assert self.comparison is not None
        index, c = cast("tuple[int, str]", key)  # what `element_at` returned
        system = self.comparison.systems[index]
        ci = system.micro_ci[c]
        return (f"{system.name} — {Combination(c).label}: F1 {percent(ci.f1)} %\n"
                f"interval {percent(ci.ci_low)} – {percent(ci.ci_high)} %")

    def bar_heights(self, combination: str) -> list[float]:
        """Heights of one series, left to right (for tests)."""
        return [float(h) for h in self.bars[combination].opts["height"]]


class BottleneckChart(ChartWidget):
    """Span F1 minus the F1 with type, with realis, with both, per system (points): the attribute that
    costs a system most is its bottleneck."""

    base_minimum = (300, 240)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.order: list[int] = []
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.top = 1.0
        """The y range's top, in points (room over the highest whisker for its label)."""

    def set_data(self, comparison: Comparison) -> None:
        self._start_drawing(comparison)
        self.comparison = comparison
        self.order = leaderboard_order(comparison)
        self.bars = {}
        highest = 1.0
        for k, c in enumerate(self._gaps()):
            xs = [g + self._gap_offset(k) for g in range(len(self.order))]
            gaps = [100 * comparison.systems[i].bottlenecks()[c] for i in self.order]
            heights = [0.0 if math.isnan(h) else h for h in gaps]  # an empty run: no bar, a label says why
            highest = max(highest, *(abs(h) for h in heights))
            item = pg.BarGraphItem(x=xs, height=heights, width=0.22, brush=pg.mkBrush(GAP_COLOURS[c]),
                                   pen=pg.mkPen("#333333"))
            self.plot.addItem(item)
            self.bars[c] = item
            spans = [comparison.systems[i].gap_intervals.get(c) for i in self.order]
            top = [0.0 if v is None or math.isnan(v.estimate) else 100 * (v.ci_high - v.estimate) for v in spans]
            bottom = [0.0 if v is None or math.isnan(v.estimate) else 100 * (v.estimate - v.ci_low) for v in spans]
            highest = max(highest, *(h + t for h, t in zip(heights, top, strict=True)))
            self.plot.addItem(pg.ErrorBarItem(x=np.array(xs), y=np.array(heights), top=np.array(top),
                                              bottom=np.array(bottom), beam=0.05, pen=pg.mkPen("#111111", width=1)))
            for x, h, gap, t in zip(xs, heights, gaps, top, strict=True):
                label = text_item("empty" if math.isnan(gap) else f"{h:.1f}", anchor=(0.5, 1.0 if h >= 0 else 0.0),
                                  size=7.5)
                label.setPos(x, h + t if h >= 0 else h)  # above the whisker, not across it
                self.plot.addItem(label)
        ticks = [(g, tick_name(comparison.systems[i])) for g, i in enumerate(self.order)]
        self.plot.getAxis("bottom").setTicks([ticks])
        self.plot.getAxis("left").setTicks([gap_ticks(highest * 1.18)])
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.top = highest * 1.18
        self.plot.setRange(xRange=(-0.55, len(self.order) - 0.45), yRange=(0, self.top), padding=0)
        self.set_titles("Bottlenecks", subtitle="span F1 minus attribute F1; whiskers: interval", left="points",
                        bottom="System")
        self.set_legend([(legend_sample(GAP_COLOURS[c]), f"− {SHORT[c].lower()}") for c in self._gaps()], columns=3)
        self._view_resized()

    def _view_resized(self) -> None:
        """Half the axis text's height under 0: pyqtgraph drops a tick text reaching below the plot, and the
        axis started at 5 with its bars drawn from an unmarked 0."""
        view = self.plot.getViewBox()
        if self.comparison is None or view.height() <= 0:
            return
        zero = QFontMetricsF(self.plot.getAxis("left").style["tickFont"] or font(9)).height() / 2 + 1
        low = -zero * self.top / max(1.0, view.height() - zero)
        if abs(view.viewRange()[1][0] - low) > 1e-9:
            view.setYRange(low, self.top, padding=0)

    def _gap_offset(self, k: int) -> float:
        """Where gap `k`'s bar sits in its system's group (the group centred on the system)."""
        return 0.25 * (k - (len(self._gaps()) - 1) / 2)

    def _gaps(self) -> tuple[str, ...]:
        """The gaps drawn: without realis only the type's (the others are 0 or repeat it)."""
        shown = distinct_combinations(self.comparison is None or self.comparison.carries_realis)
        return tuple(c for c in ATTRIBUTE_GAPS if c in shown)

    def element_at(self, x: float, y: float) -> Hashable | None:
        group = round(x)
        if self.comparison is None or not 0 <= group < len(self.order):
            return None
        for k, c in enumerate(self._gaps()):
            if abs(x - (group + self._gap_offset(k))) <= 0.11:
                return self.order[group], c
        return None

    def describe(self, key: Hashable) -> str:
        assert self.comparison is not None
        index, c = cast("tuple[int, str]", key)  # what `element_at` returned
        system = self.comparison.systems[index]
        return _gap_tip(system, c, self.comparison.settings.confidence)


def gap_ticks(top: float) -> list[tuple[float, str]]:
    """About five labelled lines from 0 to `top` points and no minor ones: pyqtgraph's own ticks put a grid line at
    every minor tick (a line a point up to 25), which hid the whiskers."""
    step = next((s for s in (0.5, 1, 2, 5, 10, 20, 25, 50) if top / s <= 6), 100)
    decimals = 1 if step < 1 else 0
    return [(k * step, number(k * step, decimals)) for k in range(int(top / step) + 1)]


class LeaderboardPanel(QWidget):
    """The Leaderboard page: table on top, the grouped chart and the bottleneck chart below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("leaderboardPanel")
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.table = LeaderboardTable()
        RowsHeight(self.table)  # two systems: the charts get the room under their rows
        from evmeval_gui.compare.seeds_view import SeedsTable  # it reads this module's column names

        self.seeds = SeedsTable()
        self.chart = GroupedF1Chart()
        self.gaps = BottleneckChart()
        charts = QSplitter(Qt.Orientation.Horizontal)
        charts.addWidget(self.chart)
        charts.addWidget(self.gaps)
        charts.setStretchFactor(0, 3)
        charts.setStretchFactor(1, 2)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.seeds)
        split.addWidget(self.table)
        split.addWidget(charts)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 2)
        split.setStretchFactor(2, 3)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 4)
        layout.addWidget(self.caption)
        layout.addWidget(split, 1)

    def set_comparison(self, comparison: Comparison, seeds: SeedComparison | None = None) -> None:
        """Show `comparison`; `seeds`: its runs grouped into systems (the Seeds table, hidden for None)."""
        self.set_tables(comparison, seeds)
        self.set_charts(comparison)

    def set_tables(self, comparison: Comparison, seeds: SeedComparison | None = None) -> None:
        """The caption and the tables of `set_comparison` (the Compare mode's opening shows them a turn before
        the charts)."""
        s = comparison.settings
        self.caption.setText(f"<b>{len(comparison.systems)} systems</b> on the same gold · micro F1 (%) with its "
                             f"{s.confidence:.0%} bootstrap interval ({s.resamples:,} resamples of documents, seed "
                             f"{s.seed}) · {comparison.systems[0].result.mapping} mapping · click a column "
                             "header to sort"
                             + ("" if seeds is None else f" · top: runs named alike (…_seed1, …_seed2) as "
                                f"{len(seeds.systems)} systems with their spread"))
        self.table.set_comparison(comparison)
        self.seeds.set_seeds(comparison, seeds)

    def set_charts(self, comparison: Comparison) -> None:
        """The charts of `set_comparison`."""
        self.chart.set_data(comparison)
        self.gaps.set_data(comparison)
