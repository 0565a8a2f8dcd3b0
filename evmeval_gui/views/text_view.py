"""The document text with gold mentions drawn above the words and system mentions below them.

One pane, two marking layers: every line has a gold lane over the text and a system lane under it,
so both annotations of a word are seen together. Bars take the outcome colours, patterns and glyphs
of `colours.py`; the parts of a discontinuous mention are joined by a thin line. A narrow ruler at
the right shows where the errors of the whole document are. The view follows the session's
selection (highlighting the selected mentions and scrolling them into view) and changes it on
click; it never talks to another view.
"""

from __future__ import annotations

from typing import Protocol

from evmeval.mention.outcomes import Outcome
from evmeval.mention.scoring import DocumentResult
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QFrame,
    QMenu,
    QToolTip,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.model.doctext import DocumentMarks, DocumentText
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.model.text_layout import GOLD, SYSTEM, Bar, Layout, Metrics, layout_document, relayout_marks
from evmeval_gui.views.context_menus import copy_text, popup, row_menu
from evmeval_gui.views.gutters import word_rects
from evmeval_gui.views.text_hits import TextHits
from evmeval_gui.views.text_ruler import MIN_BAR, _Ruler, short_type_label
from evmeval_gui.views.text_steps import StepLayout
from evmeval_gui.views.token_selection import TokenSelection


class Overlay(Protocol):
    """Something the text view paints over its bars. `paint` draws in document coordinates (the painter
    is translated by the scroll), `paint_viewport` in viewport coordinates (e.g. edge markers);
    `tooltip` adds a line to the hovered mentions' tooltip ("" for none). An overlay may also have
    `room() -> float`: pixels it wants above each line's gold lane and below its system lane (the
    sequencing arcs do); the view asks again on `overlays_changed(relayout=True)`."""

    def paint(self, view: TextView, painter: QPainter) -> None: ...

    def paint_viewport(self, view: TextView, painter: QPainter) -> None: ...

    def tooltip(self, view: TextView, mentions: list[tuple[int, int]]) -> str: ...


class TextView(QAbstractScrollArea):
    """Draws a `DocumentText` with its `DocumentMarks`; virtualised, so long documents stay fast."""

    layout_changed = Signal()
    tokens_selected = Signal()
    """The selected words changed (editing: a new mention, a new span, a gap to cut)."""
    span_dragged = Signal(int, int, object)
    """(layer, mention, units): the user dragged an end of a selected mention's bar to another word."""
    context_menu = Signal(object)
    """Right click: the QMenu about to be shown (the edit controller adds its actions to it)."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.hits = TextHits(self)
        """What lies under a point: mentions, words, a bar's end, the tooltip."""
        self.setObjectName("textView")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setMouseTracking(True)
        self.viewport().setBackgroundRole(self.viewport().backgroundRole())
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        font = QFont(self.font())
        self._base_size = max(font.pointSizeF(), 9.0) + 1.5
        font.setPointSizeF(self._base_size)
        self.setFont(font)
        self.type_labels = False
        """Whether bars carry their type's short label (View › Type labels on bars)."""
        self._label_font = QFont(self.font())
        self._label_font.setPointSizeF(max(self._base_size - 3.5, 7.0))
        self._ruler = _Ruler(self)
        self.setViewportMargins(0, 0, _Ruler.WIDTH, 0)
        self.doc: DocumentText | None = None
        self.marks: DocumentMarks | None = None
        self.result_doc: DocumentResult | None = None
        self.layout_data: Layout | None = None
        self.empty_note = ""
        """Drawn in the empty view ("Reading <id>…" while a long text is read): a line above it would move the
        text down, and up again when the text came."""
        self._steps = StepLayout(self._layout_arrived, self)
        """A long document's layout, a screen first (`complete_layout`: the whole now)."""
        self._selected: tuple[set[int], set[int]] = (set(), set())
        self._hover: tuple[int, int] | None = None
        self._unit_mentions: tuple[dict[int, list[int]], dict[int, list[int]]] = ({}, {})
        """Per layer: unit -> the mentions on it (only units with mentions: a long document's edit
        rebuilds it)."""
        self._ticks: list[tuple[float, Outcome]] = []
        self._metrics = self._make_metrics()
        self._widths: dict[str, float] = {}
        self.menu: QMenu | None = None
        self.overlays: list[Overlay] = []
        """Painters drawn over the text (`Overlay`: e.g. `evmeval_gui.coref.overlay.ClusterOverlay`,
        `mapping_links.MappingLinksOverlay`)."""
        self.tokens = TokenSelection()
        self._pressed = False
        self._resizing: tuple[int, int, str] | None = None
        session.selection_changed.connect(self._on_selection)

    # -- content ----------------------------------------------------------------------------------

    def zoom(self, step: int) -> float:
        """Make the text larger (step > 0), smaller (< 0) or its default size (0); returns the point size."""
        font = QFont(self.font())
        size = self._base_size if step == 0 else min(max(font.pointSizeF() + step, 7.0), 28.0)
        font.setPointSizeF(size)
        self.setFont(font)
        self._label_font.setPointSizeF(max(size - 3.5, 6.0))  # the type labels' lanes follow the text
        self._widths.clear()
        self._metrics = self._make_metrics()
        self.complete_layout()  # the place kept is a share of the whole document's height
        top = self.verticalScrollBar().value() / max(self.layout_data.height, 1.0) if self.layout_data else 0.0
        self._relayout()
        if self.layout_data is not None:
            self.verticalScrollBar().setValue(int(top * self.layout_data.height))
        return size

    def _make_metrics(self) -> Metrics:
        fm = QFontMetricsF(self.font())
        self._fm = fm
        room = max((o.room() for o in getattr(self, "overlays", ()) if hasattr(o, "room")), default=0.0)
        # lanes and gaps follow the zoom with the text: smaller text, tighter lines (Ctrl+-), never under half
        scale = max(self.font().pointSizeF() / self._base_size, 0.5) if hasattr(self, "_base_size") else 1.0
        gap = 7.0 * scale + 2 * room
        if getattr(self, "type_labels", False):
            label = QFontMetricsF(self._label_font).height()
            return Metrics(text_height=fm.height(), ascent=fm.ascent(), space_width=fm.horizontalAdvance(" "),
                           bar_height=label + 1, lane_pitch=label + 3, line_gap=gap, text_pad=0.0,
                           margin_top=8.0 + room)
        return Metrics(text_height=fm.height(), ascent=fm.ascent(), space_width=fm.horizontalAdvance(" "),
                       bar_height=round(6.0 * scale, 1), lane_pitch=round(8.0 * scale, 1), line_gap=gap,
                       text_pad=0.0, margin_top=8.0 + room)

    def overlays_changed(self, *, relayout: bool = False) -> None:
        """An overlay has something new to draw (`relayout`: it wants another room between lines)."""
        if relayout:
            metrics = self._make_metrics()
            if metrics != self._metrics:
                self._metrics = metrics
                self._relayout(in_steps=self._steps.pending)  # still on a long document's first screen: again so
        self.viewport().update()

    def _measure(self, text: str) -> float:
        w = self._widths.get(text)
        if w is None:
            w = self._widths[text] = self._fm.horizontalAdvance(text)
        return w

    def set_document(self, doc: DocumentText | None, marks: DocumentMarks | None,
                     result_doc: DocumentResult | None, *, keep_place: bool = False) -> None:
        """Show a document (None: nothing); lays it out for the current width. `keep_place`: the same
        document after an edit (scroll position and selected words stay)."""
        top = self.verticalScrollBar().value()
        if not keep_place:
            self.tokens.clear()
        same_words = (keep_place and doc is not None and self.doc is not None and doc.segments is self.doc.segments
                      and self.layout_data is not None)
        self.doc, self.marks, self.result_doc = doc, marks, result_doc
        self.empty_note = ""
        self._hover = None
        self._unit_mentions = ({}, {})
        if doc is not None:
            for layer, units_of in ((GOLD, doc.gold_units), (SYSTEM, doc.system_units)):
                table = self._unit_mentions[layer]
                for mention, units in enumerate(units_of):
                    for u in units:
                        table.setdefault(u, []).append(mention)
        metrics = self._make_metrics()  # overlays' room depends on the document (e.g. only one with links)
        if metrics != self._metrics:
            self._metrics, same_words = metrics, False
        self._relayout(marks_only=same_words, in_steps=not keep_place)
        self.verticalScrollBar().setValue(top if keep_place else 0)
        self._apply_selection(self.session.selection, scroll=not keep_place)

    def set_marks(self, marks: DocumentMarks | None) -> None:
        """New outcomes for the same document (another combination): no relayout needed."""
        self.marks = marks
        self._compute_ticks()
        self.viewport().update()
        self._ruler.update()

    def _relayout(self, *, marks_only: bool = False, in_steps: bool = False) -> None:
        """Lay the document out again; `in_steps`: a long one a screen first (a document just shown: other
        relayouts keep the user's place, which may be anywhere in it)."""
        width = float(self.viewport().width())
        self._steps.stop()
        if self.doc is None or width <= 0:
            self.layout_data = None
        elif (marks_only and self.layout_data is not None and self.layout_data.complete
              and abs(self.layout_data.width - width) <= 0.5):
            self.layout_data = relayout_marks(self.layout_data, self.doc)  # an edit: the words stay put
        elif in_steps:
            self.layout_data = self._steps.start(self.doc, self._measure, width, self._metrics,
                                                 self.viewport().height())
        else:
            self.layout_data = layout_document(self.doc, self._measure, width, self._metrics)
        self._laid_out()

    def _layout_arrived(self, layout: Layout) -> None:
        """The whole layout of a long document shown a screen first (its first lines are the same)."""
        self.layout_data = layout
        self._laid_out()

    def complete_layout(self) -> None:
        """Place the rest of a long document shown a screen first now (something further down is asked for)."""
        layout = self._steps.finish()
        if layout is not None:
            self._layout_arrived(layout)

    def _laid_out(self) -> None:
        self._compute_ticks()
        height = int(self.layout_data.height) if self.layout_data else 0
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, height - self.viewport().height()))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(int(self._metrics.text_height * 2))
        self.viewport().update()
        self._ruler.update()
        self.layout_changed.emit()

    def _compute_ticks(self) -> None:
        self._ticks = []
        layout, marks = self.layout_data, self.marks
        if layout is None or marks is None or not layout.complete:  # a first screen: the ruler waits for the whole
            return
        for layer, outcomes in ((GOLD, marks.gold_outcome), (SYSTEM, marks.system_outcome)):
            for mention, outcome in enumerate(outcomes):
                if outcome.is_error:
                    top = layout.mention_top(layer, mention)
                    if top is not None:
                        self._ticks.append((top, outcome))

    def error_ticks(self) -> list[tuple[float, Outcome]]:
        """(y, outcome) of every error bar, for the overview ruler."""
        return self._ticks

    # -- session signals --------------------------------------------------------------------------

    def _on_selection(self, selection: Selection) -> None:
        self._apply_selection(selection, scroll=True)

    def _apply_selection(self, selection: Selection, *, scroll: bool) -> None:
        gold: set[int] = set()
        system: set[int] = set()
        doc = self.result_doc
        if doc is not None and selection.doc_id == doc.doc_id:
            gold = {i for i, m in enumerate(doc.gold) if m.mention_id in selection.gold_ids}
            system = {i for i, m in enumerate(doc.system) if m.mention_id in selection.system_ids}
        self._selected = (gold, system)
        if gold or system:  # a mention chosen: it, its cluster, its links may lie past a long document's first screen
            self.complete_layout()
        if scroll:
            self.scroll_to_selection()
        self.viewport().update()

    @property
    def selected_indices(self) -> tuple[frozenset[int], frozenset[int]]:
        """Indices (in the document's gold and system tuples) of the highlighted mentions."""
        return frozenset(self._selected[0]), frozenset(self._selected[1])

    def scroll_to_selection(self) -> None:
        """Bring the first selected mention into view (centred when it was off screen)."""
        layout = self.layout_data
        if layout is None:
            return
        tops = [t for layer in (GOLD, SYSTEM) for m in self._selected[layer]
                if (t := layout.mention_top(layer, m)) is not None]
        if not tops:
            return
        y = min(tops)
        bar = self.verticalScrollBar()
        height = self.viewport().height()
        if not bar.value() + 10 <= y <= bar.value() + height - 3 * self._metrics.lane_pitch - self._metrics.text_height:
            bar.setValue(int(y - height / 3))

    def word_rects(self, visible_only: bool = True) -> list[QRectF]:
        """The words' boxes (document coordinates), on screen or all: where no drawing may go."""
        if not visible_only:
            self.complete_layout()
        if self.layout_data is None:
            return []
        return word_rects(self.layout_data, *self.visible_band()) if visible_only else word_rects(self.layout_data)

    def visible_band(self) -> tuple[float, float]:
        """Document y range currently on screen."""
        top = float(self.verticalScrollBar().value())
        return top, top + self.viewport().height()

    # -- painting ---------------------------------------------------------------------------------

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        rect = self.viewport().geometry()
        self._ruler.setGeometry(rect.right() + 1, rect.top(), _Ruler.WIDTH, rect.height())
        if self.layout_data is None or abs(self.layout_data.width - self.viewport().width()) > 0.5:
            self._relayout()
        else:
            self.verticalScrollBar().setPageStep(self.viewport().height())

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()
        self._ruler.update()

    def sizeHint(self) -> QSize:
        return QSize(600, 400)

    def paintEvent(self, event) -> None:
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), QColor("#FFFFFF"))
        layout, doc = self.layout_data, self.doc
        if layout is None or doc is None:
            if self.empty_note:
                painter.setPen(QColor("#666666"))
                painter.drawText(self.viewport().rect().adjusted(12, 12, -12, -12),
                                 int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), self.empty_note)
            painter.end()
            return
        offset = self.verticalScrollBar().value()
        painter.translate(0, -offset)
        top = event.rect().top() + offset
        bottom = event.rect().bottom() + offset
        m = layout.metrics
        painter.setFont(self.font())
        selected_units = self._units_of(self._selected)
        picked_units = set(self.tokens.units)
        hover_units = self._units_of(self._hover_sets()) if self._hover else set()
        marks = self.marks
        normal_pen = QPen(self.palette().text().color())
        muted_pen = QPen(QColor(colours.MUTED_TEXT))
        for index in layout.visible_lines(top, bottom):
            line = layout.lines[index]
            # highlight backgrounds first
            for k in range(line.first, line.last):
                piece = layout.pieces[k]
                unit = doc.segments[piece.segment].unit
                if unit >= 0 and unit in picked_units:
                    painter.fillRect(QRectF(piece.x - 2, line.text_top - 1, piece.width + 4, m.text_height + 2),
                                     QColor(colours.TOKEN_SELECTION_COLOUR))
                    painter.setPen(QPen(QColor(colours.TOKEN_SELECTION_EDGE), 1.0))
                    painter.drawLine(QPointF(piece.x - 2, line.text_top + m.text_height + 1),
                                     QPointF(piece.x + piece.width + 2, line.text_top + m.text_height + 1))
                elif unit >= 0 and (unit in selected_units or unit in hover_units):
                    colour = colours.SELECTION_COLOUR if unit in selected_units else colours.HOVER_COLOUR
                    painter.fillRect(QRectF(piece.x - 2, line.text_top - 1, piece.width + 4, m.text_height + 2),
                                     QColor(colour))
            for k in range(line.first, line.last):
                piece = layout.pieces[k]
                segment = doc.segments[piece.segment]
                painter.setPen(normal_pen if segment.unit >= 0 else muted_pen)
                painter.drawText(QPointF(piece.x, line.text_top + m.ascent), segment.text)
            for bar in layout.bars_by_line[index]:
                self._paint_bar(painter, bar, marks)
        for overlay in self.overlays:
            overlay.paint(self, painter)
        painter.resetTransform()
        for overlay in self.overlays:
            overlay.paint_viewport(self, painter)
        painter.end()

    def _outcome(self, marks: DocumentMarks | None, layer: int, mention: int) -> Outcome:
        if marks is None:
            return Outcome.EXACT
        return marks.gold_outcome[mention] if layer == GOLD else marks.system_outcome[mention]

    def _paint_bar(self, painter: QPainter, bar: Bar, marks: DocumentMarks | None) -> None:
        outcome = self._outcome(marks, bar.layer, bar.mention)
        selected = bar.mention in self._selected[bar.layer]
        hovered = self._hover == (bar.layer, bar.mention)
        if bar.connector:
            pen = QPen(colours.style(outcome).qcolor, 1.5, Qt.PenStyle.SolidLine)
            if selected:
                pen.setColor(QColor(colours.OUTLINE_COLOUR))
            painter.setPen(pen)
            mid = (bar.y0 + bar.y1) / 2
            painter.drawLine(QPointF(bar.x0 + 1, mid), QPointF(bar.x1 - 1, mid))
            return
        width = bar.x1 - bar.x0
        grow = max(MIN_BAR - width, 0.0)
        rect = QRectF(bar.x0 - grow / 2, bar.y0, width + grow, bar.y1 - bar.y0)
        colours.paint_bar(painter, rect, outcome, selected=selected, hovered=hovered)
        if self.type_labels and self.result_doc is not None and self._is_first_part(bar):
            mentions = self.result_doc.gold if bar.layer == GOLD else self.result_doc.system
            self._paint_label(painter, rect, short_type_label(mentions[bar.mention].raw_type), outcome)

    def _is_first_part(self, bar: Bar) -> bool:
        layout = self.layout_data
        bars = layout.mention_bars.get((bar.layer, bar.mention), []) if layout is not None else []
        first = next((b for b in bars if not b.connector), None)
        return first is bar

    def _paint_label(self, painter: QPainter, rect: QRectF, text: str, outcome: Outcome) -> None:
        """The type's short label inside the bar, elided to its width, dark or light for contrast."""
        painter.save()
        painter.setFont(self._label_font)
        dark = colours.style(outcome).qcolor.lightnessF() < 0.45
        painter.setPen(QColor("#FFFFFF" if dark else "#111111"))
        shown = QFontMetricsF(self._label_font).elidedText(text, Qt.TextElideMode.ElideRight, rect.width() - 2)
        painter.drawText(rect.adjusted(1, 0, -1, 0), int(Qt.AlignmentFlag.AlignCenter), shown)
        painter.restore()

    def set_type_labels(self, on: bool) -> None:
        """View › Type labels on bars: brat-style short type labels, on taller bars."""
        if on == self.type_labels:
            return
        self.type_labels = on
        self._metrics = self._make_metrics()
        self._relayout()

    def _units_of(self, sets: tuple[set[int], set[int]] | tuple[frozenset[int], frozenset[int]]) -> set[int]:
        doc = self.doc
        if doc is None:
            return set()
        units: set[int] = set()
        for mention in sets[GOLD]:
            units.update(doc.gold_units[mention])
        for mention in sets[SYSTEM]:
            units.update(doc.system_units[mention])
        return units

    def _hover_sets(self) -> tuple[set[int], set[int]]:
        if self._hover is None:
            return set(), set()
        layer, mention = self._hover
        return ({mention}, set()) if layer == GOLD else (set(), {mention})

    # -- hit testing and interaction --------------------------------------------------------------

    def select_mention(self, layer: int, mention: int, *, add: bool = False) -> None:
        """Select a mention and its partner (its mapping-table row) through the session; `add` (Ctrl+click):
        besides what is selected (toggled off when it was), e.g. two mentions to merge."""
        marks, doc = self.marks, self.result_doc
        if marks is None or doc is None:
            return
        row_index = marks.gold_row[mention] if layer == GOLD else marks.system_row[mention]
        if row_index < 0:
            return
        chosen = Selection.of_rows(doc.doc_id, [marks.rows[row_index]])
        current = self.session.selection
        if add and current.doc_id == doc.doc_id:
            clicked = (doc.gold if layer == GOLD else doc.system)[mention].mention_id
            ids = current.gold_ids if layer == GOLD else current.system_ids
            if clicked in ids:  # Ctrl+click on a selected mention: it leaves the selection
                gold = current.gold_ids - {clicked} if layer == GOLD else current.gold_ids
                system = current.system_ids - {clicked} if layer == SYSTEM else current.system_ids
            else:
                gold, system = current.gold_ids | chosen.gold_ids, current.system_ids | chosen.system_ids
            chosen = Selection(doc.doc_id, gold, system)
        self.session.select(chosen)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self._resizing = self.hits.bar_end_at(event.position())
        if self._resizing is not None:
            event.accept()
            return
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:  # Ctrl+click: one more mention selected
            found = self.hits.hit(event.position())
            if found is not None:
                self.select_mention(*found, add=True)
            event.accept()
            return
        unit = self.hits.unit_at(event.position())
        if unit >= 0:  # words: the start of a selection of words (Shift: extend it)
            self._pressed = True
            self.tokens.press(unit, extend=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            self.tokens_selected.emit()
            self.viewport().update()
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                event.accept()
                return
        elif self.tokens.units and self.hits.hit(event.position()) is None:  # empty space: no words selected
            self.tokens.clear()
            self.tokens_selected.emit()
            self.viewport().update()
        found = self.hits.hit(event.position())
        doc = self.result_doc
        if found is not None:
            self.select_mention(*found)
        elif doc is not None:
            self.session.select(Selection(doc.doc_id))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        resizing, self._resizing = self._resizing, None
        self._pressed = False
        if resizing is not None and event.button() == Qt.MouseButton.LeftButton:
            layer, mention, end = resizing
            units = self.hits.dragged_units(layer, mention, end, self.hits.nearest_unit(event.position()))
            if units:
                self.span_dragged.emit(layer, mention, units)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def select_units(self, first: int, last: int) -> None:
        """Select the words from `first` to `last` (as a drag would)."""
        self.tokens.press(first)
        self.tokens.drag(last)
        self.tokens_selected.emit()
        self.viewport().update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and self.doc is not None and self.doc.num_units:
            start = min(self._units_of(self._selected), default=self.hits.first_visible_unit())
            self.tokens.step(1 if key == Qt.Key.Key_Right else -1, self.doc.num_units,
                             extend=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier), start=start)
            self.tokens_selected.emit()
            self.hits.scroll_to_unit(self.tokens.caret)
            self.viewport().update()
            event.accept()
            return
        if key == Qt.Key.Key_Escape and self.tokens.units:
            self.tokens.clear()
            self.tokens_selected.emit()
            self.viewport().update()
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event) -> None:
        """Right click: on a mention, copy it, filter to its type, go to its partner, show it in charts;
        then the editing actions, which the edit controller adds through `context_menu`."""
        found = self.hits.hit(QPointF(event.pos()))
        marks, doc = self.marks, self.result_doc
        menu: QMenu | None = None
        if found is not None and marks is not None and doc is not None:
            layer, mention = found
            row_index = marks.gold_row[mention] if layer == GOLD else marks.system_row[mention]
            if row_index >= 0:
                row = marks.rows[row_index]
                if mention not in self._selected[layer]:  # a right click in a selection keeps it (to merge)
                    self.select_mention(layer, mention)
                m = doc.gold[mention] if layer == GOLD else doc.system[mention]
                text = f"{m.mention_id}\t{m.text}\t{m.raw_type}\t{m.raw_realis}"
                menu = row_menu(self, self.session, doc.doc_id, row, copy=lambda: copy_text(text),
                                copy_label="&Copy mention")
        if menu is None:
            menu = QMenu(self)
        self.menu = menu
        self.context_menu.emit(menu)
        if not menu.isEmpty():
            popup(menu, self.viewport(), event.pos())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pressed and event.buttons() & Qt.MouseButton.LeftButton:
            unit = self.hits.nearest_unit(event.position())
            if unit >= 0 and unit != self.tokens.caret:
                self.tokens.drag(unit)
                self.tokens_selected.emit()
                self.viewport().update()
        found = self.hits.hit(event.position())
        if found != self._hover:
            self._hover = found
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if found else Qt.CursorShape.ArrowCursor)
            self.viewport().update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        if self._hover is not None:
            self._hover = None
            self.viewport().update()
        super().leaveEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.hits.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

