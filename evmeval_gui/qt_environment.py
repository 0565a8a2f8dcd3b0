"""What the window asks of Qt's environment: before its application is made, the offscreen platform's
notices dropped and Qt's own paint threads off (both read by Qt once, early); once it is made, tab texts whole."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTabBar

OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints",)
"""What Qt's offscreen platform prints for every shown window: not a problem, just noise on stderr."""


def quiet_offscreen_notices() -> None:
    """Drop the offscreen platform's harmless notices; every other Qt message still reaches stderr."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(_mode, _context, message: str) -> None:
        if not message.startswith(OFFSCREEN_NOISE):
            sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


SERIAL_PAINT = "QT_NO_GUI_THREADPOOL"
"""Set (unless the user set it): Qt paints on the GUI thread alone. Qt 6 splits a fill of more than ~96 rows (the
progress bar, a scroll bar, an image conversion) over a pool of its own threads and the GUI thread waits for all of
them; while a job's worker holds one of two cores and another process the other, a pool thread waited 46-148 ms for
a core (issue 34: the load's event-loop stalls with the GUI thread asleep; docs/developer.md, "The GUI thread and the
interpreter's lock"). Qt reads it once, at the first such paint: before the application is made."""


def paint_on_the_gui_thread() -> None:
    """`SERIAL_PAINT` set, unless the user set it (to anything: Qt asks whether it is set)."""
    os.environ.setdefault(SERIAL_PAINT, "1")


_TAB_STYLES: dict[int, object] = {}
"""The styles `keep_tab_text_whole` gives tab bars, by padding (a widget does not own the style it is given)."""


def keep_tab_text_whole(bar: QTabBar, padding: int = 0) -> None:
    """`bar` in the application's style, but with an unselected tab's text where a selected tab's is: Fusion
    draws it 2 px lower and cuts off what reaches below the baseline, so a tab named "[2] system_a.tbf" read
    "system a.tbf" and "Per type" lost the tails of its p and y. For tab bars only, not the application: each
    of the style's questions then runs Python, 1,776 of them a window repaint, each waiting for the
    interpreter's lock while a job holds it. `padding`: the pixels around a tab's text, when not the style's
    (the Charts dock's eight tabs: the text is laid out with the same figure, so it is not cut)."""
    from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory

    if padding not in _TAB_STYLES:
        base = QStyleFactory.create(QApplication.style().name())
        if base is None:
            return

        class TabTextWhole(QProxyStyle):
            def pixelMetric(self, metric: QStyle.PixelMetric, option: object = None, widget: object = None) -> int:
                if metric == QStyle.PixelMetric.PM_TabBarTabShiftVertical:
                    return 0
                if padding and metric == QStyle.PixelMetric.PM_TabBarTabHSpace:
                    return padding
                return super().pixelMetric(metric, option, widget)  # type: ignore[arg-type]

        _TAB_STYLES[padding] = TabTextWhole(base)
    bar.setStyle(_TAB_STYLES[padding])  # type: ignore[arg-type]
