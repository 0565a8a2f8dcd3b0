"""Benchmark: `evmeval-score -t ... -c PREFIX` on the 2000-document corpus (151k mentions, @Coreference).

    python benchmarks/coref_bench.py [--runs 5] [--corpus DIR] [--published]

Uses score_bench's corpus (benchmarks/gen_corpus.py --seed 3 --docs 2000 --mentions 40, cached).
In one run it prints, best of N (the machine is shared: runs with and without -c alternate, and the
load average is printed beside the figures):
- whether the C kernels take the `-c` run (evmeval.cli.fastpath + evmeval.cli.coref_fastpath) or decline it;
- the scorer with -c (and with -c -d) as a fresh process (what a user waits for), on the kernels and on
  the pure-Python path (EVMEVAL_PURE_PYTHON=1), and without -c;
- what coreference adds: the difference of those two, and measured in-process (`run_coreference`
  alone: clusters, alignment, all six metrics, both CoNLL files, the breakdown file; wall and CPU),
  with the optional C kernel and with the pure-Python path (EVMEVAL_PURE_PYTHON=1's), and their ratio;
- ratios to the published scorer + Perl (37.6 s measured on this machine, stored).
`--published` also runs the published scorer once (python2.7 + perl, ~40 s; found as `run.py` finds it:
`EVMEVAL_REF`, `EVMEVAL_PY2`, and said so when absent), prints the live ratio
and checks that the report, the comparison file and both CoNLL files are byte-identical to ours.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import find_reference
from score_bench import REPO, RUNNER, corpus_dir, count_mentions, ensure_corpus

PUBLISHED_SECONDS = 37.6
GOAL_RATIO = 60
IN_PROCESS_TARGET = 0.15


BEFORE_RUNNER = ("import evmeval.cli.coref_fastpath as c; c.coref_kernel_available = lambda: False; " + RUNNER)
"""`evmeval-score` as it ran -c before the kernels took it: mentions on the Python path, coreference kernel."""


def timed(args: list[str], *, pure: bool = False) -> float:
    """Wall seconds of one fresh process; `pure`: with EVMEVAL_PURE_PYTHON=1 (no C kernels)."""
    env = {**os.environ, "EVMEVAL_PURE_PYTHON": "1"} if pure else None
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO, env=env)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(args)}\n{done.stderr.decode()[-2000:]}")
    return wall


def ours(folder: Path, out: Path, coref: bool, comparison: bool = False) -> list[str]:
    args = [sys.executable, "-c", RUNNER, "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
            "-t", str(folder / "tkn"), "-o", str(out / "scores.txt")]
    if comparison:
        args += ["-d", str(out / "comparison.txt")]
    return [*args, "-c", str(out / "coref")] if coref else args


def kernel_takes_c(folder: Path, out: Path) -> bool:
    """Whether the C kernels finish the `-c -d` run on this corpus (rather than declining it)."""
    sys.path.insert(0, str(REPO))
    from evmeval.cli import fastpath
    from evmeval.cli.score_options import score_parser

    args = score_parser().parse_args(ours(folder, out, True, True)[3:])
    if not fastpath.wants_kernel(args):
        return False
    return not isinstance(fastpath.run_kernel(args), dict)


def published(reference: list[str], folder: Path, out: Path) -> list[str]:
    return [*reference, "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
            "-t", str(folder / "tkn"), "-o", str(out / "scores.txt"), "-d", str(out / "comparison.txt"),
            "-c", str(out / "coref")]


def in_process(folder: Path, out: Path, runs: int) -> dict[str, tuple[float, float]]:
    """Best wall and CPU seconds of `run_coreference` alone, after one mention scoring: with the C
    kernel (when built) and with the pure-Python path, alternating, so both see the same load."""
    sys.path.insert(0, str(REPO))
    from evmeval.cli.coref import run_coreference
    from evmeval.coref import scoring as coref
    from evmeval.io.loading import load_inputs
    from evmeval.mention.scoring import score_files
    from evmeval.report import coref_report

    gc.disable()  # as evmeval-score runs
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"), token_dir=str(folder / "tkn"))
    result = score_files(inputs.gold, inputs.system)
    args = argparse.Namespace(coref=str(out / "coref"), coref_mapping=1, coreference_threshold=1.0,
                              type_white_list=None, comparison_output=None)
    kernel = coref.KERNEL
    modes = {"kernel": kernel, "python": None} if kernel is not None else {"python": None}
    walls: dict[str, list[float]] = {m: [] for m in modes}
    cpus: dict[str, list[float]] = {m: [] for m in modes}
    for _ in range(runs):
        for mode, chosen in modes.items():
            coref.KERNEL = coref_report.KERNEL = chosen
            wall, cpu = time.perf_counter(), time.process_time()
            run_coreference(args, result, inputs)
            walls[mode].append(time.perf_counter() - wall)
            cpus[mode].append(time.process_time() - cpu)
    coref.KERNEL = coref_report.KERNEL = kernel
    gc.enable()
    return {m: (min(walls[m]), min(cpus[m])) for m in modes}


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} / {five:.1f} (1/5 min) on {os.cpu_count()} cores"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    parser.add_argument("--published", action="store_true", help="also run the published scorer once (~40 s)")
    args = parser.parse_args()
    folder = corpus_dir(args.corpus)
    ensure_corpus(folder)
    with tempfile.TemporaryDirectory() as tmp:
        mine, plain_out, ref, inproc = (Path(tmp) / n for n in ("ours", "plain", "published", "inproc"))
        for d in (mine, plain_out, ref, inproc):
            d.mkdir()
        load_before = _load()
        takes = kernel_takes_c(folder, mine)  # also warms the page cache
        timed(ours(folder, mine, True))
        walls, with_d, plains, pures, pures_d, befores = [], [], [], [], [], []
        for _ in range(args.runs):  # alternate, so all see the same load
            walls.append(timed(ours(folder, mine, True)))
            with_d.append(timed(ours(folder, mine, True, True)))
            plains.append(timed(ours(folder, plain_out, False)))
            pures.append(timed(ours(folder, mine, True), pure=True))
            pures_d.append(timed(ours(folder, mine, True, True), pure=True))
            before = ours(folder, mine, True)
            befores.append(timed([*before[:2], BEFORE_RUNNER, *before[3:]]))
        measured = in_process(folder, inproc, args.runs)
        coref_wall = measured.get("kernel", measured["python"])[0]
        load_after = _load()
        live = same = None
        reference, found = find_reference(os.environ.get("EVMEVAL_REF"), os.environ.get("EVMEVAL_PY2"))
        if args.published:
            print(f"published scorer    {found}")
        if args.published and reference:
            timed(ours(folder, mine, True, True))  # the files compared below: the kernel run's, with -d
            live = timed(published(reference, folder, ref))
            same = all((mine / f).read_bytes() == (ref / f).read_bytes()
                       for f in ("scores.txt", "comparison.txt", "coref_gold.conll", "coref_sys.conll"))
        best, plain, best_d = min(walls), min(plains), min(with_d)
        print(f"corpus              {folder} ({count_mentions(folder)} mentions)")
        print(f"machine             {load_before} before, {load_after} after")
        print(f"C kernels take -c   {'yes' if takes else 'NO (declined: the Python path ran)'}")
        print(f"evmeval-score -c    kernel: best {best:.3f} s, median {statistics.median(walls):.3f} s over "
              f"{args.runs} runs;  pure Python: best {min(pures):.3f} s, median {statistics.median(pures):.3f} s "
              f"({min(pures) / best:.1f}x the kernel run)")
        print(f"evmeval-score -c -d kernel: best {best_d:.3f} s, median {statistics.median(with_d):.3f} s;  "
              f"pure Python: best {min(pures_d):.3f} s, median {statistics.median(pures_d):.3f} s "
              f"({min(pures_d) / best_d:.1f}x)")
        print(f"-c before this work best {min(befores):.3f} s, median {statistics.median(befores):.3f} s (mentions on "
              f"the Python path, coreference kernel): the kernels' run is {min(befores) / best:.1f}x faster")
        print(f"without -c          best {plain:.3f} s, median {statistics.median(plains):.3f} s (kernel)")
        print(f"coreference adds    {best - plain:.3f} s (difference of the bests)")
        for mode, (wall, cpu) in measured.items():
            print(f"run_coreference     {mode:6} in-process (the Python path's objects): {wall:.3f} s wall, "
                  f"{cpu:.3f} s CPU (target <= {IN_PROCESS_TARGET} s)")
        if "kernel" in measured:
            print(f"C kernel speed-up   {measured['python'][1] / measured['kernel'][1]:.1f}x CPU, "
                  f"{measured['python'][0] / measured['kernel'][0]:.1f}x wall (same run, alternating)")
        else:
            print("C kernel            not built (pip install -e . builds it when a C compiler is at hand)")
        added = best - plain
        alone = f"{PUBLISHED_SECONDS / added:.0f}x" if added > 0.01 else "n/a (difference within the noise)"
        print(f"vs stored {PUBLISHED_SECONDS} s    {PUBLISHED_SECONDS / best:.1f}x with -c, "
              f"{PUBLISHED_SECONDS / best_d:.1f}x with -c -d, {PUBLISHED_SECONDS / min(pures):.1f}x pure Python "
              f"(goal >= {GOAL_RATIO}x, "
              f"i.e. <= {PUBLISHED_SECONDS / GOAL_RATIO:.2f} s); the published run over our coreference part: "
              f"{alone} by difference, {PUBLISHED_SECONDS / coref_wall:.0f}x in-process")
        if live is not None:
            print(f"published, live     {live:.1f} s: {live / best_d:.1f}x our -c -d kernel run; report, comparison "
                  f"and CoNLL files {'identical' if same else 'DIFFERENT'}")
    return 0 if same in (None, True) else 1


if __name__ == "__main__":
    sys.exit(main())
