"""What the window probes share (`page_resize_probe`, `charts_resize_probe`, `chart_labels_probe`): their command
line and application, and the GUI thread's CPU of a resize, measured one way for all of them."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any


def probe_app(doc: str, rounds: int) -> tuple[Any, int]:
    """The offscreen application and the `--rounds` asked for (`rounds` by default); `doc`: the probe's docstring."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=rounds)
    asked = parser.parse_args().rounds
    from evmeval_gui.app import _application

    return _application(offscreen=True), asked


def resize_cpu_ms(app: Any, window: Any, settle: Callable[[], None], height: int, widths: tuple[int, int],
                  rounds: int) -> float:
    """The median GUI-thread CPU (`time.thread_time`: the machine's load moves it less than the wall clock) of one
    resize of `window` between the two `widths` at `height`, with the paint it brings (`grab`)."""
    window.resize(widths[0], height)
    settle()
    spent = []
    for n in range(rounds):
        start = time.thread_time()
        window.resize(widths[(n + 1) % 2], height)
        app.processEvents()
        window.grab()
        spent.append(time.thread_time() - start)
    return statistics.median(spent) * 1000


def demo_with_charts() -> Any:
    """The demo scored in a 1024x640 window with its Charts dock shown (never on screen, a scratch settings file)."""
    import os
    import tempfile

    from PySide6.QtCore import QEventLoop, QSettings, Qt

    from evmeval_gui.main_window import MainWindow
    from evmeval_gui.model.corpus import demo_request

    settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, persist=False, notifier=print, warm_charts=False)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(1024, 640)
    window.charts_dock.show()
    window.show()
    loop = QEventLoop()
    window.session.scoring_finished.connect(loop.quit)
    window.open_request(demo_request())
    loop.exec()
    return window
