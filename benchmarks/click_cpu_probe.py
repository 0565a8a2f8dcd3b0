"""Why one run's clicks cost twice the GUI CPU of the next (issue 34): each click beside the machine's state.

    python benchmarks/click_cpu_probe.py [--format tbf] [--runs N] [--hashseed S ...] [--docs N]

Each run is a child process opening the MAVEN-ERE-shaped corpus (4,480 documents) as `window_scale_bench.py`'s
`child_scoring` does (offscreen, 1366x768): up to 5 clicks on documents not scored yet while the corpus is scored,
then 20 switches once it is, then 10 more once every background job is done (sequencing and coreference shown).
For each click it records, outside the click's own clock:

- the GUI thread's CPU and the wall (`time.thread_time`, `perf_counter`; every pending event processed);
- a fixed pure-Python calibration loop's CPU on the GUI thread just before the click (the least of 3): when a
  slow run's calibration is slow too, the machine runs this process's interpreter slower (another VM on the
  host, frequency), not the window's code doing more work;
- the cyclic garbage collector's passes inside the click (`gc.callbacks`: generation, ms);
- the CPU the process's other threads (the load's or a job's worker) used during the click
  (`/proc/self/task/*/schedstat`), and the machine's steal time (`/proc/stat`);
- the parts' GUI CPU (`PARTS`, inclusive, the methods wrapped before the window is made; no profiler).

`--hashseed S ...`: one run per seed with `PYTHONHASHSEED=S` (default: random, as the window runs).
Prints one line per run (medians) and each run's JSON with `--json`. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))
FILES = {"tbf": ("gold.tbf", "system.tbf"),
         "textee": ("converted/textee-gold/gold.jsonl", "converted/textee-system/system.jsonl"),
         "maven": ("converted/maven-gold.jsonl", "converted/maven-system.jsonl"),
         "maven-ere": ("converted/maven-ere-gold.jsonl", "converted/maven-ere-system.jsonl")}
PARTS = (("table paint", "evmeval_gui.views.mapping_columns", "GroupedTable", "paintEvent"),
         ("table rows", "evmeval_gui.views.mapping_table", "MappingTableModel", "set_document"),
         ("table selection", "evmeval_gui.views.mapping_table", "MappingTable", "_on_session_selection"),
         ("text paint", "evmeval_gui.views.text_view", "TextView", "paintEvent"),
         ("text set", "evmeval_gui.views.text_view", "TextView", "set_document"),
         ("doc read+scored", "evmeval_gui.model.first_state", "FirstDocumentState", "other"),
         ("document text", "evmeval_gui.model.corpus_state", "CorpusState", "document_text"),
         ("arcs paint", "evmeval_gui.sequencing.link_arcs", "LinkArcOverlay", "paint"),
         ("arcs room", "evmeval_gui.sequencing.link_arcs", "LinkArcOverlay", "room"),
         ("coref paint", "evmeval_gui.coref.overlay", "ClusterOverlay", "paint"),
         ("coref room", "evmeval_gui.coref.overlay", "ClusterOverlay", "room"),
         ("keep shown", "evmeval_gui.model.collector", None, "keep_shown"))


class Clock:
    """The parts' GUI CPU in the click being made (inclusive; a part called inside itself counted once)."""

    def __init__(self) -> None:
        self.parts: dict[str, float] = defaultdict(float)
        self.depth: dict[str, int] = defaultdict(int)
        self.gc: list[tuple[int, float]] = []
        self._gc_began = 0.0
        self.main = threading.get_ident()

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() != self.main or self.depth[name]:
                return function(*args, **kwargs)
            self.depth[name] += 1
            began = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.parts[name] += (time.thread_time() - began) * 1000
                self.depth[name] -= 1
        timed.__name__ = getattr(function, "__name__", name)
        timed.__doc__ = function.__doc__
        return timed

    def install(self) -> None:
        import importlib

        for name, module_name, class_name, attribute in PARTS:
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                continue
            owner = getattr(module, class_name, None) if class_name else module
            if owner is not None and hasattr(owner, attribute):
                setattr(owner, attribute, self.wrap(name, getattr(owner, attribute)))
        gc.callbacks.append(self._gc)
        from evmeval_gui.model import events

        clock = self

        def emit(signal: Any, *args: Any) -> None:  # each listener timed as "<signal> → <listener>"
            for ref in list(signal._listeners):
                listener = ref()
                if listener is None:
                    continue
                name = f"{signal.name} → {getattr(listener, '__qualname__', type(listener).__name__)}"
                clock.wrap(name, listener)(*args)

        events.Signal.emit = emit  # type: ignore[method-assign]

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if threading.get_ident() != self.main:
            return
        if phase == "start":
            self._gc_began = time.thread_time()
        else:
            self.gc.append((info["generation"], (time.thread_time() - self._gc_began) * 1000))

    def take(self) -> tuple[dict[str, float], list[tuple[int, float]]]:
        parts, collections = dict(self.parts), self.gc
        self.parts, self.gc = defaultdict(float), []
        return parts, collections


def calibrate() -> float:
    """A fixed pure-Python workload's GUI CPU (ms, the least of 3): dict look-ups, small tuples, a sort."""
    keys = [f"E{n}" for n in range(4000)]
    table = {key: n for n, key in enumerate(keys)}
    best = float("inf")
    for _ in range(3):
        began = time.thread_time()
        rows = [(table[key], key, (n, n + 1)) for n, key in enumerate(keys)]
        rows.sort(key=lambda row: row[1])
        sum(row[0] for row in rows)
        best = min(best, (time.thread_time() - began) * 1000)
    return best


def pure() -> float:
    """A pure-Python loop with no allocation (ms of GUI CPU, the least of 3): the interpreter's speed alone."""
    best = float("inf")
    for _ in range(3):
        began, x = time.thread_time(), 0
        for n in range(20000):
            x += n & 7
        best = min(best, (time.thread_time() - began) * 1000)
    return best


def faults() -> int:
    """The GUI thread's minor page faults so far (a page first touched: memory the process took from the kernel)."""
    import resource

    return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def other_threads_ms() -> float:
    """CPU (ms) every thread of this process but the GUI thread has run so far (the live ones)."""
    me, total = threading.get_native_id(), 0
    for task in os.listdir("/proc/self/task"):
        if int(task) == me:
            continue
        try:
            with open(f"/proc/self/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e6


def steal_ms() -> float:
    with open("/proc/stat") as f:
        fields = f.readline().split()
    return int(fields[8]) * 1000 / os.sysconf("SC_CLK_TCK")


def child(gold: str, system: str) -> dict[str, Any]:
    import gui_bench
    import window_scale_bench as scale

    clock = Clock()
    clock.install()
    app, window = scale._window()
    shown: list[bool] = []
    window.session.scoring_finished.connect(lambda: shown.append(True))
    scale.open_to_first_paint(app, window, gold, system)
    clicks: list[dict[str, Any]] = []

    def click(phase: str) -> bool:
        calibration, interpreter = calibrate(), pure()
        gc.disable()
        quiet = calibrate()  # the same without the cyclic collector: its passes' share of a slower calibration
        gc.enable()
        clock.take()
        flt = faults()
        others, steal = other_threads_ms(), steal_ms()
        c0, t0 = time.thread_time(), time.perf_counter()
        window.navigation.step_document(1)
        gui_bench.settle(app)
        cpu, wall = (time.thread_time() - c0) * 1000, (time.perf_counter() - t0) * 1000
        flt = faults() - flt
        others, steal = other_threads_ms() - others, steal_ms() - steal
        parts, collections = clock.take()
        if phase == "unscored" and shown:
            return False  # the corpus arrived meanwhile: not a document scored on its own
        clicks.append({"phase": phase, "cpu": cpu, "wall": wall, "calibration": calibration, "pure": interpreter,
                       "quiet": quiet, "faults": flt, "rss": rss_mb(), "others": others,
                       "steal": steal, "gc": collections, "parts": parts, "load": os.getloadavg()[0]})
        return True

    while sum(c["phase"] == "unscored" for c in clicks) < 5 and not shown:
        if not click("unscored"):
            break
    scale._wait(app, lambda: bool(shown))
    gui_bench.settle(app)
    stop = time.perf_counter() + scale.TURNS_S
    scale._wait(app, lambda: time.perf_counter() > stop)
    for _ in range(20):
        click("switch")
    scale._wait(app, lambda: window.runner.idle, limit_s=900)
    stop = time.perf_counter() + 0.5
    scale._wait(app, lambda: time.perf_counter() > stop)
    for _ in range(10):
        click("after jobs")
    counts = gc.get_count()
    frozen = gc.get_freeze_count()
    window.close()
    return {"clicks": clicks, "hash_seed": os.environ.get("PYTHONHASHSEED", "random"), "gc_count": counts,
            "frozen": frozen, "objects": len(gc.get_objects())}


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def summary(run: dict[str, Any]) -> str:
    """One line: each phase's median GUI CPU (wall), the calibration, the others' CPU, gc, the parts."""
    out = [f"seed {run['hash_seed']}"]
    for phase in ("unscored", "switch", "after jobs"):
        chosen = [c for c in run["clicks"] if c["phase"] == phase]
        if not chosen:
            continue
        parts: dict[str, list[float]] = defaultdict(list)
        for c in chosen:
            for name in {n for n, *_ in PARTS} | {n for c in chosen for n in c["parts"]}:
                parts[name].append(c["parts"].get(name, 0.0))
        said = ", ".join(f"{name} {_median(v):.1f}" for name, v in sorted(parts.items(), key=lambda p: -_median(p[1]))
                         if _median(v) >= 0.3)
        collections = [g for c in chosen for g in c["gc"]]

        def mid(key: str, chosen: list[dict[str, Any]] = chosen) -> float:
            return _median([c[key] for c in chosen])

        arcs = sum(c["parts"].get("arcs room", 0.0) > 0.05 for c in chosen)
        out.append(f"{phase} x{len(chosen)}: GUI CPU {mid('cpu'):.1f} (max {max(c['cpu'] for c in chosen):.0f}), "
                   f"wall {mid('wall'):.1f} (max {max(c['wall'] for c in chosen):.0f}); calibration "
                   f"{mid('calibration'):.2f} (collector off {mid('quiet'):.2f}) pure {mid('pure'):.2f}; faults "
                   f"{mid('faults'):.0f}; RSS {mid('rss'):.0f} MB; other threads {mid('others'):.0f}; "
                   f"steal {sum(c['steal'] for c in chosen):.0f}; "
                   f"gc {len(collections)} passes {sum(ms for _, ms in collections):.1f} ms "
                   f"(gen2 {sum(1 for g, _ in collections if g == 2)}); sequencing shown in {arcs}; "
                   f"load {mid('load'):.2f}\n      parts: {said}")
    return "\n  ".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", choices=sorted(FILES), default="tbf")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--hashseed", nargs="*", default=None, help="one run per PYTHONHASHSEED value")
    parser.add_argument("--corpus", default=str(Path.home() / ".cache/evmeval-studio/maven-ere-seed26"))
    parser.add_argument("--json", action="store_true", help="print each run's clicks too")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*args.child)))
        sys.stdout.flush()
        os._exit(0)
    gold, system = (os.path.join(args.corpus, part) for part in FILES[args.format])
    seeds = args.hashseed if args.hashseed is not None else [None] * args.runs
    print(f"{HERE.parent}: load {os.getloadavg()}", flush=True)
    for seed in seeds:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        if seed is not None:
            env["PYTHONHASHSEED"] = seed
        else:
            env.pop("PYTHONHASHSEED", None)
        done = subprocess.run([sys.executable, __file__, "--child", gold, system], env=env, capture_output=True,
                              text=True)
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if not lines:
            print(f"  the child failed: {done.stderr[-800:]}")
            continue
        run = json.loads(lines[-1])
        print("  " + summary(run), flush=True)
        if args.json:
            print(json.dumps(run), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
