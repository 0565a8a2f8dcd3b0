"""Every example that ships in `resources/examples` (issue 32 item 7), run exactly as its README shows it: the
table's commands are read from the README, so a command a newcomer copies is one the tests ran. A few figures
are derived here by hand; the others are derived in each format's own test module, on the same files."""

from __future__ import annotations

import re
import shlex
import subprocess

import pytest

from tests.programs import installed
from tests.shipped import EXAMPLES

ROOT = EXAMPLES.parent.parent
COMMANDS = re.findall(r"^\|[^|]+\|[^|]+\| `(evmeval-[^`]+)` \|$", (EXAMPLES / "README.md").read_text(), re.M)


def _run(command: str) -> subprocess.CompletedProcess[str]:
    program, *arguments = shlex.split(command)
    return subprocess.run([installed(program), *arguments], cwd=ROOT, capture_output=True, text=True)


def test_the_readme_lists_a_command_for_every_format() -> None:
    assert len(COMMANDS) == 11


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_of_the_examples_readme_runs_clean(command: str) -> None:
    run = _run(command)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # no warning: the examples are clean files
    assert run.stdout.strip()


NOT_ALONE = ("resources/demo", "resources/examples/bionlp/answer", "resources/examples/conll",
             "resources/examples/strings_judgements.jsonl")
"""Validated otherwise: tbf with token ids needs its token tables (test_demo_corpus.py), a BioNLP answer names
the gold's .a1 proteins, evmeval-validate does not read CoNLL (evmeval-conll checks it), and a judgement file
is checked against its run's inputs (test_judgements.py)."""


@pytest.mark.parametrize("path", sorted({p for c in COMMANDS for p in shlex.split(c)[1:]
                                         if p.startswith("resources/") and not p.startswith(NOT_ALONE)}))
def test_every_example_validates(path: str) -> None:
    run = _run(f"evmeval-validate {path}")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(f"{path}: OK (")


def test_figures_derived_by_hand() -> None:
    # CASIE: the system has 2 mentions, both on a gold span and type (breached, breach); gold has 3 (+ released).
    # Span: P = 2/2, R = 2/3, F1 = 2 * 1 * (2/3) / (1 + 2/3) = 0.8; realis: only breached agrees, P 1/2, R 1/3.
    casie = _run(next(c for c in COMMANDS if "casie" in c)).stdout
    assert "                     plain\t100.00\t66.67\t80.00" in casie
    assert "             realis_status\t50.00\t33.33\t40.00" in casie
    # brat: annotator 1 marks strike, walked, closed; annotator 2 strike and "walked out". Dice credit
    # 1 + 2*6/(6+10) = 1.75; P = 1.75/2, R = 1.75/3, F1 = 2PR/(P+R) = 0.70.
    iaa = _run(next(c for c in COMMANDS if "evmeval-iaa" in c)).stdout
    assert "[1]     100.00   70.00" in iaa
    # CoNLL, MUC: key {strike, walked} {closed}: 1 link; response {strike} {walked, closed}: 1 link; none shared.
    conll = _run(next(c for c in COMMANDS if "evmeval-conll" in c) + " --metric muc").stdout
    assert "Coreference: Recall: (0 / 1) 0%\tPrecision: (0 / 1) 0%\tF1: 0%" in conll
