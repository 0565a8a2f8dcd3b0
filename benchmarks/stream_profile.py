"""Where the CPU of `evmeval-score --convention maven-ere|maven|textee` goes (issue 37), in-process, the cyclic
collector off as `evmeval-score` runs, on `maven_ere_bench.py`'s converted corpus (4,480 documents).

    python benchmarks/stream_profile.py [--conventions maven-ere maven textee] [--runs 3] [--cprofile 25]

Each phase is the CPU (user + system) of a larger piece of the same path, the smallest of `--runs`; a phase's
own share is the difference from the piece before it:
  imports   `evmeval.cli.score` and what `--convention` imports (a fresh process pays them once)
  json      `json.loads` alone on every line of both files (already split into lines)
  decode    `JsonLines` over both files: reading a line at a time, UTF-8, the sha256, `json.loads`
  records   the format's stream over both files: decode + every record's checks and objects
  counting  the convention's score function: records + the per-document counts and the figures
  report    `score_main` whole: score + the report and `--json` written, the switchboard's bookkeeping
`--cprofile N` then prints the N functions with the most own time under cProfile (which inflates Python
calls several times over: the shares inside a phase, not its seconds). Not a test: figures depend on the
machine; quote the load printed beside them.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from maven_ere_bench import cache_root, ensure_converted, ensure_corpus


def _least_cpu(work: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def _loads_only(paths: tuple[Path, Path]) -> float:
    lines = [line for path in paths for line in path.read_bytes().split(b"\n") if line]
    start = time.process_time()
    for line in lines:
        json.loads(line)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conventions", nargs="+", default=["maven-ere", "maven", "textee"],
                        choices=["maven-ere", "maven", "textee"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cprofile", type=int, default=0, metavar="N")
    args = parser.parse_args()
    conv = ensure_converted(ensure_corpus(cache_root() / "maven-ere-seed26"))
    files = {"maven-ere": (conv / "maven-ere-gold.jsonl", conv / "maven-ere-system.jsonl"),
             "maven": (conv / "maven-gold.jsonl", conv / "maven-system.jsonl"),
             "textee": (conv / "textee-gold" / "gold.jsonl", conv / "textee-system" / "system.jsonl")}
    gc.disable()
    start = time.process_time()
    from evmeval.cli.score import score_main
    from evmeval.conventions.cli import run_conventions  # noqa: F401  (what --convention imports)
    from evmeval.report import candidate_curation, switchboard_html  # noqa: F401
    imports = time.process_time() - start
    from evmeval.conventions.base import Input
    from evmeval.conventions.maven import score_maven
    from evmeval.conventions.maven_ere import score_maven_ere
    from evmeval.conventions.textee import score_textee
    from evmeval.io.jsonlines import JsonLines
    from evmeval.io.maven import stream_maven
    from evmeval.io.maven_ere import stream_maven_ere
    from evmeval.io.textee import stream_textee

    streams = {"maven-ere": stream_maven_ere, "maven": stream_maven, "textee": stream_textee}
    scores = {"maven-ere": score_maven_ere, "maven": score_maven, "textee": score_textee}
    print(f"imports {imports:.3f} s; load {os.getloadavg()[0]:.1f}")
    print("convention | json.loads | decode | records | counting | report | command (without imports)")
    for name in args.conventions:
        gold, system = files[name]
        paths = (str(gold), str(system))
        loads = _loads_only((gold, system))
        stream, score_files = streams[name], scores[name]
        decode = _least_cpu(lambda paths=paths: [None for p in paths for _ in JsonLines(p)], args.runs)
        records = _least_cpu(lambda paths=paths, stream=stream: [None for p in paths for _ in stream(p)], args.runs)
        score = _least_cpu(lambda paths=paths, score_files=score_files: score_files(Input(paths[0]), Input(paths[1])),
                           args.runs)
        with tempfile.TemporaryDirectory() as tmp:
            argv = ["--convention", name, "-g", paths[0], "-s", paths[1], "-o", f"{tmp}/report.txt",
                    "--json", f"{tmp}/scores.json"]
            command = _least_cpu(lambda argv=argv: score_main(argv), args.runs)
            print(f"{name} | {loads:.3f} | {decode:.3f} | +{records - decode:.3f} | +{score - records:.3f} | "
                  f"+{command - score:.3f} | {command:.3f}; load {os.getloadavg()[0]:.1f}", flush=True)
            if args.cprofile:
                profile = cProfile.Profile()
                profile.runcall(score_main, argv)
                pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(args.cprofile)


if __name__ == "__main__":
    main()
