"""Issue 37's streaming rows of `benchmarks/run.py`: `evmeval-score --convention maven-ere|maven|textee`, and
the combined tbf run `evmeval-score -t -o -c -a --json` (`--only combined`), on the MAVEN-ERE-sized corpus of
`maven_ere_bench.py` (4,480 documents; generated once into the cache folder,
converted into each format), as whole processes: wall and CPU seconds, peak RSS beside the size of the input
files, and the sha256 of the outputs (report and --json; the same before and after a change means the same
bytes).

    python benchmarks/run.py --only streams [--runs 5] [--markdown docs/benchmarks.md]

Goals (issue 37): each convention <= 1.5 s on a quiet machine, peak memory <= 3x the input files; the combined
run <= 8 s and <= 600 MB (its input: both tbf files; the 47 MB of token tables are read too).
"""

from __future__ import annotations

import hashlib
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from maven_ere_bench import cache_root, ensure_converted, ensure_corpus

BIN = Path(sys.executable).parent
SECONDS_GOAL = 1.5
MEMORY_GOAL = 3.0
"""Peak RSS at most this many times the input files' size."""


@dataclass
class StreamRow:
    convention: str
    gold: Path
    system: Path
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    peaks_mb: list[float] = field(default_factory=list)
    digest: str = ""
    seconds_goal: float = SECONDS_GOAL
    memory_goal_mb: float | None = None
    """An absolute memory goal (None: `MEMORY_GOAL` times the input)."""
    tokens: Path | None = None
    """The token tables of a tbf row: `-t -o -c -a --json`, not `--convention`."""

    @property
    def measure(self) -> str:
        return "evmeval-score -t -o -c -a --json" if self.tokens else f"evmeval-score --convention {self.convention}"

    @property
    def input_mb(self) -> float:
        return (self.gold.stat().st_size + self.system.stat().st_size) / 2**20


def combined_row(corpus: Path) -> StreamRow:
    """The combined run's row (issue 37: 13.9-14.3 s and 846 MB on the Python path; on the C kernels since
    `-c --json` runs there; goal 8 s, 600 MB)."""
    return StreamRow("tbf", corpus / "gold.tbf", corpus / "system.tbf", seconds_goal=8.0, memory_goal_mb=600.0,
                     tokens=corpus / "tkn")


def rows(conv: Path) -> list[StreamRow]:
    return [StreamRow("maven-ere", conv / "maven-ere-gold.jsonl", conv / "maven-ere-system.jsonl"),
            StreamRow("maven", conv / "maven-gold.jsonl", conv / "maven-system.jsonl"),
            StreamRow("textee", conv / "textee-gold" / "gold.jsonl", conv / "textee-system" / "system.jsonl")]


def _run(row: StreamRow, out: Path) -> tuple[float, float, float, str]:
    """(wall s, CPU s, peak RSS MB, sha256 of the report and the JSON) of one whole process."""
    report, data = out / "report.txt", out / "scores.json"
    argv = [str(BIN / "evmeval-score"), "--convention", row.convention, "-g", str(row.gold), "-s", str(row.system),
            "-o", str(report), "--json", str(data)]
    more: list[Path] = []
    if row.tokens is not None:
        more = [out / "coref", out / "seq" / "sequencing_links.tsv"]
        argv = [str(BIN / "evmeval-score"), "-g", str(row.gold), "-s", str(row.system), "-t", str(row.tokens),
                "-o", str(report), "-c", str(more[0]), "-a", str(more[1].parent), "--json", str(data)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, dict(os.environ))
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, _digest([report, data, *more])


def _digest(paths: list[Path]) -> str:
    """sha256 of the files joined by NUL bytes, read a MiB at a time: this process must stay small, since a
    process spawned from it starts with its peak RSS (the combined run's JSON is 318 MB; read whole, every
    row measured after it showed 760 MB)."""
    digest = hashlib.sha256()
    for number, path in enumerate(paths):
        if number:
            digest.update(b"\0")
        with open(path, "rb") as file:
            while chunk := file.read(2**20):
                digest.update(chunk)
    return digest.hexdigest()[:16]


def run_streams(runs: int, *, conventions: bool = True, combined: bool = False) -> list[StreamRow]:
    """One warm-up, then `runs` rounds of every row (round-robin: the rows share the load's drift)."""
    corpus = ensure_corpus(cache_root() / "maven-ere-seed26")
    table = (rows(ensure_converted(corpus)) if conventions else []) + ([combined_row(corpus)] if combined else [])
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for row in table:
            _run(row, out)
        for n in range(runs):
            for row in table:
                wall, cpu, peak, digest = _run(row, out)
                row.walls.append(wall)
                row.cpus.append(cpu)
                row.peaks_mb.append(peak)
                row.digest = digest
                print(f"  round {n + 1}/{runs} {row.measure}: {wall:.3f} s, {peak:.0f} MB",
                      flush=True)
    return table


def stream_table(table: list[StreamRow]) -> list[list[str]]:
    lines = [["measure", "input", "wall median (min-max)", "CPU median", "time goal", "peak RSS", "x input",
              "memory goal", "output sha256"]]
    for row in table:
        wall, cpu, peak = statistics.median(row.walls), statistics.median(row.cpus), max(row.peaks_mb)
        times = peak / row.input_mb
        memory = (f"<= {row.memory_goal_mb:.0f} MB: {'met' if peak <= row.memory_goal_mb else 'not met'}"
                  if row.memory_goal_mb is not None else
                  f"<= {MEMORY_GOAL:g}x: {'met' if times <= MEMORY_GOAL else 'not met'}")
        lines.append([f"`{row.measure}`", f"{row.input_mb:.1f} MB",
                      f"{wall:.2f} s ({min(row.walls):.2f}-{max(row.walls):.2f})", f"{cpu:.2f} s",
                      f"<= {row.seconds_goal:g} s: {'met' if wall <= row.seconds_goal else 'not met'}",
                      f"{peak:.0f} MB",
                      f"{times:.1f}x", memory,
                      f"`{row.digest}`"])
    return lines
