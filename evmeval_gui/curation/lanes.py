"""The Curate view's text: the document with every annotator's version on its own lane, the item in view.

Words and bars are placed as the Compare mode places its lanes (`model.lanes_layout.stack_lanes`, the
main view's word placer and bar maker): the first half of the annotators over the words, the others
under them, each lane named by the key that accepts its version (1..N). The mentions of the item under
review are drawn strong and outlined, the others pale, and the view scrolls to the item's sentence.
The view takes no keys of its own: 1..N, Enter, Delete and Ctrl+Z reach the panel's shortcuts.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from evmeval.agreement.curation import Disagreement
from evmeval.io.loading import TextSource, TokenSource
from evmeval.model import Mention, SpanMode
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QWidget

from evmeval_gui import colours
from evmeval_gui.model.doctext import DocumentText, read_document_text
from evmeval_gui.model.lanes_layout import LanesLayout, stack_lanes
from evmeval_gui.model.text_layout import Metrics

LANE_COLOURS = ("#1f77b4", "#d95f02", "#7570b3", "#1b9e77", "#e7298a", "#66a61e", "#a6761d", "#666666", "#e6ab02")
PALE_COLOUR = "#D0D0D0"
KEPT_TEXTS = 4
"""How many documents' placed texts the view keeps: going back to the document of the item before reads and places
nothing again (its text, token table and mentions: 2-10 ms of the GUI thread a document at 2,000 documents)."""


@dataclass(frozen=True)
class TextInputs:
    """Where the documents' texts and token tables are read (what `read_document_text` needs)."""

    texts: TextSource
    tokens: TokenSource
    mode: SpanMode


class CurationLanes(QAbstractScrollArea):
    """One document, N annotator lanes; `show_item` puts a disagreement's mentions in view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curationLanes")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 9.0) + 1.0)
        self.setFont(font)
        self._fm = QFontMetricsF(font)
        self._small = QFont(font)
        self._small.setPointSizeF(font.pointSizeF() - 2)
        self._metrics = Metrics(text_height=self._fm.height(), ascent=self._fm.ascent(),
                                space_width=self._fm.horizontalAdvance(" "), bar_height=5.0, lane_pitch=7.0,
                                line_gap=8.0, text_pad=0.0)
        self._widths: dict[str, float] = {}
        self._inputs: TextInputs | None = None
        self._texts: OrderedDict[str, tuple[list[tuple[Mention, ...]], DocumentText]] = OrderedDict()
        """The last `KEPT_TEXTS` documents' texts, with the lanes' mentions they were placed from."""
        self.lane_mentions: list[tuple[Mention, ...]] = []
        self.text: DocumentText | None = None
        self.layout_data: LanesLayout | None = None
        self.current: list[frozenset[int]] = []
        self._key: tuple[str, int] | None = None

    @property
    def inputs(self) -> TextInputs | None:
        """Where the texts are read (the curation's inputs); new inputs drop the texts kept."""
        return self._inputs

    @inputs.setter
    def inputs(self, inputs: TextInputs | None) -> None:
        self._inputs = inputs
        self._texts.clear()

    def sizeHint(self) -> QSize:
        return QSize(520, 220)

    def _measure(self, text: str) -> float:
        w = self._widths.get(text)
        if w is None:
            w = self._widths[text] = self._fm.horizontalAdvance(text)
        return w

    # -- content ----------------------------------------------------------------------------------

    def show_item(self, d: Disagreement | None, documents: list[tuple[Mention, ...]]) -> None:
        """The document of `d` with each annotator's mentions (`documents[k]`), `d`'s mentions strong."""
        if d is None or self.inputs is None:
            self.text, self.layout_data, self.current, self._key = None, None, [], None
            self.viewport().update()
            return
        if self.text is None or self.text.doc_id != d.doc_id or documents != self.lane_mentions:
            self.lane_mentions = documents
            self.text = self._document_text(d.doc_id, documents)
            self.layout_data = None
        ids = [{id(m) for m in v.mentions} for v in d.versions]
        self.current = [frozenset(i for i, m in enumerate(lane) if id(m) in ids[k]) if k < len(ids) else frozenset()
                        for k, lane in enumerate(documents)]
        self._key = d.key
        if self.layout_data is None:
            self._relayout()
        self.scroll_to_item()
        self.viewport().update()

    def _document_text(self, doc_id: str, documents: list[tuple[Mention, ...]]) -> DocumentText:
        """The document's text with every lane's mentions placed: kept for the last few documents."""
        kept = self._texts.get(doc_id)
        if kept is not None and kept[0] == documents:
            self._texts.move_to_end(doc_id)
            return kept[1]
        everything = tuple(m for lane in documents for m in lane)
        text = read_document_text(self._inputs, doc_id, (), everything)  # type: ignore[arg-type]
        self._texts[doc_id] = (documents, text)
        self._texts.move_to_end(doc_id)
        while len(self._texts) > KEPT_TEXTS:
            self._texts.popitem(last=False)
        return text

    def lane_units(self) -> list[tuple[tuple[int, ...], ...]]:
        if self.text is None:
            return []
        units, out = self.text.system_units, []
        start = 0
        for lane in self.lane_mentions:
            out.append(units[start:start + len(lane)])
            start += len(lane)
        return out

    def _relayout(self) -> None:
        width = float(self.viewport().width())
        if self.text is None or width <= 0:
            self.layout_data = None
            return
        n = len(self.lane_mentions)
        self.layout_data = stack_lanes(self.text, self.lane_units(), (n + 1) // 2, self._measure, width, self._metrics)
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, int(self.layout_data.layout.height) - self.viewport().height()))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(int(self._metrics.text_height * 2))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        data = self.layout_data
        if self.text is not None and (data is None or abs(data.layout.width - self.viewport().width()) > 0.5):
            self._relayout()
            self.scroll_to_item()

    def item_top(self) -> float | None:
        """Where the item's first mention sits in the laid-out text (None: not placed)."""
        data = self.layout_data
        if data is None:
            return None
        tops = [t for lane, chosen in enumerate(self.current) for m in chosen
                if (t := data.layout.mention_top(lane, m)) is not None]
        return min(tops) if tops else None

    def scroll_to_item(self) -> None:
        """The item's line in the upper third of the view (its sentence, with what comes before)."""
        top = self.item_top()
        if top is None:
            return
        bar, height = self.verticalScrollBar(), self.viewport().height()
        line = self.layout_data.layout.line_at(top) if self.layout_data else -1
        line_top = self.layout_data.layout.lines[line].y if self.layout_data and line >= 0 else top
        if not bar.value() <= line_top <= bar.value() + height - 2 * self._metrics.text_height:
            bar.setValue(int(line_top - height / 3))

    def item_visible(self) -> bool:
        """Whether the item's first mention is inside the viewport (for tests)."""
        top = self.item_top()
        value = self.verticalScrollBar().value()
        return top is not None and value <= top <= value + self.viewport().height()

    # -- painting ---------------------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), QColor("#FFFFFF"))
        data, doc = self.layout_data, self.text
        if data is None or doc is None:
            painter.setPen(QColor(colours.MUTED_TEXT))
            painter.drawText(self.viewport().rect().adjusted(8, 8, -8, -8),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap),
                             "No text to show." if self.inputs is not None or self._key is None
                             else "The document's text is not known.")
            painter.end()
            return
        offset = self.verticalScrollBar().value()
        painter.translate(0, -offset)
        layout, m = data.layout, data.layout.metrics
        strong_units = {u for lane, chosen in enumerate(self.current) for i in chosen
                        for u in (self.lane_units()[lane][i] if i < len(self.lane_units()[lane]) else ())}
        normal, muted = QPen(self.palette().text().color()), QPen(QColor(colours.MUTED_TEXT))
        for index in layout.visible_lines(event.rect().top() + offset, event.rect().bottom() + offset):
            line = layout.lines[index]
            painter.setFont(self.font())
            for k in range(line.first, line.last):
                piece = layout.pieces[k]
                segment = doc.segments[piece.segment]
                if segment.unit in strong_units:
                    painter.fillRect(QRectF(piece.x - 2, line.text_top - 1, piece.width + 4, m.text_height + 2),
                                     QColor(colours.SELECTION_COLOUR))
                painter.setPen(normal if segment.unit >= 0 else muted)
                painter.drawText(QPointF(piece.x, line.text_top + m.ascent), segment.text)
            self._paint_lane_names(painter, data, index)
            for bar in layout.bars_by_line[index]:
                strong = bar.layer < len(self.current) and bar.mention in self.current[bar.layer]
                colour = QColor(LANE_COLOURS[bar.layer % len(LANE_COLOURS)] if strong else PALE_COLOUR)
                if bar.connector:
                    painter.setPen(QPen(colour, 1.5))
                    mid = (bar.y0 + bar.y1) / 2
                    painter.drawLine(int(bar.x0 + 1), int(mid), int(bar.x1 - 1), int(mid))
                    continue
                rect = QRectF(bar.x0, bar.y0, max(bar.x1 - bar.x0, 4.0), bar.y1 - bar.y0)
                painter.fillRect(rect, colour)
                if strong:
                    painter.setPen(QPen(QColor(colours.OUTLINE_COLOUR), 1.0))
                    painter.drawRect(rect.adjusted(-1, -1, 1, 1))
        painter.end()

    def _paint_lane_names(self, painter: QPainter, data: LanesLayout, index: int) -> None:
        bars = data.layout.bars_by_line[index]
        painter.setFont(self._small)
        pitch = self._metrics.lane_pitch
        for lane, top in enumerate(data.lane_tops[index]):
            if any(b.layer == lane for b in bars):
                painter.setPen(QColor(LANE_COLOURS[lane % len(LANE_COLOURS)]))
                height = data.tracks[index][lane] * pitch
                painter.drawText(QRectF(0, top - 3, 24, height + 6),
                                 int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), str(lane + 1))
