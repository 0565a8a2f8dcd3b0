"""Which turn of a corpus's load (the first document shown, the corpus taken in, the background jobs after it)
holds the GUI thread, timed plainly (issue 34).

    python benchmarks/load_turns_probe.py [--only tbf maven-ere] [--runs 3] [--over 20] [--docs N]

Each run is `window_scale_bench.py`'s scoring child (the pair opened, the first document painted, five documents
not scored yet shown, the corpus taken in, 20 switches, the background jobs) in a process of its own with
`curation_turns_probe.py`'s timing (no profiler: cProfile inflates these Python loops 2-3x): `time.thread_time`
around every turn put off, every job outcome taken in (by the job's label), the window's paints and layouts, and the
load's own parts (the document list's refresh, the first document's page), and `gc.callbacks`. Printed per run: each
gap of the benchmark's 5 ms timer with more than `--over` ms of GUI CPU and what ran in it (the rest is Qt's own).

Not a test: the figures depend on the machine; the load average is printed with each run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import curation_turns_probe as probe  # noqa: E402

WORKER_GC: list[tuple[str, int, float]] = []
"""(the job, generation, ms of its thread's CPU) of each cyclic collection over 2 ms on a worker thread: the
interpreter is held meanwhile (the GUI thread waits)."""


def _worker_collections() -> None:
    """Time each collection on the jobs' threads, by the job's label (`JobRunner._start`)."""
    import gc
    import threading

    from evmeval_gui import jobs

    labels: dict[str, str] = {}
    start = jobs.JobRunner._start

    def started(self: Any, job: Any) -> None:
        labels[f"evmeval-job-{job.job_id}"] = job.label
        start(self, job)

    jobs.JobRunner._start = started  # type: ignore[method-assign]
    begun: dict[int, float] = {}
    main = threading.main_thread()

    def on_gc(phase: str, info: dict[str, int]) -> None:
        thread = threading.current_thread()
        if thread is main:
            return
        if phase == "start":
            begun[thread.ident or 0] = time.thread_time()
        elif (thread.ident or 0) in begun:
            took = (time.thread_time() - begun.pop(thread.ident or 0)) * 1000
            if took > 2:
                WORKER_GC.append((labels.get(thread.name, thread.name), info["generation"], took))

    gc.callbacks.append(on_gc)


def _parts() -> None:
    """The load's own parts, timed as "in …" (parts of the turns above them, not summed again)."""
    from evmeval_gui import jobs
    from evmeval_gui.views.document_list import DocumentList, DocumentListModel
    from evmeval_gui.window.first_document import FirstDocumentParts

    def part(plain: Any, name: str | None = None) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            begin = time.thread_time()
            try:
                return plain(*args, **kwargs)
            finally:
                probe.CALLS.append((begin, time.thread_time(), name or f"in {plain.__qualname__}"))

        return timed

    DocumentListModel.refresh = part(DocumentListModel.refresh)  # type: ignore[method-assign]
    DocumentList._after_refresh = part(DocumentList._after_refresh)  # type: ignore[method-assign]
    FirstDocumentParts._on_first_document = part(FirstDocumentParts._on_first_document)  # type: ignore[method-assign]
    runner = jobs.JobRunner
    for name in ("_take_result", "_take_partial"):
        plain = getattr(runner, name)

        def taken(self: Any, job_id: int, payload: object, plain: Any = plain, name: str = name) -> None:
            job = self._job(job_id)
            begin = time.thread_time()
            try:
                plain(self, job_id, payload)
            finally:
                probe.CALLS.append((begin, time.thread_time(), f"{name[1:]}: {job.label if job else '?'}"))

        setattr(runner, name, taken)


def child(gold: str, system: str) -> dict[str, Any]:
    import window_scale_bench as bench

    probe._instrument()
    _parts()
    _worker_collections()
    stalls_tick = bench.Stalls._tick

    def tick(self: Any) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        probe.GAPS.append((self._last_cpu, cpu, (now - self._last) * 1000 - bench.TICK_MS, ""))
        probe.PROCESS.append((time.process_time() - self._last_process) * 1000)
        probe.ENDS.append(now)
        stalls_tick(self)

    bench.Stalls._tick = tick  # type: ignore[method-assign]
    report = bench.Stalls.report_profiles

    def phase(self: Any, label: str) -> None:
        for n in range(probe.PHASE[0], len(probe.GAPS)):
            probe.GAPS[n] = (*probe.GAPS[n][:3], label)
        probe.PHASE[0] = len(probe.GAPS)
        report(self, label)

    bench.Stalls.report_profiles = phase  # type: ignore[method-assign]
    figures = bench.child_scoring(gold, system, time.time())
    keys = ("load_stall_ms", "arrival_stall_ms", "jobs_stall_ms")
    return {"figures": {k: figures[k] for k in keys}, "gaps": probe.GAPS, "process": probe.PROCESS,
            "calls": probe.CALLS, "collections": probe.COLLECTIONS, "ends": probe.ENDS, "worker_gc": WORKER_GC}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=["tbf"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--over", type=float, default=20.0, help="gaps with more GUI CPU than this (ms) are shown")
    parser.add_argument("--docs", type=int, help="a smaller MAVEN-ERE-shaped corpus (default: 4,480 documents)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    import stall_probe

    inputs = stall_probe.corpus_inputs(args.docs)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for kind in args.only:
        gold, system = inputs[kind]
        for n in range(args.runs):
            print(f"{kind} run {n + 1}: load {os.getloadavg()[0]:.2f}", flush=True)
            out = subprocess.run([sys.executable, str(Path(__file__)), "--child", str(gold), str(system)],
                                 capture_output=True, text=True, env=env, check=False, timeout=900)
            lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
            if out.returncode != 0 or not lines:
                print(f"  failed (exit {out.returncode}): {out.stderr[-800:]}")
                continue
            run = json.loads(lines[-1])
            print("\n".join(probe.describe(run, args.over)), flush=True)
            by_job: dict[str, list[float]] = {}
            for label, generation, took in run["worker_gc"]:
                by_job.setdefault(f"{label} (gen {generation})", []).append(took)
            for what, took in sorted(by_job.items(), key=lambda kv: -max(kv[1])):
                print(f"  worker collections, {what}: {len(took)}, the longest {max(took):.1f} ms, "
                      f"{sum(took):.0f} ms in all")
    print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
