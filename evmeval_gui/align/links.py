"""Both mappings of one mapping difference, drawn over the text view.

The text view calls `paint(painter, view)` after its bars (in document coordinates). For the focused
difference of `AlignmentFigures` in the shown document, it links the gold mention's bar to greedy's
partner with a solid dark line and to the other strategy's partner with a dashed violet one (through
the gutters between lines and the left margin, `views.gutters`, never across the words), each
labelled with its strategy and Dice, and frames the partners in the same pen. The same pens draw the
legend of the Mapping differences view (`link_swatch`), so what the legend shows is what the text shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evmeval.mention.mapping_diff import PairChange
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap

from evmeval_gui.align.state import AlignmentFigures
from evmeval_gui.model.text_layout import GOLD, SYSTEM, Bar, Layout
from evmeval_gui.views.gutters import gutter_above, gutter_below, gutter_route

if TYPE_CHECKING:
    from evmeval_gui.views.text_view import TextView

GREEDY_COLOUR = "#303030"
OTHER_COLOUR = "#8E44AD"


def link_pen(greedy: bool) -> QPen:
    """Greedy's link: solid, dark. The other strategy's: dashed, violet (reads without colour too)."""
    pen = QPen(QColor(GREEDY_COLOUR if greedy else OTHER_COLOUR), 2.0,
               Qt.PenStyle.SolidLine if greedy else Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def link_swatch(greedy: bool, width: int = 28, height: int = 12) -> QPixmap:
    """A legend sample of one kind of link."""
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setPen(link_pen(greedy))
    painter.drawLine(QPointF(1, height / 2), QPointF(width - 1, height / 2))
    painter.end()
    return pixmap


def _first_bar(layout: Layout, layer: int, mention: int | None) -> Bar | None:
    if mention is None:
        return None
    bars = [b for b in layout.mention_bars.get((layer, mention), []) if not b.connector]
    return bars[0] if bars else None


class MappingLinksOverlay:
    """Draws the focused difference's two links; `links_drawn` tells tests (and the eye) what was drawn."""

    def __init__(self, figures: AlignmentFigures) -> None:
        self.figures = figures
        self.links_drawn: list[tuple[str, int, int]] = []
        """(strategy, gold index, system index) of each link drawn in the last paint."""
        self.drawn: list[QPainterPath | QRectF] = []
        """The paths and label boxes of the last paint (document coordinates): what must miss the words."""

    def paint_viewport(self, view: TextView, painter: QPainter) -> None:
        """Nothing drawn outside the document's coordinates."""

    def tooltip(self, view: TextView, mentions: list[tuple[int, int]]) -> str:
        return ""

    def paint(self, view: TextView, painter: QPainter) -> None:
        layout = view.layout_data
        doc_id = view.result_doc.doc_id if view.result_doc is not None else None
        self.links_drawn = []
        self.drawn = []
        change = self.figures.focus
        if change is None or layout is None or doc_id != change.doc_id:
            return
        gold = _first_bar(layout, GOLD, change.gold_index)
        if gold is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        font = QFont(painter.font())
        font.setPointSizeF(max(font.pointSizeF() - 3.5, 6.5))
        font.setBold(True)
        painter.setFont(font)
        links = (("greedy", change.greedy_system, change.greedy_dice, True),
                 (change.strategy, change.other_system, change.other_dice, False))
        drawn = [(name, system, dice, greedy, bar) for name, system, dice, greedy in links
                 if system is not None and (bar := _first_bar(layout, SYSTEM, system)) is not None]
        label_top = max((bar.y1 for *_, bar in drawn), default=0.0) + 1
        label_right = -1e9
        for name, system, _dice, greedy, bar in drawn:
            self.drawn.append(self._link(painter, layout, gold, bar, greedy))
            self.links_drawn.append((name, change.gold_index, system))
        for name, _system, dice, greedy, bar in sorted(drawn, key=lambda link: link[4].x0):  # left to right
            label_right = self._label(painter, bar, f"{name} {dice:.2f}", greedy, label_top, label_right)
        painter.restore()

    @staticmethod
    def _link(painter: QPainter, layout: Layout, gold: Bar, system: Bar, greedy: bool) -> QPainterPath:
        """Gold bar up into its line's gutter, to the left margin, down to the system line's gutter and
        up into the system bar: never through the words between the lanes."""
        painter.setPen(link_pen(greedy))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        shift = 0.0 if greedy else 3.0  # the two links side by side, not on top of each other
        start = QPointF(gold.x0 + 3 + shift, gold.y0)
        end = QPointF(system.x0 + 3 + shift, system.y1)
        path = gutter_route(layout, start, gutter_above(layout, gold.line, shift), end,
                            gutter_below(layout, system.line, shift), offset=shift)
        painter.drawPath(path)
        painter.drawRect(QRectF(system.x0 - 2, system.y0 - 2, system.x1 - system.x0 + 4, system.y1 - system.y0 + 4))
        return path

    def _label(self, painter: QPainter, bar: Bar, text: str, greedy: bool, top: float, after: float) -> float:
        """Write `text` under the bar (right of the previous label, `after`); returns its right edge."""
        box = QFontMetricsF(painter.font()).boundingRect(text).adjusted(-3, 0, 3, 0)
        box.moveTopLeft(QPointF(max(bar.x0, after + 4), top))
        self.drawn.append(QRectF(box))
        painter.fillRect(box, QColor(255, 255, 255, 235))
        painter.setPen(QPen(link_pen(greedy).color()))
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)
        return box.right()


def describe_change(change: PairChange) -> str:
    """One line for a difference (status bar, tooltips)."""
    old = f"{change.greedy_id} (Dice {change.greedy_dice:.2f})" if change.greedy_id else "nothing"
    new = f"{change.other_id} (Dice {change.other_dice:.2f})" if change.other_id else "nothing"
    return (f"gold {change.gold_id}: greedy maps it to {old}, {change.strategy} to {new}; "
            f"gain {change.gain:+.3f}")
