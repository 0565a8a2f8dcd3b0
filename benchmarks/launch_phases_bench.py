"""Where the window's launch goes, up to the first document painted (issue 34).

    python benchmarks/launch_phases_bench.py GOLD SYSTEM [--runs N] [--profile OUT.prof]

A fresh interpreter per run, offscreen at 1366x768, as `evmeval-gui GOLD -s SYSTEM` starts: each phase's wall
time from the parent's clock before it spawns the child, and the GUI thread's own CPU (thread_time) at each
mark: the window's imports, the QApplication (and anything `_application` loads), `MainWindow()`, `show()`, the
corpus opened (the document index and the first document read and scored), the first paint of that document.
Also whether pyqtgraph was imported at the first paint. `--profile` writes a cProfile of one run's child.
`--program`: the program itself instead (`evmeval-gui -g GOLD -s SYSTEM` through its entry point), stopped at
the window's own first paint of the document: only the total, no phases.

Not a test: figures depend on the machine; the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
PHASES = ("python start", "imports", "application", "window built", "shown", "corpus opened", "first paint")


def child(gold: str, system: str, started: float, profile: str | None) -> None:
    marks: list[tuple[str, float, float]] = [("python start", time.time(), time.thread_time())]

    def mark(name: str) -> None:
        marks.append((name, time.time(), time.thread_time()))

    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    sys.path.insert(0, str(REPO))
    from PySide6.QtCore import QSettings

    from evmeval_gui.app import _application
    from evmeval_gui.main_window import MainWindow

    mark("imports")
    app = _application(offscreen=False)
    mark("application")
    settings = QSettings(os.path.join(os.environ["LAUNCH_SCRATCH"], "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, persist=False)
    window.resize(1366, 768)
    mark("window built")
    window.show()
    mark("shown")
    window.open_files(gold, [system])
    mark("corpus opened")
    view = window.text_view
    while not (view.doc is not None and view.isVisible()):
        app.processEvents()
        if window.session.corpus_state.last_problem is not None:
            raise SystemExit(str(window.session.corpus_state.last_problem))
        time.sleep(0.001)
    view.viewport().repaint()
    mark("first paint")
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)  # type: ignore[arg-type]
    pyqtgraph = "pyqtgraph" in sys.modules
    print(json.dumps({"marks": [(n, (t - started) * 1000, c * 1000) for n, t, c in marks],
                      "pyqtgraph": pyqtgraph}), flush=True)
    os._exit(0)  # the corpus load is not wanted; leave at once


def program_child(gold: str, system: str, started: float) -> None:
    """`evmeval-gui -g GOLD -s SYSTEM`, left at the first paint the window's first-document part sees."""
    sys.path.insert(0, str(REPO))
    from PySide6.QtCore import QEvent

    from evmeval_gui.window import first_document

    plain = first_document.FirstDocumentParts.eventFilter

    def watching(self: Any, watched: Any, event: Any) -> bool:
        if event.type() == QEvent.Type.Paint and self.first.document is not None:
            print(json.dumps({"marks": [("first paint", (time.time() - started) * 1000, time.thread_time() * 1000)],
                              "pyqtgraph": "pyqtgraph" in sys.modules}), flush=True)
            os._exit(0)
        return plain(self, watched, event)

    first_document.FirstDocumentParts.eventFilter = watching  # type: ignore[method-assign]
    sys.argv = ["evmeval-gui", "-g", gold, "-s", system]
    from evmeval_gui.entry import main

    main()


def run_once(gold: str, system: str, profile: str | None, program: bool = False) -> dict[str, Any]:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="launch-phases-") as scratch:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LAUNCH_SCRATCH=scratch)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installation: compiled modules cached
        if program:  # the program's settings and saved session: in the scratch folder, not the user's
            env.update(XDG_CONFIG_HOME=scratch, XDG_DATA_HOME=scratch)
        argv = [sys.executable, __file__, "--program-child" if program else "--child", gold, system,
                "--profile", profile or ""]
        started = time.time()
        done = subprocess.run([*argv, "--started", repr(started)], env=env, capture_output=True, text=True,
                              check=False, timeout=300)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"launch_phases_bench: the child failed: {done.stderr[-800:]}")
    return json.loads(lines[-1])


def phases(runs: list[dict[str, Any]]) -> None:
    print("phase | wall since launch, median ms | phase wall, median ms | phase GUI CPU, median ms")
    for k, name in enumerate(PHASES):
        at = statistics.median(r["marks"][k][1] for r in runs)
        wall = statistics.median(r["marks"][k][1] - (r["marks"][k - 1][1] if k else 0.0) for r in runs)
        cpu = statistics.median(r["marks"][k][2] - (r["marks"][k - 1][2] if k else 0.0) for r in runs)
        print(f"{name} | {at:.0f} | {wall:.0f} | {cpu:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", default="")
    parser.add_argument("--program", action="store_true", help="the program itself, to the first paint")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--program-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--started", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.gold, args.system, args.started, args.profile or None)
        return
    if args.program_child:
        program_child(args.gold, args.system, args.started)
        return
    print(f"load before: {os.getloadavg()[0]:.2f}")
    run_once(args.gold, args.system, None, args.program)  # not counted: writes the compiled modules' cache
    runs = [run_once(args.gold, args.system, args.profile or None if i == 0 else None, args.program)
            for i in range(args.runs)]
    print(f"load after: {os.getloadavg()[0]:.2f}; pyqtgraph at the first paint: "
          f"{sorted({r['pyqtgraph'] for r in runs})}")
    if not args.program:
        phases(runs)
    walls = [r["marks"][-1][1] for r in runs]
    total_cpu = statistics.median(r["marks"][-1][2] for r in runs)
    each = " ".join(f"{w:.0f}" for w in walls)
    print(f"to the first paint: wall {statistics.median(walls):.0f} ms (runs: {each}), "
          f"GUI thread CPU {total_cpu:.0f} ms")


if __name__ == "__main__":
    main()
