"""Benchmark: `evmeval-score` on the 2000-document corpus of the issue (151k mentions, 1.36M tokens).

    python benchmarks/score_bench.py [--runs 5] [--corpus DIR]

Generates the corpus once with benchmarks/gen_corpus.py --seed 3 --docs 2000 --mentions 40 (cached
in the user's cache folder), runs the scorer as a fresh process several times, and prints wall time
(best and median), mentions per second, peak RSS of the scorer and of its checking child, and the
speed-up against the published scorer's 4.4-5.1 s on this kind of 2-core machine. It also checks that
the report equals the one computed in-process without the forked checker.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GENERATOR = REPO / "benchmarks" / "gen_corpus.py"
PUBLISHED_SECONDS = (4.4, 5.1)
TARGET_SECONDS = 0.45
TARGET_RSS_MB = 150

RUNNER = "from evmeval.cli.score import score_entry; score_entry()"
"""Exactly what the `evmeval-score` console script runs."""


def corpus_dir(explicit: str | None, name: str = "bench-seed3-docs2000-mentions40") -> Path:
    """The benchmark corpus's folder: the one given, else `name` in the user's cache (shared by the
    benchmarks, generated once)."""
    if explicit:
        return Path(explicit)
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "evmeval-studio"
    return cache / name


def ensure_corpus(folder: Path, extra: tuple[str, ...] = (), docs: int = 2000) -> None:
    """Generate the 2000-document corpus (`gen_corpus.py --seed 3 --docs 2000 --mentions 40`, plus
    `extra` options such as `--sequencing`; `docs` for a smaller one) into `folder` unless it is there."""
    if (folder / "gold.tbf").is_file() and (folder / "system.tbf").is_file():
        return
    if not GENERATOR.is_file():
        sys.exit(f"corpus generator not found at {GENERATOR}")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"generating the corpus in {folder} ...", flush=True)
    subprocess.run([sys.executable, str(GENERATOR), *extra, "--seed", "3", "--docs", str(docs), "--mentions", "40",
                    "--out", str(folder)], check=True, stdout=subprocess.DEVNULL)


def count_mentions(folder: Path) -> int:
    stats = json.loads((folder / "corpus.json").read_text())
    return int(stats.get("num_gold_mentions", 0)) + int(stats.get("num_system_mentions_in_gold_docs", 0))


def run_once(folder: Path, report: Path) -> tuple[float, int]:
    """Wall time and peak RSS (KB) of one scorer process (its checking child shares its pages)."""
    args = [sys.executable, "-c", RUNNER, "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
            "-t", str(folder / "tkn"), "-o", str(report)]
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    stderr = process.stderr.read().decode() if process.stderr else ""
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"scorer failed:\n{stderr}")
    return wall, usage.ru_maxrss


def in_process_report(folder: Path) -> str:
    sys.path.insert(0, str(REPO))
    from evmeval.io.loading import load_inputs
    from evmeval.mention.scoring import score_files
    from evmeval.report.text import format_report

    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"), token_dir=str(folder / "tkn"))
    return format_report(score_files(inputs.gold, inputs.system))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    args = parser.parse_args()
    folder = corpus_dir(args.corpus)
    ensure_corpus(folder)
    mentions = count_mentions(folder)
    walls, rss = [], []
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "scores.txt"
        run_once(folder, report)  # warm the page cache
        for _ in range(args.runs):
            wall, peak = run_once(folder, report)
            walls.append(wall)
            rss.append(peak)
        same = report.read_text() == in_process_report(folder)
    best, median = min(walls), statistics.median(walls)
    published = sum(PUBLISHED_SECONDS) / 2
    print(f"corpus            {folder} ({mentions} mentions scored)")
    print(f"wall time         best {best:.3f} s, median {median:.3f} s over {args.runs} runs "
          f"(target <= {TARGET_SECONDS} s)")
    print(f"throughput        {mentions / best:,.0f} mentions/s")
    print(f"peak RSS          {max(rss) / 1024:.0f} MB (target <= {TARGET_RSS_MB} MB)")
    print(f"speed-up          {PUBLISHED_SECONDS[0] / best:.1f}x to {PUBLISHED_SECONDS[1] / best:.1f}x "
          f"the published scorer ({published / best:.1f}x at its mid-point {published:.2f} s)")
    print(f"report            {'identical to' if same else 'DIFFERENT FROM'} the in-process computation")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
