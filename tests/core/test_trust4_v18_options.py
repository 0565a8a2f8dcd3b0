"""Options v1.8 only logs (issue 31, item 19): `-t` naming no folder (v1.8 stays in token mode and looks in
the current folder) and `-of x` (v1.8 keeps columns 2,3). Ours scores the same bytes with a warning.

v1.8's runs are recorded in tests/data/v18_recorded/options (record.sh; see SOURCE.md there).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.programs import installed

RECORDED = Path(__file__).resolve().parent.parent / "data" / "v18_recorded" / "options"
DEMO = RECORDED.parent.parent / "evmeval" / "scoring_demo" / "token_based"
GOLD, SYSTEM = DEMO / "gold.tbf", DEMO / "sample_system_C.tbf"
MISSING_T = ("evmeval-score: warning: -t no_such_folder: no such folder; v1.8 stays in token mode and looks for the "
             "token tables in the current folder, so do we (expected a folder of <doc id>.tab token tables)")
OF_X = ("evmeval-score: warning: -of x: not column numbers; v1.8 logs an error and reads columns 2,3, so do we "
        "(expected two column numbers like 2,3)")


def _score(out: Path, *options: str, cwd: Path, pure: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-score"), "-g", str(GOLD), "-s", str(SYSTEM), "-o",
                           str(out / "scores.txt"), "-d", str(out / "comparison.txt"), *options],
                          capture_output=True, text=True, timeout=120, check=False, cwd=cwd,
                          env=dict(os.environ, EVMEVAL_PURE_PYTHON="1" if pure else "0"))


def _recorded(name: str) -> tuple[bytes, bytes]:
    assert "exit code: 0" in (RECORDED / f"{name}.v18.txt").read_text(encoding="utf-8")
    return (RECORDED / f"{name}.scores.txt").read_bytes(), (RECORDED / f"{name}.comparison.txt").read_bytes()


def _written(out: Path) -> tuple[bytes, bytes]:
    return (out / "scores.txt").read_bytes(), (out / "comparison.txt").read_bytes()


@pytest.mark.parametrize("pure", [False, True], ids=["kernel-if-any", "pure-python"])
def test_t_naming_no_folder_scores_from_the_current_folder_with_a_warning(pure: bool, tmp_path: Path) -> None:
    assert "Cannot find token file for doc [example1] at [./example1.tab]" in \
        (RECORDED / "tkn_missing.v18.txt").read_text(encoding="utf-8")
    done = _score(tmp_path, "-t", "no_such_folder", cwd=tmp_path, pure=pure)
    assert done.returncode == 0, done.stderr
    assert _written(tmp_path) == _recorded("tkn_missing")
    lines = done.stderr.splitlines()
    assert MISSING_T in lines
    assert f"evmeval-score: warning: {GOLD}:1: no token table for document 'example1' (expected a file example1.tab " \
           "in the token folder)" in lines  # as v1.8 logs each table it cannot find in ./


def test_t_naming_no_folder_reads_the_tables_of_the_current_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    done = _score(out, "-t", "no_such_folder", cwd=DEMO / "tkn")
    assert done.returncode == 0, done.stderr
    assert done.stderr == MISSING_T + "\n"  # the tables were found: no other warning
    assert _written(out) == _recorded("tkn_missing")


@pytest.mark.parametrize("pure", [False, True], ids=["kernel-if-any", "pure-python"])
def test_of_letters_reads_columns_2_3_with_a_warning(pure: bool, tmp_path: Path) -> None:
    assert "Token offset argument should be two integer" in (RECORDED / "of_letters.v18.txt").read_text(
        encoding="utf-8")
    done = _score(tmp_path, "-t", str(DEMO / "tkn"), "-of", "x", cwd=tmp_path, pure=pure)
    assert (done.returncode, done.stderr) == (0, OF_X + "\n")
    assert _written(tmp_path) == _recorded("of_letters")


def test_strict_refuses_both_and_writes_nothing(tmp_path: Path) -> None:
    done = _score(tmp_path, "-t", "no_such_folder", "-of", "x", "--strict", cwd=tmp_path)
    assert done.returncode == 1
    assert OF_X.replace("warning", "error") in done.stderr.splitlines()
    assert MISSING_T.replace("warning", "error") in done.stderr.splitlines()
    assert list(tmp_path.iterdir()) == []


def test_of_with_one_column_is_still_refused(tmp_path: Path) -> None:
    # v1.8 reads `-of 2` as [2] and crashes (IndexError) at the first token table: refused before any work
    done = _score(tmp_path, "-t", str(DEMO / "tkn"), "-of", "2", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == "evmeval-score: error: -of: offset fields must be two column numbers like 2,3, not '2'\n"
    assert list(tmp_path.iterdir()) == []


def test_of_with_three_columns_reads_the_first_two_with_a_warning(tmp_path: Path) -> None:
    done = _score(tmp_path, "-t", str(DEMO / "tkn"), "-of", "2,3,4", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "evmeval-score: warning: -of 2,3,4: 3 column numbers; v1.8 reads the "
                                                 "first two, 2,3, so do we (expected two column numbers like 2,3)\n")
    assert _written(tmp_path) == _recorded("of_three")
