"""What every chart shares: a white plot, hover tooltips with exact values, clicks, PNG/SVG export.

A chart subclass draws in `set_data(...)` and answers two questions about a point in data
coordinates: which element is there (`element_at`) and what to say about it (`describe`). Hover and
click handling, and the export of an offscreen copy at a fixed size, are done once here.
"""

from __future__ import annotations

import html
import math
from collections.abc import Hashable, Sequence
from typing import Any, cast

import pyqtgraph as pg
from pyqtgraph.exporters import ImageExporter, SVGExporter
from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QEvent,
    QIODevice,
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QCursor, QFontMetricsF, QGuiApplication, QHelpEvent, QPainter, QResizeEvent
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsScene, QToolTip, QVBoxLayout, QWidget

from evmeval_gui.charts.png import png_bytes
from evmeval_gui.charts.style import LABEL_STYLE, MUTED, TEXT_COLOUR, TITLE_SIZE, font, qcolour

LABEL_SPACE = 24
"""Pixels below rotated tick labels kept for the axis title."""
NARROW_WIDTH = 260
"""Width (pixels) every chart can be drawn at: a dock at 30 % of a 1024-pixel window holds it."""
PLOT_MINIMUM_HEIGHT = 140
"""Fewest pixels the data area keeps under the title, axes and legend (a 1024-pixel window squeezed the
sequencing bars to a 40-pixel strip); the panel scrolls instead."""
NAME_PIXELS = 120
"""Longest category name on an axis; longer names are shortened in the middle (the tooltip has them whole)."""


def elided(text: str, pixels: float = NAME_PIXELS, size: float = 9.0,
           mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle) -> str:
    """`text` shortened in the middle to `pixels` at `size` pt: both ends of a type name tell it apart."""
    return QFontMetricsF(font(size)).elidedText(text, mode, pixels)


_UNTIE = (Qt.TextElideMode.ElideRight, Qt.TextElideMode.ElideLeft)
"""How names that shorten alike in the middle are shortened instead, in this order, before they get more room."""


def elided_names(texts: Sequence[str], pixels: float = NAME_PIXELS, size: float = 9.0) -> list[str]:
    """`texts` each `elided`; names that would shorten alike ("Personne…Position" for Start- and End-Position)
    keep their start or their end instead ("Personnel_Start-Po…"), else get more room, until they differ: an
    axis never shows one name for two values, and stays as narrow as it can."""
    shown = [elided(t, pixels, size) for t in texts]
    room = pixels
    for mode in (*_UNTIE, *([Qt.TextElideMode.ElideMiddle] * 8)):
        seen: dict[str, int] = {}
        for text in shown:
            seen[text] = seen.get(text, 0) + 1
        if len(seen) == len(shown):
            break
        room += 12 if mode is Qt.TextElideMode.ElideMiddle else 0
        tried = [elided(t, room, size, mode) if seen[s] > 1 else s for t, s in zip(texts, shown, strict=True)]
        if len(set(tried)) > len(seen) or mode is Qt.TextElideMode.ElideMiddle:
            shown = tried
    else:
        # whole, where nothing else tells them apart
        counts = {text: shown.count(text) for text in shown}
        shown = [t if counts[s] > 1 else s for t, s in zip(texts, shown, strict=True)]
    return shown


def shortened(full: Sequence[tuple[float, str]], shown: Sequence[tuple[float, str]]) -> list[tuple[float, str]]:
    """The positions and whole names of the names `shown` shortened (what an axis' tooltip tells)."""
    return [(x, text) for (x, text), (_, short) in zip(full, shown, strict=True) if text != short]


class RotatedLabelAxis(pg.AxisItem):
    """A bottom axis whose tick labels are drawn slanted (60°, so neighbours never overlap) and all fit.

    pyqtgraph only draws horizontal tick text and drops labels that would overlap; a heatmap of 20
    event types needs every column named. Each label ends at its tick and reads upwards to it.
    """

    angle = 60.0

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("bottom", **kwargs)
        self._labels: list[tuple[float, str]] = []
        self.whole: list[tuple[float, str]] = []
        """The labels shortened to fit, by position, with their whole text (for the tooltip)."""
        self._room = 0.0
        self.setStyle(tickFont=font(9))

    def set_labels(self, labels: Sequence[tuple[float, str]]) -> None:
        """Tick positions (data x) and their texts; the axis grows to fit the longest text."""
        full = list(labels)
        self.setTicks([[(x, "") for x, _ in full]])
        metrics = QFontMetricsF(self.style["tickFont"])
        self._labels = list(zip([x for x, _ in full], elided_names([t for _, t in full]), strict=True))
        self.whole = shortened(full, self._labels)
        self._room = max((metrics.horizontalAdvance(t) for _, t in self._labels), default=0.0) + 4
        slant = math.sin(math.radians(self.angle))
        self.setHeight(int(slant * (self._room + metrics.height())) + 10 + LABEL_SPACE)
        self.picture = None
        self.update()

    def drawPicture(self, p: QPainter, axisSpec: Any, tickSpecs: Any, textSpecs: Any) -> None:
        super().drawPicture(p, axisSpec, tickSpecs, [])
        p.setClipping(False)  # the first labels slant out to the left of the axis
        view = self.linkedView()
        if view is None:
            return
        p.setFont(self.style["tickFont"])
        p.setPen(self.textPen())
        height = p.fontMetrics().height()
        flags = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for x, text in self._labels:
            local = self.mapFromScene(view.mapViewToScene(QPointF(x, 0)))
            p.save()
            p.translate(local.x(), 8)
            p.rotate(-self.angle)
            p.drawText(QRectF(-self._room, -height / 2, self._room - 2, height), flags, text)
            p.restore()

    def label_at(self, local: QPointF) -> str:
        """The whole text of the shortened label under `local` (axis coordinates), else "": a label reads
        up to its tick along the slant, so the point is followed back up the slant to the tick's height."""
        view = self.linkedView()
        if view is None or not self.whole or local.y() < 8:
            return ""
        x = local.x() + (local.y() - 8) / math.tan(math.radians(self.angle))
        data = view.mapSceneToView(self.mapToScene(QPointF(x, 0))).x()
        position, text = min(self.whole, key=lambda item: abs(item[0] - data))
        return text if abs(position - data) <= 0.5 else ""


class LabelsItem(pg.GraphicsObject):
    """Many short texts at data positions, drawn unscaled and centred, in one item.

    One item instead of hundreds of TextItems keeps a 22 × 22 heatmap fast to draw and to clear.
    `labels` maps a data position (x, y) to its text.
    """

    def __init__(self, labels: dict[tuple[float, float], str], *, size: float = 8.5,
                 colour: str = TEXT_COLOUR) -> None:
        super().__init__()
        self.labels = dict(labels)
        self._font = font(size)
        self._colour = qcolour(colour)
        xs = [x for x, _ in self.labels] or [0.0]
        ys = [y for _, y in self.labels] or [0.0]
        self._bounds = QRectF(min(xs) - 0.5, min(ys) - 0.5, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, *args: Any) -> None:
        transform = p.transform()
        p.save()
        p.resetTransform()
        p.setFont(self._font)
        p.setPen(self._colour)
        flags = int(Qt.AlignmentFlag.AlignCenter)
        for (x, y), text in self.labels.items():
            centre = transform.map(QPointF(x, y))
            p.drawText(QRectF(centre.x() - 60, centre.y() - 12, 120, 24), flags, text)
        p.restore()


def legend_sample(colour: str, *, symbol: str = "s", outline: str = "#555555", size: int = 12) -> pg.ScatterPlotItem:
    """A legend swatch: a symbol item that is never added to the plot itself."""
    return pg.ScatterPlotItem(symbol=symbol, size=size, pen=pg.mkPen(outline), brush=pg.mkBrush(colour))


def text_item(text: str, *, anchor: tuple[float, float], size: float = 8.5, colour: str = TEXT_COLOUR) -> pg.TextItem:
    """A text in data coordinates, drawn unscaled; `anchor` (0-1, 0-1) is the point of the text at its position."""
    item = pg.TextItem(text, color=qcolour(colour), anchor=anchor)
    item.setFont(font(size))
    return item


class ChartWidget(QWidget):
    """Base of the charts: one PlotItem on a white background, static (no pan or zoom)."""

    base_minimum: tuple[int, int] = (NARROW_WIDTH, 260)
    """Smallest size at which the chart reads; data-dependent charts raise it in `set_data` (their height
    mostly: the width stays what a narrow dock has, and the chart fits its drawing to the width it gets)."""

    plot_minimum_height = PLOT_MINIMUM_HEIGHT
    """The least height of the plot area (the data); a chart with a tall title and legend raises it."""
    title_justify = "center"
    """Where the title sits; charts wider than a narrow dock (heatmaps scroll sideways) put it left,
    where the reader starts, instead of centred over a part that is scrolled out of view."""

    element_clicked = Signal(object)
    """Emitted with the key of the chart element the user clicked (what `element_at` returns)."""

    def __init__(self, parent: QWidget | None = None, *, bottom_axis: pg.AxisItem | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(*self.base_minimum)
        axis_items = {"bottom": bottom_axis} if bottom_axis is not None else None
        self.plot_widget = pg.GraphicsLayoutWidget()
        self.plot_widget.setBackground("w")
        # no context menus: built without the ViewBox's (a form of widgets per chart, dropped unused)
        self.plot: pg.PlotItem = self.plot_widget.addPlot(row=0, col=0, axisItems=axis_items, enableMenu=False)
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.getViewBox().setMouseEnabled(False, False)
        self.plot.getViewBox().setDefaultPadding(0.02)
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            axis.setPen(pg.mkPen(TEXT_COLOUR))
            axis.setTextPen(pg.mkPen(TEXT_COLOUR))
            axis.enableAutoSIPrefix(False)
            if not isinstance(axis, RotatedLabelAxis):
                axis.setStyle(tickFont=font(9))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot_widget)
        scene = self.plot_widget.scene()
        scene.sigMouseMoved.connect(self._mouse_moved)
        scene.sigMouseClicked.connect(self._mouse_clicked)
        # Qt asks the view for a tooltip once the mouse rests, and the scene answers "none" (its items
        # have none), hiding any tooltip shown on mouse moves: the chart answers that question itself.
        self.plot_widget.viewport().installEventFilter(self)
        self.plot.getViewBox().sigResized.connect(self._on_view_resized)
        self._legend_columns = 1
        self._export_width = 0
        """The export's width while an export draws (the picture never depends on the window)."""
        self.hover_text = ""
        """What the tooltip says about the element under the mouse ("" when none)."""
        self.title = ""
        self.subtitle = ""
        self.values_note = ""
        """A last subtitle line saying where values missing from their bars are (`bar_labels.say_where_values_are`)."""
        self._data_call: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self.legend = pg.LegendItem(labelTextSize="9pt", labelTextColor=TEXT_COLOUR, frame=False, horSpacing=14)
        self.plot_widget.addItem(self.legend, row=1, col=0)
        self.message = text_item("", anchor=(0.5, 0.5), size=11, colour=MUTED)
        """Shown in the middle of an empty chart (no scores yet, no document selected)."""
        self._left_whole: list[tuple[float, str]] = []
        """The left axis' names shortened to fit, by position, with their whole text (for the tooltip)."""
        self._data_height = 0
        """The height the chart's own data needs (`fit_minimum`), kept while its title's height changes."""
        self._span_title()

    # -- to be provided by each chart -------------------------------------------------------------
    def element_at(self, x: float, y: float) -> Hashable | None:
        """The key of the element at data coordinates (x, y), or None."""
        raise NotImplementedError

    def describe(self, key: Hashable) -> str:
        """Exact values of one element, for the tooltip."""
        raise NotImplementedError

    def export_size(self) -> tuple[int, int]:
        """Pixel size of the exported PNG (the SVG uses the same coordinates)."""
        return 960, 600

    def clear(self, message: str = "") -> None:
        """Remove everything drawn and show `message` instead (an empty or waiting state)."""
        self.plot.clear()
        self.legend.clear()
        self.plot.setTitle(None)
        self.title = self.subtitle = self.values_note = ""
        self.setMinimumSize(*self.base_minimum)
        for name in ("left", "bottom"):
            self.plot.getAxis(name).setTicks(None)
            self.plot.hideAxis(name)
        self._left_whole = []
        self._data_height = 0
        self._data_call = None
        self._cleared(message)

    def _cleared(self, message: str) -> None:
        """Forget the subclass' element geometry; subclasses extend this."""
        self.message.setText(message)
        self._fit_message(self._export_width or self.width())
        if message:
            self.plot.addItem(self.message)
            self.message.setPos(0.5, 0.5)
            self.plot.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)

    # -- shared helpers ----------------------------------------------------------------------------
    def _start_drawing(self, *args: Any, **kwargs: Any) -> None:
        """Clear the plot, and keep `set_data`'s arguments so an export copy can redraw at a fixed size."""
        self.plot.clear()
        self.legend.clear()
        self.plot.showAxis("left")
        self.plot.showAxis("bottom")
        self.message.setText("")  # `values_note` kept: the redraw's own layout changes it, else no second title
        self._data_call = (args, kwargs)

    def set_titles(self, title: str, *, subtitle: str = "", left: str, bottom: str) -> None:
        """Title, a smaller subtitle (its lines split at "\n": short lines keep narrow charts narrow), axis titles."""
        self.title, self.subtitle = title, subtitle
        text = html.escape(title)
        if shown := "\n".join(line for line in (subtitle, self.values_note) if line):
            lines = "<br>".join(html.escape(line) for line in shown.split("\n"))
            text += f"<br><span style='font-size:9pt; color:{MUTED}'>{lines}</span>"
        self.plot.setTitle(text, size=TITLE_SIZE, color=TEXT_COLOUR, justify=self.title_justify)
        self._fit_title(self._export_width or self.width())
        self.plot.setLabel("left", left, **LABEL_STYLE)
        self.plot.setLabel("bottom", bottom, **LABEL_STYLE)

    def fit_minimum(self, width: int = 0, height: int = 0) -> None:
        """Keep the widget at least as large as its data needs (`width` × `height`) and as its title,
        legend and axes need, so that neither the screen (it scrolls instead) nor an export clips it."""
        view = self.plot.getViewBox()
        if view.minimumHeight() < self.plot_minimum_height:
            view.setMinimumHeight(self.plot_minimum_height)
            self.plot_widget.ci.layout.invalidate()
        hint = self.plot_widget.ci.effectiveSizeHint(Qt.SizeHint.MinimumSize)
        legend = self._legend_width(1) + 8  # the legend folds to one column in a narrow chart
        self._data_height = max(self.base_minimum[1], height)
        self.setMinimumSize(max(self.base_minimum[0], width, math.ceil(legend)),
                            max(self._data_height, math.ceil(hint.height()) + 4))

    def set_left_ticks(self, ticks: Sequence[tuple[float, str]]) -> None:
        """Category names on the left axis (long ones shortened in the middle, `elided`), with the axis
        made wide enough for the longest one.

        pyqtgraph widens an axis only after a first paint, so an export drawn straight away would
        lose the names that do not fit.
        """
        axis = self.plot.getAxis("left")
        full = list(ticks)
        ticks = list(zip([position for position, _ in full], elided_names([text for _, text in full]), strict=True))
        self._left_whole = shortened(full, ticks)
        axis.setTicks([ticks])
        metrics = QFontMetricsF(axis.style["tickFont"] or font(9))
        longest = max((metrics.horizontalAdvance(t) for _, t in ticks), default=0.0)
        axis.setWidth(int(longest) + 16 + LABEL_SPACE)

    def set_legend(self, entries: Sequence[tuple[pg.GraphicsObject, str]], *, columns: int = 1) -> None:
        self.legend.clear()
        self.legend.setColumnCount(1)
        for sample, name in entries:
            self.legend.addItem(sample, name)
        self._legend_columns = columns
        self._fit_legend(self._export_width or self.width())

    def _hover_text_at(self, scene_pos: QPointF) -> str:
        """What the tooltip says at `scene_pos`: the element's exact values, or the whole of a shortened name."""
        key = self._key_at_scene(scene_pos)
        return self.describe(key) if key is not None else self.axis_name_at(scene_pos)

    def axis_name_at(self, scene_pos: QPointF) -> str:
        """The whole name of the shortened axis label at `scene_pos` (left or slanted bottom axis), else ""."""
        left = self.plot.getAxis("left")
        if self._left_whole and left.isVisible() and left.sceneBoundingRect().contains(scene_pos):
            y = self.plot.getViewBox().mapSceneToView(scene_pos).y()
            position, text = min(self._left_whole, key=lambda item: abs(item[0] - y))
            return text if abs(position - y) <= 0.5 else ""
        bottom = self.plot.getAxis("bottom")
        if isinstance(bottom, RotatedLabelAxis) and bottom.isVisible():
            local = bottom.mapFromScene(scene_pos)
            if bottom.boundingRect().contains(local):
                return bottom.label_at(local)
        return ""

    def _key_at_scene(self, scene_pos: QPointF) -> Hashable | None:
        view = self.plot.getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            return None
        point = view.mapSceneToView(scene_pos)
        return self.element_at(point.x(), point.y())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and watched is self.plot_widget.viewport():
            help_event = cast(QHelpEvent, event)
            self.hover_text = self._hover_text_at(self.plot_widget.mapToScene(help_event.pos()))
            if self.hover_text:
                QToolTip.showText(help_event.globalPos(), self.hover_text, self.plot_widget.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_width(self._export_width or self.width())

    def fit_width(self, width: int) -> None:
        """Fit what is drawn to `width` pixels (the legend's columns; subclasses extend it); an export calls
        it with its own width before drawing, so the picture never depends on the window."""
        self._fit_legend(width)
        self._fit_message(width)
        if self.title:
            self._fit_title(width)

    def _fit_message(self, width: int) -> None:
        """An empty chart's message wrapped to `width` (one long line was cut at both ends in a narrow dock)."""
        self.message.setTextWidth(-1)
        self.message.setTextWidth(min(self.message.textItem.boundingRect().width(), max(96, width - 40)))

    def _fit_title(self, width: int) -> None:
        """Wrap the title and subtitle to the plot's width: pyqtgraph keeps a title on its lines and makes
        the plot as wide as the longest, which a narrow dock then cuts off at the right."""
        label = self.plot.titleLabel
        # the title spans the axes' columns too (`_span_title`): its room is the chart's width less the
        # layouts' margins and the label's padding, else the plot outgrows the chart
        room = max(96, width - 40)
        label.item.setTextWidth(-1)
        if label.item.boundingRect().width() > room:
            label.item.setTextWidth(room)
        label.updateMin()
        # PlotItem gives its title one 30-pixel row; a subtitle (or a wrapped title) needs the text's own height.
        height = math.ceil(label.item.boundingRect().height()) + 2
        label.setMaximumHeight(height)
        self.plot.layout.setRowFixedHeight(0, height)
        self._fit_height()

    def _span_title(self) -> None:
        """The title over the whole plot (axes included), not over the data area alone: in a narrow chart
        with long names on its left axis the title had a third of the width, and wrapped into a column."""
        layout = self.plot.layout
        layout.removeItem(self.plot.titleLabel)
        layout.addItem(self.plot.titleLabel, 0, 0, 1, 3)

    def _fit_height(self) -> None:
        """Keep the chart tall enough for its data once the title (wrapped to the width) takes its lines: the
        data area kept what it needs (a heatmap's cells), and the panel scrolls instead of squeezing it."""
        if not self._data_height:
            return
        self.plot.layout.invalidate()
        self.plot_widget.ci.layout.invalidate()
        hint = self.plot_widget.ci.effectiveSizeHint(Qt.SizeHint.MinimumSize)
        needed = max(self._data_height, math.ceil(hint.height()) + 4)
        if needed != self.minimumHeight():
            self.setMinimumHeight(needed)  # may grow the widget at once, from within its own resize
            layout = self.layout()
            if layout is not None and layout.geometry() != self.rect():
                layout.setGeometry(self.rect())  # else the plot kept the old height, its bottom cut off

    def _fit_legend(self, width: int) -> None:
        """The legend in its columns where they fit the width, else in as many as fit, down to one entry a line
        (never wider than the chart): at 1024 pixels the Coreference chart's P, R and F1 took three lines where two
        held them."""
        columns = self._legend_columns
        while columns > 1 and self._legend_width(columns) > width - 24:  # 24: the layout's margins and spacing
            columns -= 1
        if self.legend.columnCount != columns:
            self.legend.setColumnCount(columns)

    def _legend_width(self, columns: int) -> float:
        """Width of the legend laid out in `columns` columns: a grid, so each column as wide as its widest entry
        (a long last entry widens the first column, not only its own row)."""
        widths = [sample.boundingRect().width() + label.item.boundingRect().width() + 24
                  for sample, label in self.legend.items]
        if not widths:
            return 0.0
        return sum(max(widths[j::columns]) for j in range(min(columns, len(widths)))) + 8 * (columns - 1)

    def _on_view_resized(self) -> None:
        if getattr(self, "_data_call", None) is not None:  # something drawn (not while being built)
            self._view_resized()

    def _view_resized(self) -> None:
        """The plot area changed size: subclasses fit what depends on pixels (label room, value texts)."""

    def pixels_per_unit(self) -> float:
        """Horizontal pixels of one data unit in the plot as it is now (0 before it is laid out)."""
        view = self.plot.getViewBox()
        (x0, x1), _ = view.viewRange()
        return view.width() / (x1 - x0) if x1 > x0 else 0.0

    def _mouse_moved(self, scene_pos: QPointF) -> None:
        self.hover_text = self._hover_text_at(scene_pos)
        if QGuiApplication.platformName() == "offscreen":
            return  # no screen to show a tooltip on (tests, exports)
        if self.hover_text:
            QToolTip.showText(QCursor.pos(), self.hover_text, self.plot_widget)
        else:
            QToolTip.hideText()

    def _mouse_clicked(self, event: Any) -> None:
        if event.button() != Qt.MouseButton.LeftButton or event.double():
            return
        key = self._key_at_scene(event.scenePos())
        if key is not None:
            self.element_clicked.emit(key)

    def widget_pos(self, x: float, y: float) -> QPoint:
        """Where data point (x, y) is drawn, in the plot widget's viewport pixels (for tests)."""
        scene = self.plot.getViewBox().mapViewToScene(QPointF(x, y))
        return self.plot_widget.mapFromScene(scene)

    # -- export --------------------------------------------------------------------------------------
    def export_images(self) -> tuple[bytes, str]:
        """PNG bytes and SVG text of this chart's current data, drawn offscreen at `export_size`.

        A copy is drawn rather than this widget, so the picture does not depend on the window's size
        or on whether the chart's tab is showing; a chart whose window was never shown (the report's
        export) is drawn as it is, which draws the same picture at half the cost (no second drawing).
        """
        if _never_shown(self):
            return self._export_in_place()
        copy = type(self)()
        copy.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        if self._data_call is not None:
            args, kwargs = self._data_call
            copy.set_data(*args, **kwargs)  # type: ignore[attr-defined]
        else:
            copy.clear(self.message.toPlainText())
        try:
            return copy._render_export()
        finally:
            copy.close()
            copy.deleteLater()

    def _export_in_place(self) -> tuple[bytes, str]:
        """Export this very widget (its window never shown: its picture is a fresh copy's), as an offscreen
        window of its own for the moment, then put it back where it was (in its parent's layout, hidden or not)."""
        flags, hidden = self.windowFlags(), self.isHidden()
        self.setWindowFlags(flags | Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        try:
            return self._render_export()
        finally:
            self.hide()
            self.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, False)
            self.setWindowFlags(flags)
            self.setVisible(not hidden)

    def _render_export(self) -> tuple[bytes, str]:
        width, height = self.export_size()
        width, height = max(width, self.minimumWidth()), max(height, self.minimumHeight())
        self._export_width = width
        try:
            self.fit_width(width)
            width, height = max(width, self.minimumWidth()), max(height, self.minimumHeight())
            self.resize(width, height)
            self.show()
            image = ImageExporter(self.plot_widget.scene()).export(toBytes=True)
            svg = _svg_text(self.plot_widget.scene(), width, height)
        finally:
            self._export_width = 0
        return png_bytes(image), svg


def _never_shown(widget: QWidget) -> bool:
    """True while the widget's window was never shown (nor hidden on purpose): then the widget's size
    and layout are still the ones its drawing gave it, as in a fresh copy."""
    return not widget.window().testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)


_SVG_EXPORTER_FAILED: list[bool] = []
"""Not empty once pyqtgraph's SVG exporter failed in this process (same Qt, same pyqtgraph: fails on every chart)."""


def _svg_text(scene: QGraphicsScene, width: int, height: int) -> str:
    """The scene as SVG: pyqtgraph's SVGExporter, or Qt's own SVG generator where that one fails.

    pyqtgraph 0.14's exporter cannot parse the closed paths (`... Z`) that current Qt writes for every
    ViewBox (pyqtgraph issue #3495, fixed after 0.14.0); Qt's generator writes the same vectors and text.
    Every chart has a ViewBox: once pyqtgraph's exporter failed on one, it is not tried on the others.
    """
    exporter = SVGExporter(scene)
    if not _SVG_EXPORTER_FAILED:
        try:
            return exporter.export(toBytes=True).decode("utf-8")
        except ValueError:
            _SVG_EXPORTER_FAILED.append(True)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(width, height))
    generator.setViewBox(QRect(0, 0, width, height))
    generator.setTitle("EvmEval Studio chart")
    # Axis items replay recorded pictures, which Qt scales by the device resolution: match the screen's.
    view = scene.views()[0] if scene.views() else None
    generator.setResolution(view.logicalDpiX() if view is not None else 96)
    painter = QPainter(generator)
    # Export mode makes items draw vectors (a scatter would otherwise paste its symbol atlas per point).
    exporter.setExportMode(True, {"antialias": True, "background": QColor("white"), "painter": painter})
    try:
        scene.render(painter, QRectF(0, 0, width, height), scene.sceneRect())
    finally:
        exporter.setExportMode(False)
        painter.end()
        buffer.close()
    return bytes(data.data()).decode("utf-8")
