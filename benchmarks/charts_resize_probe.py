"""GUI-thread cost of a window resize with the Charts dock open, on the tabs branch `polish6` changed (issue 34).

    QT_QPA_PLATFORM=offscreen python benchmarks/charts_resize_probe.py [--rounds 20]

The demo with its charts in a window that alternates 1024x640 <-> 1084x640 and 1540x1000 <-> 1600x1000, the dock
turned to its Scores, Coreference and Sequencing tabs (by position: the first, the next to last and the last, so
the same script measures a tree whose tabs bear other names): per tab and width, the median GUI thread's CPU
(`time.thread_time`, which the machine's load moves less than the wall clock) of one resize and the paint it brings
(`grab`), and tracemalloc's peak over the last tab's rounds. Prints one line with the load average.
"""

from __future__ import annotations

import os
import sys
import tracemalloc
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from resize_kit import demo_with_charts, probe_app, resize_cpu_ms


def main() -> None:
    app, rounds = probe_app(__doc__, 20)

    from evmeval_gui.app import _wait_for_background_work

    window = demo_with_charts()

    def settle() -> None:
        _wait_for_background_work(window.runner, window.session)
        for _ in range(5):
            app.processEvents()

    def resizes(height: int, widths: tuple[int, int]) -> float:
        return resize_cpu_ms(app, window, settle, height, widths, rounds)

    settle()
    tabs = window.charts_dock.panel.tabs
    line = []
    pages = (("scores", 0), ("coreference", tabs.count() - 2), ("sequencing", tabs.count() - 1))
    for n, (name, index) in enumerate(pages):
        tabs.setCurrentIndex(index)
        settle()
        last = n == len(pages) - 1
        if last:
            tracemalloc.start()
        narrow = resizes(640, (1024, 1084))
        wide = resizes(1000, (1600, 1540))
        line.append(f"{name} {narrow:.1f} / {wide:.1f} ms")
        if last:
            line.append(f"traced peak {tracemalloc.get_traced_memory()[1] / 1024:.0f} KiB")
            tracemalloc.stop()
    window.close()
    print(f"load {os.getloadavg()[0]:.1f} | resize 1024<->1084 / 1600<->1540, GUI CPU median: " + " | ".join(line))


if __name__ == "__main__":
    main()
