"""Coreference clusters on the text: the selected mentions' gold and system clusters, linked.

A painter the text view calls after drawing the words and bars (`TextView.add_overlay`). For every
selected mention it finds its cluster (the session's `Coreference`) and, when the cluster has other
members, draws a chip around each member (gold: over the gold lane, solid; system: under the system
lane, dashed), a small badge naming the cluster, and links joining the members in reading order:
an arc in the gutter above (gold) or below (system) the line when both are on one line, else a path
along the gutters and the left margin (`views.gutters`), so nothing is drawn over a word. The view
keeps `ROOM` pixels free for them above gold lanes and below system lanes in documents with clusters.
Members scrolled out of view are counted (`out_of_view_text`) in a line above the text, not over it.
Tooltips gain the cluster's story (split / merged ...).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from itertools import pairwise

from evmeval.coref.view import cluster_name
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from evmeval_gui.coref.state import GOLD_SIDE, SYSTEM_SIDE, Coreference, DocumentClusterView
from evmeval_gui.coref.style import CLUSTER_COLOURS
from evmeval_gui.model.text_layout import GOLD, SYSTEM, Bar, Layout
from evmeval_gui.views.gutters import gutter_above, gutter_below, gutter_route

_SIDES = {GOLD: GOLD_SIDE, SYSTEM: SYSTEM_SIDE}
ROOM = 14.0
"""Pixels the view keeps free above gold lanes and below system lanes for badges and arcs."""


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
    lines: tuple[int, ...] = ()
    """Each chip's line (same order as `chips`)."""


class ClusterOverlay:
    """Draws the clusters of the text view's selected mentions (see the module docstring)."""

    def __init__(self, coreference: Coreference, view=None) -> None:
        self.coreference = coreference
        self.view = view
        self.drawn: list[QPainterPath | QRectF] = []
        """Arcs and badges of the last paint (document coordinates): what must miss the words."""

    def room(self) -> float:
        """Room between lines for badges and arcs, in documents that have a cluster to draw."""
        view = self.view
        data = self._view_data(view) if view is not None else None
        if data is None or not any(len(c.mention_ids) > 1 for c in data.clusters):
            return 0.0
        return ROOM

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
            placed = [(Chip(layer, m, rect), line) for m in cluster.mention_indexes
                      for rect, line in _chip_rects(layout, layer, m)]
            out.append(ShownCluster(index, cluster_name(cluster), layer, tuple(c for c, _ in placed),
                                    tuple(line for _, line in placed)))
        return out

    # -- painting ---------------------------------------------------------------------------------

    def paint(self, view, painter: QPainter) -> None:
        """Chips, badges and arcs, in document coordinates (the painter is translated by the scroll)."""
        shown = self.shown_clusters(view)
        self.drawn = []
        if not shown:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        badge_font = QFont(view.font())
        badge_font.setPointSizeF(max(7.0, badge_font.pointSizeF() * 0.62))
        badge_font.setBold(True)
        for cluster in shown:
            colour = QColor(CLUSTER_COLOURS[_SIDES[cluster.layer]])
            self.drawn += self._paint_arcs(painter, view.layout_data, cluster, colour)
            pen = QPen(colour, 2.0, Qt.PenStyle.SolidLine if cluster.layer == GOLD else Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for chip in cluster.chips:
                painter.drawRoundedRect(chip.rect, 3, 3)
            if cluster.chips:  # one badge, on the first member in reading order
                first = min((c.rect for c in cluster.chips), key=lambda r: (round(r.top()), r.left()))
                self.drawn.append(_badge(painter, badge_font, colour, cluster.name, first,
                                         above=cluster.layer == GOLD))
        painter.restore()

    @staticmethod
    def _paint_arcs(painter: QPainter, layout: Layout, cluster: ShownCluster, colour: QColor) -> list[QPainterPath]:
        """Members joined in reading order: an arc in the line's gutter, or a gutter-and-margin path
        between lines (never through the lines of text between them)."""
        starts: dict[int, tuple[QRectF, int]] = {}
        for chip, line in zip(cluster.chips, cluster.lines, strict=True):
            starts.setdefault(chip.mention, (chip.rect, line))
        ordered = sorted(starts.values(), key=lambda r: (r[1], r[0].left()))
        arc = QColor(colour)
        arc.setAlpha(170)
        painter.setPen(QPen(arc, 1.6))
        gold = cluster.layer == GOLD
        gutter = gutter_above if gold else gutter_below
        paths = []
        for step, ((a, line_a), (b, line_b)) in enumerate(pairwise(ordered)):
            ya, yb = (a.top(), b.top()) if gold else (a.bottom(), b.bottom())
            start, end = QPointF(a.center().x(), ya), QPointF(b.center().x(), yb)
            if line_a == line_b:
                limit = gutter(layout, line_a, 0.0)
                path = QPainterPath(start)
                path.cubicTo(QPointF(start.x(), limit), QPointF(end.x(), limit), end)
            else:
                offset = 2.0 * (step % 3)
                path = gutter_route(layout, start, gutter(layout, line_a, offset), end, gutter(layout, line_b, offset),
                                    offset=offset)
            painter.drawPath(path)
            paths.append(path)
        return paths

    def paint_viewport(self, view, painter: QPainter) -> None:
        """Nothing over the text: members out of view are counted above it (`out_of_view_text`)."""

    def out_of_view_text(self, view) -> str:
        """Rich text naming each shown cluster's members above and below the visible part ("" if none)."""
        top, bottom = view.visible_band()
        parts = []
        for cluster in self.shown_clusters(view):
            colour = CLUSTER_COLOURS[_SIDES[cluster.layer]]
            for count, arrow, where in zip(_out_of_view(cluster, top, bottom), "▲▼", ("above", "below"),
                                           strict=True):
                if count:
                    parts.append(f"<span style='color:{colour}'>{arrow} {_SIDES[cluster.layer]} "
                                 f"{html.escape(cluster.name)}: {count} more "
                                 f"{'member' if count == 1 else 'members'} {where}</span>")
        return " · ".join(parts)

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


def _chip_rects(layout: Layout, layer: int, mention: int) -> list[tuple[QRectF, int]]:
    """A box around each part of a mention (its words and its bar, gold above, system below), and its line."""
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
        rects.append((QRectF(bar.x0 - 3, top, max(bar.x1 - bar.x0, 4.0) + 6, bottom - top), bar.line))
    return rects


def _badge(painter: QPainter, font: QFont, colour: QColor, text: str, rect: QRectF, *, above: bool) -> QRectF:
    """The cluster's name beside its first member's chip, in the gutter (above gold, below system)."""
    fm = QFontMetricsF(font)
    w, h = fm.horizontalAdvance(text) + 6, min(fm.height(), ROOM - 1)
    y = rect.top() - h if above else rect.bottom()
    box = QRectF(rect.left() - 2, y, w, h)
    painter.save()
    painter.setFont(font)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRoundedRect(box, 3, 3)
    painter.setPen(QColor("#FFFFFF"))
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)
    painter.restore()
    return box


def _out_of_view(cluster: ShownCluster, top: float, bottom: float) -> tuple[int, int]:
    above: set[int] = set()
    below: set[int] = set()
    for chip in cluster.chips:
        if chip.rect.bottom() < top:
            above.add(chip.mention)
        elif chip.rect.top() > bottom:
            below.add(chip.mention)
    return len(above), len(below)
