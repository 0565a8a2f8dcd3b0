"""Benchmark: `evmeval-score -t -a DIR -o FILE` (event sequencing) against the published scorer run live.

    python benchmarks/sequencing_bench.py [--runs 3] [--corpus DIR] [--ref DIR] [--py2 PYTHON]
                                          [--ref-max-seconds 30] [--docs 2000]

On the corpus of `gen_corpus.py --seed 3 --docs 2000 --mentions 40 --sequencing` (generated once into the
user's cache folder), every round runs, back to back: our plain run, our run with `--sequencing-closure full`
and (when found) the published scorer v1.8 with the same options, each a whole process. The published scorer
is found as in benchmarks/run.py: `--ref DIR` or `EVMEVAL_REF` (an EvmEval checkout holding scorer_v1.8.py)
and `--py2` or `EVMEVAL_PY2` (its Python 2.7, default `python2` on PATH); otherwise it says "absent". A
reference slower than `--ref-max-seconds` on its first run is not repeated (it takes minutes here), so its
ratios come from fewer pairs (shown). Printed: the load average during the run, per command the median wall
time and the peak RSS (process or largest child), the ratios of the pairs (min / median / max), whether
our report is byte-identical to the reference's (and, without it, to the v1.8 report recorded below), and
whether both of our runs wrote the same -a folder where they should (the plain and the full run's folders
differ only by the closure they show, so the plain run's is compared across rounds).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import OURS, LoadSampler, Run, add_reference_options, find_reference, measure
from score_bench import corpus_dir, ensure_corpus

PUBLISHED_REPORT_SHA256 = "abc7590ef8d82884f10786ec0ef6b8b7f2096e1eabae3490c61ab2b6be7b5b8d"
"""scorer_v1.8.py -g gold.tbf -s system.tbf -t tkn -a seq -o scores.txt on the 2000-document corpus
(Python 2.7.18): the check used when the published scorer is absent."""
TARGET_RATIO = 100.0
"""Issue 26: >= 100x the published scorer, peak RSS <= 2x its, the full closure <= 2x the plain run."""


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _folder_digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _ratios(slow: list[Run], fast: list[Run]) -> str:
    pairs = [b.wall / a.wall for a, b in zip(fast, slow, strict=False)]
    if not pairs:
        return "-"
    return (f"{min(pairs):.2f}x / {statistics.median(pairs):.2f}x / {max(pairs):.2f}x "
            f"({len(pairs)} pair{'s' if len(pairs) != 1 else ''})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--docs", type=int, default=2000, help="documents of the generated corpus (default 2000)")
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    add_reference_options(parser)
    args = parser.parse_args()
    folder = corpus_dir(args.corpus, f"bench-sequencing-seed3-docs{args.docs}-mentions40")
    ensure_corpus(folder, ("--sequencing",), docs=args.docs)
    reference, found = find_reference(args.ref, args.py2)
    print(f"corpus: {folder}")
    print(f"published scorer: {found}", flush=True)
    inputs = ["-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"), "-t", str(folder / "tkn")]
    ours = [sys.executable, "-c", OURS]
    sampler = LoadSampler()
    sampler.start()
    plain: list[Run] = []
    full: list[Run] = []
    ref: list[Run] = []
    folders: set[str] = set()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)

        def options(side: str) -> list[str]:
            out = tmp / side
            if out.exists():
                for path in sorted(out.rglob("*"), reverse=True):
                    path.unlink() if path.is_file() else path.rmdir()
            out.mkdir(parents=True, exist_ok=True)
            return ["-a", str(out / "seq"), "-o", str(out / "scores.txt")]

        measure([*ours, *inputs, *options("warm-up")], tmp)  # the same warm-up for both sides: page cache, bytecode
        if reference:
            measure([*reference, *inputs, "-o", str(tmp / "warm-up" / "ref.txt")], tmp)
        for n in range(args.runs):
            plain.append(measure([*ours, *inputs, *options("plain")], tmp))
            folders.add(_folder_digest(tmp / "plain" / "seq"))
            full.append(measure([*ours, *inputs, *options("full"), "--sequencing-closure", "full"], tmp))
            if reference and (n == 0 or ref[0].wall <= args.ref_max_seconds):
                ref.append(measure([*reference, *inputs, *options("ref")], tmp))
            print(f"  round {n + 1}/{args.runs}: plain {plain[-1].wall:.3f} s, full {full[-1].wall:.3f} s"
                  + (f", reference {ref[-1].wall:.3f} s" if len(ref) == n + 1 else ""), flush=True)
        mine = _digest(tmp / "plain" / "scores.txt")
        if reference:
            same = mine == _digest(tmp / "ref" / "scores.txt")
            compared = "the published scorer's, run live"
        else:
            same = mine == PUBLISHED_REPORT_SHA256
            compared = "v1.8's recorded SHA-256 (the published scorer is absent)"
        links = sum(1 for _ in (tmp / "plain" / "seq" / "sequencing_links.tsv").open()) - 1
    load = sampler.stop()

    def row(name: str, runs: list[Run]) -> str:
        return (f"{name:<32}median {statistics.median(r.wall for r in runs):8.3f} s   "
                f"peak RSS {max(r.rss_mb for r in runs):6.0f} MB   ({len(runs)} runs)")

    print(f"load average during the run: {load}")
    print(row("ours -t -a -o", plain))
    print(row("ours --sequencing-closure full", full))
    print(row("published v1.8", ref) if ref else f"{'published v1.8':<32}absent")
    if ref:
        print(f"speed-up (reference / plain)  {_ratios(ref, plain)}  (goal >= {TARGET_RATIO:.0f}x)")
        print(f"peak RSS ours / reference     {max(r.rss_mb for r in plain) / max(r.rss_mb for r in ref):.2f}"
              " (goal <= 2)")
    print(f"full / plain                  {_ratios(full, plain)}  (goal <= 2x)")
    print(f"report                        {'byte-identical to' if same else 'DIFFERENT FROM'} {compared}")
    print(f"-a folder ({links} link rows)  {'the same' if len(folders) == 1 else 'DIFFERENT'} in every round")
    return 0 if same and len(folders) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
