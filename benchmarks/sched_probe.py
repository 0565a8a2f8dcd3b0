"""What the GUI thread waits for in the window's stalls and clicks, from the kernel's scheduler (issue 34).

    python benchmarks/sched_probe.py [--only maven-ere textee maven tbf] [--docs N] [--floor-ms 30]

The window opens each corpus as `window_scale_bench.py` does (its `child_scoring`) while `perf record -a` takes
every switch and wakeup of the machine's threads (Linux `perf`; root, or `kernel.perf_event_paranoid` <= -1). The
window logs, on the same clock (CLOCK_MONOTONIC), each gap of the benchmark's 5 ms timer over `--floor-ms`, each
click on a document (to its settled paint), and the thread of every job. For each stall and click the GUI
thread's wall time is split: on a core, runnable without a core (the machine's other processes, or this one's
other threads), and asleep, each sleep by the thread whose wakeup ended it: a job's (the interpreter's lock handed
over, or a handshake), `Thread (pooled)` (Qt's own pool: Qt 6 splits a large fill over it and waits,
`qt_environment.SERIAL_PAINT`), an idle core (a timer, or a wakeup another core's thread queued to the idle core:
the kernel then reports it from there, so a job's hand-over of the lock can show so), or another thread. Over the
load (the `MAIN` job's thread alive): the time the GUI thread and the load's worker were each on a core, runnable
or asleep at once.

Not a test: what it finds depends on the machine's load; run it at the load the stalls were measured at. The
states are read from the events (a wakeup and a switch on two cores can come in either order): a figure of a few ms
over a stall's wall is that, and events perf lost on a busy machine (a 4 MB buffer a core) would show as more.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
EVENT = re.compile(r"^\s*(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:(\S+):\s+(.*)$")
SWITCH = re.compile(r"prev_comm=(.*?) prev_pid=(\d+) .*prev_state=(\S+) ==> next_comm=(.*?) next_pid=(\d+)")
WAKEUP = re.compile(r"comm=(.*?) pid=(\d+) ")


def child(gold: str, system: str, floor_ms: float, out: str) -> None:
    """The window, logging stalls, clicks and jobs' threads (one JSON object a line) on CLOCK_MONOTONIC."""
    import gui_bench
    import window_scale_bench as bench

    from evmeval_gui import jobs
    from evmeval_gui.window.navigation import WindowNavigation

    sink = open(out, "w")  # noqa: SIM115 - written until the window is done

    def log(**fields: object) -> None:
        sink.write(json.dumps(fields) + "\n")

    def clock() -> float:
        return time.clock_gettime(time.CLOCK_MONOTONIC)

    log(gui=threading.get_native_id())
    plain_run, plain_tick = jobs.JobRunner._run, bench.Stalls._tick
    plain_step, plain_settle = WindowNavigation.step_document, gui_bench.settle
    ticks: dict[int, float] = {}
    click: dict[str, float] = {}

    def run(self: Any, job_id: int, work: Any, context: Any) -> None:
        job = next((j for j in self._current.values() if j.job_id == job_id), None)
        log(job=job.key if job else "?", tid=threading.get_native_id(), t=clock())
        try:
            plain_run(self, job_id, work, context)
        finally:
            log(job_end=job.key if job else "?", t=clock())

    def tick(self: Any) -> None:
        now, cpu, last = clock(), time.thread_time(), ticks.get(id(self))
        plain_tick(self)
        if last is not None and (now - last) * 1000 - bench.TICK_MS > floor_ms:
            log(stall=round((now - last) * 1000 - bench.TICK_MS, 1), cpu=round((cpu - ticks[-id(self)]) * 1000, 1),
                start=last, end=now)
        ticks[id(self)], ticks[-id(self)] = clock(), time.thread_time()

    def step(self: Any, steps: int) -> None:
        click.update(t=clock(), c=time.thread_time())
        plain_step(self, steps)

    def settle(app: Any) -> None:
        plain_settle(app)
        if click:
            log(click=round((clock() - click["t"]) * 1000, 1), cpu=round((time.thread_time() - click["c"]) * 1000, 1),
                start=click["t"], end=clock())
            click.clear()

    jobs.JobRunner._run = run  # type: ignore[method-assign]
    bench.Stalls._tick = tick  # type: ignore[method-assign]
    WindowNavigation.step_document = step  # type: ignore[method-assign]
    gui_bench.settle = settle
    bench.child_scoring(gold, system, time.time())
    sink.close()


def _events(data: str) -> list[tuple[float, int, str, str]]:
    """(time, thread, event, its fields) of a perf record, in time order."""
    text = subprocess.run(["perf", "script", "-i", data, "-F", "tid,cpu,time,event,trace"], capture_output=True,
                          text=True, check=True).stdout
    return [(float(m[3]), int(m[1]), m[4], m[5]) for line in text.splitlines() if (m := EVENT.match(line))]


class Threads:
    """Each thread's state (run, ready, asleep) as the events go by, and the name of the thread that woke each."""

    def __init__(self, gui: int, jobs: dict[int, str]) -> None:
        self.gui, self.jobs = gui, jobs
        self.state: dict[int, str] = {}
        self.comm: dict[int, str] = {}
        self.woken_by = ""

    def apply(self, thread: int, event: str, fields: str) -> None:
        if event == "sched_switch" and (m := SWITCH.search(fields)):
            prev, nxt = int(m[2]), int(m[5])
            self.comm[prev], self.comm[nxt] = m[1], m[4]
            self.state[prev] = "runnable" if m[3].startswith("R") else "asleep"
            self.state[nxt] = "on a core"
        elif event == "sched_wakeup" and (m := WAKEUP.search(fields)):
            woken = int(m[2])
            if woken == self.gui and self.state.get(woken) == "asleep":
                self.woken_by = self.kind(thread)
            self.state[woken] = "runnable"

    def kind(self, thread: int) -> str:
        if thread in self.jobs:
            return f"job {self.jobs[thread]}"
        if thread == 0:  # an idle core's interrupt: a timer, or a wakeup another core queued to it
            return "an idle core"
        return "Qt's pool" if self.comm.get(thread, "").startswith("Thread (pooled)") else "another thread"


def split(events: list[tuple[float, int, str, str]], threads: Threads, start: float, end: float,
          pair: int | None = None) -> collections.Counter[str]:
    """The GUI thread's wall time in [start, end] by its state, each sleep by the thread that ended it; with `pair`,
    by the GUI thread's state beside that thread's."""
    gui = threads.gui
    threads.state = {gui: "on a core"}

    def label(state: str) -> str:
        return state if pair is None else f"GUI {state} / worker {threads.state.get(pair, 'on a core')}"

    spent: collections.Counter[str] = collections.Counter()
    last, since = start, start
    for t, thread, event, fields in events:
        if t > end:
            break
        state = threads.state.get(gui, "on a core")
        if (state != "asleep" or pair is not None) and t > start:
            spent[label(state)] += t - max(last, start)
        last = t
        threads.apply(thread, event, fields)
        after = threads.state.get(gui, "on a core")
        if pair is None and state != "asleep" and after == "asleep":
            since = t
        elif pair is None and state == "asleep" and after != "asleep" and t > start:
            spent[f"asleep, ended by {threads.woken_by}"] += t - max(since, start)
    state = threads.state.get(gui, "on a core")
    if pair is None and state == "asleep":
        spent["asleep"] += end - max(since, start)
    else:
        spent[label(state)] += end - max(last, start)
    return spent


def report(log: str, data: str, floor_ms: float) -> None:
    with open(log) as lines:
        rows = [json.loads(line) for line in lines]
    gui = rows[0]["gui"]
    jobs = {r["tid"]: r["job"] for r in rows if "tid" in r}
    events = _events(data)
    worker = next(tid for tid, key in jobs.items() if key == "main")
    start = next(r["t"] for r in rows if r.get("tid") == worker)
    end = next(r["t"] for r in rows if r.get("job_end") == "main")
    seen: set[float] = set()
    print(f"  the load: {end - start:.2f} s; each stall over {floor_ms:.0f} ms and each click, the GUI thread's ms:")
    for r in rows:
        kind = "stall" if "stall" in r else "click" if "click" in r else None
        if kind is None or round(r["start"], 3) in seen:
            continue
        seen.add(round(r["start"], 3))
        threads = Threads(gui, jobs)
        spent = split([e for e in events if r["start"] - 5 <= e[0] <= r["end"]], threads, r["start"], r["end"])
        phase = "loading" if start <= r["start"] <= end else "after"
        print(f"  {kind} {r[kind]:6.1f} ms (GUI CPU {r['cpu']:5.1f}, {phase}): "
              + ", ".join(f"{k} {v * 1000:.0f}" for k, v in spent.most_common() if v * 1000 >= 0.5))
    threads = Threads(gui, jobs)
    spent = split([e for e in events if start - 5 <= e[0] <= end], threads, start, end, pair=worker)
    print("  over the load (s): " + ", ".join(f"{k} {v:.2f}" for k, v in spent.most_common()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=["maven-ere"])
    parser.add_argument("--docs", type=int)
    parser.add_argument("--floor-ms", type=float, default=30.0)
    parser.add_argument("--keep", metavar="DIR", help="keep each format's log and perf record in DIR (to read them "
                        "again: `perf script -i DIR/FORMAT.data`)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        gold, system, floor, out = args.child
        child(gold, system, float(floor), out)
        return 0
    if shutil.which("perf") is None:
        raise SystemExit("sched_probe: needs Linux perf on PATH")
    import stall_probe

    inputs = stall_probe.corpus_inputs(args.docs)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for kind in args.only:
        gold, system = inputs[kind]
        with tempfile.TemporaryDirectory(prefix="sched-probe-") as scratch:
            folder = args.keep or scratch
            log, data = os.path.join(folder, f"{kind}.jsonl"), os.path.join(folder, f"{kind}.data")
            print(f"{kind}: load {os.getloadavg()[0]:.2f}", flush=True)
            record = ["perf", "record", "-q", "-a", "-m", "1024", "-k", "CLOCK_MONOTONIC", "-e", "sched:sched_switch",
                      "-e", "sched:sched_wakeup", "-o", data, "--"]
            done = subprocess.run([*record, sys.executable, __file__, "--child", str(gold), str(system),
                                   str(args.floor_ms), log], env=env, capture_output=True, text=True)
            if done.returncode != 0 or not os.path.exists(log):
                print(f"  exit {done.returncode}: {done.stderr[-400:]}")
                continue
            report(log, data, args.floor_ms)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
