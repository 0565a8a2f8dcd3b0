"""The first open of the Agreement and Compare modes, and the launch's memory without them (issue 34, `lazyagree`).

Each measure is a fresh process (offscreen, 1366x768, the window as `evmeval-gui` makes it):
- `agreement`: the welcome page painted and settled, then the demo's three annotation sets compared as File ›
  Compare annotators… does on OK (`open_agreement`): the click's own turn (GUI thread CPU, `time.thread_time`,
  and wall), then until the matrix page is shown and filled (`agreement_finished`): wall, the GUI thread's CPU in
  all, the longest stall of a 5 ms timer (wall, and the GUI CPU in it);
- `compare`: the demo scored (two systems) and settled, then Compare systems (Ctrl+Shift+R's action): the same
  figures until the leaderboard is filled (`comparison_ready`);
- the process's peak RSS (`ru_maxrss`) and its RSS just before the click (the window settled: scored, or empty).

Not a test: the figures depend on the machine; the load average is printed with each run. Run it against another
checkout with that checkout's copy: the window imported is the one beside this file.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout's window
TICK_MS = 5


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def child(kind: str) -> dict[str, Any]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings, QTimer

    from evmeval_gui.agreement.state import demo_agreement_request
    from evmeval_gui.app import _application
    from evmeval_gui.main_window import MainWindow

    app = _application(offscreen=False)
    window = MainWindow(settings=QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat),
                        persist=False)
    window.resize(1366, 768)
    window.show()

    def wait(done: Any, limit_s: float = 300.0) -> None:
        stop = time.perf_counter() + limit_s
        while not done():
            app.processEvents()
            if time.perf_counter() > stop:
                raise SystemExit(f"mode_open_bench: gave up waiting ({kind})")
            time.sleep(0.001)

    if kind == "compare":
        window.open_demo()
        wait(lambda: window.session.loaded)
    settled = time.perf_counter() + 3.0
    wait(lambda: time.perf_counter() > settled and window.runner.idle)
    before_mb = _rss_mb()
    stall = {"wall": 0.0, "cpu": 0.0}
    last = [time.perf_counter(), time.thread_time()]

    def tick() -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if (now - last[0]) * 1000 > stall["wall"]:
            stall.update(wall=(now - last[0]) * 1000, cpu=(cpu - last[1]) * 1000)
        last[:] = [now, cpu]

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(TICK_MS)
    app.processEvents()
    t0, c0 = time.perf_counter(), time.thread_time()
    if kind == "agreement":
        window.open_agreement(demo_agreement_request())  # what the dialog's OK does
    else:
        window.commands.compare_systems_action.trigger()
    click_ms, click_cpu_ms = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
    last[:] = [time.perf_counter(), time.thread_time()]
    stall.update(wall=0.0, cpu=0.0)
    if kind == "agreement":
        wait(lambda: window.mode.name == "agreement" and window.agreement.panel is not None
             and window.workspace.stack.currentWidget() is window.agreement.panel and window.runner.idle)
    else:
        wait(lambda: window.mode.name == "compare" and window.compare.leaderboard is not None
             and window.compare.leaderboard.table.system_order() != [] and not window.compare.opening.running)
    shown_s = time.perf_counter() - t0
    cpu_ms = (time.thread_time() - c0) * 1000
    timer.stop()
    window.close()
    return {"click_ms": click_ms, "click_cpu_ms": click_cpu_ms, "shown_s": shown_s, "gui_cpu_ms": cpu_ms,
            "stall_ms": stall["wall"], "stall_cpu_ms": stall["cpu"], "before_mb": before_mb,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        print(json.dumps(child(sys.argv[2])))
        return 0
    kinds = sys.argv[1:] or ["agreement", "compare"]
    for kind in kinds:
        load = os.getloadavg()[0]
        done = subprocess.run([sys.executable, __file__, "--child", kind], capture_output=True, text=True,
                              check=False, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not lines:
            print(f"{kind}: failed (exit {done.returncode}) {done.stderr[-400:]}")
            continue
        f = json.loads(lines[-1])
        print(f"{kind} (load {load:.1f}): click {f['click_cpu_ms']:.1f} ms GUI CPU ({f['click_ms']:.1f} wall); "
              f"shown after {f['shown_s']:.2f} s, GUI CPU {f['gui_cpu_ms']:.0f} ms; longest stall "
              f"{f['stall_ms']:.0f} ms (GUI CPU {f['stall_cpu_ms']:.0f}); RSS before {f['before_mb']:.1f} MB, "
              f"peak {f['peak_mb']:.1f} MB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
