"""Benchmark: every click of the Compare mode's pages on a 2,000-document corpus (issue 34: <= 50 ms, or in the
background with progress and Cancel).

    python benchmarks/compare_clicks_bench.py tbf
    python benchmarks/compare_clicks_bench.py textee
    python benchmarks/compare_clicks_bench.py tbf --open [--profile]
    python benchmarks/compare_clicks_bench.py tbf --first-chart

`--open`: only the Compare mode's opening and its pages' first shows (no Changes kinds); `--profile`: cProfile of
the GUI thread over each of those clicks (until shown), the 25 costliest calls by cumulative time;
`--first-chart`: View › Charts instead, the first chart drawn after the launch.

tbf: `compare_bench.py`'s corpus (gold, system and its first perturbed run; cached). textee: the same three files
through `evmeval-convert --from tbf --to textee` (made here into the cache, system-only windows dropped and every
gold window given to the runs, as TextEE's convention requires). The window (offscreen, 1366x768) opens the
corpus and waits for its background jobs, Ctrl+Shift+R compares, then each click is timed: the click itself
(every pending event processed), until its result is shown (background work included; in brackets the GUI
thread's CPU meanwhile), the event loop's longest stall meanwhile (a 5 ms timer's longest gap, with the GUI
thread's CPU in it) and the collector's longest pause. Not a test: figures for
docs/benchmarks.md.
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from compare_bench import perturbed  # noqa: E402
from score_bench import corpus_dir, ensure_corpus  # noqa: E402

CHANGES_JOB = "compare_changes"


def tbf_corpus() -> tuple[str, list[str]]:
    folder = corpus_dir(None)
    ensure_corpus(folder)
    runs = [folder / "system.tbf", perturbed(folder / "system.tbf", 1, folder / "bench_run1.tbf")]
    return str(folder / "gold.tbf"), [str(r) for r in runs]


def textee_corpus() -> tuple[str, list[str]]:
    gold_tbf, runs_tbf = tbf_corpus()
    folder = Path(gold_tbf).parent
    out = folder / "textee"
    names = ["gold", *(Path(r).stem for r in runs_tbf)]
    paths = [out / f"{n}.jsonl" for n in names]
    if not all(p.is_file() for p in paths):
        out.mkdir(exist_ok=True)
        convert = str(Path(sys.executable).parent / "evmeval-convert")
        for name, source in zip(names, [gold_tbf, *runs_tbf], strict=True):
            extra = [] if name == "gold" else ["--predictions"]
            subprocess.run([convert, "--from", "tbf", "--to", "textee", "-t", str(folder / "tkn"), "--text",
                            str(folder / "txt"), "-o", str(out / name), source, *extra], check=True,
                           stdout=subprocess.DEVNULL)
            (out / name / f"{Path(source).stem}.jsonl").replace(out / f"{name}.jsonl")
        gold = [json.loads(line) for line in paths[0].read_text(encoding="utf-8").splitlines()]
        for path in paths[1:]:
            have = {w["wnd_id"]: w for w in map(json.loads, path.read_text(encoding="utf-8").splitlines())}
            windows = [have.get(g["wnd_id"], {**g, "event_mentions": []}) for g in gold]
            path.write_text("".join(json.dumps(w) + "\n" for w in windows), encoding="utf-8")
    return str(paths[0]), [str(p) for p in paths[1:]]


@contextmanager
def profiled(on: bool, label: str) -> Iterator[None]:
    """cProfile of this thread meanwhile (`on`): the costliest calls printed (`PROFILE_LINES`, default 25) and
    the stats written to `$PROFILE_DUMP.<label>` when that is set."""
    if not on:
        yield
        return
    profile = cProfile.Profile()
    profile.enable()
    try:
        yield
    finally:
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(int(os.environ.get("PROFILE_LINES", "25")))
        if os.environ.get("PROFILE_DUMP"):  # for pstats' callers/callees
            profile.dump_stats(f"{os.environ['PROFILE_DUMP']}.{label.strip().replace(' ', '_')}")


def click_pages(timed, tabs, pages: tuple[int, ...], quiet) -> None:  # type: ignore[no-untyped-def]
    """Click each of the Compare mode's visible `pages` (tab indices), timed."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    for page in pages:
        if tabs.isTabVisible(page):
            timed(f"page {tabs.tabText(page)}",
                  lambda i=page: QTest.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(i).center()), quiet)


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    fmt = args[0] if args else "tbf"
    only_open, profiling = "--open" in sys.argv, "--profile" in sys.argv
    gold, systems = textee_corpus() if fmt == "textee" else tbf_corpus()
    from gui_bench import GcPauses, settle
    from PySide6.QtCore import QPoint, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from window_scale_bench import Stalls

    app = QApplication([sys.argv[0]])
    from evmeval_gui.main_window import MainWindow

    window = MainWindow(settings=QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat),
                        persist=False)
    window.resize(1366, 768)
    window.show()
    runner = window.session.runner

    def wait(done, limit_s: float = 1800.0) -> None:  # type: ignore[no-untyped-def]
        stop = time.perf_counter() + limit_s
        while not done():
            app.processEvents()
            if time.perf_counter() > stop:
                raise SystemExit("compare_clicks_bench: gave up waiting")
            time.sleep(0.001)

    def quiet() -> bool:
        return not runner.running() and not runner.running(CHANGES_JOB)

    def timed(label: str, act, done=lambda: True) -> None:  # type: ignore[no-untyped-def]
        settle(app)
        QTest.qWait(300)
        stalls, pauses = Stalls(), GcPauses()
        with profiled(profiling, label):
            t0, c0 = time.perf_counter(), time.thread_time()
            act()
            settle(app)
            click_ms, click_cpu = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
            wait(done)
            settle(app)
            total, total_cpu = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
        stalls.timer.stop()
        pauses.stop()
        print(f"{label:45s} click {click_ms:6.0f} ms (GUI CPU {click_cpu:4.0f}) shown after {total:7.0f} ms "
              f"(GUI CPU {total_cpu:4.0f}); longest stall {stalls.reset()}; collector longest "
              f"{pauses.longest_ms:.0f} ms", flush=True)

    print(f"load before: {os.popen('uptime').read().strip()}", flush=True)
    finished: list[int] = []
    window.session.scoring_finished.connect(lambda *_: finished.append(1))
    window.open_files(gold, systems)
    wait(lambda: bool(finished) and runner.idle)  # the load's quiet jobs too (coreference, intervals, warm-up)
    if "--first-chart" in sys.argv:  # View › Charts, the first chart after the launch, instead of the Compare mode
        dock = window.charts_dock
        timed("View > Charts (the first chart)", dock.toggle_action().trigger, lambda: dock.isVisible() and runner.idle)
        window.close()
        return 0
    compare, ready = window.compare, []
    compare.comparison_ready.connect(lambda: ready.append(1))
    timed("open Compare", compare.toggle, lambda: bool(ready) and quiet())
    tabs = compare.tabs
    timed("Pair page", lambda: QTest.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center()), quiet)
    panel = compare.pair_panel
    assert panel is not None
    bar, tab = panel.tabs.tabBar(), panel.changes
    names = [bar.tabText(i) for i in range(bar.count())]
    changes_index = names.index("Changes")
    if only_open:
        click_pages(timed, tabs, (2, 3, 0), quiet)
        print(f"load after: {os.popen('uptime').read().strip()}", flush=True)
        window.close()
        return 0

    def shown() -> bool:
        return not tab.count.text().startswith("Finding") and quiet()

    timed("Changes tab (mentions)",
          lambda: QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(changes_index).center()), shown)
    kinds = [tab.kind.itemData(k) for k in range(tab.kind.count())]
    tab.kind.setFocus()
    for kind in kinds[1:]:
        timed(f"kind: {kind}", lambda: QTest.keyClick(tab.kind, Qt.Key.Key_Down), shown)
        model = tab.view.model()
        for row in (0, 5) if model.rowCount() > 5 else ():
            rect = tab.view.visualRect(model.index(row, 1))
            QTest.qWait(500)  # a click, not half of a double click
            timed(f"  select row {row}",
                  lambda r=rect: QTest.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=r.center()))
        header = tab.view.horizontalHeader()
        if model.rowCount():
            at = QPoint(header.sectionViewportPosition(4) + 10, 5)
            timed("  sort by Reason",
                  lambda h=header, p=at: QTest.mouseClick(h.viewport(), Qt.MouseButton.LeftButton, pos=p))
    tab.kind.setFocus()
    for kind in reversed(kinds[:-1]):
        timed(f"kind again: {kind}", lambda: QTest.keyClick(tab.kind, Qt.Key.Key_Up), shown)
    for index, name in enumerate(names):
        if name != "Changes":
            timed(f"pair tab {name}",
                  lambda i=index: QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center()), quiet)
    click_pages(timed, tabs, (2, 3, 0, 1), quiet)
    print(f"load after: {os.popen('uptime').read().strip()}", flush=True)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
