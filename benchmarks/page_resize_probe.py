"""GUI-thread cost of a window resize on the pages whose layout branch `polish5` fits (issue 34).

    QT_QPA_PLATFORM=offscreen python benchmarks/page_resize_probe.py [--rounds 30]

The demo in a window that alternates 1024x640 <-> 1084x640 and 1540x1000 <-> 1600x1000, on the Curate page
(`--demo --agreement --curate`), the Compare mode's Leaderboard and Relations pages, and a MAVEN-ERE corpus's
Conventions dock (the shipped `maven_ere_*.jsonl`): per page and width, the median GUI thread's CPU
(`time.thread_time`, which the machine's load moves less than the wall clock) of one resize and the paint it
brings (`grab`), and tracemalloc's peak over the rounds of the last page. Prints one line with the load average.
"""

from __future__ import annotations

import os
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from resize_kit import probe_app, resize_cpu_ms

EXAMPLES = Path(__file__).resolve().parent.parent / "resources" / "examples"


def main() -> None:
    app, rounds = probe_app(__doc__, 30)
    from PySide6.QtCore import QEventLoop, QSettings, Qt

    from evmeval_gui.app import _wait_for_background_work
    from evmeval_gui.main_window import MainWindow
    from evmeval_gui.model.corpus import demo_request

    def window_with(open_it: Callable[[MainWindow], object], finished: Callable[[MainWindow], object]) -> MainWindow:
        settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings, persist=False, notifier=print, warm_charts=False)
        window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        window.resize(1024, 640)
        window.show()
        loop = QEventLoop()
        finished(window).connect(loop.quit)  # type: ignore[attr-defined]
        open_it(window)
        loop.exec()
        _wait_for_background_work(window.runner, window.session)
        return window

    def settle(window: MainWindow) -> None:
        _wait_for_background_work(window.runner, window.session)
        for _ in range(3):
            app.processEvents()

    def resizes(window: MainWindow, height: int, widths: tuple[int, int]) -> float:
        return resize_cpu_ms(app, window, lambda: settle(window), height, widths, rounds)

    def curate() -> MainWindow:
        window = window_with(lambda w: w.open_demo_agreement(), lambda w: w.agreement.agreement_finished)
        window.dialogs.start_curation()
        settle(window)
        return window

    def compare(page: str) -> Callable[[], MainWindow]:
        def made() -> MainWindow:
            window = window_with(lambda w: w.open_request(demo_request()), lambda w: w.session.scoring_finished)
            loop = QEventLoop()
            window.compare.comparison_ready.connect(loop.quit)
            window.compare.open(page=page)
            loop.exec()
            settle(window)
            return window
        return made

    def conventions() -> MainWindow:
        gold, system = str(EXAMPLES / "maven_ere_gold.jsonl"), str(EXAMPLES / "maven_ere_pred.jsonl")
        window = window_with(lambda w: w.open_files(gold, [system]), lambda w: w.session.scoring_finished)
        settle(window)
        return window

    line = []
    pages = (("curate", curate), ("leaderboard", compare("leaderboard")), ("relations", compare("relations")),
             ("conventions", conventions))
    for n, (name, make) in enumerate(pages):
        window = make()
        last = n == len(pages) - 1
        if last:
            tracemalloc.start()
        narrow = resizes(window, 640, (1024, 1084))
        wide = resizes(window, 1000, (1600, 1540))
        line.append(f"{name} {narrow:.1f} / {wide:.1f} ms")
        if last:
            line.append(f"traced peak {tracemalloc.get_traced_memory()[1] / 1024:.0f} KiB")
            tracemalloc.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
    print(f"load {os.getloadavg()[0]:.1f} | resize 1024<->1084 / 1600<->1540, GUI CPU median: " + " | ".join(line))


if __name__ == "__main__":
    main()
