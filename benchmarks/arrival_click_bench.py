"""A click that lands on the corpus's arrival (issue 34): the result handed over while the click is drawn.

    python benchmarks/arrival_click_bench.py [FORMAT] [--plain] [--base SRC] [--pairs N]

Opens the MAVEN-ERE-shaped corpus of `unscored_click_bench.py` in FORMAT (default maven-ere) as
`window_scale_bench.py`'s `child_scoring` does and waits for the first document's paint. The load's worker is
held once it has made the result and its `Arrival` (`corpus_state.arrival`, wrapped). Then Ctrl+Down: the click's
own work runs, the worker is let go and the GUI thread waits until the result is posted to it (that wait is not
counted), as when a load ends during a click's work; then the event loop runs until the clicked document is
painted. Per run: the click's GUI CPU and wall to that paint, whether the corpus was taken in before it, and the
GUI CPU of each turn of the event loop (the gaps of a 1 ms timer) from the click on for half a second: the most in
one turn and the corpus's own turn (the one `scoring_finished` came in). `--plain`: no click, the worker let go at
once: the arrival's turns alone. `--base SRC` runs a source tree after this one in each of `--pairs` alternated
pairs (`PYTHONPATH`; the library is this environment's).

Not a test: figures depend on the machine; the load is printed with each run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import os, sys, threading, time
sys.path.insert(0, os.path.join(sys.argv[1], "benchmarks"))
import gui_bench, window_scale_bench as scale
from evmeval_gui.jobs import JobRunner
from evmeval_gui.model import corpus_state
from evmeval_gui.views.text_view import TextView

gold, system, plain = sys.argv[2], sys.argv[3], sys.argv[4] == "1"
computed, go, posted = threading.Event(), threading.Event(), threading.Event()
made = corpus_state.arrival

def held(*args, **kwargs):
    ready = made(*args, **kwargs)
    computed.set()
    go.wait(120)
    return ready

corpus_state.arrival = held
deliver = JobRunner._deliver

def noted(signal, job_id, payload):
    deliver(signal, job_id, payload)
    if go.is_set():
        posted.set()

JobRunner._deliver = staticmethod(noted)
paints = []
paint = TextView.paintEvent

def painted(self, event):
    paint(self, event)
    paints.append((time.thread_time(), time.perf_counter(), self.doc.doc_id if self.doc is not None else None))

TextView.paintEvent = painted
app, window = scale._window()
shown = []
window.session.scoring_finished.connect(lambda: shown.append(time.perf_counter()))
first = scale.open_to_first_paint(app, window, gold, system)
scale._wait(app, computed.is_set)
gui_bench.settle(app)
from PySide6.QtCore import QTimer
gaps = []  # (GUI CPU ms, perf_counter at its end)
last = [time.thread_time()]

def tick():
    now = time.thread_time()
    gaps.append(((now - last[0]) * 1000, time.perf_counter()))
    last[0] = time.thread_time()

timer = QTimer()
timer.setInterval(1)
timer.timeout.connect(tick)
timer.start()
gui_bench.settle(app)
c0, t0 = time.thread_time(), time.perf_counter()
last[0] = c0
slept = 0.0
target = None
if not plain:
    window.navigation.step_document(1)
    target = window.session.selection.doc_id
    s0 = time.perf_counter()
    go.set()
    posted.wait(30)
    slept = time.perf_counter() - s0
    scale._wait(app, lambda: any(doc == target and t > t0 for _, t, doc in paints))
    c1, t1, _ = next(p for p in paints if p[2] == target and p[1] > t0)
else:
    go.set()
scale._wait(app, lambda: bool(shown))
end = time.perf_counter() + 0.5
scale._wait(app, lambda: time.perf_counter() > end)
timer.stop()
arrived = next((k for k, (_, t) in enumerate(gaps) if t >= shown[0]), len(gaps) - 1)
most = max(c for c, _ in gaps)
load = os.getloadavg()[0]
if plain:
    print(f"arrival: its turn GUI CPU {gaps[arrived][0]:.1f} ms; most in one turn {most:.1f}; the next turns "
          f"{' '.join(f'{c:.1f}' for c, _ in gaps[arrived + 1:arrived + 6])}; over 5 ms after it (turn: GUI CPU) "
          f"{' '.join(f'{k - arrived}:{c:.0f}' for k, (c, _) in enumerate(gaps) if k > arrived and c > 5)}; "
          f"load {load:.2f}", flush=True)
else:
    before = shown[0] < t1
    print(f"click: GUI CPU {1000 * (c1 - c0):.1f} ms, wall {1000 * (t1 - t0 - slept):.1f} ms to its paint; "
          f"corpus taken in {'BEFORE' if before else 'after'} it; most GUI CPU in one turn {most:.1f}; "
          f"the corpus's turn {gaps[arrived][0]:.1f}; load {load:.2f}", flush=True)
os._exit(0)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("format", nargs="?", default="maven-ere")
    parser.add_argument("--plain", action="store_true", help="no click: the arrival's turns alone")
    parser.add_argument("--base", type=Path, help="a source tree to run after this one")
    parser.add_argument("--pairs", type=int, default=1)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import maven_ere_bench
    import unscored_click_bench

    corpus = maven_ere_bench.ensure_corpus(maven_ere_bench.cache_root() / f"maven-ere-seed{maven_ere_bench.SEED}")
    converted = maven_ere_bench.ensure_converted(corpus)
    gold, system = (Path(os.path.normpath(converted / p)) for p in unscored_click_bench.FILES[args.format])
    trees = {"this tree": HERE.parent} | ({"base": args.base.resolve()} if args.base else {})
    for _ in range(args.pairs):
        for name, tree in trees.items():
            env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(tree)}
            done = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(gold), str(system),
                                   "1" if args.plain else "0"], env=env, cwd=tree, capture_output=True, text=True,
                                  timeout=900)
            print(f"{name:9} {done.stdout.rstrip() or done.stderr[-3000:]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
