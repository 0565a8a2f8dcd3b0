"""The texts around grouped bars: each bar's value above it, and group names of several lines under them.

A value label is written across while neighbours fit side by side, upright (reading upwards, as a
rotated bar label) while they fit one above the other's width, and not at all below that (the tooltip
has every value either way); the plot's top grows so an upright 100.0 is never cut off. pyqtgraph
reserves four fifths of a tick text's height under an axis, so names of two or three lines ran into the
axis title: `fit_axis_lines` reserves all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pyqtgraph as pg
from PySide6.QtGui import QFontMetricsF, QTextDocument

from evmeval_gui.charts.style import font

TOP = 108.0
"""The top of a percent bar chart's y range when its value labels lie across (room for one line over 100)."""
BOTTOM = -1.5
"""The bottom of its y range: a 0 bar's outline shows above the axis line."""
GAP = 2.0
"""Pixels between a bar's top and its value's first character, and from the value's end to the plot's top."""
HIDDEN_NOTE = "Too narrow for the values: hover a bar for its figure"
"""What a chart's subtitle says when no value fits on its bar (`say_where_values_are`)."""
F1_NOTE = "Values on the F1 bars only (too narrow for all): hover a bar for its P and R"
"""What a chart's subtitle says when only the F1 bars have their values (the Sequencing chart's 18 bars)."""


class Titled(Protocol):
    """A chart with a title and subtitle (`ChartWidget`)."""

    title: str
    subtitle: str
    values_note: str
    plot: pg.PlotItem

    def set_titles(self, title: str, *, subtitle: str = "", left: str, bottom: str) -> None: ...


def fit_value_labels(plot: pg.PlotItem, labels: Sequence[pg.TextItem], pitch: float, size: float, *,
                     top: float = TOP, bottom: float = BOTTOM) -> str:
    """Lay out the values over bars `pitch` data units apart: "across" where the widest fits that pitch in
    pixels, else "upright" where a line's height does, else "hidden"; returns which. The y range is at
    least `bottom`..`top`, and wide enough in pixels for the tallest label and for the "0" under it."""
    view = plot.getViewBox()
    (x0, x1), (bottom_now, top_now) = view.viewRange()
    across_room = pitch * view.width() / (x1 - x0) if x1 > x0 else 0.0
    metrics = QFontMetricsF(font(size))
    widest = max((metrics.horizontalAdvance(label.toPlainText()) for label in labels), default=0.0)
    line = metrics.height()
    if across_room == 0.0 or widest + 2 * GAP <= across_room:  # a gap between neighbours: "90.1 91.4", not "90.191.4"
        layout, extent = "across", line
    elif line <= across_room:
        layout, extent = "upright", widest + GAP
    else:
        layout, extent = "hidden", 0.0
    angle, anchor = (90, (0.0, 0.5)) if layout == "upright" else (0, (0.5, 1.0))
    for label in labels:  # each change only: a resize calls this again, and each is a relayout of the text
        document = label.textItem.document()
        # the text's box is its line: neighbours' boxes never meet. PySide can hand back a stale wrapper of another
        # type (a deleted QStandardItem's, seen once on Python 3.13) for a new document at a freed address: skipped
        if isinstance(document, QTextDocument) and document.documentMargin():
            document.setDocumentMargin(0)
        if label.isVisible() != (layout != "hidden"):
            label.setVisible(layout != "hidden")  # first: a hidden TextItem keeps its old angle, even once shown
        if layout != "hidden" and (label.angle != angle or tuple(label.anchor) != anchor):
            label.setAngle(angle)
            label.setAnchor(anchor)
    highest = max((label.pos().y() for label in labels if label.isVisible()), default=0.0)
    zero = QFontMetricsF(plot.getAxis("left").style["tickFont"] or font(9)).height() / 2  # pyqtgraph drops a
    # tick text that reaches below the plot: the 0 of a bar chart whose bottom is a few pixels under it
    height = max(view.height(), extent + zero + GAP + 1)
    low, high = bottom, top
    for _ in range(4):  # units a pixel grow with the range, which grows with them: a few rounds settle it
        unit = (high - low) / height
        low, high = min(bottom, -zero * unit), max(top, highest + (extent + GAP) * unit)
    if (low, high) != (bottom_now, top_now):
        view.setYRange(low, high, padding=0)
    return layout


def fit_axis_lines(axis: pg.AxisItem, names: Sequence[str]) -> None:
    """Reserve under `axis` (a bottom axis, its title set) the whole height of its tallest name, all its
    lines, and the title's below them: a fixed height is all pyqtgraph gives the axis, title included."""
    tick_font = axis.style["tickFont"] or font(9)
    lines = max((name.count("\n") + 1 for name in names), default=1)
    text = QFontMetricsF(tick_font).lineSpacing() * lines + max(0, axis.style["tickLength"])
    title = axis.label.boundingRect().height() if axis.label.isVisible() else 0.0
    axis.setHeight(int(text + axis.style["tickTextOffset"][1] + title - 2))  # the title box has 4 px of margin


def say_where_values_are(chart: Titled, note: str) -> None:
    """End the subtitle with `note` (`HIDDEN_NOTE`, `F1_NOTE`; "" while every value is on its bar): a reader of a
    narrow chart could not tell that values were left out, nor that the tooltip has them. `chart.subtitle` stays as
    given (an export's caption, drawn at its own size, never says what the window's width left out)."""
    if note != chart.values_note:  # a change only: the width chose the layout, and a line moves only the height
        chart.values_note = note
        chart.set_titles(chart.title, subtitle=chart.subtitle, left=chart.plot.getAxis("left").labelText,
                         bottom=chart.plot.getAxis("bottom").labelText)


def fit_values_saying(chart: Titled, labels: Sequence[pg.TextItem], pitch: float, size: float, *,
                      top: float = TOP, bottom: float = BOTTOM) -> str:
    """`fit_value_labels` on `chart`'s plot, its subtitle saying so when they are hidden (`HIDDEN_NOTE`): the
    bar charts' one way of fitting their values. Returns the layout `fit_value_labels` chose."""
    layout = fit_value_labels(chart.plot, labels, pitch, size, top=top, bottom=bottom)
    say_where_values_are(chart, HIDDEN_NOTE if layout == "hidden" else "")
    return layout
