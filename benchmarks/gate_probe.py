"""When the jobs' gate opens during a click while the corpus loads (issue 34): the GUI thread's work after it runs
beside the load's worker.

    python benchmarks/gate_probe.py [--long] [--base SRC]

Opens the MAVEN-ERE pair of `unscored_click_bench.py` (`--long`: the merged MAVEN corpus of `large_click_bench.py`,
its `LONG10` and `LONG40`, each clicked from the document before it), waits for the first document's paint, then
clicks documents not scored yet (Ctrl+Down, up to 8) and waits until each is laid out whole and every posted event
is processed. Per click: its GUI CPU and wall, the GUI CPU and wall at which the gate (`jobs._AT_WORK.free`, wrapped
to note each opening on the GUI thread) last opened, how often it opened, and the GUI CPU after that opening.
`--base SRC` runs a source tree after this one (`PYTHONPATH`: each tree's own library (`core/evmeval`) and window).

Not a test: figures depend on the machine; run pairs at the same load.
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
from evmeval_gui import jobs

opened = []

class Noted(threading.Event):
    def set(self):
        if not self.is_set() and threading.current_thread() is threading.main_thread():
            opened.append((time.thread_time(), time.perf_counter()))
        super().set()

jobs._AT_WORK.free = Noted()
jobs._AT_WORK.free.set()
gold, system, long = sys.argv[2], sys.argv[3], sys.argv[4] == "1"
app, window = scale._window()
shown = []
window.session.scoring_finished.connect(lambda: shown.append(True))
first = scale.open_to_first_paint(app, window, gold, system)
view = window.text_view
for doc_id in (["LONG10", "LONG40"] if long else [None] * 8):
    if shown:
        break
    if doc_id is not None:
        window.session.select_document(window.documents.neighbour(doc_id, -1) or doc_id)
        gui_bench.settle(app)
    del opened[:]
    c0, t0 = time.thread_time(), time.perf_counter()
    if doc_id is None:
        window.navigation.step_document(1)
    else:
        window.session.select_document(doc_id)
    if doc_id is not None:  # a long document's text may be read in the background: its arrival is counted
        scale._wait(app, lambda: view.doc is not None and view.doc.doc_id == doc_id)
    scale._wait(app, lambda: view.layout_data is None or view.layout_data.complete)
    gui_bench.settle(app)
    c1, t1 = time.thread_time(), time.perf_counter()
    name = doc_id or (view.doc.doc_id if view.doc is not None else "?")
    if opened:
        c, t = opened[-1]
        print(f"{name}: GUI CPU {1000 * (c1 - c0):.0f} ms, wall {1000 * (t1 - t0):.0f} ms; the gate last opened at "
              f"GUI CPU {1000 * (c - c0):.0f}, wall {1000 * (t - t0):.0f} (opened {len(opened)}x); GUI CPU after it "
              f"{1000 * (c1 - c):.1f} ms", flush=True)
    else:
        print(f"{name}: GUI CPU {1000 * (c1 - c0):.0f} ms, wall {1000 * (t1 - t0):.0f} ms; the gate stayed shut",
              flush=True)
os._exit(0)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", action="store_true", help="the merged MAVEN corpus's LONG10 and LONG40")
    parser.add_argument("--base", type=Path, help="a source tree to run after this one")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import large_click_bench
    import maven_ere_bench
    import unscored_click_bench

    corpus = maven_ere_bench.ensure_corpus(maven_ere_bench.cache_root() / f"maven-ere-seed{maven_ere_bench.SEED}")
    converted = maven_ere_bench.ensure_converted(corpus)
    if args.long:
        gold, system = large_click_bench.merged_corpus(converted, maven_ere_bench.cache_root() / "large-click-merged")
    else:
        gold, system = (Path(os.path.normpath(converted / p)) for p in unscored_click_bench.FILES["maven-ere"])
    trees = {"this tree": HERE.parent} | ({"base": args.base.resolve()} if args.base else {})
    for name, tree in trees.items():
        paths = os.pathsep.join((str(tree / "core"), str(tree)))  # the tree's own library, not the environment's
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": paths}
        done = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(gold), str(system),
                               "1" if args.long else "0"], env=env, cwd=tree, capture_output=True, text=True,
                              timeout=900)
        print(f"== {name} (load {os.getloadavg()[0]:.2f})")
        print(done.stdout.rstrip() or done.stderr[-3000:], flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
