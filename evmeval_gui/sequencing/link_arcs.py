"""Sequencing links drawn on the text: arcs between mentions, gold above the words, system below.

A painter the text view calls (`TextView.overlays`): each `@After` / `@Subevent` link of the shown
document (after v1.8's propagation through coreference: one arc per mention pair it scores) is an arc
from its source mention's bar to its target's, in that side's lane (gold links rise above the gold
lane, system links dip below the system lane), with an arrowhead at the target: filled for After
(source happens before target), open for Subevent (target is part of source). Arcs take the link
outcome colours and line styles of `evmeval.sequencing.link_style` under the chosen closure. A link whose ends sit
on different lines is drawn as two half-arcs running towards the margins, each labelled with the id at the
other end (short stubs: `E6 …` leaves for E6, `… E5` arrives from E5). A stub ends where its label still fits
in the view; the labels are placed whole, clear of each other (`arc_labels`), and a hovered label names its link
(an elided or hidden one its whole text too). When mentions are selected, their links are drawn bold and the
others faded.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from evmeval.sequencing.link_style import link_style
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QToolTip

from evmeval_gui.model.text_layout import GOLD, SYSTEM, Bar, Layout
from evmeval_gui.sequencing.arc_labels import MARGIN, PAD, PlacedLabel, place_label
from evmeval_gui.sequencing.state import LinkRow, SequencingModel
from evmeval_gui.views.text_view import TextView

ROOM = 16.0
"""Pixels reserved above each gold lane and below each system lane for the arcs."""
FADED_ALPHA = 70
STUB = 70.0
"""Length of each half of a link whose ends are on different lines; a label names the other end."""
PEN_STYLES = {"solid": Qt.PenStyle.SolidLine, "dash": Qt.PenStyle.DashLine, "dot": Qt.PenStyle.DotLine,
              "dashdot": Qt.PenStyle.DashDotLine, "dashdotdot": Qt.PenStyle.DashDotDotLine}
MISSING_OUTCOME_COLOUR = "#8C8C8C"
MAX_TIP_LINES = 8
"""Links a tooltip lists at most (a mention's, or the hidden labels of one stub end)."""


@dataclass(frozen=True)
class Arc:
    """One drawn link: its row, its side's layer, the paths (one, or two half-arcs) and how it is drawn."""

    row: LinkRow
    layer: int
    paths: tuple[QPainterPath, ...]
    head: QPolygonF
    labels: tuple[tuple[QPointF, str], ...]
    outcome: str
    emphasised: bool
    faded: bool
    top: float
    bottom: float


def _anchor(layout: Layout, layer: int, mention: int) -> Bar | None:
    """The first (reading order) bar of a mention: where its arcs start and end."""
    bars = [b for b in layout.mention_bars.get((layer, mention), ()) if not b.connector]
    return min(bars, key=lambda b: (b.line, b.x0)) if bars else None


def describe_link(row: LinkRow, closure: str) -> str:
    """One link in words, as its tooltips name it."""
    outcome = row.outcome(closure)
    words = link_style(outcome).short if outcome else "not scored"
    return f"{row.side} link {row.source} {row.kind} {row.target}: {words}"


class _LabelTips(QObject):
    """The text view's tooltip over a stub's label: its link, and its whole text where it is elided or hidden
    (the view's own tooltip names the mentions under the mouse; a label lies between lines, over none)."""

    def __init__(self, overlay: LinkArcOverlay) -> None:
        super().__init__(overlay.view)
        self.overlay = overlay
        overlay.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return False
        view = self.overlay.view
        text = self.overlay.tip_at(QPointF(event.pos().x(), event.pos().y() + view.verticalScrollBar().value()))
        if not text:
            return False
        QToolTip.showText(event.globalPos(), text, view.viewport())
        return True


def _misses(limits: tuple[float, float], band: tuple[float, float] | None) -> bool:
    """Whether an arc spanning `limits` (document y, before its 4-pixel margin) stays out of `band` (None: no band,
    every arc wanted)."""
    return band is not None and not (limits[1] + 4 >= band[0] and limits[0] - 4 <= band[1])


class LinkArcOverlay:
    """Draws the sequencing links of the text view's document; `arcs()` says what it draws (tests)."""

    def __init__(self, view: TextView, model: SequencingModel) -> None:
        self.view = view
        self.model = model
        self._stubs: dict[tuple[int, int, int], int] = {}
        self.drawn: list[QPainterPath | QRectF] = []
        """Paths and label boxes of the last paint (document coordinates): what must miss the words."""
        self.labels: list[PlacedLabel] = []
        """The stubs' labels of the last paint, as placed (`arc_labels`): shown whole, elided or hidden."""
        self._named: list[LinkRow] = []
        """The link each of `labels` names."""
        self._tips = _LabelTips(self)
        view.overlays.append(self)
        model.sequencing_changed.connect(self._on_sequencing)
        model.options_changed.connect(lambda: view.overlays_changed())

    def _on_sequencing(self) -> None:
        self.view.overlays_changed(relayout=True)

    def label_font(self) -> QFont:
        """The labels' font: smaller than the text's, readable, and still within the room."""
        font = QFont(self.view.font())
        font.setPointSizeF(max(font.pointSizeF() - 2.5, 7.5))
        return font

    def tip_at(self, point: QPointF) -> str:
        """The tooltip of the label at `point` (document coordinates), else of every hidden label whose stub ends
        there (several stubs can end on one spot), else ""."""
        hit = [(label, row) for label, row in zip(self.labels, self._named, strict=True) if label.box.contains(point)]
        drawn = [(label, row) for label, row in hit if label.shown][:1]  # drawn labels never overlap
        lines = [("" if label.whole else f"<b>{html.escape(label.text)}</b> ") + html.escape(
            describe_link(row, self.model.closure)) for label, row in drawn or hit]
        return "<br>".join(lines[:MAX_TIP_LINES]) + ("<br>…" if len(lines) > MAX_TIP_LINES else "")

    def room(self) -> float:
        """Space for arcs between lines, only where the shown document has links to draw."""
        doc = self.view.result_doc
        if self.model.result is None or doc is None:
            return 0.0
        return ROOM if self.model.shown_rows(doc.doc_id) else 0.0

    # -- geometry ---------------------------------------------------------------------------------

    def arcs(self, band: tuple[float, float] | None = None) -> list[Arc]:
        """Every arc of the shown document, for the link types shown; with `band` (a document y range), only those
        reaching into it (the others' paths are not made: a paint draws the screen's few of a long document's
        many, and making each arc's paths cost more than drawing it)."""
        view, model = self.view, self.model
        layout, doc = view.layout_data, view.result_doc
        if layout is None or doc is None or model.result is None:
            return []
        index = ({m.mention_id: i for i, m in reversed(list(enumerate(doc.gold)))},
                 {m.mention_id: i for i, m in reversed(list(enumerate(doc.system)))})
        selection = view.session.selection
        chosen = (selection.gold_ids, selection.system_ids) if selection.doc_id == doc.doc_id else ((), ())
        anything = bool(chosen[GOLD] or chosen[SYSTEM])
        out = []
        self._stubs = {}
        self._metrics = QFontMetricsF(self.label_font())
        for row in model.shown_rows(doc.doc_id):
            layer = GOLD if row.side == "gold" else SYSTEM
            source, target = index[layer].get(row.source), index[layer].get(row.target)
            a = _anchor(layout, layer, source) if source is not None else None
            b = _anchor(layout, layer, target) if target is not None else None
            if a is None or b is None:
                continue
            touched = row.source in chosen[layer] or row.target in chosen[layer]
            arc = self._arc(layout, row, layer, a, b, emphasised=touched, faded=anything and not touched, band=band)
            if arc is not None:
                out.append(arc)
        return out

    def _end(self, layout: Layout, layer: int, bar: Bar) -> tuple[float, float, float]:
        """x and y where an arc meets a bar, and the y of the arc's outer limit on that line."""
        line = layout.lines[bar.line]
        x = (bar.x0 + bar.x1) / 2
        if layer == GOLD:
            return x, bar.y0, line.y - ROOM + 2
        return x, bar.y1, line.y + line.height + ROOM - 2

    def _arc(self, layout: Layout, row: LinkRow, layer: int, a: Bar, b: Bar, *, emphasised: bool,
             faded: bool, band: tuple[float, float] | None = None) -> Arc | None:
        """The arc of `row` from bar `a` to bar `b`; None when `band` is given and the arc misses it (a stub's lane
        is counted all the same: the stubs after it on the same mention are placed as without `band`)."""
        ax, ay, a_limit = self._end(layout, layer, a)
        bx, by, b_limit = self._end(layout, layer, b)
        labels: list[tuple[QPointF, str]] = []
        if a.line == b.line:
            if abs(ax - bx) < 1:  # two mentions on the same words: a small loop
                bx += 6
            reach = min(1.0, 0.35 + abs(bx - ax) / 400)
            apex = ay + (a_limit - ay) * reach
            limits = (min(ay, apex, by), max(ay, apex, by))
            if _misses(limits, band):
                return None
            control = ay + (apex - ay) / 0.75
            path = QPainterPath(QPointF(ax, ay))
            path.cubicTo(QPointF(ax, control), QPointF(bx, control), QPointF(bx, by))
            paths: tuple[QPainterPath, ...] = (path,)
        else:
            first, second = ((ax, ay, a_limit, b), (bx, by, b_limit, a)) if (a.line, ax) < (b.line, bx) \
                else ((bx, by, b_limit, a), (ax, ay, a_limit, b))
            lanes = (self._stagger(layer, first[0], first[1], True), self._stagger(layer, second[0], second[1], False))
            limits = (min(ay, by, a_limit, b_limit), max(ay, by, a_limit, b_limit))
            if _misses(limits, band):
                return None
            other_first = row.target if first[3] is b else row.source
            other_second = row.source if other_first == row.target else row.target
            texts = (f"{other_first} …", f"… {other_second}")
            # each stub stops where its label still fits between its end and the view's edge
            edges = (layout.width - MARGIN - PAD - self._measure(texts[0]), MARGIN + PAD + self._measure(texts[1]))
            halves = []
            ends = []
            for (x, y, limit, _other), edge, rightwards, lane in zip((first, second), edges, (True, False), lanes,
                                                                     strict=True):
                limit += (4.0 if layer == GOLD else -4.0) * (lane % 3)
                reach = max(min(STUB + 45.0 * lane, edge - x if rightwards else x - edge), 12.0)
                end = x + reach if rightwards else x - reach
                half = QPainterPath(QPointF(x, y))
                half.cubicTo(QPointF(x, limit), QPointF((x + end) / 2, limit), QPointF(end, limit))
                halves.append(half)
                ends.append(QPointF(end, limit))
            paths = tuple(halves)
            labels = [(ends[0], texts[0]), (ends[1], texts[1])]
        outcome = row.outcome(self.model.closure)
        return Arc(row, layer, paths, self._head(bx, by, layer, row.kind), tuple(labels), outcome, emphasised,
                   faded, limits[0] - 4, limits[1] + 4)

    def _measure(self, text: str) -> float:
        """A label's box width (its text and 2 pixels each side)."""
        return self._metrics.horizontalAdvance(text) + 4

    def _stagger(self, layer: int, x: float, y: float, rightwards: bool) -> int:
        """How many stubs left this mention the same way before: each gets its own length and height,
        so their labels do not overlap."""
        key = (layer, round(x), round(y) * (1 if rightwards else -1))
        lane = self._stubs.get(key, 0)
        self._stubs[key] = lane + 1
        return lane

    @staticmethod
    def _head(x: float, y: float, layer: int, kind: str) -> QPolygonF:
        """An arrowhead pointing into the target bar (down onto gold, up onto system)."""
        d = -1 if layer == GOLD else 1
        size = 5.0 if kind == "After" else 4.5
        return QPolygonF([QPointF(x, y), QPointF(x - size * 0.8, y + d * size * 1.3),
                          QPointF(x + size * 0.8, y + d * size * 1.3)])

    # -- painting ---------------------------------------------------------------------------------

    def paint(self, view: TextView, painter: QPainter) -> None:
        """Paint the arcs on screen (the view has translated the painter to document coordinates)."""
        top, bottom = view.visible_band()
        arcs = [a for a in self.arcs((top, bottom)) if a.bottom >= top and a.top <= bottom]
        self.drawn = []
        self.labels = []
        self._named = []
        if not arcs:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setFont(self.label_font())
        metrics = QFontMetricsF(painter.font())
        layout_width = view.layout_data.width if view.layout_data is not None else float("inf")
        lane = (metrics, min(metrics.height(), ROOM - 2), min(float(view.viewport().width()), layout_width))
        boxes: list[tuple[float, float, float, float]] = []
        order = sorted(arcs, key=lambda a: (not a.faded, a.emphasised))  # faded first, emphasised on top
        for arc in order:
            self._paint_arc(painter, arc)
        for arc in order:  # the labels over every arc's line: a later arc crossed an earlier one's label
            self._paint_labels(painter, arc, lane, boxes)
        painter.restore()

    def paint_viewport(self, view: TextView, painter: QPainter) -> None:
        """Nothing is drawn in viewport coordinates."""

    def tooltip(self, view: TextView, mentions: list[tuple[int, int]]) -> str:
        """The hovered mentions' links, one line each (empty without links)."""
        doc = view.result_doc
        if doc is None or self.model.result is None:
            return ""
        ids = {(GOLD if layer == GOLD else SYSTEM, (doc.gold if layer == GOLD else doc.system)[m].mention_id)
               for layer, m in mentions}
        lines = []
        for row in self.model.shown_rows(doc.doc_id):
            layer = GOLD if row.side == "gold" else SYSTEM
            if (layer, row.source) in ids or (layer, row.target) in ids:
                lines.append(html.escape(describe_link(row, self.model.closure)))
        return "<br>".join(lines[:MAX_TIP_LINES])

    @staticmethod
    def _colour(arc: Arc) -> QColor:
        colour = QColor(link_style(arc.outcome).colour if arc.outcome else MISSING_OUTCOME_COLOUR)
        if arc.faded:
            colour.setAlpha(FADED_ALPHA)
        return colour

    def _paint_arc(self, painter: QPainter, arc: Arc) -> None:
        """One arc's line and head."""
        colour = self._colour(arc)
        pen = QPen(colour, 2.6 if arc.emphasised else 1.6)
        pen.setStyle(PEN_STYLES[link_style(arc.outcome).line] if arc.outcome else Qt.PenStyle.SolidLine)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path in arc.paths:
            painter.drawPath(path)
            self.drawn.append(path)
        head_pen = QPen(colour, 1.3)
        painter.setPen(head_pen)
        painter.setBrush(colour if arc.row.kind == "After" else QColor("#FFFFFF"))
        painter.drawPolygon(arc.head)

    def _paint_labels(self, painter: QPainter, arc: Arc, lane: tuple[QFontMetricsF, float, float],
                      boxes: list[tuple[float, float, float, float]]) -> None:
        """One arc's labels (`lane`: the labels' metrics, height and the view's width; `boxes`: the labels shown
        so far, which these keep clear of and join)."""
        metrics, height, view_width = lane
        colour = self._colour(arc)
        for index, (point, text) in enumerate(arc.labels):
            label = place_label(point, text, leftwards=index == 1,  # the first after its stub, the second before
                                width=metrics.horizontalAdvance(text) + 4, height=height, view_width=view_width,
                                placed=boxes,
                                elide=lambda whole, room: metrics.elidedText(whole, Qt.TextElideMode.ElideRight, room))
            self.labels.append(label)
            self._named.append(arc.row)
            if not label.shown:
                continue  # hidden: its stub's end names it on hover
            boxes.append((label.box.left(), label.box.top(), label.box.right(), label.box.bottom()))
            self.drawn.append(QRectF(label.box))
            painter.fillRect(label.box, QColor(255, 255, 255, 225))
            painter.setPen(QPen(colour))
            painter.drawText(label.box, Qt.AlignmentFlag.AlignCenter, label.shown)
