"""The pairwise agreement matrix as a pyqtgraph heatmap, with its value in every cell and a colour bar.

Row i, column j holds `AgreementMatrix.values[i][j]`: annotator i in the gold (key) role, j compared
with it; clicking an off-diagonal cell emits `cell_clicked(i, j)`. The axes name the annotators with
their coloured number chips (the same marks as the annotator list), and the colour bar says what the
shade means. Colour is never the only cue: the value is written in the cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyqtgraph as pg
from evmeval.agreement.scoring import AgreementMatrix
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QTextOption
from PySide6.QtWidgets import QVBoxLayout, QWidget

from evmeval_gui.agreement.style import (
    DIAGONAL_COLOUR,
    F1_SCALE,
    annotator_colour,
    f1_colour,
    text_on,
)
from evmeval_gui.charts.style import TEXT_COLOUR
from evmeval_gui.colours import MUTED_TEXT, OUTLINE_COLOUR
from evmeval_gui.model.formatting import DASH, percent

CHIP_WIDTH = 20.0
CHIP_GAP = 5.0
AXIS_FONT_POINTS = 9.5
MAX_LEFT_AXIS = 170
NAMES_FROM_WIDTH = 480
"""Below this width the rows show their chips without names (the annotator list beside names them): at 1024 px
the names took half the matrix's width and its values ran out of their cells."""
Describe = Callable[[int, int], str]


def _font(points: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def cell_text(value: float) -> str:
    """What an off-diagonal cell says: the F1 in percent (two decimals, as everywhere in the window), a
    dash when undefined (neither annotator marked anything)."""
    return percent(value)


class AnnotatorAxis(pg.AxisItem):
    """An axis naming annotators: each tick label is the annotator's coloured number chip, then its name.

    pyqtgraph draws tick texts in one colour only; this axis draws them itself (names elided to the
    room a cell leaves), so the chips of the annotator list appear on the matrix too.
    """

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.names: list[str] = []
        self.compact = False
        """Chips only, no names (a narrow matrix: `MatrixHeatmap.resizeEvent`)."""
        self.setStyle(tickFont=_font(AXIS_FONT_POINTS), tickLength=0)
        self.setPen(pg.mkPen(None))  # no axis line: the chips and names are the labels

    def set_annotators(self, names: Sequence[str]) -> None:
        """One tick per annotator at 0, 1, …; the axis is sized to fit chip and name."""
        self.names = list(names)
        self.setTicks([[(float(k), name) for k, name in enumerate(self.names)]])
        metrics = QFontMetricsF(self.style["tickFont"])
        if self.orientation == "left":
            widest = 0.0 if self.compact else max((metrics.horizontalAdvance(n) for n in self.names), default=0.0)
            self.setWidth(int(min(MAX_LEFT_AXIS, widest + CHIP_WIDTH + CHIP_GAP + 14) + self.label_room()))
        else:
            self.setHeight(int(metrics.height() + 14 + self.label_room()))
        self.picture = None
        self.update()

    def label_room(self) -> float:
        """Pixels the axis title takes (pyqtgraph puts it at the outer edge)."""
        return self.label.boundingRect().height() * 0.9 if self.label.isVisible() else 0.0

    def drawPicture(self, p: QPainter, axisSpec: Any, tickSpecs: Any, textSpecs: Any) -> None:
        super().drawPicture(p, axisSpec, tickSpecs, [])
        view = self.linkedView()
        if view is None or not self.names:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        font = self.style["tickFont"]
        metrics = QFontMetricsF(font)
        height = metrics.height() + 2
        step = abs(self.mapFromScene(view.mapViewToScene(QPointF(1, 1))).x()
                   - self.mapFromScene(view.mapViewToScene(QPointF(0, 0))).x())
        for k, name in enumerate(self.names):
            local = self.mapFromScene(view.mapViewToScene(QPointF(k, k)))
            if self.orientation == "left":
                start = self.label_room()
                room = self.width() - start - CHIP_WIDTH - CHIP_GAP - 10
                text = "" if self.compact else metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, room)
                right = self.width() - 6
                chip = QRectF(right - CHIP_WIDTH, local.y() - height / 2, CHIP_WIDTH, height)
                text_rect = QRectF(start, chip.top(), chip.left() - CHIP_GAP - start, height)
                flags = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            else:
                room = max(0.0, step - CHIP_WIDTH - CHIP_GAP - 8)
                text = metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, room)
                if len(text) < 4 and text != name:  # no room for a name: the chip alone says who it is
                    text = ""
                width = CHIP_WIDTH + (CHIP_GAP + metrics.horizontalAdvance(text) if text else 0)
                top = 4 if self.orientation == "bottom" else self.height() - height - 4
                chip = QRectF(local.x() - width / 2, top, CHIP_WIDTH, height)
                text_rect = QRectF(chip.right() + CHIP_GAP, top, width, height)
                flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            colour = annotator_colour(k)
            p.setPen(pg.mkPen("#404040"))
            p.setBrush(QColor(colour))
            p.drawRoundedRect(chip, 4, 4)
            p.setFont(_font(AXIS_FONT_POINTS, bold=True))
            p.setPen(QColor(text_on(colour)))
            p.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), str(k + 1))
            p.setFont(font)
            p.setPen(QColor(TEXT_COLOUR))
            p.drawText(text_rect, int(flags), text)


def _centred() -> QTextOption:
    option = QTextOption()
    option.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    return option


def f1_colour_map() -> pg.ColorMap:
    """The F1 ramp as a pyqtgraph colour map (for the colour bar; cells use `style.f1_colour`)."""
    return pg.ColorMap(pos=np.array([p for p, _ in F1_SCALE]), color=[QColor(c) for _, c in F1_SCALE])


class MatrixHeatmap(QWidget):
    """N x N cells coloured by F1, with the value written in each; a colour bar on the right.

    Items (for tests and exports): `image` (ImageItem of RGBA cells, `image.image[j, i]` is row i,
    column j), `cell_items[(i, j)]` (the TextItem written in each off-diagonal cell), `selection_item`
    (the outline of the selected pair), `colour_bar` (pg.ColorBarItem, 0-100 %).
    """

    cell_clicked = Signal(int, int)
    """Row (gold role) and column (compared) of the off-diagonal cell the user clicked."""

    def __init__(self, parent: QWidget | None = None, *, colour_bar: bool = True) -> None:
        """`colour_bar`: with it; False: `add_colour_bar` adds it (the bar is a plot of its own, about half of the
        matrix's build: the window's first display builds each in a turn of its own)."""
        super().__init__(parent)
        self.setMinimumSize(320, 260)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)  # hidden for its page's first paint: the page keeps its room
        self.setSizePolicy(policy)
        self.left_axis = AnnotatorAxis("left")
        self.top_axis = AnnotatorAxis("top")
        self.plot_widget = pg.GraphicsLayoutWidget()
        self.plot_widget.setBackground("w")
        self.plot_widget.setObjectName("agreementHeatmap")
        self.plot: pg.PlotItem = self.plot_widget.addPlot(row=0, col=0, enableMenu=False,  # no menu made (5 ms)
                                                          axisItems={"left": self.left_axis, "top": self.top_axis})
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.hideAxis("bottom")
        self.plot.showAxis("top")
        box = self.plot.getViewBox()
        box.setMouseEnabled(False, False)
        box.invertY(True)
        self.plot.setLabel("left", "gold role (key) ▸ row", color=MUTED_TEXT, size="9pt")
        self.plot.setLabel("top", "compared with ▸ column", color=MUTED_TEXT, size="9pt")
        self.colour_bar: pg.ColorBarItem | None = None
        if colour_bar:
            self.add_colour_bar()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot_widget)
        box.sigResized.connect(self._fit_text)
        scene = self.plot_widget.scene()
        scene.sigMouseClicked.connect(self._mouse_clicked)
        scene.sigMouseMoved.connect(self._mouse_moved)
        self.matrix: AgreementMatrix | None = None
        self.names: tuple[str, ...] = ()
        self.image: pg.ImageItem | None = None
        self.cell_items: dict[tuple[int, int], pg.TextItem] = {}
        self.diagonal_items: list[pg.TextItem] = []
        self.selection_item: pg.PlotCurveItem | None = None
        self.selected: tuple[int, int] | None = None
        self.hover_text = ""
        self._describe: Describe | None = None

    def add_colour_bar(self) -> None:
        """The colour bar right of the cells, 0-100 % (once)."""
        if self.colour_bar is not None:
            return
        self.colour_bar = bar = pg.ColorBarItem(values=(0, 100), colorMap=f1_colour_map(), interactive=False,
                                                width=16, colorMapMenu=False)
        bar.axis.setPen(pg.mkPen(TEXT_COLOUR))
        bar.axis.setTextPen(pg.mkPen(TEXT_COLOUR))
        bar.axis.setStyle(tickFont=_font(9))
        bar.axis.setLabel("pairwise F1 (%) · darker = more agreement", color=TEXT_COLOUR, size="9pt")
        self.plot_widget.addItem(bar, row=0, col=1)

    # -- drawing ----------------------------------------------------------------------------------

    def set_data(self, matrix: AgreementMatrix, names: Sequence[str], *, selected: tuple[int, int] | None = None,
                 describe: Describe | None = None) -> None:
        """Draw `matrix` (from `IaaResult.matrix`); `names` label the annotators, `describe(i, j)`
        gives a cell's tooltip."""
        self.plot.clear()
        self.matrix = matrix
        self.names = tuple(names)
        self._describe = describe
        n = len(matrix.values)
        rgba = np.zeros((n, n, 4), dtype=np.ubyte)
        self.cell_items = {}
        self.diagonal_items = []
        for i in range(n):
            for j in range(n):
                value = matrix.values[i][j]
                fill = DIAGONAL_COLOUR if i == j else f1_colour(value)
                c = QColor(fill)
                rgba[j, i] = (c.red(), c.green(), c.blue(), 255)
                if i == j:
                    same = pg.TextItem("", color=QColor(MUTED_TEXT), anchor=(0.5, 0.5))
                    same.setPos(j, i)
                    self.plot.addItem(same)
                    self.diagonal_items.append(same)
                    continue
                item = pg.TextItem(cell_text(value), color=QColor(text_on(fill)), anchor=(0.5, 0.5))
                item.setPos(j, i)
                self.plot.addItem(item)
                self.cell_items[(i, j)] = item
        self.image = pg.ImageItem(rgba, axisOrder="col-major", levels=(0, 255))
        self.image.setRect(QRectF(-0.5, -0.5, n, n))
        self.image.setZValue(-10)
        self.plot.addItem(self.image)
        self._draw_grid(n)
        self.left_axis.set_annotators(self.names)
        self.top_axis.set_annotators(self.names)
        self.plot.setRange(xRange=(-0.5, n - 0.5), yRange=(-0.5, n - 0.5), padding=0.01)
        self.selection_item = None
        self.set_selected(selected)
        self._fit_text()

    def resizeEvent(self, event: Any) -> None:
        compact = self.width() < NAMES_FROM_WIDTH
        if compact != self.left_axis.compact:
            self.left_axis.compact = compact
            self.left_axis.set_annotators(self.names)
        super().resizeEvent(event)

    def _fit_text(self, *args: object) -> None:
        """Size the cell texts to the cells: the largest font (up to 13 pt) in which "100.00" fits."""
        if self.matrix is None:
            return
        box = self.plot.getViewBox()
        cell = box.mapViewToDevice(QPointF(1, 1)) - box.mapViewToDevice(QPointF(0, 0))
        width, height = abs(cell.x()), abs(cell.y())
        points = 13.0
        while points > 6.5:
            metrics = QFontMetricsF(_font(points, bold=True))
            if metrics.horizontalAdvance("100.00") <= 0.86 * width and metrics.height() <= 0.7 * height:
                break
            points -= 0.5
        for item in self.cell_items.values():
            item.setFont(_font(points, bold=True))
        small = max(6.5, min(points - 3, 9.0))
        wide = QFontMetricsF(_font(small)).horizontalAdvance("annotator") <= 0.9 * width
        for item in self.diagonal_items:
            item.setPlainText("same\nannotator" if wide else DASH)
            item.setFont(_font(small))
            item.textItem.setTextWidth(-1)
            if wide:  # centre both lines
                item.setTextWidth(item.textItem.boundingRect().width())
                item.textItem.document().setDefaultTextOption(_centred())

    def _draw_grid(self, n: int) -> None:
        xs: list[float] = []
        ys: list[float] = []
        for k in range(n + 1):
            xs += [k - 0.5, k - 0.5, -0.5, n - 0.5]
            ys += [-0.5, n - 0.5, k - 0.5, k - 0.5]
        self.plot.addItem(pg.PlotCurveItem(np.array(xs), np.array(ys), connect="pairs", pen=pg.mkPen("#FFFFFF",
                                                                                                     width=2)))

    def set_selected(self, pair: tuple[int, int] | None) -> None:
        """Outline the cell of the pair shown in the document views (None: no outline)."""
        self.selected = pair
        if self.selection_item is not None:
            self.plot.removeItem(self.selection_item)
            self.selection_item = None
        if pair is None or self.matrix is None:
            return
        i, j = pair
        x0, x1, y0, y1 = j - 0.47, j + 0.47, i - 0.47, i + 0.47
        self.selection_item = pg.PlotCurveItem(np.array([x0, x1, x1, x0, x0]), np.array([y0, y0, y1, y1, y0]),
                                               pen=pg.mkPen(OUTLINE_COLOUR, width=3))
        self.selection_item.setZValue(5)
        self.plot.addItem(self.selection_item)

    # -- reading it back ---------------------------------------------------------------------------

    def cell_value_texts(self) -> dict[tuple[int, int], str]:
        """What every off-diagonal cell says, by (row, column)."""
        return {key: item.toPlainText() for key, item in self.cell_items.items()}

    def cell_fill(self, i: int, j: int) -> str:
        """The colour cell (i, j) is painted in (`#rrggbb`)."""
        assert self.image is not None
        r, g, b, _ = (int(v) for v in self.image.image[j, i])
        return QColor(r, g, b).name()

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The off-diagonal cell at data coordinates (x = column, y = row), or None."""
        if self.matrix is None:
            return None
        n = len(self.matrix.values)
        j, i = round(x), round(y)
        if 0 <= i < n and 0 <= j < n and i != j and abs(x - j) <= 0.5 and abs(y - i) <= 0.5:
            return i, j
        return None

    def cell_centre(self, i: int, j: int) -> QPoint:
        """Where cell (i, j) is in the viewport of `plot_widget` (for clicks in tests)."""
        scene = self.plot.getViewBox().mapViewToScene(QPointF(j, i))
        return self.plot_widget.mapFromScene(scene)

    # -- mouse ------------------------------------------------------------------------------------

    def _cell_under(self, scene_pos: QPointF) -> tuple[int, int] | None:
        box = self.plot.getViewBox()
        if not box.sceneBoundingRect().contains(scene_pos):
            return None
        point = box.mapSceneToView(scene_pos)
        return self.cell_at(point.x(), point.y())

    def _mouse_clicked(self, event: Any) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        cell = self._cell_under(event.scenePos())
        if cell is not None:
            event.accept()
            self.cell_clicked.emit(*cell)

    def _mouse_moved(self, scene_pos: QPointF) -> None:
        cell = self._cell_under(scene_pos)
        text = self._describe(*cell) if cell is not None and self._describe is not None else ""
        if text == self.hover_text:
            return
        self.hover_text = text
        self.plot_widget.setCursor(Qt.CursorShape.PointingHandCursor if cell else Qt.CursorShape.ArrowCursor)
        self.plot_widget.setToolTip(text)  # Qt shows it where the mouse rests
