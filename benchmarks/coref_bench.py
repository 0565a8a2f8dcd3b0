"""Benchmark: `evmeval-score -t ... -c PREFIX` on the 2000-document corpus (151k mentions, @Coreference).

    python benchmarks/coref_bench.py [--runs 3] [--corpus DIR] [--published]

Uses score_bench's corpus (../shared/tools/gen_corpus.py --seed 3 --docs 2000 --mentions 40, cached),
runs the scorer with -c as a fresh process, and prints wall time (best, median), the time of the
same run without -c (what coreference adds), and the ratio to the published scorer + Perl (37.6 s
measured on this machine). `--published` also runs the published scorer once (python2.7 +
perl, ~40 s) and checks that the report and both CoNLL files are byte-identical to ours.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from score_bench import REPO, RUNNER, corpus_dir, count_mentions, ensure_corpus

PUBLISHED_SECONDS = 37.6
GOAL_RATIO = 60
PYTHON2 = "/root/.pyenv/versions/2.7.18/bin/python"
PUBLISHED_SCORER = REPO.parent / "ref" / "EvmEval" / "scorer_v1.8.py"


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(args)}\n{done.stderr.decode()[-2000:]}")
    return wall


def ours(folder: Path, out: Path, coref: bool) -> list[str]:
    args = [sys.executable, "-c", RUNNER, "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
            "-t", str(folder / "tkn"), "-o", str(out / "scores.txt")]
    return [*args, "-c", str(out / "coref")] if coref else args


def published(folder: Path, out: Path) -> list[str]:
    return [PYTHON2, str(PUBLISHED_SCORER), "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
            "-t", str(folder / "tkn"), "-o", str(out / "scores.txt"), "-c", str(out / "coref")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    parser.add_argument("--published", action="store_true", help="also run the published scorer once (~40 s)")
    args = parser.parse_args()
    folder = corpus_dir(args.corpus)
    ensure_corpus(folder)
    with tempfile.TemporaryDirectory() as tmp:
        mine, plain_out, ref = Path(tmp) / "ours", Path(tmp) / "plain", Path(tmp) / "published"
        for d in (mine, plain_out, ref):
            d.mkdir()
        timed(ours(folder, mine, True))  # warm the page cache
        walls = [timed(ours(folder, mine, True)) for _ in range(args.runs)]
        plain = min(timed(ours(folder, plain_out, False)) for _ in range(args.runs))
        live = None
        same = None
        if args.published and PUBLISHED_SCORER.is_file():
            live = timed(published(folder, ref))
            same = all((mine / f).read_bytes() == (ref / f).read_bytes()
                       for f in ("scores.txt", "coref_gold.conll", "coref_sys.conll"))
        best, median = min(walls), statistics.median(walls)
        print(f"corpus            {folder} ({count_mentions(folder)} mentions)")
        print(f"evmeval-score -c  best {best:.3f} s, median {median:.3f} s over {args.runs} runs")
        print(f"without -c        best {plain:.3f} s (coreference adds {best - plain:.3f} s)")
        print(f"vs stored 37.6 s  {PUBLISHED_SECONDS / best:.1f}x (goal >= {GOAL_RATIO}x, i.e. <= "
              f"{PUBLISHED_SECONDS / GOAL_RATIO:.2f} s)")
        if live is not None:
            print(f"published, live   {live:.1f} s: {live / best:.1f}x; report and CoNLL files "
                  f"{'identical' if same else 'DIFFERENT'}")
    return 0 if same in (None, True) else 1


if __name__ == "__main__":
    sys.exit(main())
