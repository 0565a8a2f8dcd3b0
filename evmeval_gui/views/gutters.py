"""Where drawings over the text may go: the gutters between lines and the left margin, never the words.

Links between mentions (coreference members, both mappings of a mapping difference) are drawn as
paths that leave a mention's bar into the gutter of its line (above a gold lane, below a system lane),
run along that gutter to the left margin, along the margin to the other line's gutter, and in to the
other mention: readable at a glance and never over a word. `word_rects` is the geometry a test (or an
overlay) checks a drawing against.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from evmeval_gui.model.text_layout import Layout


def word_rects(layout: Layout, top: float = float("-inf"), bottom: float = float("inf")) -> list[QRectF]:
    """The box of every placed word of the lines meeting [top, bottom] (document coordinates)."""
    m = layout.metrics
    lines = layout.visible_lines(top, bottom) if top != float("-inf") else range(len(layout.lines))
    out = []
    for index in lines:
        line = layout.lines[index]
        for piece in layout.pieces[line.first:line.last]:
            out.append(QRectF(piece.x, line.text_top, piece.width, m.text_height))
    return out


def gutter_above(layout: Layout, line: int, offset: float = 0.0) -> float:
    """A y in the gap above the line's gold lane (`offset` pixels further up, for a second path)."""
    top = layout.lines[line].y
    previous = layout.lines[line - 1].y + layout.lines[line - 1].height if line > 0 else 0.0
    return max(previous + 1.0, top - 2.0 - 0.3 * (top - previous) - offset)


def gutter_below(layout: Layout, line: int, offset: float = 0.0) -> float:
    """A y in the gap below the line's system lane (`offset` pixels further down)."""
    current = layout.lines[line]
    bottom = current.y + current.height
    following = layout.lines[line + 1].y if line + 1 < len(layout.lines) else layout.height
    return min(following - 1.0, bottom + 2.0 + 0.3 * (following - bottom) + offset)


def margin_x(layout: Layout, offset: float = 0.0) -> float:
    """An x in the left margin, left of every line's first word."""
    return max(1.0, layout.metrics.margin_left / 2 - offset)


def gutter_route(layout: Layout, start: QPointF, start_gutter: float, end: QPointF, end_gutter: float,
                 *, offset: float = 0.0) -> QPainterPath:
    """From `start` straight to its gutter's y, along it to the margin, along the margin to the end's
    gutter, along that to above (or below) `end`, and in to `end`; all in gutters and the margin."""
    x = margin_x(layout, offset)
    path = QPainterPath(start)
    for point in (QPointF(start.x(), start_gutter), QPointF(x, start_gutter), QPointF(x, end_gutter),
                  QPointF(end.x(), end_gutter), end):
        path.lineTo(point)
    return path


def path_points(path: QPainterPath, step: float = 2.0) -> list[QPointF]:
    """Points along a path every `step` pixels (a drawing's footprint, to check it misses the words)."""
    length = path.length()
    count = max(int(length / step), 1)
    return [path.pointAtPercent(path.percentAtLength(min(length, i * step))) for i in range(count + 1)]
