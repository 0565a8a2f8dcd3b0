"""Benchmark: `evmeval-score -a` (event sequencing) on the issue's 2000-document corpus.

    python benchmarks/sequencing_bench.py [--runs 3] [--corpus DIR]

Generates the corpus once with benchmarks/gen_corpus.py --sequencing --seed 3 --docs 2000
--mentions 40 (cached in the user's cache folder), runs the scorer as a fresh process with
`-t tkn -a DIR -o report` several times and prints the wall time (best and median), the ratio to the
published scorer's 170 s (2 min 50 s: 71 s writing TimeML files, 99 s evaluating) and whether the
report is byte-identical to v1.8's (its SHA-256 on this corpus, recorded below).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from score_bench import REPO, RUNNER
from score_bench import corpus_dir as shared_corpus_dir
from score_bench import ensure_corpus as ensure_shared_corpus

PUBLISHED_SECONDS = 170.0
TARGET_RATIO = 20.0
PUBLISHED_REPORT_SHA256 = "abc7590ef8d82884f10786ec0ef6b8b7f2096e1eabae3490c61ab2b6be7b5b8d"
"""scorer_v1.8.py -g gold.tbf -s system.tbf -t tkn -a seq -o scores.txt on this corpus (Python 2.7.18)."""


def corpus_dir(explicit: str | None) -> Path:
    return shared_corpus_dir(explicit, "bench-sequencing-seed3-docs2000-mentions40")


def ensure_corpus(folder: Path) -> None:
    ensure_shared_corpus(folder, ("--sequencing",))


def run_once(folder: Path, out: Path) -> float:
    """Wall time of one scorer process."""
    args = [sys.executable, "-c", RUNNER, "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
            "-t", str(folder / "tkn"), "-a", str(out / "seq"), "-o", str(out / "scores.txt")]
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"scorer failed:\n{done.stderr.decode()[-2000:]}")
    return wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    args = parser.parse_args()
    folder = corpus_dir(args.corpus)
    ensure_corpus(folder)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        walls = [run_once(folder, out) for _ in range(args.runs)]
        digest = hashlib.sha256((out / "scores.txt").read_bytes()).hexdigest()
        links = sum(1 for _ in (out / "seq" / "sequencing_links.tsv").open()) - 1
    best, median = min(walls), statistics.median(walls)
    same = digest == PUBLISHED_REPORT_SHA256
    print(f"corpus        {folder}")
    print(f"wall time     best {best:.2f} s, median {median:.2f} s over {args.runs} runs "
          f"(mentions, sequencing, report, {links} link-table rows)")
    print(f"published     {PUBLISHED_SECONDS:.0f} s (v1.8, stored figure)")
    print(f"speed-up      {PUBLISHED_SECONDS / best:.1f}x best, {PUBLISHED_SECONDS / median:.1f}x median "
          f"(target >= {TARGET_RATIO:.0f}x)")
    print(f"report        {'byte-identical to' if same else 'DIFFERENT FROM'} v1.8's (SHA-256 {digest[:16]}...)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
