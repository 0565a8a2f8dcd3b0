"""`evmeval-score --help`, `--version` and a usage error are answered before the scorer is imported (the
console entry parses with `evmeval.cli.score_options` first): no scoring, report or mapping module loads,
so the command starts quickly. Measured by `benchmarks/run.py`'s start-up row, never timed here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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
