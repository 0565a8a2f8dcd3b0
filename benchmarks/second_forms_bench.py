#!/usr/bin/env python3
"""What each second form of a rule buys on the task users run: whole-process CPU time, same-run ratio.

For each second form still in the code (the C kernels), runs the task with it (A) and without it (B,
the plain form: an environment variable or a patch made before the program starts) interleaved,
A B A B …, `--runs` each, and prints the medians and B/A. The forms that did not pay (< 1.5x) were
deleted; docs/developer.md has every ratio.
CPU time (user + system of the child and its children), not wall time: the machine is shared.

    python benchmarks/gen_corpus.py --seed 3 --docs 2000 --mentions 40 --out /tmp/c2000
    python benchmarks/second_forms_bench.py /tmp/c2000 [--runs 5] [--only NAME ...]

The sequencing kernel needs links: give it a corpus made with `--sequencing` (benchmarks/sequencing_bench.py
makes one in the cache folder), e.g. `--only 'sequencing C kernel'`.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

SCORE = "from evmeval.cli.entry import score; sys.argv[0] = 'evmeval-score'; score()"
NO_COREF_KERNEL = ("import evmeval.coref.kernel as k, evmeval.coref.scoring as s, evmeval.report.coref_report as r; "
                   "k.KERNEL = s.KERNEL = r.KERNEL = None")
NO_SEQUENCING_KERNEL = "import evmeval.sequencing.timegraph_kernel as k; k.KERNEL = None"
PURE = {"EVMEVAL_PURE_PYTHON": "1"}

FORMS = {  # name: (task, arguments, A's (patch, env), B's (patch, env))
    "mention C kernel": ("evmeval-score -t -o", ["-o", "{out}/s.txt"], ("", {}), ("", PURE)),
    "mention C kernel, --json": ("evmeval-score -t -o --json", ["-o", "{out}/s.txt", "--json", "{out}/s.json"],
                                 ("", {}), ("", PURE)),
    "coref C kernel": ("evmeval-score -t -o -c", ["-o", "{out}/s.txt", "-c", "{out}/c"], ("", {}),
                       (NO_COREF_KERNEL, {})),
    "sequencing C kernel": ("evmeval-score -t -a -o", ["-o", "{out}/s.txt", "-a", "{out}/seq"], ("", {}),
                            (NO_SEQUENCING_KERNEL, {})),
}


def _cpu(command: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, env={**os.environ, **env}, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _command(corpus: str, arguments: list[str], patch: str, out: str) -> list[str]:
    gold, system, tokens = (os.path.join(corpus, n) for n in ("gold.tbf", "system.tbf", "tkn"))
    argv = ["-g", gold, "-s", system, "-t", tokens, *(a.format(out=out) for a in arguments)]
    return [sys.executable, "-c", f"import sys\n{patch}\nsys.argv[1:] = {argv!r}\n{SCORE}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    for name, (task, arguments, a, b) in FORMS.items():
        if args.only and name not in args.only:
            continue
        times: dict[str, list[float]] = {"A": [], "B": []}
        for _ in range(args.runs):
            for label, (patch, env) in (("A", a), ("B", b)):
                with tempfile.TemporaryDirectory() as out:
                    times[label].append(_cpu(_command(args.corpus, arguments, patch, out), env))
        with_, without = statistics.median(times["A"]), statistics.median(times["B"])
        print(f"{name:<30} {task:<46} with {with_:6.2f} s  without {without:6.2f} s  ratio {without / with_:5.2f}x"
              f"   (A {' '.join(f'{t:.2f}' for t in times['A'])}; B {' '.join(f'{t:.2f}' for t in times['B'])})",
              flush=True)


if __name__ == "__main__":
    main()
