"""Arguments on the text: the selected trigger's arguments boxed, each with its role label.

For an event corpus the library keeps each trigger's arguments on the document's tokens (TextEE,
DyGIE++, MAVEN) or characters (BioNLP, CASIE, MAVEN-Arg, OmniEvent: `EventCorpus.roles`); this painter (one
of the text view's overlays) draws, for every selected gold or system mention, a box around each argument's
words and a small label naming the role (gold: solid, label above; system: dashed, label below). A string
the library placed nowhere (`Role.on_text` false) gets no box: a badge at the end of its trigger's line
counts them, and the trigger's tooltip says how each string was placed or that it is not in the text.
Nothing is computed here.
"""

from __future__ import annotations

import bisect
import html
from collections.abc import Callable

from evmeval.conventions.corpus import EventCorpus
from evmeval.conventions.items import GOLD as GOLD_SIDE
from evmeval.conventions.items import PRED
from evmeval.model import SpanMode
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen

from evmeval_gui.model.doctext import DocumentText
from evmeval_gui.model.text_layout import GOLD, SYSTEM, Layout

ROLE_COLOURS = {GOLD: QColor("#6a3d9a"), SYSTEM: QColor("#b15928")}


def word_rects(layout: Layout, start: int, end: int) -> list[QRectF]:
    """One box per line around the words of units `[start, end)` (document coordinates)."""
    by_line: dict[int, QRectF] = {}
    m = layout.metrics
    for unit in range(start, min(end, len(layout.unit_piece))):
        k = layout.unit_piece[unit]
        if k < 0:
            continue
        piece = layout.pieces[k]
        line = layout.lines[piece.line]
        rect = QRectF(piece.x - 2, line.text_top - 1, piece.width + 4, m.text_height + 2)
        by_line[piece.line] = by_line[piece.line].united(rect) if piece.line in by_line else rect
    return list(by_line.values())


def char_units(doc: DocumentText, start: int, end: int) -> tuple[int, int]:
    """The units `[first, last)` of a character-mode document (labels `begin–end`) that overlap
    `[start, end)` (an argument that is no mention may end inside a word: `TNF` of `TNF.`)."""
    starts = [int(label.partition("–")[0]) for label in doc.unit_labels]
    ends = [int(label.partition("–")[2]) for label in doc.unit_labels]
    first = bisect.bisect_right(ends, start)
    last = bisect.bisect_left(starts, end)
    return first, max(first, last)


class ArgumentOverlay:
    """Draws the selected triggers' arguments with their roles (see the module docstring)."""

    def __init__(self, corpus: Callable[[], EventCorpus | None],
                 focus: Callable[[], tuple[str, str, int] | None] = lambda: None) -> None:
        self.corpus = corpus
        self.focus = focus
        """The argument singled out (an argument sub-row chosen in the mapping table): drawn stronger."""

    @staticmethod
    def units(view, corpus: EventCorpus, start: int, end: int) -> tuple[int, int]:
        """An argument's units on the shown text: its token range, or the words of its characters."""
        if corpus.inputs.mode is SpanMode.CHAR and view.doc is not None:
            return char_units(view.doc, start, end)
        return start, end

    def focused(self, view) -> list[tuple[int, str, QRectF]]:
        """(layer, role, box) of the argument singled out, when it is one of the selected mentions'."""
        corpus, focus, doc = self.corpus(), self.focus(), view.result_doc
        if corpus is None or focus is None or doc is None or view.layout_data is None:
            return []
        side, mention, index = focus
        roles = corpus.roles(side, doc.doc_id, mention)
        if not 0 <= index < len(roles):
            return []
        role = roles[index]
        if not role.on_text:
            return []
        first, last = self.units(view, corpus, role.start, role.end)
        return [(GOLD if side == GOLD_SIDE else SYSTEM, role.role, rect)
                for rect in word_rects(view.layout_data, first, last)]

    def shown(self, view) -> list[tuple[int, str, QRectF]]:
        """(layer, role, box) of every argument of the selected mentions."""
        corpus, layout, doc = self.corpus(), view.layout_data, view.result_doc
        if corpus is None or layout is None or doc is None:
            return []
        out = []
        gold_sel, system_sel = view.selected_indices
        for layer, side, selected, mentions in ((GOLD, GOLD_SIDE, gold_sel, doc.gold),
                                                (SYSTEM, PRED, system_sel, doc.system)):
            for i in sorted(selected):
                for role in corpus.roles(side, doc.doc_id, mentions[i].mention_id):
                    if not role.on_text:  # a string placed nowhere: in the tooltip, not boxed
                        continue
                    first, last = self.units(view, corpus, role.start, role.end)
                    out += [(layer, role.role, rect) for rect in word_rects(layout, first, last)]
        return out

    def not_in_text(self, view) -> list[tuple[int, str, QRectF]]:
        """(layer, badge, where) per selected mention with strings placed nowhere: a badge at the end of its
        trigger's line (`where`: an empty box there, the line's height; no label is drawn over) says how many, and
        the trigger's tooltip names them (issue 35: never silently gone)."""
        corpus, layout, doc, text = self.corpus(), view.layout_data, view.result_doc, view.doc
        if corpus is None or layout is None or doc is None or text is None:
            return []
        out = []
        gold_sel, system_sel = view.selected_indices
        for layer, side, selected, mentions, units in ((GOLD, GOLD_SIDE, gold_sel, doc.gold, text.gold_units),
                                                       (SYSTEM, PRED, system_sel, doc.system, text.system_units)):
            for i in sorted(selected):
                lost = [r for r in corpus.roles(side, doc.doc_id, mentions[i].mention_id) if not r.on_text]
                piece = layout.unit_piece[max(units[i])] if lost and units[i] else -1
                if piece >= 0:
                    line = layout.lines[layout.pieces[piece].line]
                    where = QRectF(line.right, line.text_top - 1, 0, layout.metrics.text_height + 2)
                    out.append((layer, f"⊘ {len(lost)} not in the text", where))
        return out

    def paint(self, view, painter: QPainter) -> None:
        shown, lost = self.shown(view), self.not_in_text(view)
        if not shown and not lost:
            return
        painter.save()
        font = view.font()
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.75))
        painter.setFont(font)
        fm = QFontMetricsF(font)
        for layer, role, rect in shown:
            colour = ROLE_COLOURS[layer]
            pen = QPen(colour, 1.5, Qt.PenStyle.SolidLine if layer == GOLD else Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, 3, 3)
            w, h = fm.horizontalAdvance(role) + 6, fm.height()
            y = rect.top() - h + 1 if layer == GOLD else rect.bottom() - 1
            badge = QRectF(rect.left(), y, w, h)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(badge, 2, 2)
            painter.setPen(QColor("white"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, role)
        for layer, lost_role, rect in lost:  # after the trigger, on its side's label row, outlined (no argument box)
            colour = ROLE_COLOURS[layer]
            w, h = fm.horizontalAdvance(lost_role) + 6, fm.height()
            y = rect.top() - h + 1 if layer == GOLD else rect.bottom() - 1
            box = QRectF(min(rect.right() + 8, view.layout_data.width - w - 2), y, w, h)
            painter.setPen(QPen(colour, 1.0, Qt.PenStyle.DashLine))
            painter.setBrush(QColor("white"))
            painter.drawRoundedRect(box, 2, 2)
            painter.setPen(colour)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, lost_role)
        for layer, _, rect in self.focused(view):  # the chosen argument: tinted, with a thick frame
            colour = QColor(ROLE_COLOURS[layer])
            painter.setPen(QPen(colour, 3.0))
            colour.setAlpha(50)
            painter.setBrush(colour)
            painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 3, 3)
        painter.restore()

    def paint_viewport(self, view, painter: QPainter) -> None:
        return None

    def tooltip(self, view, mentions: list[tuple[int, int]]) -> str:
        corpus, doc = self.corpus(), view.result_doc
        if corpus is None or doc is None:
            return ""
        lines = []
        for layer, index in mentions:
            side, pool = (GOLD_SIDE, doc.gold) if layer == GOLD else (PRED, doc.system)
            roles = corpus.roles(side, doc.doc_id, pool[index].mention_id)
            if not roles:
                continue
            plain = ", ".join(html.escape(r.role) for r in roles if not r.how)
            lines.append(f"{'Gold' if layer == GOLD else 'System'} arguments:" + (f" {plain}" if plain else ""))
            # a string's placing (or "not in the text"), one a line: issue 35, never silently gone
            lines += [f"· {html.escape(r.role)} {html.escape(r.how, quote=False)}" for r in roles if r.how]
        return "<br>".join(f"<nobr>{line}</nobr>" for line in lines)
