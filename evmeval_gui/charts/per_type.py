"""Per-type bars: F1 of each event type, sorted best first, with its #gold and #system mentions."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import pyqtgraph as pg
from evmeval.mention.scoring import TypeRow
from evmeval.mention.type_names import TypeNames
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QWidget

from evmeval_gui.charts.base import ChartWidget, legend_sample, text_item
from evmeval_gui.charts.style import BAR_COLOUR, font, qcolour
from evmeval_gui.model.formatting import axis_percent, percent

BAR_HEIGHT = 0.7
MIN_ROW = 18
"""Smallest bar pitch in pixels; below it the panel scrolls instead."""
TEXT_X = 102.0
"""Where the counts column starts, right of the 100 % mark."""
X_MAX = 150.0
"""Right end of the x range before the chart knows its width: room for the counts column."""
MIN_BARS_WIDTH = 48
"""Pixels left to the bars (0-100 %) when the chart is as narrow as it can be."""
LABEL_SIZE = 8.5
TICK_STEPS = (20, 25, 50, 100)
"""The F1 axis' mark steps, densest first (`_fit_ticks` takes the first whose texts do not meet)."""
TICK_GAP = 4.0
"""Pixels at least between two neighbouring marks' texts."""


def sorted_rows(rows: Sequence[TypeRow]) -> list[TypeRow]:
    """Best F1 first; undefined F1 last; ties by more gold mentions, then by name."""
    return sorted(rows, key=lambda r: (math.isnan(r.f1), -(0.0 if math.isnan(r.f1) else r.f1),
                                       -r.num_gold, r.mention_type))


class PerTypeChart(ChartWidget):
    """Horizontal F1 bars, one per type, top to bottom in `rows` order (see `sorted_rows`).

    Items: `bars` (one BarGraphItem; `opts["width"]` are the F1 values in percent, NaN as 0),
    `count_labels[type]` the "F1 · #gold / #sys" text right of each bar.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[TypeRow] = []
        self.bars: pg.BarGraphItem | None = None
        self.count_labels: dict[str, pg.TextItem] = {}
        self.names = TypeNames()
        self.x_max = X_MAX
        """Right end of the x range: the bars get what the counts column (in pixels) leaves them."""
        self._column_pixels = 0.0
        self.ticks: list[tuple[int, str]] = []
        """The F1 axis' marks as drawn (`_fit_ticks`)."""
        self.plot.getViewBox().invertY(True)

    def _cleared(self, message: str) -> None:
        self.rows = []
        self.bars = None
        self.count_labels = {}
        self.ticks = []
        super()._cleared(message)

    def export_size(self) -> tuple[int, int]:
        return 960, max(420, 24 * len(self.rows) + 190)

    def set_data(self, rows: Sequence[TypeRow], *, title: str, subtitle: str = "",
                 names: TypeNames | None = None) -> None:
        """Draw one bar per type row (a core per-type table), sorted best F1 first; `names` shows each
        canonical type as written in the files (`evmeval.mention.type_names`)."""
        if not rows:
            self.clear(f"{title}\n\nNo event types in this table")
            return
        self._start_drawing(rows, title=title, subtitle=subtitle, names=names)
        self.names = names if names is not None else TypeNames()
        self.rows = sorted_rows(rows)
        self.count_labels = {}
        widths = [axis_percent(r.f1) for r in self.rows]
        self.bars = pg.BarGraphItem(x0=[0.0] * len(widths), width=widths, y=list(range(len(widths))),
                                    height=BAR_HEIGHT, brush=qcolour(BAR_COLOUR), pen=pg.mkPen("#333333"))
        self.plot.addItem(self.bars)
        for i, r in enumerate(self.rows):
            f1 = percent(r.f1, decimals=1)
            label = text_item(f"{f1} · {r.num_gold}/{r.num_system}", anchor=(0.0, 0.5), size=LABEL_SIZE)
            label.setPos(TEXT_X, i)
            self.plot.addItem(label)
            self.count_labels[r.mention_type] = label
        self.set_left_ticks([(i, self.names.name(r.mention_type)) for i, r in enumerate(self.rows)])
        self.plot.showGrid(x=True, y=False, alpha=0.25)
        metrics = QFontMetricsF(font(LABEL_SIZE))
        texts = [label.toPlainText() for label in self.count_labels.values()]
        self._column_pixels = max(metrics.horizontalAdvance(text) for text in texts) + 12
        self._fit_x_range()
        self.set_titles(title, subtitle=subtitle, left="Event type (best F1 at the top)", bottom="F1 (%)")
        self.set_legend([(legend_sample(BAR_COLOUR), "F1 (%); at the right:<br>F1 · #gold/#system")])
        self.fit_minimum(int(self.plot.getAxis("left").fixedWidth + self._column_pixels) + MIN_BARS_WIDTH,
                         MIN_ROW * len(self.rows) + 150)

    def _view_resized(self) -> None:
        if self.rows:
            self._fit_x_range()

    def _fit_x_range(self) -> None:
        """0-100 % for the bars and, right of them, exactly the counts column's pixels, at any width."""
        width = self.plot.getViewBox().width()
        bars = width - self._column_pixels
        self.x_max = TEXT_X * width / bars if bars >= MIN_BARS_WIDTH / 2 else X_MAX
        self.plot.setRange(xRange=(0, self.x_max), yRange=(-0.6, len(self.rows) - 0.4), padding=0)
        self._fit_ticks(width * 100 / self.x_max if width > 0 else 0.0)

    def _fit_ticks(self, pixels: float) -> None:
        """The F1 axis' marks as dense as their texts allow in the bars' `pixels` (0-100 %): in a 1024-pixel
        window's dock the bars have 25 pixels, where 0, 20, … 100 ran together ("4600")."""
        axis = self.plot.getAxis("bottom")
        room = QFontMetricsF(axis.style["tickFont"] or font(9)).horizontalAdvance("100") + TICK_GAP
        step = next((s for s in TICK_STEPS if pixels * s / 100 >= room), TICK_STEPS[-1])
        ticks = [(v, str(v)) for v in range(0, 101, step)]
        if ticks != self.ticks:
            self.ticks = ticks
            axis.setTicks([ticks])

    def element_at(self, x: float, y: float) -> Hashable | None:
        index = round(y)
        if 0 <= index < len(self.rows) and abs(y - index) <= BAR_HEIGHT / 2 and -2 <= x <= self.x_max:
            return self.rows[index].mention_type
        return None

    def describe(self, key: Hashable) -> str:
        row = next(r for r in self.rows if r.mention_type == key)
        return (f"{self.names.name(row.mention_type)}: P {percent(row.precision)} %, R {percent(row.recall)} %, "
                f"F1 {percent(row.f1)} %\nTP {row.tp:.2f}, {row.num_gold} gold, {row.num_system} system mention(s)"
                "\nClick to list this type's mentions.")
