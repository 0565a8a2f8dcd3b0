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
NO_PARTITION = "import evmeval.coref.metrics as m; m._Partition.of = classmethod(lambda cls, key, response: None)"
NO_ROW_LOOKUP = ("import evmeval.io.loading as l, evmeval.io.tokens as t; "
                 "l.find_unknown_token_ids = lambda path, ids: (lambda known: [i for i in ids if i not in known])"
                 "(t.read_token_ids(path))")
NO_SHORTCUT = ("import evmeval.coref.explain as e; f = e.explain_lines; "
               "e.explain_lines = lambda *a, **k: f(*a, **{**k, 'shortcut': False})")
NO_BULK = "import evmeval.io.validate as v; v._clusters_clean = lambda relations, first: False"
PURE = {"EVMEVAL_PURE_PYTHON": "1"}
MAVEN_ERE = ["--convention", "maven-ere", "-g", "{converted}/maven-ere-gold.jsonl",
             "-s", "{converted}/maven-ere-system.jsonl"]
"""On `maven_ere_bench.py`'s converted corpus (`--converted`): the task the coreference metrics' shared
indexes serve without the C kernel (MAVEN-ERE's convention scores its clusters in Python)."""

FORMS = {  # name: (task, arguments, A's (patch, env), B's (patch, env))
    "mention C kernel": ("evmeval-score -t -o", ["-o", "{out}/s.txt"], ("", {}), ("", PURE)),
    "mention C kernel, --json": ("evmeval-score -t -o --json", ["-o", "{out}/s.txt", "--json", "{out}/s.json"],
                                 ("", {}), ("", PURE)),
    "coref C kernel": ("evmeval-score -t -o -c", ["-o", "{out}/s.txt", "-c", "{out}/c"], ("", {}),
                       (NO_COREF_KERNEL, {})),
    "sequencing C kernel": ("evmeval-score -t -a -o", ["-o", "{out}/s.txt", "-a", "{out}/seq"], ("", {}),
                            (NO_SEQUENCING_KERNEL, {})),
    "coref shared indexes": ("evmeval-score -t -o -c", ["-o", "{out}/s.txt", "-c", "{out}/c"], ("", {}),
                             (NO_PARTITION, {})),
    "coref shared indexes, MAVEN-ERE": ("evmeval-score --convention maven-ere", MAVEN_ERE, ("", {}),
                                        (NO_PARTITION, {})),
    "coref shared indexes, pure": ("EVMEVAL_PURE_PYTHON=1 evmeval-score -t -o -c",
                                   ["-o", "{out}/s.txt", "-c", "{out}/c"], ("", PURE), (NO_PARTITION, PURE)),
    "single-mention clusters": ("evmeval-score -t -o -c --json",
                                ["-o", "{out}/s.txt", "-c", "{out}/c", "--json", "{out}/s.json"], ("", {}),
                                (NO_SHORTCUT, {})),
    "clusters checked in bulk": ("evmeval-score -t -o -c", ["-o", "{out}/s.txt", "-c", "{out}/c"], ("", {}),
                                 (NO_BULK, {})),
    "clusters checked in bulk, pure": ("EVMEVAL_PURE_PYTHON=1 evmeval-score -t -o -c",
                                       ["-o", "{out}/s.txt", "-c", "{out}/c"], ("", PURE), (NO_BULK, PURE)),
    "token ids by row": ("evmeval-score -t -o", ["-o", "{out}/s.txt"], ("", {}), (NO_ROW_LOOKUP, {})),
    "token ids by row, pure": ("EVMEVAL_PURE_PYTHON=1 evmeval-score -t -o", ["-o", "{out}/s.txt"], ("", PURE),
                               (NO_ROW_LOOKUP, PURE)),
}


def _cpu(command: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, env={**os.environ, **env}, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _command(corpus: str, arguments: list[str], patch: str, out: str, converted: str = "") -> list[str]:
    gold, system, tokens = (os.path.join(corpus, n) for n in ("gold.tbf", "system.tbf", "tkn"))
    given = [a.format(out=out, converted=converted) for a in arguments]
    argv = given if given[0] == "--convention" else ["-g", gold, "-s", system, "-t", tokens, *given]
    return [sys.executable, "-c", f"import sys\n{patch}\nsys.argv[1:] = {argv!r}\n{SCORE}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--converted", default="", help="maven_ere_bench.py's converted/ folder (MAVEN-ERE forms)")
    args = parser.parse_args()
    for name, (task, arguments, a, b) in FORMS.items():
        if args.only and name not in args.only:
            continue
        times: dict[str, list[float]] = {"A": [], "B": []}
        for _ in range(args.runs):
            for label, (patch, env) in (("A", a), ("B", b)):
                with tempfile.TemporaryDirectory() as out:
                    times[label].append(_cpu(_command(args.corpus, arguments, patch, out, args.converted), env))
        with_, without = statistics.median(times["A"]), statistics.median(times["B"])
        print(f"load {os.getloadavg()[0]:.1f}  {name:<30} {task:<46}\n"
              f"    with {with_:6.2f} s  without {without:6.2f} s  ratio {without / with_:5.2f}x"
              f"   (A {' '.join(f'{t:.2f}' for t in times['A'])}; B {' '.join(f'{t:.2f}' for t in times['B'])})",
              flush=True)


if __name__ == "__main__":
    main()
