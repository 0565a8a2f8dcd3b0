"""Benchmark: one flip clicked in the Conventions dock, from the mouse click to the repainted window.

    python benchmarks/conventions_gui_bench.py [--clicks 40]

The corpus: benchmarks/gen_corpus.py --seed 3 --docs 2000 --mentions 40 (the GUI benchmarks' corpus, made
once into the user's cache folder), converted to TextEE by `evmeval-convert --from tbf --to textee`, keeping
the windows both sides have (TextEE pairs them one to one). The window (1366x768, offscreen) opens it, the
Conventions dock shows the switchboard, and each flip of the tree is clicked with the mouse; the clock stops
after every pending Qt event (selection, text, tables, repaint) is processed. Prints the median and max of
the clicks that show another flip, and exits 1 when the median is over the goal.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))  # gui_bench: settle, GcPauses
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GENERATOR = Path(__file__).resolve().parent / "gen_corpus.py"
GOAL_MS = 50.0


def cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "evmeval-studio"


def corpus() -> tuple[Path, Path]:
    """The TextEE gold and prediction files (made once)."""
    folder = cache() / "conventions-seed3-docs2000-mentions40"
    gold, pred = folder / "gold.jsonl", folder / "pred.jsonl"
    if gold.is_file() and pred.is_file():
        return gold, pred
    tbf = cache() / "bench-seed3-docs2000-mentions40"
    if not (tbf / "gold.tbf").is_file():
        tbf.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, str(GENERATOR), "--seed", "3", "--docs", "2000", "--mentions", "40",
                        "--out", str(tbf)], check=True, stdout=subprocess.DEVNULL)
    folder.mkdir(parents=True, exist_ok=True)
    convert = Path(sys.executable).with_name("evmeval-convert")
    sides = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("gold", "system"):
            subprocess.run([str(convert), "--from", "tbf", "--to", "textee", "-t", str(tbf / "tkn"),
                            "-o", f"{tmp}/{name}", str(tbf / f"{name}.tbf")], check=True, stdout=subprocess.DEVNULL)
            with Path(f"{tmp}/{name}/{name}.jsonl").open(encoding="utf-8") as lines:
                sides.append([json.loads(line) for line in lines])
    both = {w["wnd_id"] for w in sides[0]} & {w["wnd_id"] for w in sides[1]}
    for path, windows in ((gold, sides[0]), (pred, sides[1])):
        path.write_text("".join(json.dumps(w) + "\n" for w in windows if w["wnd_id"] in both), encoding="utf-8")
    return gold, pred


def measure(gold: Path, pred: Path, clicks: int) -> list[tuple[float, float, float, float]]:
    """Per click that showed another flip: (wall ms, the GUI thread's CPU ms, the collector's pauses ms,
    every thread's CPU ms: background jobs show there)."""
    from gui_bench import GcPauses, settle
    from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from evmeval_gui.conventions.dock import FLIP_ROLE
    from evmeval_gui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(f"{tmp}/settings.ini", QSettings.Format.IniFormat)
        window = MainWindow(settings=settings, persist=False, use_default_charts=False)
        window.resize(1366, 768)
        window.show()
        loop = QEventLoop()
        window.session.scoring_finished.connect(lambda *_: loop.quit())
        window.session.load_failed.connect(lambda *_: loop.quit())
        QTimer.singleShot(600_000, loop.quit)
        start = time.perf_counter()
        window.open_files(str(gold), [str(pred)])
        loop.exec()
        print(f"opened in {time.perf_counter() - start:.1f} s", flush=True)
        for _ in range(20):
            app.processEvents()
        tree = window.conventions_dock.flips
        leaves = []
        for t in range(tree.topLevelItemCount()):
            top = tree.topLevelItem(t)
            for g in range(top.childCount()):
                group = top.child(g)
                leaves += [group.child(k) for k in range(group.childCount()) if group.child(k).data(0, FLIP_ROLE)]
        if not leaves:
            sys.exit("no flip to click: the dock is empty")
        times = []
        shown = window.session.selection
        for n in range(clicks):
            leaf = leaves[(n * 7) % len(leaves)]  # spread over the groups and documents
            tree.scrollToItem(leaf)
            app.processEvents()
            QTest.qWait(int(QApplication.doubleClickInterval()) + 20)  # a click, not half of a double click
            pauses = GcPauses()
            start, cpu, every = time.perf_counter(), time.thread_time(), time.process_time()
            QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(leaf).center())
            settle(app)  # every pending event processed: selection, text, tables, repaint
            elapsed, cpu = (time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000
            every = (time.process_time() - every) * 1000
            pauses.stop()
            if window.session.selection != shown:
                times.append((elapsed, cpu, pauses.total_ms, every))
            shown = window.session.selection
        window.close()
        return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args()
    gold, pred = corpus()
    print(f"load before: {os.popen('uptime').read().strip()}", flush=True)
    clicked = measure(gold, pred, args.clicks)
    print(f"load after:  {os.popen('uptime').read().strip()}", flush=True)
    times = [c[0] for c in clicked]
    median = statistics.median(times)
    verdict = "ok" if median <= GOAL_MS else "OVER THE GOAL"
    slow = max(clicked)

    def first(field: int) -> str:
        return " ".join(f"{c[field]:.0f}" for c in clicked[:3])

    print(f"flip click: {median:.1f} ms median (GUI CPU {statistics.median(c[1] for c in clicked):.1f}), "
          f"{slow[0]:.1f} ms max (GUI CPU {slow[1]:.1f}, collector {slow[2]:.1f}), slowest GUI CPU "
          f"{max(c[1] for c in clicked):.1f} ms, first 3: {first(0)} ms (GUI CPU {first(1)}, all threads {first(3)}), "
          f"over "
          f"{len(times)} clicks that showed another flip (goal median <= {GOAL_MS:.0f} ms: {verdict})", flush=True)
    return 0 if median <= GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
