"""Ctrl+C ends every console program cleanly (issue "Trust, round 3", item 4), at any moment.

Each program runs on a corpus that keeps it busy for a moment and gets SIGINT to its process group
(what a terminal sends) while it imports its code, while it reads its inputs, and while it writes an
output: it must exit 130 with the one line `PROG: interrupted`, no traceback, no
process left, no temporary file, and every output either absent or identical to a normal run's.
The moments are found by watching the process through /proc (`tests.interrupts`): the programs
need no test hook.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.big_corpus import write_big_corpus
from tests.interrupts import (
    Trigger,
    assert_clean_interrupt,
    interrupt,
    mapped,
    needs_proc,
    outputs,
    reading,
    writing,
)
from tests.programs import installed

pytestmark = needs_proc

IMPORTING = mapped("_typing" if "_opcode" in sys.builtin_module_names else "_opcode")
"""An extension module every program loads with its own code, after the entry module installed the handler:
`_opcode` (dataclasses -> inspect -> dis) where the interpreter builds it as a shared library (pyenv's), else
`_typing` (Debian's python3 has `_opcode` built in): the interrupt lands in the middle of the imports."""

PROGRAMS = {
    "evmeval-score": ["-g", "gold.tbf", "-s", "system.tbf", "-t", "tkn", "-o", "OUT/report.txt",
                      "-d", "OUT/comparison.txt", "--json", "OUT/scores.json", "-c", "OUT/coref"],
    "evmeval-validate": ["system.tbf", "-t", "tkn"],
    "evmeval-iaa": ["gold.tbf", "system.tbf", "system_b.tbf", "-t", "tkn", "-o", "OUT/iaa.txt",
                    "--json", "OUT/iaa.json"],
    "evmeval-brat2tbf": ["-d", "ann", "-t", "tkn", "-o", "OUT/converted.tbf"],
    "evmeval-conll": ["key.conll", "response.conll", "--json", "OUT/conll.json"],
    "evmeval-compare": ["-g", "gold.tbf", "-s", "system.tbf", "-s", "system_b.tbf", "-t", "tkn",
                        "--json", "OUT/compare.json", "--html", "OUT/compare.html", "--csv", "OUT/csv"],
    "evmeval-convert": ["--to", "brat", "-t", "tkn", "system.tbf", "-o", "OUT/ann"],
}
"""Program -> its arguments, run in the corpus folder; OUT stands for its output folder."""
READS_TABLES = ("evmeval-score", "evmeval-validate", "evmeval-brat2tbf", "evmeval-compare", "evmeval-convert")
"""The programs reading one token table per document: long enough to be caught at it."""
WRITES = ("evmeval-score", "evmeval-iaa", "evmeval-convert")
"""The programs whose largest output (JSON) takes long enough to be caught while it is written
(`evmeval-convert`: one brat file per document, a temporary file open for each)."""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("interrupt") / "corpus"
    write_big_corpus(folder, 1000)  # 2,000 token tables: reading them lasts long enough to be met
    return folder


def _command(program: str, out: str) -> list[str]:
    """The program's command line with its outputs in folder `out` of the corpus."""
    return [installed(program), *(arg.replace("OUT", out) for arg in PROGRAMS[program])]


@pytest.fixture(scope="module")
def normal(corpus: Path) -> Callable[[str], dict[str, bytes]]:
    """A program's outputs (relative to its output folder) from a run that was not interrupted, made
    when first asked for."""
    found: dict[str, dict[str, bytes]] = {}

    def outputs_of(program: str) -> dict[str, bytes]:
        if program not in found:
            out = corpus / f"normal-{program}"
            out.mkdir()
            done = subprocess.run(_command(program, out.name), cwd=corpus, capture_output=True, timeout=120,
                                  check=False)
            assert done.returncode == 0, done.stderr
            found[program] = outputs(out)
        return found[program]

    return outputs_of


def _interrupted(corpus: Path, program: str, trigger: Callable[[], Trigger],
                 normal: Callable[[str], dict[str, bytes]], tries: int = 20) -> None:
    out = corpus / "out"

    def prepare() -> None:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir()

    try:
        run = interrupt(_command(program, out.name), trigger, cwd=corpus, prepare=prepare, tries=tries)
        assert_clean_interrupt(run, program, corpus, out, normal(program) if outputs(out) else {})
    finally:
        shutil.rmtree(out, ignore_errors=True)


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_ctrl_c_while_importing(corpus: Path, normal, program: str) -> None:
    _interrupted(corpus, program, lambda: IMPORTING, normal)


@pytest.mark.parametrize("program", READS_TABLES)
def test_ctrl_c_while_reading(corpus: Path, normal, program: str) -> None:
    # A table is open for a sliver of each document's work (evmeval-convert writes a brat file between two
    # tables: about one poll in ten meets one open), so the moment gets more tries than the others.
    _interrupted(corpus, program, lambda: reading(corpus / "tkn"), normal, tries=80)


@pytest.mark.parametrize("program", WRITES)
def test_ctrl_c_while_writing(corpus: Path, normal, program: str) -> None:
    """While an output's temporary file is open (`evmeval-score`: its forked child checks the inputs
    meanwhile, and no process may be left)."""
    _interrupted(corpus, program, writing, normal)
