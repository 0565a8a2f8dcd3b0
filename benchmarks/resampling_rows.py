"""`run.py --only resampling`: issue 36's goal as a whole process, with its load and peak RSS.

`resampling_bench.py` (10,000 resamples of every figure, mention under four combinations, coreference and
three sequencing evaluations, for two runs on 4,480 documents, one `resample` call) is run `runs` times as
its own process: the row gives the in-process time of the call it prints (the goal: at most 60 s), the
whole process's wall and CPU seconds (numpy's import and the seeded counts included) and its peak RSS.
"""

from __future__ import annotations

import re
import resource
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from long_document_bench import timed

START, END = "<!-- resampling -->", "<!-- end resampling -->"
BENCH = Path(__file__).resolve().parent / "resampling_bench.py"
GOAL_SECONDS = 60.0


@dataclass(frozen=True)
class ResamplingRun:
    call: float
    wall: float
    cpu: float
    rss_mb: float
    line: str


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_resampling(runs: int) -> list[ResamplingRun]:
    """`runs` whole processes of the benchmark (one timed call each)."""
    out = []
    for _ in range(runs):
        before = _children_cpu()
        done = timed([sys.executable, str(BENCH), "--runs", "1"])
        cpu = _children_cpu() - before
        line = done.output.decode().strip().splitlines()[-1]
        found = re.search(r" in ([0-9.]+) s ", line)
        if found is None:
            raise SystemExit(f"resampling_bench.py printed no time: {line!r}")
        out.append(ResamplingRun(float(found.group(1)), done.wall, cpu, done.rss_mb, line))
    return out


def resampling_table(runs: list[ResamplingRun]) -> list[list[str]]:
    """One row: the call's median (min / max), the process's wall and CPU medians, its peak RSS."""
    calls = [r.call for r in runs]
    verdict = "met" if statistics.median(calls) <= GOAL_SECONDS else "missed"
    return [["measure", "resample call (median)", "min / max", "process wall (median)", "process CPU (median)",
             "goal", "runs", "peak RSS"],
            ["10,000 resamples of every figure, two runs, 4,480 documents (`resampling_bench.py`)",
             f"{statistics.median(calls):.2f} s", f"{min(calls):.2f} s / {max(calls):.2f} s",
             f"{statistics.median(r.wall for r in runs):.2f} s", f"{statistics.median(r.cpu for r in runs):.2f} s",
             f"<= {GOAL_SECONDS:.0f} s ({verdict})", str(len(runs)), f"{max(r.rss_mb for r in runs):.0f} MB"]]


def resampling_section(table: str, date: str, load: str, runs: list[ResamplingRun]) -> str:
    return (f"{START}\n### Intervals and paired tests (issue 36)\n\n- date: {date}; load average during the run: "
            f"{load}\n- what it prints: `{runs[-1].line}`\n\n{table}\n\nThe call is "
            "`evmeval.compare.resampling.resample` on every family at once: 8 families per run (mention under "
            "four combinations, coreference, three sequencing evaluations), every figure's interval for both "
            "runs and its paired test (bootstrap and randomization) from one set of draws. On a loaded machine "
            f"the wall times include waiting for a core; the CPU column is the work itself.\n{END}")
