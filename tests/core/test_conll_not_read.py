"""`evmeval-conll` on files it reads no document from (issue 32 item 9): a file that is not CoNLL (a tbf file)
printed zeros with exit 0 and is now refused with its line; a `#begin document(` without the space scorer.pl
needs keeps scorer.pl's figures (zero documents read, every figure 0) and says why, as does an empty file."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.programs import installed

RECORDED = Path(__file__).resolve().parent.parent / "data" / "coref" / "recorded"
REFERENCE_SCORER = Path(os.environ.get("EVMEVAL_REF", "/nonexistent")) / "reference-coreference-scorers-8.01"


def _conll(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-conll"), *map(str, paths)], capture_output=True, text=True)


def test_a_tbf_file_is_refused_with_its_line(tmp_path: Path) -> None:
    tbf = tmp_path / "run.tbf"
    tbf.write_text("#BeginOfDocument d1\nsys\td1\tE1\t0,3\tfoo\tAttack\tActual\n#EndOfDocument\n")
    run = _conll(tbf, tbf)
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr == (f"evmeval-conll: error: {tbf}:1: not CoNLL coreference: this line comes before any "
                          "#begin document (expected #begin document (NAME); part 000, then token lines whose last "
                          "tab-separated column holds marks like (3), (3 or 3), then #end document)\n")


def test_begin_without_the_space_keeps_scorer_pl_figures_and_says_why(tmp_path: Path) -> None:
    run = _conll(RECORDED / "unspaced_begin.conll", RECORDED / "unspaced_begin.conll")
    assert run.returncode == 0
    assert run.stdout == (RECORDED / "unspaced_begin.scorer_pl.txt").read_text()
    warning = (f"evmeval-conll: warning: {RECORDED / 'unspaced_begin.conll'}:1: '#begin document(' lacks the space "
               "the reference scorer v8.01 needs after 'document', so no document was read (v8.01 reads none either: "
               "every figure is 0) (expected #begin document (NAME); part 000)\n")
    assert run.stderr == warning * 2  # key and response


def test_an_empty_file_scores_zero_with_a_warning(tmp_path: Path) -> None:
    empty = tmp_path / "empty.conll"
    empty.write_text("")
    run = _conll(empty, empty)
    assert run.returncode == 0
    assert run.stdout == (RECORDED / "unspaced_begin.scorer_pl.txt").read_text()  # zero documents, the same zeros
    assert run.stderr.count("no document in the file: every figure is 0") == 2


@pytest.mark.skipif(shutil.which("perl") is None or not (REFERENCE_SCORER / "scorer.pl").is_file(),
                    reason="needs perl and the reference scorer v8.01 (EVMEVAL_REF)")
def test_the_recording_is_what_scorer_pl_prints_now() -> None:
    case = RECORDED / "unspaced_begin.conll"
    perl = subprocess.run(["perl", "scorer.pl", "all", str(case), str(case), "none"], cwd=REFERENCE_SCORER,
                          capture_output=True, text=True, check=True).stdout
    assert perl.split("\n", 1)[1] == (RECORDED / "unspaced_begin.scorer_pl.txt").read_text()
