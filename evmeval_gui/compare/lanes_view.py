"""The Compare mode's text: run a's mentions on top, the gold mentions just above the words, run b's below.

Bars of runs a and b take the outcome colours and patterns of the main text view (`colours.paint_bar`:
each run against the gold); gold bars take the colour and glyph of their case kind (fixed ↑, broken ↓,
wrong in both ×), so a mention b fixed is a green gold bar with an error bar above it and an exact bar
below. Clicking a bar selects the mention, the gold mention it maps to and the other run's mention for
it, through the Compare mode's one selection (`CompareState`); the view highlights and scrolls to it.
"""

from __future__ import annotations

import html

from evmeval.mention.cases import CaseKind
from evmeval.mention.outcomes import MappingRow, Outcome
from evmeval.mention.scoring import DocumentResult
from evmeval.model import Mention
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QToolTip, QWidget

from evmeval_gui import colours
from evmeval_gui.compare.state import CompareSelection, CompareState, selection_around
from evmeval_gui.compare.style import KIND_COLOURS, KIND_GLYPHS, RIGHT_IN_BOTH_COLOUR
from evmeval_gui.model.doctext import DocumentMarks
from evmeval_gui.model.formatting import DASH
from evmeval_gui.model.lanes_layout import LANE_A, LANE_B, LANE_GOLD, LANE_NAMES, LanesLayout, LanesText, layout_lanes
from evmeval_gui.model.text_layout import Bar, Metrics


class LanesContent:
    """One document of the pair: its text with three lanes, both runs' results and marks, the gold kinds."""

    def __init__(self, lanes: LanesText, doc_a: DocumentResult, doc_b: DocumentResult, marks_a: DocumentMarks,
                 marks_b: DocumentMarks, kinds: dict[int, CaseKind], names: tuple[str, str]) -> None:
        self.lanes, self.doc_a, self.doc_b = lanes, doc_a, doc_b
        self.marks_a, self.marks_b, self.kinds, self.names = marks_a, marks_b, kinds, names

    @property
    def doc_id(self) -> str:
        return self.doc_a.doc_id

    def mention(self, lane: int, index: int) -> Mention:
        doc = self.doc_a if lane != LANE_B else self.doc_b
        return doc.gold[index] if lane == LANE_GOLD else doc.system[index]

    def row(self, lane: int, index: int, run: int | None = None) -> MappingRow | None:
        """The mapping row of a run's mention (lane a / b), or of a gold mention in run `run` (LANE_A / LANE_B)."""
        marks = self.marks_a if (run if lane == LANE_GOLD else lane) == LANE_A else self.marks_b
        number = marks.gold_row[index] if lane == LANE_GOLD else marks.system_row[index]
        return marks.rows[number] if number >= 0 else None

    def outcome(self, lane: int, index: int) -> Outcome:
        marks = self.marks_a if lane == LANE_A else self.marks_b
        return marks.system_outcome[index]


class LanesView(QAbstractScrollArea):
    """Draws a `LanesContent`; virtualised (only visible lines are painted)."""

    def __init__(self, state: CompareState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("lanesView")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setMouseTracking(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 9.0) + 1.5)
        self.setFont(font)
        self._fm = QFontMetricsF(font)
        self._small = QFont(font)
        self._small.setPointSizeF(font.pointSizeF() - 3)
        self._metrics = Metrics(text_height=self._fm.height(), ascent=self._fm.ascent(),
                                space_width=self._fm.horizontalAdvance(" "), bar_height=6.0, lane_pitch=8.0,
                                line_gap=9.0, text_pad=0.0)
        self._widths: dict[str, float] = {}
        self.content: LanesContent | None = None
        self.layout_data: LanesLayout | None = None
        self._selected: dict[int, frozenset[int]] = {LANE_A: frozenset(), LANE_GOLD: frozenset(), LANE_B: frozenset()}
        self._hover: tuple[int, int] | None = None
        state.selection_changed.connect(self._on_selection)

    # -- content ----------------------------------------------------------------------------------

    def set_content(self, content: LanesContent | None) -> None:
        self.content = content
        self._hover = None
        self._relayout()
        self.verticalScrollBar().setValue(0)
        self._on_selection(self.state.selection)

    def _measure(self, text: str) -> float:
        w = self._widths.get(text)
        if w is None:
            w = self._widths[text] = self._fm.horizontalAdvance(text)
        return w

    def _relayout(self) -> None:
        width = float(self.viewport().width())
        content = self.content
        self.layout_data = (layout_lanes(content.lanes, self._measure, width, self._metrics)
                            if content is not None and width > 0 else None)
        height = int(self.layout_data.layout.height) if self.layout_data else 0
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, height - self.viewport().height()))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(int(self._metrics.text_height * 2))
        self.viewport().update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        data = self.layout_data
        if data is None or abs(data.layout.width - self.viewport().width()) > 0.5:
            self._relayout()

    def sizeHint(self) -> QSize:
        return QSize(560, 360)

    # -- selection --------------------------------------------------------------------------------

    def _on_selection(self, selection: CompareSelection) -> None:
        content = self.content
        if content is not None and selection.doc_id == content.doc_id:
            self._selected = {LANE_A: selection.a, LANE_GOLD: selection.gold, LANE_B: selection.b}
        else:
            self._selected = {LANE_A: frozenset(), LANE_GOLD: frozenset(), LANE_B: frozenset()}
        self.scroll_to_selection()
        self.viewport().update()

    @property
    def selected(self) -> dict[int, frozenset[int]]:
        """Lane -> indices of the highlighted mentions (for tests)."""
        return dict(self._selected)

    def scroll_to_selection(self) -> None:
        data = self.layout_data
        if data is None:
            return
        tops = [t for lane, chosen in self._selected.items() for m in chosen
                if (t := data.layout.mention_top(lane, m)) is not None]
        if not tops:
            return
        y, bar, height = min(tops), self.verticalScrollBar(), self.viewport().height()
        if not bar.value() + 10 <= y <= bar.value() + height - 5 * self._metrics.lane_pitch - self._metrics.text_height:
            bar.setValue(int(y - height / 3))

    def bar_centre(self, lane: int, index: int) -> QPointF | None:
        """Viewport position of a mention's first bar (None when not placed or off screen; tests)."""
        data = self.layout_data
        bars = [b for b in data.layout.mention_bars.get((lane, index), []) if not b.connector] if data else []
        if not bars:
            return None
        b = bars[0]
        return QPointF((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2 - self.verticalScrollBar().value())

    # -- painting ---------------------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), QColor("#FFFFFF"))
        data, content = self.layout_data, self.content
        if data is None or content is None:
            painter.end()
            return
        offset = self.verticalScrollBar().value()
        painter.translate(0, -offset)
        layout, doc = data.layout, content.lanes.text
        m = layout.metrics
        selected_units = self._selected_units()
        normal, muted = QPen(self.palette().text().color()), QPen(QColor(colours.MUTED_TEXT))
        for index in layout.visible_lines(event.rect().top() + offset, event.rect().bottom() + offset):
            line = layout.lines[index]
            for k in range(line.first, line.last):
                piece = layout.pieces[k]
                if doc.segments[piece.segment].unit in selected_units:
                    painter.fillRect(QRectF(piece.x - 2, line.text_top - 1, piece.width + 4, m.text_height + 2),
                                     QColor(colours.SELECTION_COLOUR))
            painter.setFont(self.font())
            for k in range(line.first, line.last):
                piece = layout.pieces[k]
                segment = doc.segments[piece.segment]
                painter.setPen(normal if segment.unit >= 0 else muted)
                painter.drawText(QPointF(piece.x, line.text_top + m.ascent), segment.text)
            self._paint_lane_names(painter, data, index)
            for bar in layout.bars_by_line[index]:
                self._paint_bar(painter, bar, content)
        painter.end()

    def _paint_lane_names(self, painter: QPainter, data: LanesLayout, index: int) -> None:
        bars = data.layout.bars_by_line[index]
        painter.setFont(self._small)
        painter.setPen(QColor(colours.MUTED_TEXT))
        pitch = self._metrics.lane_pitch
        for lane, top in zip((LANE_A, LANE_GOLD, LANE_B), data.lane_tops[index], strict=True):
            if any(b.layer == lane for b in bars):
                height = data.tracks[index][lane] * pitch
                painter.drawText(QRectF(0, top - 2, 26, height + 4),
                                 int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                                 "g" if lane == LANE_GOLD else LANE_NAMES[lane])

    def _paint_bar(self, painter: QPainter, bar: Bar, content: LanesContent) -> None:
        selected = bar.mention in self._selected[bar.layer]
        hovered = self._hover == (bar.layer, bar.mention)
        if bar.layer == LANE_GOLD:
            kind = content.kinds.get(bar.mention)
            colour = QColor(KIND_COLOURS[kind] if kind is not None else RIGHT_IN_BOTH_COLOUR)
        else:
            colour = colours.style(content.outcome(bar.layer, bar.mention)).qcolor
        if bar.connector:
            painter.setPen(QPen(QColor(colours.OUTLINE_COLOUR) if selected else colour, 1.5))
            mid = (bar.y0 + bar.y1) / 2
            painter.drawLine(QPointF(bar.x0 + 1, mid), QPointF(bar.x1 - 1, mid))
            return
        rect = QRectF(bar.x0, bar.y0, max(bar.x1 - bar.x0, 4.0), bar.y1 - bar.y0)
        if bar.layer != LANE_GOLD:
            colours.paint_bar(painter, rect, content.outcome(bar.layer, bar.mention), selected=selected,
                              hovered=hovered)
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(rect, 2, 2)
        if selected or hovered:
            painter.setPen(QPen(QColor(colours.OUTLINE_COLOUR), 2.0 if selected else 1.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 3, 3)
        painter.restore()

    def _selected_units(self) -> set[int]:
        content = self.content
        if content is None:
            return set()
        units: set[int] = set()
        for lane, chosen in self._selected.items():
            all_units = content.lanes.units(lane)
            for m in chosen:
                if 0 <= m < len(all_units):
                    units.update(all_units[m])
        return units

    # -- interaction ------------------------------------------------------------------------------

    def hit(self, pos: QPointF) -> tuple[int, int] | None:
        """The (lane, mention) of the bar under a viewport position."""
        data = self.layout_data
        if data is None:
            return None
        x, y = pos.x(), pos.y() + self.verticalScrollBar().value()
        layout = data.layout
        index = layout.line_at(y)
        if index < 0:
            return None
        return layout.bar_at(index, x, y)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self.content is None:
            return super().mousePressEvent(event)
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        content = self.content
        found = self.hit(event.position())
        if found is None:
            self.state.select(CompareSelection(content.doc_id))
        else:
            lane, index = found
            self.state.select(selection_around(content.doc_id, content.marks_a.rows, content.marks_b.rows,
                                               LANE_NAMES[lane], index))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        found = self.hit(event.position())
        if found != self._hover:
            self._hover = found
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if found else Qt.CursorShape.ArrowCursor)
            self.viewport().update()
        super().mouseMoveEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def tooltip_at(self, pos: QPointF) -> str:
        """What hovering a bar tells: the mention, and how each run did on it."""
        found, content = self.hit(pos), self.content
        if found is None or content is None:
            return ""
        lane, index = found
        m = content.mention(lane, index)
        name_a, name_b = content.names
        head = {LANE_A: f"Run a ({name_a})", LANE_GOLD: "Gold", LANE_B: f"Run b ({name_b})"}[lane]
        lines = [f"<b>{html.escape(head)} {html.escape(m.mention_id)}</b> · {html.escape(m.raw_type)} · "
                 f"{html.escape(m.raw_realis)}", f"“{html.escape(m.text)}”"]
        if lane == LANE_GOLD:
            kind = content.kinds.get(index)
            lines.append(f"{KIND_GLYPHS[kind]} {html.escape(kind.label)}" if kind is not None
                         else "exact in both runs")
            for run, name in ((LANE_A, name_a), (LANE_B, name_b)):
                lines.append(f"in {html.escape(name)}: {_row_text(content.row(LANE_GOLD, index, run), True)}")
        else:
            lines.append(_row_text(content.row(lane, index), False))
        return "<br>".join(f"<nobr>{line}</nobr>" for line in lines)


def _row_text(row: MappingRow | None, from_gold: bool) -> str:
    if row is None:
        return DASH
    st = colours.style(row.outcome)
    text = f"<span style='color:{st.colour}'>■</span> {st.glyph} {html.escape(st.label)}"
    if row.dice is not None:
        text += f" · Dice {row.dice:.2f}"
    partner = row.system if from_gold else row.gold
    if partner is not None:
        text += (f" · {html.escape(partner.mention_id)} ({html.escape(partner.raw_type)}, "
                 f"{html.escape(partner.raw_realis)})")
    return text
