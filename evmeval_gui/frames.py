"""A scrolling view in a thin panel frame, as the document pane and the compare pair view show theirs."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget


def framed(view: QWidget) -> QFrame:
    """`view` inside a styled panel frame with a 1 px margin: the text reads as one surface, apart from
    the legends above it."""
    frame = QFrame()
    frame.setFrameShape(QFrame.Shape.StyledPanel)
    inner = QVBoxLayout(frame)
    inner.setContentsMargins(1, 1, 1, 1)
    inner.addWidget(view)
    return frame
