"""What the text view asks of a painter drawn over its text (see `TextView.overlays`)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QPainter


class TextOverlay(Protocol):
    """Draws over the text in document coordinates, after the words and the mention bars."""

    def room(self) -> float:
        """Pixels wanted above each line's gold lane and below its system lane (0: none)."""
        ...

    def paint(self, painter: QPainter, top: float, bottom: float) -> None:
        """Paint what lies in the document band [top, bottom]."""
        ...
