"""Parity with the published scorer v1.8: same bytes for the score report (-o) and comparison file (-d).

The expected files are the published scorer's own outputs on the public demo data (see
../shared/data/evmeval/SOURCE.md for the exact runs). Any change in mapping, rounding, padding or
ordering shows up here as a byte difference.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.cli.score import score_main

TOKEN_SYSTEMS = ["A", "B", "C", "D"]


def _token_run(data: Path, system: str) -> tuple[list[str], Path]:
    demo = data / "scoring_demo" / "token_based"
    args = ["-g", str(demo / "gold.tbf"), "-s", str(demo / f"sample_system_{system}.tbf"),
            "-t", str(demo / "tkn")]
    return args, data / "expected" / f"token_based_system_{system}"


def _char_run(data: Path) -> tuple[list[str], Path]:
    demo = data / "scoring_demo" / "char_based"
    args = ["-g", str(demo / "gold.tbf"), "-s", str(demo / "system_A.tbf")]
    return args, data / "expected" / "char_based_system_A"


def _runs(data: Path) -> dict[str, tuple[list[str], Path]]:
    runs = {f"token_{s}": _token_run(data, s) for s in TOKEN_SYSTEMS}
    runs["char_A"] = _char_run(data)
    return runs


RUN_NAMES = [f"token_{s}" for s in TOKEN_SYSTEMS] + ["char_A"]


@pytest.mark.parametrize("run", RUN_NAMES)
def test_report_and_comparison_are_byte_identical(run: str, evmeval_data: Path, tmp_path: Path) -> None:
    args, expected = _runs(evmeval_data)[run]
    out, cmp = tmp_path / "scores.txt", tmp_path / "comparison.txt"
    assert score_main([*args, "-o", str(out), "-d", str(cmp)]) == 0
    assert out.read_bytes() == (expected / "scores.txt").read_bytes()
    assert cmp.read_bytes() == (expected / "comparison.txt").read_bytes()


@pytest.mark.parametrize("run", RUN_NAMES)
def test_report_on_stdout_equals_expected_file(run: str, evmeval_data: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    args, expected = _runs(evmeval_data)[run]
    assert score_main(args) == 0
    captured = capsys.readouterr()
    assert captured.out == (expected / "scores.txt").read_text(encoding="utf-8")


def test_expected_files_are_distinct(evmeval_data: Path) -> None:
    """Guard against a parity test passing vacuously: the four token systems give four reports."""
    reports = {(evmeval_data / "expected" / f"token_based_system_{s}" / "scores.txt").read_bytes()
               for s in TOKEN_SYSTEMS}
    assert len(reports) == len(TOKEN_SYSTEMS)
