"""Where a sequencing stub's label goes: whole and inside the view, never over another label.

A label names the other end of a link cut at a line's end (`E6 …`). It sits beside its stub's end, on the side
it reads from; where that runs out of the view it is flipped to the end's other side, and where another label
is there already it moves along the lane a label's width at a time. Only when no whole place is left near its
stub is it elided to the room left beside it (the full text is the tooltip), or hidden where not even `E…` fits
(the stub's end then holds the tooltip). Plain geometry, no painting: the overlay paints what this says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

PAD = 3.0
"""Pixels between a stub's end and its label."""
MARGIN = 1.0
"""Pixels kept free at the view's left and right edges."""
SHIFTS = 2
"""How many label widths a label may move along its lane, each way, before it is elided: further, it would
sit beside another stub's end and be read as that stub's."""
HOVER = 6.0
"""Half the side of the square at a stub's end whose hover names a hidden label."""


@dataclass(frozen=True)
class PlacedLabel:
    """A label as painted: its box (document coordinates; the hover box where it is hidden), the text shown
    (the whole text, elided, or "" when hidden) and the whole text."""

    box: QRectF
    shown: str
    text: str

    @property
    def whole(self) -> bool:
        return self.shown == self.text


def _free(left: float, right: float, near: Sequence[tuple[float, float]]) -> bool:
    """Whether `left`..`right` meets none of the `near` stretches (the labels beside the lane's height)."""
    return not any(left < b and a < right for a, b in near)


def _gaps(lo: float, hi: float, near: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The stretches of the lane between `lo` and `hi` that none of the `near` labels covers."""
    gaps, x = [], lo
    for left, right in sorted(near):
        if left > x:
            gaps.append((x, min(left, hi)))
        x = max(x, right)
    if x < hi:
        gaps.append((x, hi))
    return [(a, b) for a, b in gaps if b > a]


def place_label(anchor: QPointF, text: str, *, leftwards: bool, width: float, height: float,
                view_width: float, placed: Sequence[tuple[float, float, float, float]],
                elide: Callable[[str, float], str]) -> PlacedLabel:
    """The place of `text` (its box `width` x `height`) at a stub ending at `anchor`: beside it on the
    `leftwards` side, else the other, else moved along its lane, else elided (`elide(text, pixels)`), else
    hidden; always within the view (`MARGIN` .. `view_width - MARGIN`) and clear of the `placed` boxes (left, top,
    right, bottom: plain numbers, a paint places a few hundred labels)."""
    lo, hi = MARGIN, view_width - MARGIN
    top = anchor.y() - height / 2
    bottom = top + height
    near = [(left, right) for left, above, right, below in placed if above < bottom and top < below]
    before, after = anchor.x() - PAD - width, anchor.x() + PAD
    firsts = (before, after) if leftwards else (after, before)
    step = width + 4
    moves = [x - k * step if x == before else x + k * step for k in range(1, SHIFTS + 1) for x in firsts]
    for x in (*firsts, *moves):
        if lo <= x and x + width <= hi and _free(x, x + width, near):
            return PlacedLabel(QRectF(x, top, width, height), text, text)
    # nowhere whole beside its stub: the room nearest the stub's end, elided to it
    reach = (SHIFTS + 1) * step
    gaps = [(max(a, anchor.x() - reach), min(b, anchor.x() + reach))
            for a, b in _gaps(lo, hi, near)]
    x0 = anchor.x()
    near = sorted([g for g in gaps if g[1] > g[0]],
                  key=lambda g: 0.0 if g[0] <= x0 <= g[1] else min(abs(g[0] - x0), abs(g[1] - x0)))
    for left, right in near:
        room = min(right - left, width)
        shown = elide(text, room - 4)
        if shown and shown != "…" and room > 8:
            x = min(max(anchor.x() - room / 2, left), right - room)
            return PlacedLabel(QRectF(x, top, room, height), shown, text)
    spot = QRectF(anchor.x() - HOVER, anchor.y() - HOVER, 2 * HOVER, 2 * HOVER)
    return PlacedLabel(spot, "", text)
