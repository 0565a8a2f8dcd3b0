"""`evmeval-score --help`, `--version` and a usage error are answered before the scorer is imported (the
console entry parses with `evmeval.cli.score_options` first): no scoring, report or mapping module loads,
so the command starts quickly. Measured by `benchmarks/run.py`'s start-up row, never timed here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval.conventions import REGISTRY

PROBE = """
import json, sys
sys.argv = ["evmeval-score", *sys.argv[1:]]
from evmeval.cli.entry import score
try:
    score()
except SystemExit as exc:
    code = exc.code
sys.__stderr__.write("\\nMODULES " + json.dumps(sorted(m for m in sys.modules if m.startswith("evmeval"))) + "\\n")
sys.exit(code)
"""
HEAVY = ("evmeval.cli.score.", "evmeval.cli.fastpath.", "evmeval.report.text.", "evmeval.report.run.",
         "evmeval.align.greedy.", "evmeval.align.strategies.", "evmeval.api.")
"""Modules of the scoring run (with their submodules)."""
DEMO = Path(__file__).resolve().parent.parent / "data" / "evmeval" / "scoring_demo" / "token_based"
INSIDE = ("evmeval.mention.", "evmeval.coref.", "evmeval.sequencing.")
"""Packages whose modules must not load (the packages themselves are empty: `--version` looks in them for the
C kernels)."""


@pytest.mark.parametrize(("argv", "code", "says"), [
    (["--help"], 0, "usage: evmeval-score"),
    (["--version"], 0, "evmeval-score 0.1.0"),
    (["-s", "run.tbf"], 2, "the following arguments are required: -g/--gold"),
])
def test_options_are_answered_without_the_scorer(argv: list[str], code: int, says: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == code, done.stderr
    assert says in done.stdout + done.stderr
    loaded = json.loads(done.stderr.rsplit("MODULES ", 1)[1])
    assert "evmeval.cli.score_options" in loaded
    assert not [m for m in loaded if f"{m}.".startswith(HEAVY) or m.startswith(INSIDE)], loaded


def test_help_lists_every_option_group() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, "--help"], capture_output=True, text=True, timeout=60)
    for option in ("--strategy", "--scheme", "--coref", "--coref_mapping", "--sequencing", "--sequencing-closure",
                   "--convention", "-te"):
        assert option in done.stdout
    assert "{greedy,optimal,ordered}" in done.stdout and "{dice,muc}" in done.stdout


RUN_PROBE = """
import json, os, sys
sys.argv = ["evmeval-score", *sys.argv[1:]]
leave = os._exit
def report(code):
    sys.__stderr__.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
    sys.__stderr__.flush()
    leave(code)
os._exit = report
from evmeval.cli.entry import score
score()
"""
PYTHON_PATH_ONLY = ("evmeval.io.loading", "evmeval.io.input_checks", "evmeval._util.forked",
                    "evmeval.cli.sequencing", "evmeval.sequencing.scoring", "evmeval.coref.scoring",
                    "evmeval.mention.scoring", "evmeval.report.run", "evmeval.align.strategies",
                    "evmeval.align.greedy", "evmeval.align.overlap", "evmeval.align.charsets")
"""What only the Python path (or -a, -c) needs: a plain `-o` run on the C kernel loads none of it (issue 37: the
scoring's classes and the mapping code were about a fifth of the run's CPU)."""


def test_a_plain_report_run_on_the_kernel_loads_only_what_it_needs(tmp_path: Path) -> None:
    from evmeval.cli.fastpath import kernel_available

    if not kernel_available():
        pytest.skip("the C kernel is not built")
    report = tmp_path / "report.txt"
    done = subprocess.run([sys.executable, "-c", RUN_PROBE, "-g", str(DEMO / "gold.tbf"), "-s",
                           str(DEMO / "sample_system_A.tbf"), "-t", str(DEMO / "tkn"), "-o", str(report)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Document Mention Detection Results" in report.read_text()
    loaded = json.loads(done.stderr.rsplit("MODULES ", 1)[1])
    assert "evmeval.cli.fastpath" in loaded
    assert [m for m in PYTHON_PATH_ONLY if m in loaded] == []
    assert "evmeval.mention.type_rows" in loaded  # what the kernel's report shares with the Python scoring



CONVENTION_MODULES = ("evmeval.conventions.bionlp", "evmeval.conventions.rams", "evmeval.conventions.omnievent",
                      "evmeval.conventions.paie", "evmeval.conventions.genarg", "evmeval.conventions.uie",
                      "evmeval.conventions.dygiepp", "evmeval.conventions.ours", "evmeval.conventions.maven",
                      "evmeval.conventions.maven_ere", "evmeval.conventions.maven_arg", "evmeval.conventions.textee",
                      "evmeval.conventions.strings", "evmeval.mention.scoring", "evmeval.io.bionlp",
                      "evmeval.io.rams", "evmeval.io.uie", "evmeval.io.omnievent", "evmeval.io.genarg",
                      "evmeval.io.casie", "evmeval.io.maven_arg")
"""Each convention's modules and readers (issue 37: `evmeval.conventions` imported them all to build its registry)."""
UNASKED = ("evmeval.conventions.ladder", "evmeval.conventions.ladder_run", "evmeval.conventions.switchboard",
           "evmeval.conventions.argument_pivot", "evmeval.report.switchboard_html",
           "evmeval.report.candidate_curation", "evmeval.agreement.judges")
"""What only --ladder, --html, --matching, `all` or --candidates use."""


@pytest.mark.parametrize(("name", "own"), [("maven", "evmeval.conventions.maven"),
                                           ("textee", "evmeval.conventions.textee")])
def test_one_convention_imports_only_its_own_modules(tmp_path: Path, name: str, own: str) -> None:
    from tests.shipped import EXAMPLES

    report = tmp_path / "report.txt"
    done = subprocess.run([sys.executable, "-c", RUN_PROBE, "--convention", name, "-g",
                           str(EXAMPLES / f"{name}_gold.jsonl"), "-s", str(EXAMPLES / f"{name}_pred.jsonl"),
                           "-o", str(report)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"Convention {name}: {REGISTRY[name].description}" in report.read_text()
    loaded = json.loads(done.stderr.rsplit("MODULES ", 1)[1])
    assert own in loaded
    assert [m for m in CONVENTION_MODULES + UNASKED if m in loaded and m != own] == []


def test_the_registry_names_what_ours_reads() -> None:
    from evmeval.conventions import ours

    assert REGISTRY["evmeval"].reads("textee") and REGISTRY["evmeval"].also_reads == tuple(ours.READERS)
