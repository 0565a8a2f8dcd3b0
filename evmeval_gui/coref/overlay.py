"""Coreference clusters on the text: the selected mentions' gold and system clusters, linked.

A painter the text view calls after drawing the words and bars (`TextView.add_overlay`). For every
selected mention it finds its cluster (the session's `Coreference`) and, when the cluster has other
members, draws a chip around each member (gold: over the gold lane, solid; system: under the system
lane, dashed), a small badge naming the cluster, and arcs joining the members in reading order
(gold arcs above the lines, system arcs below). Members scrolled out of view are counted in pills
at the top and bottom edges of the view. Tooltips gain the cluster's story (split / merged ...).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from itertools import pairwise

from evmeval.coref.view import cluster_name
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from evmeval_gui.coref.style import CLUSTER_COLOURS
from evmeval_gui.model.coreference import GOLD_SIDE, SYSTEM_SIDE, Coreference, DocumentClusterView
from evmeval_gui.model.text_layout import GOLD, SYSTEM, Bar, Layout

_SIDES = {GOLD: GOLD_SIDE, SYSTEM: SYSTEM_SIDE}


@dataclass(frozen=True)
class Chip:
    """One member mention's box (document coordinates) in a shown cluster."""

    layer: int
    mention: int
    rect: QRectF


@dataclass(frozen=True)
class ShownCluster:
    """A cluster drawn on the text: its index in the document's clusters, name, layer and chips."""

    index: int
    name: str
    layer: int
    chips: tuple[Chip, ...]


class ClusterOverlay:
    """Draws the clusters of the text view's selected mentions (see the module docstring)."""

    def __init__(self, coreference: Coreference) -> None:
        self.coreference = coreference

    # -- what is shown ----------------------------------------------------------------------------

    def _view_data(self, view) -> DocumentClusterView | None:
        doc = view.result_doc
        return self.coreference.document(doc.doc_id) if doc is not None else None

    def shown_clusters(self, view) -> list[ShownCluster]:
        """The clusters of the selected mentions that have more than one member, with their chips."""
        data, layout, doc = self._view_data(view), view.layout_data, view.result_doc
        if data is None or layout is None or doc is None:
            return []
        gold_sel, system_sel = view.selected_indices
        indices: set[int] = set()
        for layer, selected, mentions in ((GOLD, gold_sel, doc.gold), (SYSTEM, system_sel, doc.system)):
            for i in selected:
                found = data.cluster_of(_SIDES[layer], mentions[i].mention_id)
                if found is not None and len(data.clusters[found].mention_ids) > 1:
                    indices.add(found)
        out = []
        for index in sorted(indices):
            cluster = data.clusters[index]
            layer = GOLD if cluster.side == GOLD_SIDE else SYSTEM
            chips = [Chip(layer, m, rect) for m in cluster.mention_indexes
                     for rect in _chip_rects(layout, layer, m)]
            out.append(ShownCluster(index, cluster_name(cluster), layer, tuple(chips)))
        return out

    # -- painting ---------------------------------------------------------------------------------

    def paint(self, view, painter: QPainter) -> None:
        """Chips, badges and arcs, in document coordinates (the painter is translated by the scroll)."""
        shown = self.shown_clusters(view)
        if not shown:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        badge_font = QFont(view.font())
        badge_font.setPointSizeF(max(7.0, badge_font.pointSizeF() * 0.62))
        badge_font.setBold(True)
        for cluster in shown:
            colour = QColor(CLUSTER_COLOURS[_SIDES[cluster.layer]])
            self._paint_arcs(painter, cluster, colour)
            pen = QPen(colour, 2.0, Qt.PenStyle.SolidLine if cluster.layer == GOLD else Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for chip in cluster.chips:
                painter.drawRoundedRect(chip.rect, 3, 3)
            if cluster.chips:  # one badge, on the first member in reading order
                first = min((c.rect for c in cluster.chips), key=lambda r: (round(r.top()), r.left()))
                _badge(painter, badge_font, colour, cluster.name, first, above=cluster.layer == GOLD)
        painter.restore()

    @staticmethod
    def _paint_arcs(painter: QPainter, cluster: ShownCluster, colour: QColor) -> None:
        starts: dict[int, QRectF] = {}
        for chip in cluster.chips:
            starts.setdefault(chip.mention, chip.rect)
        ordered = sorted(starts.values(), key=lambda r: (round(r.top()), r.left()))
        arc = QColor(colour)
        arc.setAlpha(150)
        painter.setPen(QPen(arc, 1.6))
        gold = cluster.layer == GOLD
        for a, b in pairwise(ordered):
            ya, yb = (a.top(), b.top()) if gold else (a.bottom(), b.bottom())
            start, end = QPointF(a.center().x(), ya), QPointF(b.center().x(), yb)
            lift = min(34.0, 10.0 + 0.08 * abs(end.x() - start.x()))
            control_y = (min(ya, yb) - lift) if gold else (max(ya, yb) + lift)
            path = QPainterPath(start)
            path.cubicTo(QPointF(start.x(), control_y), QPointF(end.x(), control_y), end)
            painter.drawPath(path)

    def paint_viewport(self, view, painter: QPainter) -> None:
        """Pills at the top and bottom edges counting each shown cluster's members out of view."""
        shown = self.shown_clusters(view)
        if not shown:
            return
        top, bottom = view.visible_band()
        width = float(view.viewport().width())
        font = QFont(view.font())
        font.setPointSizeF(max(7.5, font.pointSizeF() * 0.75))
        fm = QFontMetricsF(font)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setFont(font)
        y_top, y_bottom = 3.0, float(view.viewport().height()) - fm.height() - 7
        for cluster in shown:
            above, below = _out_of_view(cluster, top, bottom)
            colour = QColor(CLUSTER_COLOURS[_SIDES[cluster.layer]])
            for count, arrow, where in ((above, "▲", "above"), (below, "▼", "below")):
                if not count:
                    continue
                side = _SIDES[cluster.layer]
                text = f"{arrow} {side} {cluster.name}: {count} more {'member' if count == 1 else 'members'} {where}"
                w = fm.horizontalAdvance(text) + 12
                y = y_top if where == "above" else y_bottom
                rect = QRectF(width - w - 6, y, w, fm.height() + 4)
                painter.setPen(QPen(colour, 1.2))
                painter.setBrush(QColor(255, 255, 255, 235))
                painter.drawRoundedRect(rect, 6, 6)
                painter.setPen(colour)
                painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
                if where == "above":
                    y_top += fm.height() + 7
                else:
                    y_bottom -= fm.height() + 7
        painter.restore()

    def out_of_view(self, view) -> dict[tuple[str, str], tuple[int, int]]:
        """(side, cluster name) -> (members above, members below) the visible part (what the pills say)."""
        top, bottom = view.visible_band()
        return {(_SIDES[c.layer], c.name): _out_of_view(c, top, bottom) for c in self.shown_clusters(view)}

    # -- tooltips ---------------------------------------------------------------------------------

    def tooltip(self, view, mentions: list[tuple[int, int]]) -> str:
        """The cluster story of each hovered mention that is in a cluster worth telling about."""
        data, doc = self._view_data(view), view.result_doc
        if data is None or doc is None:
            return ""
        blocks = []
        seen: set[int] = set()
        for layer, mention in mentions:
            m = (doc.gold if layer == GOLD else doc.system)[mention]
            index = data.cluster_of(_SIDES[layer], m.mention_id)
            if index is None or index in seen or not data.is_shown_by_default(index):
                continue
            seen.add(index)
            colour = CLUSTER_COLOURS[_SIDES[layer]]
            blocks.append(f"<span style='color:{colour}'>⬤</span> <b>Coreference</b> · "
                          f"{html.escape(data.descriptions[index])}")
        return "<br>".join(blocks)


def _chip_rects(layout: Layout, layer: int, mention: int) -> list[QRectF]:
    """A box around each part of a mention: its words and its bar (gold above, system below)."""
    rects = []
    bars: list[Bar] = layout.mention_bars.get((layer, mention), [])
    m = layout.metrics
    for bar in bars:
        if bar.connector:
            continue
        line = layout.lines[bar.line]
        if layer == GOLD:
            top, bottom = bar.y0 - 2, line.text_top + m.text_height + 1
        else:
            top, bottom = line.text_top - 1, bar.y1 + 2
        rects.append(QRectF(bar.x0 - 3, top, max(bar.x1 - bar.x0, 4.0) + 6, bottom - top))
    return rects


def _badge(painter: QPainter, font: QFont, colour: QColor, text: str, rect: QRectF, *, above: bool) -> None:
    fm = QFontMetricsF(font)
    w, h = fm.horizontalAdvance(text) + 6, fm.height()
    y = rect.top() - h + 2 if above else rect.bottom() - 2
    box = QRectF(rect.left() - 2, y, w, h)
    painter.save()
    painter.setFont(font)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRoundedRect(box, 3, 3)
    painter.setPen(QColor("#FFFFFF"))
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)
    painter.restore()


def _out_of_view(cluster: ShownCluster, top: float, bottom: float) -> tuple[int, int]:
    above: set[int] = set()
    below: set[int] = set()
    for chip in cluster.chips:
        if chip.rect.bottom() < top:
            above.add(chip.mention)
        elif chip.rect.top() > bottom:
            below.add(chip.mention)
    return len(above), len(below)
