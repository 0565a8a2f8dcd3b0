"""The report export (`evmeval-gui --export-report`, issue 26): time and peak memory at 2,000 and 8,000 documents.

    python benchmarks/export_bench.py [--docs 2000 8000] [--runs 3] [--base SRC]

For each size, the corpus of `gen_corpus.py --seed 3 --docs N --mentions 40` (generated once into the
benchmarks' cache folder, as `score_bench.py` does) is exported headless (`QT_QPA_PLATFORM=offscreen`),
each run a fresh process after one untimed run (bytecode, page cache). It prints wall and CPU seconds
and the peak RSS (`wait4`: the process and the child it forks, the biggest), min / median / max. With
`--base SRC` (a source tree, e.g. `git archive main` unpacked) the runs alternate with that tree's (A B A
B ...), the ratio is taken pair by pair, and the two folders are compared file by file: every file must
be the same bytes (nothing in the export depends on the time). The goals of issue 26: <= 3 s at 2,000
documents, <= 300 MB at 2,000 and at 8,000. Not a test: figures depend on the machine and its load
(printed before and after).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from perf_bench import GUI_RUNNER, Run, measure
from score_bench import REPO, corpus_dir, ensure_corpus

GOAL_S, GOAL_MB = 3.0, 300.0


def tree_env(tree: Path) -> dict[str, str]:
    """The environment of a run with this tree's sources first on the path."""
    path = os.pathsep.join([str(tree / "core"), str(tree)])
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": path}


def differing(a: Path, b: Path) -> list[str]:
    """The files of `a` and `b` that are not the same bytes (or not in both)."""
    names = {p.relative_to(a) for p in a.rglob("*") if p.is_file()} | {p.relative_to(b) for p in b.rglob("*")
                                                                        if p.is_file()}
    return sorted(str(n) for n in names if not ((a / n).is_file() and (b / n).is_file()
                                                and (a / n).read_bytes() == (b / n).read_bytes()))


def folder_hash(folder: Path) -> str:
    """The first 12 hex digits of a SHA-256 over every file's name and bytes, in name order: the same
    export gives the same hash, run after run and tree after tree."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def spread(values: list[float], digits: int = 2) -> str:
    return " / ".join(f"{v:.{digits}f}" for v in (min(values), statistics.median(values), max(values)))


ROWS: list[list[str]] = []
"""Each size's row once measured: documents, wall, CPU, peak MB (min / median / max), goals, output hash
(`benchmarks/run.py --only export` writes them into docs/benchmarks.md)."""
HEADER = ["documents", "wall s (min / median / max)", "CPU s", "peak MB", "goals", "output hash"]


def bench(docs: int, runs: int, base: Path | None) -> bool:
    folder = corpus_dir(None, f"bench-seed3-docs{docs}-mentions40")
    ensure_corpus(folder, docs=docs)
    inputs = ["-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"), "-t", str(folder / "tkn")]
    trees = {"this tree": tree_env(REPO)} | ({"base": tree_env(base)} if base else {})
    results: dict[str, list[Run]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as tmp:
        for name, env in trees.items():
            measure([sys.executable, "-c", GUI_RUNNER, *inputs, "--export-report", f"{tmp}/warm-{name}"], env=env,
                    cwd=tmp)
        print(f"\n{docs} documents; load average before: {os.getloadavg()[0]:.2f}")
        for n in range(runs):
            for name, env in trees.items():
                out = Path(tmp) / name.replace(" ", "_") / str(n)
                out.parent.mkdir(exist_ok=True)
                results[name].append(measure([sys.executable, "-c", GUI_RUNNER, *inputs, "--export-report", str(out)],
                                             env=env, cwd=tmp))
        load = f"{os.getloadavg()[0]:.2f}"
        print(f"load average after:  {load}   (min / median / max of {runs} runs)")
        for name, tree_runs in results.items():
            print(f"  {name:<10} wall {spread([r.wall for r in tree_runs])} s   "
                  f"CPU {spread([r.cpu for r in tree_runs])} s   peak {spread([r.rss_mb for r in tree_runs], 0)} MB")
        mine = results["this tree"]
        goals = (f"<= {GOAL_MB:.0f} MB: {'met' if max(r.rss_mb for r in mine) <= GOAL_MB else 'NOT met'}"
                 + (f"; <= {GOAL_S:.0f} s: {'met' if statistics.median(r.wall for r in mine) <= GOAL_S else 'NOT met'}"
                    if docs <= 2000 else ""))
        digest = folder_hash(Path(tmp) / "this_tree" / "0")
        print(f"  goals: {goals}\n  output hash: {digest}")
        ROWS.append([f"{docs:,}", spread([r.wall for r in mine]), spread([r.cpu for r in mine]),
                     spread([r.rss_mb for r in mine], 0), goals, f"`{digest}` (load {load})"])
        if not base:
            return True
        pairs = list(zip(mine, results["base"], strict=True))
        print(f"  this tree / base, pair by pair: wall {spread([a.wall / b.wall for a, b in pairs])}   "
              f"CPU {spread([a.cpu / b.cpu for a, b in pairs])}   "
              f"peak {spread([a.rss_mb / b.rss_mb for a, b in pairs])}")
        different = differing(Path(tmp) / "this_tree" / "0", Path(tmp) / "base" / "0")
        print("  files: " + ("all the same bytes" if not different else "DIFFERENT: " + ", ".join(different[:10])))
        return not different


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, nargs="+", default=[2000, 8000], help="corpus sizes (documents)")
    parser.add_argument("--runs", type=int, default=3, help="counted runs of each tree at each size")
    parser.add_argument("--base", type=Path, help="a source tree to compare with, run for run")
    args = parser.parse_args()
    same = [bench(docs, args.runs, args.base.resolve() if args.base else None) for docs in args.docs]
    return 0 if all(same) else 1


if __name__ == "__main__":
    sys.exit(main())
