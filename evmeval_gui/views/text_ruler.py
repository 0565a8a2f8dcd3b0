"""The text view's parts that only describe or overview: a mention's tooltip, short type labels, and the
error ruler at the right (split from `text_view` to keep modules short)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from evmeval.mention.outcomes import MappingRow, Outcome
from evmeval.model import Mention
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter
from PySide6.QtWidgets import QWidget

from evmeval_gui import colours
from evmeval_gui.model.text_layout import GOLD, SYSTEM

if TYPE_CHECKING:
    from evmeval_gui.views.text_view import TextView

_LAYER_NAME = {GOLD: "Gold", SYSTEM: "System"}


def describe_mention(layer: int, m: Mention, row: MappingRow | None, units: list[str]) -> str:
    """Tooltip HTML for one mention: id, type, realis, text, outcome, Dice and mapped partner."""
    parts = [f"<b>{_LAYER_NAME[layer]} {html.escape(m.mention_id)}</b> · {html.escape(m.raw_type)}"
             f" · {html.escape(m.raw_realis)}",
             f"“{html.escape(m.text)}”" + (f" <span style='color:{colours.MUTED_TEXT}'>"
                                           f"({html.escape(', '.join(units[:8]))}{'…' if len(units) > 8 else ''})"
                                           "</span>" if units else "")]
    if row is not None:
        st = colours.style(row.outcome)
        line = f"<span style='color:{st.colour}'>■</span> {st.glyph} {html.escape(st.label)}"
        if row.dice is not None:
            line += f" · Dice {row.dice:.2f}"
        parts.append(line)
        partner = row.system if layer == GOLD else row.gold
        if partner is not None:
            side = "system" if layer == GOLD else "gold"
            verb = "paired by span with" if row.outcome is Outcome.ATTRIBUTE else "mapped to"
            parts.append(f"{verb} {side} <b>{html.escape(partner.mention_id)}</b> "
                         f"({html.escape(partner.raw_type)}, {html.escape(partner.raw_realis)})")
            differ = [a.replace("mention_type", "type").replace("realis_status", "realis")
                      for a in row.mismatched_attributes]
            if differ:
                parts.append("differs in " + " and ".join(differ))
        elif row.outcome is Outcome.MISSED:
            parts.append("no system mention mapped to it")
        elif row.outcome is Outcome.SPURIOUS:
            parts.append("overlaps no gold mention")
    return "<br>".join(f"<nobr>{p}</nobr>" for p in parts)


RULER_BIN = 4
"""Pixels of ruler per density bin."""
MIN_BAR = 8.0
"""Narrowest mention bar (pixels): a mention on a one-character token is still a mark one can see and click."""


def ruler_bins(ticks: list[tuple[float, Outcome]], scale: float, size: int) -> dict[int, tuple[int, Outcome]]:
    """Errors per `size`-pixel bin of the ruler, with the most frequent outcome of each bin."""
    counts: dict[int, dict[Outcome, int]] = {}
    for y, outcome in ticks:
        per = counts.setdefault(int(y * scale) // size, {})
        per[outcome] = per.get(outcome, 0) + 1
    return {b: (sum(per.values()), max(per, key=lambda o: (per[o], -colours.OUTCOME_ORDER.index(o))))
            for b, per in counts.items()}


def short_type_label(raw_type: str) -> str:
    """brat-style short label of an event type: its subtype (`Conflict_Attack` -> `Attack`)."""
    for separator in ("_", ".", ":"):
        _family, found, subtype = raw_type.partition(separator)
        if found and subtype:
            return subtype
    return raw_type


class _Ruler(QWidget):
    """Overview of the whole document: a tick per error at its height, or, when errors crowd, a density
    view (one bar per few pixels, as long as its number of errors, in their most frequent outcome's
    colour); click to go there."""

    WIDTH = 12

    def __init__(self, view: TextView) -> None:
        super().__init__(view)
        self._view = view
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Errors in the whole document (click to scroll there); where they crowd, each bar's "
                        "length is how many errors lie there")

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#F2F2F2"))
        layout = self._view.layout_data
        # a long document's first screen (not `complete`): no band and no marks until its whole height is known
        if layout is not None and layout.height > 0 and layout.complete:
            scale = self.height() / max(layout.height, float(self._view.viewport().height()), 1.0)
            top = self._view.verticalScrollBar().value() * scale
            shown = self._view.viewport().height() * scale
            painter.fillRect(QRectF(0, top, self.width(), max(shown, 3)), QColor(0, 0, 0, 28))
            bins = ruler_bins(self._view.error_ticks(), scale, RULER_BIN)
            if bins and max(count for count, _ in bins.values()) > 1:  # dense: one bar per bin, width = count
                most = max(count for count, _ in bins.values())
                for number, (count, outcome) in bins.items():
                    width = max(2.0, (self.width() - 4) * count / most)
                    painter.fillRect(QRectF(2, number * RULER_BIN, width, RULER_BIN - 1), colours.style(outcome).qcolor)
            else:
                for y, outcome in self._view.error_ticks():
                    painter.fillRect(QRectF(2, y * scale - 1, self.width() - 4, 3), colours.style(outcome).qcolor)
        painter.end()

    def density(self) -> dict[int, tuple[int, Outcome]]:
        """The ruler's bins as drawn now: bin number -> (errors in it, their most frequent outcome)."""
        layout = self._view.layout_data
        if layout is None or layout.height <= 0:
            return {}
        scale = self.height() / max(layout.height, float(self._view.viewport().height()), 1.0)
        return ruler_bins(self._view.error_ticks(), scale, RULER_BIN)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._view.complete_layout()  # the ruler is the whole document's
        layout = self._view.layout_data
        if layout is None or self.height() <= 0:
            return
        y = event.position().y() / self.height() * max(layout.height, float(self._view.viewport().height()))
        self._view.verticalScrollBar().setValue(int(y - self._view.viewport().height() / 2))
