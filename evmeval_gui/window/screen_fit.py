"""Keep the main window on its screen: a saved or default size larger than the screen is made to fit.

The default 1366 × 768 is in logical pixels: at a scale factor of 2 on a 1600 × 1000 screen it would
open at 2732 × 1536 device pixels, its status bar and the tables' ends off screen; a geometry saved on
a larger monitor does the same on a laptop.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def fit_to_screen(window: QWidget) -> None:
    """Shrink `window` to its screen's available area (less the frame) and move it onto that area; a window
    drawn for a picture only (`WA_DontShowOnScreen`: `--screenshot --size`) keeps the size it was given."""
    screen = window.screen()
    if screen is None or window.testAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen):
        return
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    extra_w, extra_h = frame.width() - window.width(), frame.height() - window.height()
    width = min(window.width(), area.width() - extra_w)
    height = min(window.height(), area.height() - extra_h)
    if (width, height) != (window.width(), window.height()):
        window.resize(max(width, window.minimumWidth()), max(height, window.minimumHeight()))
    x = min(max(frame.x(), area.left()), area.right() - window.frameGeometry().width() + 1)
    y = min(max(frame.y(), area.top()), area.bottom() - window.frameGeometry().height() + 1)
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


class _FitOnShow(QObject):
    """Fits the window again once shown: only then is its frame (title bar, borders) known."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and isinstance(watched, QWidget):
            QTimer.singleShot(0, watched, lambda: fit_to_screen(watched))
        return False


def keep_on_screen(window: QWidget) -> None:
    """Fit `window` to its screen now and each time it is shown (`fit_to_screen`); not on the offscreen
    platform, whose one screen is no one's (tests and pictures give the window the size they study)."""
    if QGuiApplication.platformName() == "offscreen":
        return
    fit_to_screen(window)
    window.installEventFilter(_FitOnShow(window))
