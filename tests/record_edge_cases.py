"""Re-record what the published scorers print on the edge cases in tests/data/conventions/recorded/ (README.md there).

    BIONLP_EVAL=.../a2-evaluate.pl MAVEN_DIR=.../MAVEN-dataset MAVEN_ERE_DIR=.../MAVEN-ERE \\
    DYGIEPP_DIR=.../dygiepp python -m tests.record_edge_cases

Each scorer whose variable is unset is left out (its recordings stay as they are). The MAVEN scripts need
numpy, scikit-learn and scipy (and DyGIE++'s only the standard library: torch and allennlp are stubbed
by tests/published_scorers.py); nothing of the scorers is copied, their output is what is written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.published_scorers import DygieppScorer, MavenEreScorer, MavenScorer

RECORDED = Path(__file__).resolve().parent / "data" / "conventions" / "recorded"
BIONLP_CASES = ("bionlp_binding_order", "bionlp_nothing")
BIONLP_FLAGS = ((), ("-s",), ("-p",), ("-s", "-p"))
MAVEN_CASES = ("maven_empty",)
MAVEN_ERE_CASES = ("maven_ere_empty", "maven_ere_id_only")
DYGIEPP_CASES = ("dygiepp_two_datasets",)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _write_json(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def record_bionlp(script: str) -> None:
    """a2-evaluate.pl -t1 under each criterion, run in the case's folder: the command, then its stdout."""
    for case in BIONLP_CASES:
        folder = RECORDED / case
        answers = sorted(p.name for p in (folder / "answer").glob("*.a2"))
        out = []
        for flags in BIONLP_FLAGS:
            command = ["perl", script, "-g", "gold", "-t1", *flags, *(f"answer/{a}" for a in answers)]
            run = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=True, timeout=60)
            out.append(" ".join(["$ perl a2-evaluate.pl", *command[2:]]) + "\n" + run.stdout)
        (folder / "a2-evaluate.txt").write_text("".join(out), encoding="utf-8")


def record_maven(root: Path) -> None:
    scorer = MavenScorer(root)
    for case in MAVEN_CASES:
        folder = RECORDED / case
        with tempfile.TemporaryDirectory() as tmp:
            figures = scorer.score(Path(tmp), (folder / "gold.jsonl").read_text(encoding="utf-8"),
                                   (folder / "submission.jsonl").read_text(encoding="utf-8"))
        _write_json(folder / "evaluate.json", figures)


def record_maven_ere(root: Path) -> None:
    scorer = MavenEreScorer(root)
    for case in MAVEN_ERE_CASES:
        folder = RECORDED / case
        _write_json(folder / "evaluate.json", scorer.score(_lines(folder / "gold.jsonl"),
                                                           _lines(folder / "submission.jsonl")))


def record_dygiepp(root: Path) -> None:
    scorer = DygieppScorer(root)
    for case in DYGIEPP_CASES:
        folder = RECORDED / case
        _write_json(folder / "metrics.json", scorer.score_by_dataset(_lines(folder / "gold.jsonl"),
                                                                     _lines(folder / "pred.jsonl")))


def main() -> int:
    done = []
    if os.environ.get("BIONLP_EVAL"):
        record_bionlp(os.environ["BIONLP_EVAL"])
        done.append("bionlp")
    for variable, record in (("MAVEN_DIR", record_maven), ("MAVEN_ERE_DIR", record_maven_ere),
                             ("DYGIEPP_DIR", record_dygiepp)):
        if os.environ.get(variable):
            record(Path(os.environ[variable]))
            done.append(variable)
    print("recorded: " + (", ".join(done) or "nothing (no scorer named)"), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
