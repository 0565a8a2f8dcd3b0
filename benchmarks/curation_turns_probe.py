"""Which turn of the curation's opening (and of another policy's arrival) holds the GUI thread, timed plainly.

    python benchmarks/curation_turns_probe.py [--runs 5] [--over 15]

Each run is `window_scale_bench.py --only curation`'s window child (the agreement study of three annotators of
2,000 documents, then File › Curate annotators, a curator's keys, a batch, another policy) in a process of its
own, with no profiler (cProfile inflates these Python loops 2-3x): `time.thread_time` around every turn put off
(`evmeval_gui.turns.next_turn`), every job result taken in (`JobRunner._on_succeeded`, by the job's label) and
every `processEvents` of the benchmark's loop, and `gc.callbacks` timing each cyclic collection (its generation,
its thread, its CPU). Printed per run: each gap of the benchmark's 5 ms timer with more than `--over` ms of GUI
CPU, what ran in it (the timed calls, the collections; the rest is Qt's own: layouts, paints), and every
collection on the GUI thread over 2 ms. `--base SRC`: another checkout's `evmeval_gui` (a base to alternate with).

Not a test: the figures depend on the machine; the load average is printed with each run.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

CALLS: list[tuple[float, float, str]] = []
"""(GUI CPU at start, GUI CPU at end, what) of every timed call on the GUI thread, seconds."""
COLLECTIONS: list[tuple[float, float, int, bool, int]] = []
"""(thread CPU at start, its CPU, generation, on the GUI thread, objects collected) of every cyclic collection."""
GAPS: list[tuple[float, float, float, str]] = []
"""(GUI CPU at the gap's start, at its end, its wall ms, the phase) of every gap of the 5 ms timer."""
PROCESS: list[float] = []
"""The whole process's CPU in each gap of `GAPS`, ms (far above the GUI thread's: workers ran beside it)."""
ENDS: list[float] = []
"""Each gap's end (`time.perf_counter`)."""
SAMPLES: list[tuple[float, str]] = []
"""With CURATION_TURNS_SAMPLE set: (when, the GUI thread's innermost frames) every 2 ms."""
PASSES: list[tuple[float, float, float]] = []
"""Each pass of the benchmark's event loop (`processEvents`): (its start, wall ms, GUI CPU ms)."""
PHASE = [0]
"""The first gap of the phase under way (labelled when it ends: `window_scale_bench`'s `report_profiles`)."""


def _instrument() -> None:
    """Wrap the turns, the job results, and time the collector, before the window's modules import them."""
    main = threading.get_ident()
    started: dict[int, float] = {}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        ident = threading.get_ident()
        if phase == "start":
            started[ident] = time.thread_time()
        elif ident in started:
            begin = started.pop(ident)
            COLLECTIONS.append((begin, time.thread_time() - begin, info["generation"], ident == main,
                                info.get("collected", 0)))

    gc.callbacks.append(on_gc)
    import evmeval_gui.turns as turns
    from evmeval_gui import jobs

    plain = turns.next_turn

    def named(call: Any) -> str:
        code = getattr(call, "__code__", None)
        return getattr(call, "__qualname__", repr(call)) + (f":{code.co_firstlineno}" if code else "")

    def next_turn(call: Any, owner: Any = None) -> None:
        name = named(call)
        if name.startswith("Steps._later"):  # timed by `Steps._next`, with the step's name
            plain(call, owner)
            return

        def timed() -> None:
            begin = time.thread_time()
            try:
                call()
            finally:
                CALLS.append((begin, time.thread_time(), f"turn {name}"))

        plain(timed, owner)

    turns.next_turn = next_turn
    step = turns.Steps._next

    def next_step(self: Any, run: int) -> None:
        name = named(self._steps[0]) if run == self._run and self._steps else "(dropped)"
        begin = time.thread_time()
        try:
            step(self, run)
        finally:
            CALLS.append((begin, time.thread_time(), f"step {name}"))

    turns.Steps._next = next_step  # type: ignore[method-assign]
    from PySide6.QtCore import QEvent

    from evmeval_gui.main_window import MainWindow

    drawn = {QEvent.Type.UpdateRequest: "the window painted", QEvent.Type.LayoutRequest: "the window laid out"}

    def event(self: Any, e: Any) -> bool:
        what = drawn.get(e.type())
        if what is None:
            return QMainWindow.event(self, e)
        begin = time.thread_time()
        try:
            return QMainWindow.event(self, e)
        finally:
            CALLS.append((begin, time.thread_time(), what))

    from PySide6.QtWidgets import QMainWindow

    MainWindow.event = event  # type: ignore[method-assign]
    from evmeval_gui.agreement.mode import AgreementMode

    def part(plain: Any) -> Any:  # a part of the turns above: "in …", not summed again
        def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
            begin = time.thread_time()
            try:
                return plain(self, *args, **kwargs)
            finally:
                CALLS.append((begin, time.thread_time(), f"in {plain.__qualname__}"))

        return timed

    AgreementMode.leave = part(AgreementMode.leave)  # type: ignore[method-assign]
    from evmeval_gui.window.port import ModesPort
    from evmeval_gui.window.workspace import Workspace

    ModesPort.commands_changed = part(ModesPort.commands_changed)  # type: ignore[method-assign]
    Workspace.show_page = part(Workspace.show_page)  # type: ignore[method-assign]
    MainWindow.retitle = part(MainWindow.retitle)  # type: ignore[attr-defined]
    from evmeval_gui.jobs import JobRunner

    JobRunner.submit = part(JobRunner.submit)  # type: ignore[method-assign]
    succeeded = jobs.JobRunner._on_succeeded

    def on_succeeded(self: Any, job_id: int, result: object) -> None:
        job = self._job(job_id)
        begin = time.thread_time()
        try:
            succeeded(self, job_id, result)
        finally:
            CALLS.append((begin, time.thread_time(), f"job done: {job.label if job is not None else '?'}"))

    jobs.JobRunner._on_succeeded = on_succeeded  # type: ignore[method-assign]


def child(paths: list[str], token_dir: str) -> dict[str, Any]:
    import faulthandler
    import signal

    faulthandler.register(signal.SIGUSR1)  # where a run that seems stuck is (kill -USR1 its pid: stderr)
    sys.path.insert(0, str(HERE))
    import window_scale_bench as bench

    _instrument()
    stalls_tick = bench.Stalls._tick

    def tick(self: Any) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        GAPS.append((self._last_cpu, cpu, (now - self._last) * 1000 - bench.TICK_MS, ""))
        PROCESS.append((time.process_time() - self._last_process) * 1000)
        ENDS.append(now)
        stalls_tick(self)

    bench.Stalls._tick = tick  # type: ignore[method-assign]

    def wait(app: Any, done: Any, limit_s: float = 1800.0) -> None:  # the benchmark's loop, each pass noted
        stop = time.perf_counter() + limit_s
        while not done():
            begin, cpu = time.perf_counter(), time.thread_time()
            app.processEvents()
            PASSES.append((begin, (time.perf_counter() - begin) * 1000, (time.thread_time() - cpu) * 1000))
            if time.perf_counter() > stop:
                raise SystemExit("curation_turns_probe: gave up waiting")
            time.sleep(0.001)

    bench._wait = wait
    report = bench.Stalls.report_profiles

    def phase(self: Any, label: str) -> None:  # the gaps since the last phase ended were this one's
        for n in range(PHASE[0], len(GAPS)):
            GAPS[n] = (*GAPS[n][:3], label)
        PHASE[0] = len(GAPS)
        report(self, label)

    bench.Stalls.report_profiles = phase  # type: ignore[method-assign]
    if os.environ.get("CURATION_TURNS_SAMPLE"):  # where the GUI thread is, every 2 ms (a diagnosis: it takes the lock)
        main, stop = threading.main_thread().ident, threading.Event()

        def sample() -> None:
            while not stop.wait(0.002):
                frame = sys._current_frames().get(main)
                where = []
                while frame is not None and len(where) < 8:
                    where.append(f"{frame.f_code.co_name}:{frame.f_lineno}")
                    frame = frame.f_back
                SAMPLES.append((time.perf_counter(), " < ".join(where)))

        threading.Thread(target=sample, daemon=True).start()
    figures = bench.child_curation(paths, token_dir, time.time())
    return {"figures": {k: figures[k] for k in ("open_stall_ms", "policy_stall_ms", "curation_s", "policy_s")},
            "gaps": GAPS, "process": PROCESS, "calls": CALLS, "collections": COLLECTIONS, "ends": ENDS,
            "samples": SAMPLES, "passes": PASSES}


def describe(run: dict[str, Any], over_ms: float, every: Sequence[str] = ()) -> list[str]:
    """`every`: phases whose gaps are all shown (those with 3 ms of GUI CPU or more)."""
    calls, collections = run["calls"], run["collections"]
    lines = [f"  figures: {run['figures']}"]
    longest: dict[str, tuple[float, float, float]] = {}
    for number, ((begin, end, wall, phase), process) in enumerate(zip(run["gaps"], run["process"], strict=True)):
        used = (end - begin) * 1000
        if wall > longest.get(phase, (0.0, 0.0, 0.0))[0]:
            longest[phase] = (wall, used, process)
        if used < (3.0 if phase in every else over_ms):
            continue
        inside = [(b, e, what) for b, e, what in calls if b >= begin - 1e-6 and e <= end + 1e-6]
        gcs = [c for c in collections if c[3] and begin <= c[0] <= end]
        timed = sum(e - b for b, e, what in inside if not what.startswith("in ")) * 1000
        lines.append(f"  gap [{phase}] {wall:.0f} ms wall, GUI CPU {used:.1f} (process {process:.0f}): timed calls "
                     f"{timed:.1f}, the rest {used - timed:.1f}")
        lines += [f"      {(e - b) * 1000:6.1f}  {what}" for b, e, what in inside if (e - b) * 1000 >= 0.5]
        lines += [f"      gc gen {g}: {c * 1000:.1f} ms ({n} collected)" for _, c, g, _, n in gcs if c * 1000 >= 0.5]
        if run.get("passes") and wall > 100:
            end = run["ends"][number]
            inside = [(w, c) for when, w, c in run["passes"] if end - wall / 1000 - 0.006 <= when <= end]
            most = max(inside, default=(0.0, 0.0))
            used_in = sum(c for _, c in inside)
            lines.append(f"      {len(inside)} passes of the loop (processEvents: {used_in:.1f} ms of GUI CPU in all), "
                         f"the longest {most[0]:.0f} ms wall ({most[1]:.1f} CPU)")
        if run.get("samples") and wall > 200:
            from collections import Counter

            end = run["ends"][number]
            seen = Counter(where for when, where in run["samples"] if end - wall / 1000 - 0.005 <= when <= end)
            lines += [f"      sampled {n}x: {where}" for where, n in seen.most_common(6)]
    lines += [f"  longest gap [{phase}]: {wall:.0f} ms wall, GUI CPU {used:.1f}, the process's {process:.0f}"
              for phase, (wall, used, process) in longest.items()]
    main_gcs = [(c * 1000, g) for _, c, g, on_main, _ in collections if on_main]
    other = [(c * 1000, g) for _, c, g, on_main, _ in collections if not on_main]
    lines.append(f"  collections on the GUI thread: {len(main_gcs)} ("
                 + ", ".join(f"gen {g} {ms:.1f} ms" for ms, g in main_gcs if ms >= 2) + "); on workers: "
                 f"{len(other)} (" + ", ".join(f"gen {g} {ms:.1f} ms" for ms, g in other if ms >= 2) + ")")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--over", type=float, default=15.0, help="gaps with more GUI CPU than this (ms) are shown")
    parser.add_argument("--every", nargs="*", default=["the curation opened", "another policy"],
                        help="phases whose gaps are all shown (3 ms of GUI CPU or more)")
    parser.add_argument("--keep", metavar="DIR", help="each run's measures written there as JSON (run-N.json)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child[1:], args.child[0])))
        return 0
    sys.path.insert(0, str(HERE))
    import curation_bench

    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "evmeval-studio"
    folder = curation_bench.corpus(cache / "curation-seed5-docs2000-mentions40")
    paths = [str(folder / f"curation_bench_2000_{k}.tbf") for k in range(1, 4)]
    if not all(Path(p).is_file() for p in paths):
        raise SystemExit("run window_scale_bench.py --only curation once first (it derives the annotators)")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for n in range(args.runs):
        print(f"run {n + 1}: load {os.getloadavg()[0]:.2f}", flush=True)
        out = subprocess.run([sys.executable, str(Path(__file__)), "--child", str(folder / "tkn"), *paths],
                             capture_output=True, text=True, env=env, check=False, timeout=900)
        lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
        if out.returncode != 0 or not lines:
            print(f"  failed (exit {out.returncode}): {out.stderr[-800:]}")
            continue
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            (Path(args.keep) / f"run-{n + 1}.json").write_text(lines[-1], encoding="utf-8")
        print("\n".join(describe(json.loads(lines[-1]), args.over, args.every)), flush=True)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
