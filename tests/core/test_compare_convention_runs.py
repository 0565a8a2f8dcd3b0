"""The one library function behind `evmeval-compare --convention` and the window's Conventions page (issue 36):
the runs' figures with intervals and every pair's tests from the files, with progress and cancel, and the
conventions a format is compared under."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from evmeval._util.progress import Cancelled
from evmeval.compare.convention_runs import compare_convention, compared_conventions, run_names
from evmeval.compare.significance import ResampleSettings
from evmeval.conventions.base import Input
from evmeval.conventions.options import ConventionOptions
from evmeval.io.errors import FormatError
from evmeval.report.compare_units import units_files

from tests.programs import installed
from tests.shipped import EXAMPLES

GOLD, RUN_A, RUN_B = (EXAMPLES / f"compare_{name}.jsonl" for name in ("gold", "run_a", "run_b"))
SETTINGS = ResampleSettings(1000, 2016, 0.95)


def _given(path: Path) -> Input:
    return Input(str(path), path.read_bytes())


def test_the_function_gives_what_the_command_writes(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    subprocess.run([installed("evmeval-compare"), "-g", str(GOLD), "-s", str(RUN_A), "-s", str(RUN_B), "--convention",
                    "textee", "--resamples", "1000", "--json", str(out)], check=True, capture_output=True)
    steps: list[tuple[int, int]] = []
    done = compare_convention("textee", _given(GOLD), [_given(RUN_A), _given(RUN_B)], settings=SETTINGS,
                              progress=lambda d, t: steps.append((d, t)))
    cli = json.loads(out.read_text(encoding="utf-8"))
    written = units_files(done.comparison, gold=str(GOLD), paths=[str(RUN_A), str(RUN_B)], warnings=done.warnings,
                          arguments=done.arguments, triggers=done.triggers, json_path="c.json")
    assert json.loads(written["c.json"]) == cli
    assert all("argument_changes" in pair for pair in cli["pairs"])  # TextEE names its arguments: they are listed
    assert steps == [(1, 3), (2, 3), (3, 3)]  # each run read and counted, then the resampling
    tri = next(i for m, f, i in done.comparison.figure_rows() if m == "trigger_id" and f == "f1")
    # run b finds all 15 gold triggers and predicts nothing else: F1 1 whatever the resample
    assert (tri[1].estimate, tri[1].ci_low, tri[1].ci_high) == (1.0, 1.0, 1.0)
    a, b, metric, test = next(done.comparison.test_rows())
    assert (a, b, metric, test.figure) == ("compare_run_a", "compare_run_b", "trigger_id", "precision")


def test_a_cancel_stops_between_runs() -> None:
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 1  # yes once the first run is counted

    with pytest.raises(Cancelled):
        compare_convention("textee", _given(GOLD), [_given(RUN_A), _given(RUN_B)], settings=SETTINGS,
                           cancelled=cancelled)
    assert len(asked) == 2


def test_bad_input_and_a_refused_option_are_said() -> None:
    said = "compare_run_a.jsonl:1: a TextEE/OneIE window JSONL file; the convention maven reads MAVEN JSONL"
    with pytest.raises(FormatError, match=re.escape(said)):
        compare_convention("maven", _given(EXAMPLES / "maven_gold.jsonl"), [_given(RUN_A), _given(RUN_B)],
                           settings=SETTINGS)
    with pytest.raises(ValueError, match="--match-mode is read by --convention uie only"):
        compare_convention("textee", _given(GOLD), [_given(RUN_A), _given(RUN_B)], settings=SETTINGS,
                           options=ConventionOptions(match_mode="set"))


def test_the_conventions_a_format_is_compared_under() -> None:
    assert compared_conventions("textee") == ("textee", "evmeval")
    assert compared_conventions("textee", strings_given=True) == ("textee", "evmeval", "strings")
    assert compared_conventions("maven") == ("maven",)
    assert compared_conventions("dygiepp") == ("dygiepp", "evmeval")
    assert compared_conventions("casie") == ()
    assert run_names(["x/run.jsonl", "y/run.jsonl", "z/b.json"]) == ["run", "run (2)", "b.json"]
