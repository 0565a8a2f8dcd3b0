"""GUI-thread cost of the bar charts' value labels and of the tab bars' own style (issue 34, branch `polish`).

    QT_QPA_PLATFORM=offscreen python benchmarks/chart_labels_probe.py [--rounds 40]

The demo in a 1024x640 window with the Charts dock: for the Scores, Schemes and Coreference tabs, the GUI
thread's CPU (`time.thread_time`, which the machine's load moves less than the wall clock) of a redraw (the
chart's `set_data` and a paint) and of a window resize (1024 <-> 1084 px, a paint); tracemalloc's peak over
five redraws of the Scores chart; and, where the tab bars have `keep_tab_text_whole`'s style, how many of the
style's questions ran Python per full window repaint. Prints one line with the load average.
"""

from __future__ import annotations

import os
import sys
import time
import tracemalloc
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from resize_kit import demo_with_charts, probe_app


def main() -> None:
    app, rounds = probe_app(__doc__, 40)

    from evmeval_gui.app import _wait_for_background_work
    from evmeval_gui.charts.base import ChartWidget
    from evmeval_gui.charts.tab_bar import tab_named

    calls = _count_tab_style_calls()
    window = demo_with_charts()
    _wait_for_background_work(window.runner, window.session)
    panel = window.charts_dock.panel

    def settle() -> None:
        for _ in range(3):
            app.processEvents()

    line = []
    for tab in ("Scores", "Schemes", "Coreference"):
        panel.tabs.setCurrentIndex(tab_named(panel.tabs, tab))  # by whole name (the tab shows a short one)
        _wait_for_background_work(window.runner, window.session)
        settle()
        chart = next(c for c in panel.tabs.currentWidget().findChildren(ChartWidget) if c.isVisible() and c._data_call)
        args, kwargs = chart._data_call
        start = time.thread_time()
        for _ in range(rounds):
            chart.set_data(*args, **kwargs)
            chart.plot_widget.grab()
        draw = (time.thread_time() - start) / rounds * 1000
        start = time.thread_time()
        for i in range(rounds):
            window.resize(1084 if i % 2 == 0 else 1024, 640)
            settle()
            chart.plot_widget.grab()
        resize = (time.thread_time() - start) / rounds * 1000
        line.append(f"{tab}: draw {draw:.1f} ms, resize {resize:.1f} ms")
    tracemalloc.start()
    args, kwargs = panel.score_bars._data_call
    for _ in range(5):
        panel.score_bars.set_data(*args, **kwargs)
    line.append(f"Scores set_data x5 traced peak {tracemalloc.get_traced_memory()[1] / 1024:.0f} KiB")
    tracemalloc.stop()
    if calls is not None:
        calls[0] = 0
        for _ in range(rounds):
            window.repaint()
        line.append(f"tab style: {calls[0] / rounds:.0f} Python calls per window repaint")
    print(f"load {os.getloadavg()[0]:.2f} · " + "; ".join(line))


def _count_tab_style_calls() -> list[int] | None:
    """A counter of the tab bars' style's Python calls, where the tree has that style (else None)."""
    try:
        from evmeval_gui import qt_environment
    except ImportError:
        return None
    if not hasattr(qt_environment, "keep_tab_text_whole"):
        return None
    from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory

    calls = [0]

    from evmeval_gui.charts.tab_bar import TAB_PADDING

    def counting(padding: int) -> QProxyStyle:
        class Counting(QProxyStyle):
            def pixelMetric(self, metric: QStyle.PixelMetric, option: object = None, widget: object = None) -> int:
                calls[0] += 1
                if metric == QStyle.PixelMetric.PM_TabBarTabShiftVertical:
                    return 0
                if padding and metric == QStyle.PixelMetric.PM_TabBarTabHSpace:
                    return padding
                return super().pixelMetric(metric, option, widget)  # type: ignore[arg-type]

        return Counting(QStyleFactory.create(QApplication.style().name()))

    for padding in (0, TAB_PADDING):  # the styles by padding the window's tab bars are given (the charts' own)
        qt_environment._TAB_STYLES[padding] = counting(padding)
    return calls


if __name__ == "__main__":
    main()
