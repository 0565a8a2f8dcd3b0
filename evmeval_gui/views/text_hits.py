"""What lies under a point of the text view: mentions, words, a bar's end, and its tooltip.

A part the text view holds (`TextView.hits`), not a mixin: it reads the view's laid-out document and
selection through the view it is given."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

from evmeval_gui.model.doctext import WORD
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from evmeval_gui.views.text_ruler import describe_mention

if TYPE_CHECKING:
    from evmeval_gui.views.text_view import TextView


class TextHits:
    """Hit testing of one `TextView` (its layout, document, marks and selection are read from it)."""

    def __init__(self, view: TextView) -> None:
        self.view = view

    def hit(self, pos: QPointF) -> tuple[int, int] | None:
        """The (layer, mention) under a viewport position: a bar, or a word of a mention."""
        layout, doc = self.view.layout_data, self.view.doc
        if layout is None or doc is None:
            return None
        x, y = pos.x(), pos.y() + self.view.verticalScrollBar().value()
        index = layout.line_at(y)
        if index < 0 or not layout.lines[index].y <= y <= layout.lines[index].y + layout.lines[index].height:
            return None
        line = layout.lines[index]
        best = layout.bar_at(index, x, y)
        if best is not None:
            return best
        if line.text_top <= y <= line.text_top + layout.metrics.text_height:
            piece = layout.piece_at(index, x)
            if piece >= 0:
                unit = doc.segments[layout.pieces[piece].segment].unit
                if unit >= 0:
                    for layer in (GOLD, SYSTEM):
                        mentions = self.view._unit_mentions[layer].get(unit)
                        if mentions:
                            return layer, mentions[0]
        return None

    def mentions_at(self, pos: QPointF) -> list[tuple[int, int]]:
        """Every (layer, mention) at a position: the bar under it, or all mentions on the word."""
        found = self.hit(pos)
        layout, doc = self.view.layout_data, self.view.doc
        if layout is None or doc is None:
            return []
        y = pos.y() + self.view.verticalScrollBar().value()
        index = layout.line_at(y)
        out: list[tuple[int, int]] = []
        if index >= 0:
            line = layout.lines[index]
            if line.text_top <= y <= line.text_top + layout.metrics.text_height:
                piece = layout.piece_at(index, pos.x())
                unit = doc.segments[layout.pieces[piece].segment].unit if piece >= 0 else -1
                if unit >= 0:
                    for layer in (GOLD, SYSTEM):
                        out.extend((layer, m) for m in self.view._unit_mentions[layer].get(unit, ()))
                    return out
        return [found] if found else []

    def unit_at(self, pos: QPointF) -> int:
        layout, doc = self.view.layout_data, self.view.doc
        if layout is None or doc is None:
            return -1
        y = pos.y() + self.view.verticalScrollBar().value()
        index = layout.line_at(y)
        piece = layout.piece_at(index, pos.x()) if index >= 0 else -1
        if piece < 0:
            return -1
        line = layout.lines[index]
        if not line.text_top <= y <= line.text_top + layout.metrics.text_height:
            return -1
        segment = doc.segments[layout.pieces[piece].segment]
        return segment.unit if segment.kind == WORD else -1

    def bar_end_at(self, pos: QPointF) -> tuple[int, int, str] | None:
        """(layer, mention, "start" | "end") when `pos` is on the first or last end of a selected mention's bar."""
        layout = self.view.layout_data
        if layout is None:
            return None
        x, y = pos.x(), pos.y() + self.view.verticalScrollBar().value()
        for layer in (GOLD, SYSTEM):
            for mention in self.view._selected[layer]:
                bars = [b for b in layout.mention_bars.get((layer, mention), []) if not b.connector]
                if not bars:
                    continue
                first = min(bars, key=lambda b: (b.y0, b.x0))
                last = max(bars, key=lambda b: (b.y0, b.x1))
                for bar, edge, end in ((first, first.x0, "start"), (last, last.x1, "end")):
                    if abs(x - edge) <= 4 and bar.y0 - 3 <= y <= bar.y1 + 3:
                        return layer, mention, end
        return None

    def dragged_units(self, layer: int, mention: int, end: str, unit: int) -> tuple[int, ...]:
        """A mention's units with one end moved to `unit` (its other parts stay)."""
        doc = self.view.doc
        if doc is None or unit < 0:
            return ()
        units = (doc.gold_units if layer == GOLD else doc.system_units)[mention]
        if not units:
            return ()
        if end == "start":
            kept = {u for u in units if u >= unit} | set(range(unit, units[0]))
        else:
            kept = {u for u in units if u <= unit} | set(range(units[-1] + 1, unit + 1))
        return tuple(sorted(kept))

    def nearest_unit(self, pos: QPointF) -> int:
        """The word nearest to a position on its line (dragging may leave the text's height)."""
        layout, doc = self.view.layout_data, self.view.doc
        if layout is None or doc is None:
            return -1
        index = layout.line_at(pos.y() + self.view.verticalScrollBar().value())
        if index < 0:
            return -1
        line = layout.lines[index]
        best, distance = -1, float("inf")
        for k in range(line.first, line.last):
            piece = layout.pieces[k]
            unit = doc.segments[piece.segment].unit
            d = 0.0 if piece.x <= pos.x() <= piece.x + piece.width else min(abs(pos.x() - piece.x),
                                                                             abs(pos.x() - piece.x - piece.width))
            if unit >= 0 and d < distance:
                best, distance = unit, d
        return best

    def first_visible_unit(self) -> int:
        layout, doc = self.view.layout_data, self.view.doc
        if layout is None or doc is None:
            return 0
        top, bottom = self.view.visible_band()
        for index in layout.visible_lines(top, bottom):
            line = layout.lines[index]
            for k in range(line.first, line.last):
                unit = doc.segments[layout.pieces[k].segment].unit
                if unit >= 0:
                    return unit
        return 0

    def scroll_to_unit(self, unit: int) -> None:
        layout = self.view.layout_data
        if layout is not None and not layout.complete and 0 <= unit < len(layout.unit_piece) \
                and layout.unit_piece[unit] < 0:
            self.view.complete_layout()  # a word further down than a long document's first screen
            layout = self.view.layout_data
        if layout is None or not 0 <= unit < len(layout.unit_piece) or layout.unit_piece[unit] < 0:
            return
        k = layout.unit_piece[unit]
        y = next((line.text_top for line in layout.lines if line.first <= k < line.last), None)
        bar = self.view.verticalScrollBar()
        bottom = bar.value() + self.view.viewport().height() - 2 * self.view._metrics.text_height
        if y is not None and not bar.value() <= y <= bottom:
            bar.setValue(int(y - self.view.viewport().height() / 3))

    def tooltip_at(self, pos: QPointF) -> str:
        """The tooltip for a position: every mention there, described (empty when none)."""
        doc, result_doc, marks = self.view.doc, self.view.result_doc, self.view.marks
        if doc is None or result_doc is None:
            return ""
        blocks = []
        for layer, mention in self.mentions_at(pos):
            m = result_doc.gold[mention] if layer == GOLD else result_doc.system[mention]
            units = [doc.unit_labels[u] for u in (doc.gold_units if layer == GOLD else doc.system_units)[mention]]
            row = None
            if marks is not None:
                row_index = marks.gold_row[mention] if layer == GOLD else marks.system_row[mention]
                row = marks.rows[row_index] if row_index >= 0 else None
            blocks.append(describe_mention(layer, m, row, units))
        extra = [t for t in (o.tooltip(self.view, self.mentions_at(pos)) for o in self.view.overlays) if t]
        blocks.extend(extra)
        unit = self.unit_at(pos)
        if not blocks and unit >= 0:
            return f"token {html.escape(doc.unit_labels[unit])} (in no mention)"
        return "<hr>".join(blocks)
