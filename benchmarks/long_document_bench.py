"""Issue 37's long-document rows of `benchmarks/run.py`: `evmeval-conll --metric X` on one 5,000-mention
document against the CoNLL reference scorer v8.01 (`perl scorer.pl X key response none`) run live, and
`evmeval-score --convention all` on one 4,000-event TextEE document against the slowest single convention.

    python benchmarks/run.py --only conll conventions [--runs 3] [--markdown docs/benchmarks.md]

Inputs: `gen_conll.py --mentions 5000 --seed 7 --largest 8` and `gen_textee_doc.py --events 4000 --seed 5`
(deterministic, written afresh into a temporary folder). Each round runs ours and the reference back to
back (A B A B), after one warm-up of each; a reference slower than `--ref-max-seconds` is not repeated and
one slower than `--ref-timeout` is stopped (its row then says "> N s" and the ratio is a lower bound).
Every row prints the sha256 of our output (the same before and after a speed change means the same
bytes) and whether it equals the reference's (v8.01's first line, its version and path, left out).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gen_conll import generate as generate_conll
from gen_textee_doc import generate as generate_textee

CONLL = "import sys; from evmeval.cli.entry import conll; sys.exit(conll())"
SCORE = "import sys; from evmeval.cli.entry import score; sys.exit(score())"
"""What the `evmeval-conll` and `evmeval-score` console scripts run (pyproject `[project.scripts]`)."""
CONLL_METRICS = ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea")
SINGLE_CONVENTIONS = ("textee", "evmeval")
"""The conventions `--convention all` runs on a TextEE file."""
GNU_TIME = "/usr/bin/time" if Path("/usr/bin/time").is_file() else shutil.which("time")
SCORER = Path("reference-coreference-scorers-8.01") / "scorer.pl"


@dataclass
class Timed:
    wall: float
    rss_mb: float
    output: bytes
    stopped: bool = False


@dataclass
class LongRow:
    """One measure: our command, the one it is compared with (None: none can run), and the runs."""

    group: str
    """`conll` or `conventions` (what `run.py --only` names)."""
    name: str
    ours: list[str]
    ref: list[str] | None
    ref_label: str
    goal: str
    mine: list[Timed] = field(default_factory=list)
    theirs: list[Timed] = field(default_factory=list)

    def same(self) -> bool | None:
        """Whether our last output equals the reference's (None: no finished reference run)."""
        if not self.theirs or self.theirs[-1].stopped:
            return None
        return _same(self.mine[-1].output, self.theirs[-1].output)


def timed(args: list[str], timeout: float | None = None) -> Timed:
    """Wall time, peak RSS and stdout of one run; killed after `timeout` s. The peak comes from GNU time
    when it is installed: `wait4` of a child forked from this process reports at least this process's
    own size (Linux keeps the forked copy's high-water mark across exec)."""
    with tempfile.TemporaryDirectory() as tmp:
        peak = Path(tmp) / "peak"
        wrapped = [GNU_TIME, "-f", "%M", "-o", str(peak), *args] if GNU_TIME else args
        start = time.perf_counter()
        with (Path(tmp) / "out").open("w+b") as sink:
            process = subprocess.Popen(wrapped, stdout=sink, stderr=subprocess.DEVNULL, start_new_session=True)
            try:
                process.wait(timeout)
                stopped = False
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)  # the group: GNU time and the command under it
                process.wait()
                stopped = True
            wall = time.perf_counter() - start
            sink.seek(0)
            output = sink.read()
        text = peak.read_text().split() if peak.exists() else []
        rss = int(text[-1]) / 1024 if text and text[-1].isdigit() else float("nan")
    return Timed(wall, rss, output, stopped)


def rows(folder: Path, reference: Path | None) -> list[LongRow]:
    key, response = generate_conll(folder / "conll", mentions=5000, seed=7, largest=8)
    gold, pred = generate_textee(folder / "textee", events=4000, seed=5)
    py = sys.executable
    out: list[LongRow] = []
    for metric in CONLL_METRICS:
        ours = [py, "-c", CONLL, str(key), str(response), "--metric", metric]
        perl = None
        label = "absent (set EVMEVAL_REF or --ref to an EvmEval checkout)"
        if reference is not None and (reference / SCORER).is_file() and metric != "lea":
            perl = ["perl", str(reference / SCORER), metric, str(key), str(response), "none"]
            label = f"perl scorer.pl {metric}"
        elif metric == "lea":
            label = "none (v8.01 has no LEA)"
        out.append(LongRow("conll", f"`evmeval-conll --metric {metric}` (5,000 mentions)", ours, perl, label, ">= 10x"))
    base = [py, "-c", SCORE, "-g", str(gold), "-s", str(pred), "--convention"]
    for name in SINGLE_CONVENTIONS:
        out.append(LongRow("conventions", f"`evmeval-score --convention {name}` (4,000 events)", [*base, name],
                           None, "-", "-"))
    out.append(LongRow("conventions", "`evmeval-score --convention all` (4,000 events)", [*base, "all"], None,
                       "the slowest single convention", "<= 2x the slowest"))
    return out


def _same(mine: bytes, theirs: bytes) -> bool:
    """v8.01 prints its version and library path first; the rest is compared byte for byte."""
    if theirs.startswith(b"version: "):
        theirs = theirs.split(b"\n", 1)[1] if b"\n" in theirs else b""
    return mine == theirs


def run_long(folder: Path, reference: Path | None, runs: int, ref_max_seconds: float,
             ref_timeout: float, groups: Sequence[str]) -> list[LongRow]:
    """Warm-up, then `runs` rounds, ours and the reference back to back (the rows of `groups`)."""
    table = [r for r in rows(folder, reference) if r.group in groups]
    for row in table:
        timed(row.ours)
    for n in range(runs):
        for row in table:
            row.mine.append(timed(row.ours))
            if row.ref is not None and (n == 0 or (row.theirs[0].wall <= ref_max_seconds
                                                   and not row.theirs[0].stopped)):
                row.theirs.append(timed(row.ref, ref_timeout))
            print(f"  round {n + 1}/{runs} {row.name}: ours {row.mine[-1].wall:.3f} s"
                  + (f", reference {row.theirs[-1].wall:.3f} s{' (stopped)' if row.theirs[-1].stopped else ''}"
                     if len(row.theirs) == n + 1 else ""), flush=True)
    return table


def long_table(table: list[LongRow]) -> list[list[str]]:
    lines = [["measure", "ours (median)", "compared with", "its median", "ratio min / median / max", "goal",
              "pairs", "identical output", "output sha256 (ours)", "peak RSS ours / other"]]
    slowest = max((r for r in table if r.name.startswith("`evmeval-score --convention ") and r.ref_label == "-"),
                  key=lambda r: statistics.median(t.wall for t in r.mine), default=None)
    for row in table:
        mine = statistics.median(t.wall for t in row.mine)
        digest = hashlib.sha256(row.mine[-1].output).hexdigest()[:16]
        my_mb = f"{max(t.rss_mb for t in row.mine):.0f} MB"
        other, theirs, ratio, pairs, same, other_mb = row.ref_label, "-", "-", "-", "-", "-"
        if row.theirs:
            walls = [t.wall for t in row.theirs]
            stopped = any(t.stopped for t in row.theirs)
            theirs = f"> {max(walls):.0f} s (stopped)" if stopped else f"{statistics.median(walls):.3f} s"
            ratios = [b.wall / a.wall for a, b in zip(row.mine, row.theirs, strict=False)]
            bound = "> " if stopped else ""
            ratio = f"{bound}{min(ratios):.1f}x / {bound}{statistics.median(ratios):.1f}x / {bound}{max(ratios):.1f}x"
            pairs = str(len(ratios))
            same = {None: "n/a (stopped)", True: "yes", False: "NO"}[row.same()]
            finished = [t.rss_mb for t in row.theirs if not t.stopped]
            other_mb = f"{max(finished):.0f} MB" if finished else "n/a (stopped)"
        elif row.ref_label.startswith("the slowest") and slowest is not None:
            other = f"{row.ref_label} (`{slowest.ours[-1]}`)"
            theirs = f"{statistics.median(t.wall for t in slowest.mine):.3f} s"
            ratios = [a.wall / b.wall for a, b in zip(row.mine, slowest.mine, strict=True)]
            ratio = f"{min(ratios):.2f}x / {statistics.median(ratios):.2f}x / {max(ratios):.2f}x (ours / it)"
            pairs = str(len(ratios))
            other_mb = f"{max(t.rss_mb for t in slowest.mine):.0f} MB"
        lines.append([row.name, f"{mine:.3f} s", other, theirs, ratio, row.goal, pairs, same, f"`{digest}`",
                      f"{my_mb} / {other_mb}"])
    return lines
