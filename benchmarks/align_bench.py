"""Benchmark: scoring the 2000-document corpus with each mapping strategy (target: optimal and ordered
within 3x greedy).

    python benchmarks/align_bench.py [--runs 3] [--corpus DIR]

Uses the corpus of benchmarks/score_bench.py (gen_corpus.py --seed 3 --docs 2000 --mentions 40, cached).
Loads it once, then times `score_files(..., mapping=name)` in this process, the strategies interleaved
run by run so that machine load hits them alike; prints the best time of each, its ratio to greedy's
from the same run, and what the strategy changed (micro TP, documents whose mapping differs).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evmeval.align import COMBINATIONS
from evmeval.align.strategies import STRATEGY_NAMES
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import ScoreResult, score_files

from benchmarks.score_bench import corpus_dir, count_mentions, ensure_corpus

TARGET_RATIO = 3.0


def changed_documents(base: ScoreResult, other: ScoreResult) -> int:
    """Documents where any combination's pairs differ from the base mapping's."""
    return sum(1 for a, b in zip(base.documents, other.documents, strict=True)
               if any(set(a.mappings[c].pairs) != set(b.mappings[c].pairs) for c in COMBINATIONS))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    args = parser.parse_args()
    folder = corpus_dir(args.corpus)
    ensure_corpus(folder)
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"), token_dir=str(folder / "tkn"))
    times: dict[str, list[float]] = {name: [] for name in STRATEGY_NAMES}
    results: dict[str, ScoreResult] = {}
    for _ in range(args.runs):
        for name in STRATEGY_NAMES:
            start = time.perf_counter()
            results[name] = score_files(inputs.gold, inputs.system, mapping=name)
            times[name].append(time.perf_counter() - start)
    print(f"corpus   {folder} ({count_mentions(folder)} mentions scored), best of {args.runs} runs")
    base = min(times["greedy"])
    ok = True
    for name in STRATEGY_NAMES:
        best = min(times[name])
        ratio = best / base
        ok = ok and ratio <= TARGET_RATIO
        micro = results[name].micro
        print(f"{name:<8} {best:.3f} s  {ratio:.2f}x greedy  "
              f"micro TP plain {micro['plain'].tp:.2f}, type+realis {micro['mention_type+realis_status'].tp:.2f}  "
              f"documents mapped differently {changed_documents(results['greedy'], results[name])}")
    print(f"target   optimal and ordered <= {TARGET_RATIO:.0f}x greedy: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
