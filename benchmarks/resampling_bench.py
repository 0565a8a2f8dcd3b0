"""Benchmark: 10,000 resamples of every figure for two runs on a MAVEN-ERE-sized corpus (issue 36).

    python benchmarks/resampling_bench.py [--documents 4480] [--resamples 10000] [--runs 3]

MAVEN-ERE holds 4,480 documents. Per document and run, seeded random counts stand in for scored
figures (resampling reads only the counts, so their values do not change the time): mention detection
under the four attribute combinations (3 columns each), coreference (32 columns: MUC, B³, CEAF-m,
CEAF-e, BLANC's two link types, LEA, identification) and three sequencing evaluations (4 columns each).
One `evmeval.compare.resampling.resample` call gives every figure's interval for both runs and every
figure's paired test (bootstrap and randomization). Goal: at most 60 s (prints the smallest of --runs).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from evmeval.compare.resampling import (
    Family,
    _coref_figures,
    _mention_figures,
    _sequencing_figures,
    resample,
)
from evmeval.compare.significance import ResampleSettings

TARGET_SECONDS = 60.0


def families(documents: int, rng: np.random.Generator) -> list[Family]:
    """One run's families: four mention combinations, coreference, three sequencing evaluations."""
    out = []
    gold = rng.integers(1, 40, size=documents).astype(float)
    for k in range(4):
        tp = np.minimum(gold, rng.integers(0, 40, size=documents)).astype(float)
        out.append(Family("mention", (f"p{k}", f"r{k}", f"f{k}"),
                          np.column_stack([tp, gold, tp + rng.integers(0, 5, size=documents)]), _mention_figures))
    out.append(Family("coreference", tuple(f"c{j}" for j in range(23)), rng.uniform(0, 50, size=(documents, 32)),
                      _coref_figures))
    out.extend(Family("sequencing", ("p", "r", "f"), rng.uniform(0, 30, size=(documents, 4)), _sequencing_figures)
               for _ in range(3))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=4480)
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(36)
    a, b = families(args.documents, rng), families(args.documents, rng)
    pairs = [(k, len(a) + k) for k in range(len(a))]
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        result = resample([*a, *b], pairs, settings=ResampleSettings(args.resamples, 2016))
        times.append(time.perf_counter() - start)
    figures = sum(len(i) for i in result.intervals)
    tests = sum(len(t) for t in result.tests)
    best = min(times)
    verdict = "met" if best <= TARGET_SECONDS else "missed"
    print(f"{args.resamples} resamples, {args.documents} documents, two runs: {figures} intervals and {tests} "
          f"paired tests in {best:.2f} s (goal {TARGET_SECONDS:.0f} s: {verdict})")


if __name__ == "__main__":
    main()
