"""Benchmark: significance tests and `evmeval-compare` on the 2000-document corpus of the issue.

    python benchmarks/compare_bench.py [--runs 3] [--corpus DIR]

Uses the corpus of benchmarks/score_bench.py (benchmarks/gen_corpus.py --seed 3 --docs 2000
--mentions 40, cached in the user's cache folder) and makes four more runs from its system file by a
seeded perturbation (drop some mentions, change the type of others), written beside it once. Prints:
- 10,000 paired resamples (bootstrap + randomization) for two runs, one combination and all four;
- 10,000 resamples for 5 runs: every run's interval and all 10 pairs x 4 combinations;
- the whole `evmeval-compare` command for 5 runs (a fresh process, summary only, and with --json,
  --html and --csv), against `evmeval-score` on one run measured in the same session.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from score_bench import corpus_dir, ensure_corpus  # noqa: E402  (the corpus cache shared with score_bench.py)

TARGET_SECONDS = 3.0
RUNS = 5
COMPARE = "from evmeval.cli.compare import compare_entry; compare_entry()"
SCORE = "from evmeval.cli.score import score_entry; score_entry()"


def perturbed(system: Path, seed: int, out: Path) -> Path:
    """A run that differs from `system`: each mention line dropped with probability 0.08, retyped with 0.08."""
    if out.is_file():
        return out
    rng = random.Random(seed)
    types = ["Conflict_Attack", "Life_Die", "Movement_Transport-Person", "Contact_Meet", "Justice_Arrest-Jail"]
    lines = []
    for line in system.read_text(encoding="utf-8").splitlines(keepends=True):
        fields = line.rstrip("\n").split("\t")
        if line.startswith(("#", "@")) or len(fields) < 7:
            lines.append(line)
            continue
        r = rng.random()
        if r < 0.08:
            continue
        if r < 0.16:
            fields[5] = rng.choice(types)
            line = "\t".join(fields) + "\n"
        lines.append(line)
    out.write_text("".join(lines), encoding="utf-8")
    return out


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def run_process(code: str, args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        sys.exit(f"failed: {done.stderr.decode()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    args = parser.parse_args()
    folder = corpus_dir(args.corpus)
    ensure_corpus(folder)
    runs = [folder / "system.tbf"] + [perturbed(folder / "system.tbf", k, folder / f"bench_run{k}.tbf")
                                      for k in range(1, RUNS)]

    from evmeval.align import COMBINATIONS
    from evmeval.compare.runs import compare_results
    from evmeval.compare.significance import Counts, paired_test, significance_tests
    from evmeval.io.tbf import read_tbf
    from evmeval.mention.scoring import score_files
    from evmeval.model import SpanMode

    gold, _ = read_tbf(str(folder / "gold.tbf"), mode=SpanMode.TOKEN)
    results = [score_files(gold, read_tbf(str(r), mode=SpanMode.TOKEN)[0]) for r in runs]
    docs = sum(1 for d in results[0].documents if d.counted)
    a, b = (Counts.from_result(r, "mention_type+realis_status") for r in results[:2])
    two = [Counts.from_result(r, c) for r in results[:2] for c in COMBINATIONS]
    pairs4 = [(k, k + 4) for k in range(4)]

    one_best, one_median = best_of(args.runs, lambda: paired_test(a, b))
    four_best, four_median = best_of(args.runs, lambda: significance_tests(two, pairs4))
    five_best, five_median = best_of(args.runs, lambda: compare_results(results))
    test = paired_test(a, b)
    print(f"corpus              {folder} ({docs} documents with gold mentions, {len(runs)} runs)")
    print(f"2 runs, 1 combination   10,000 resamples + 10,000 swaps: best {one_best:.3f} s, "
          f"median {one_median:.3f} s (target <= {TARGET_SECONDS:.0f} s)")
    print(f"2 runs, 4 combinations  best {four_best:.3f} s, median {four_median:.3f} s")
    print(f"5 runs, 10 pairs x 4    compare_results (tests, document deltas): best {five_best:.3f} s, "
          f"median {five_median:.3f} s")
    print(f"  run 1 -> run 2 type+realis: delta {100 * test.delta_f1:+.2f} points, interval "
          f"[{100 * test.ci_low:+.2f}, {100 * test.ci_high:+.2f}], p {test.p_value:.4f} / "
          f"{test.p_value_randomization:.4f}")

    base = ["-g", str(folder / "gold.tbf"), "-t", str(folder / "tkn")]
    systems = [arg for r in runs for arg in ("-s", str(r))]
    with tempfile.TemporaryDirectory() as tmp:
        outputs = ["--json", f"{tmp}/c.json", "--html", f"{tmp}/c.html", "--csv", f"{tmp}/csv"]
        score_best, _ = best_of(args.runs, lambda: run_process(SCORE, [*base, "-s", str(runs[0]), "-o",
                                                                       f"{tmp}/s.txt"]))
        cli_best, cli_median = best_of(args.runs, lambda: run_process(COMPARE, base + systems))
        all_best, _ = best_of(1, lambda: run_process(COMPARE, base + systems + outputs))
        sizes = {p.name: p.stat().st_size for p in [Path(tmp, "c.json"), Path(tmp, "c.html")]}
    print(f"evmeval-score, 1 run    best {score_best:.3f} s (same session, for scale)")
    print(f"evmeval-compare, 5 runs summary only: best {cli_best:.3f} s, median {cli_median:.3f} s "
          f"({cli_best / score_best:.1f}x one evmeval-score)")
    print(f"evmeval-compare, 5 runs + --json --html --csv: {all_best:.3f} s "
          f"(JSON {sizes['c.json'] / 1e6:.0f} MB, HTML {sizes['c.html'] / 1e6:.1f} MB)")
    return 0 if one_best <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
