"""OmniEvent's argument extraction beside MAVEN-Arg's evaluation through the MAVEN-Arg pivot (issue 35 §5):
`evmeval-score --convention all` on OmniEvent lines with `arguments` sets omnievent's strict (or gold) EAE figure
beside maven-arg's Mention_Level, with what flips and why. The pivot's maven-arg figures are `--convention
maven-arg` on the pivot's files written out; each convention's outcomes add up to its figure (hypothesis, on the
generator of tests/core/test_omnievent_eae.py); the worked example of docs/scoring/argument-flips.md is the
command's output.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions.base import Input, with_options
from evmeval.conventions.flips import OTHER
from evmeval.conventions.omnievent_pivot import maven_arg_pivot, omnievent_board
from evmeval.conventions.published_arguments import counts_from_outcomes
from evmeval.io.errors import FormatError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.seeded_maven_arg import published_figures
from tests.core.seeded_omnievent_eae import eae_lines
from tests.core.test_maven_arg import _printed
from tests.core.test_omnievent_eae_cli import _worked
from tests.programs import installed

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "scoring" / "argument-flips.md"


def _run(program: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=300)


def _guide_lines() -> tuple[str, str]:
    """The worked example's gold and prediction lines, as the guide shows them."""
    page = GUIDE.read_text(encoding="utf-8")
    section = page[page.index("### omnievent and maven-arg: a worked example"):]
    block = re.search(r"```text\n(\{.*?)\n```", section, re.S)
    assert block is not None
    gold, pred = block.group(1).splitlines()
    return gold + "\n", pred + "\n"


def _guide_board() -> str:
    page = GUIDE.read_text(encoding="utf-8")
    section = page[page.index("### omnievent and maven-arg: a worked example"):]
    block = re.search(r"```text\n(Metric .*?)```", section, re.S)
    assert block is not None
    return block.group(1)


def _write(tmp: Path, gold: str, pred: str) -> tuple[Path, Path]:
    (tmp / "gold.jsonl").write_text(gold, encoding="utf-8")
    (tmp / "pred.jsonl").write_text(pred, encoding="utf-8")
    return tmp / "gold.jsonl", tmp / "pred.jsonl"


def test_the_guides_worked_example_is_the_commands_board(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, *_guide_lines())
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "all", "--regime", "sl",
                "--json", tmp_path / "out.json")
    assert (done.returncode, done.stderr) == (0, "")
    assert _guide_board() in done.stdout
    assert "nothing to be set beside" not in done.stdout  # the arguments' board sets it beside maven-arg
    assert "Left out" not in done.stdout
    whole = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "resources" / "schemas" / "convention.schema.json").read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors(whole))
    made = whole["arguments"]
    assert [c["name"] for c in made["columns"]] == ["omnievent", "maven-arg"]
    assert made["left_out"] == {}
    [pair] = made["flips"]
    assert (pair["a"], pair["b"], pair["total"]) == ("omnievent", "maven-arg", 6)
    cells = made["rows"][0]["cells"]
    assert (cells["omnievent"]["metric"], cells["maven-arg"]["metric"]) == ("eae_strict", "Mention_Level")
    omni = cells["omnievent"]
    assert (omni["match_num"], omni["pred_num"], omni["gold_num"]) == (2, 4, 5)
    assert cells["maven-arg"]["f1"] == pytest.approx(0.5)


CASES = [("guide", "sl", False), ("seed-3", "sl", False), ("seed-5", "tc", True), ("seed-8", "mrc", False),
         ("seed-12", "tc", False)]


def _case(name: str, regime: str, golden: bool) -> tuple[str, str]:
    return _guide_lines() if name == "guide" else eae_lines(int(name.split("-")[1]), regime, golden)


@pytest.mark.parametrize(("name", "regime", "golden"), CASES)
def test_the_pivots_figures_are_maven_arg_on_the_files_written(tmp_path: Path, name: str, regime: str,
                                                                 golden: bool) -> None:
    gold_text, pred_text = _case(name, regime, golden)
    gold, pred = _write(tmp_path, gold_text, pred_text)
    inputs = Input(str(gold)), with_options(Input(str(pred)), regime=regime)
    pivot = maven_arg_pivot(*inputs)
    board = omnievent_board(*inputs)
    assert pivot is not None and board is not None and board.left_out == {}
    ref = tmp_path / "ref"
    ref.mkdir()
    (ref / "test.unified.jsonl").write_bytes(pivot.gold)
    (ref / "test_prediction.jsonl").write_bytes(pivot.submission)
    (ref / "label2role.json").write_text(json.dumps(pivot.schema), encoding="utf-8")
    done = _run("evmeval-score", "-g", ref / "test.unified.jsonl", "-s", ref / "test_prediction.jsonl",
                "--convention", "maven-arg", "--json", tmp_path / "maven.json")
    assert done.returncode == 0, done.stderr
    written = json.loads((tmp_path / "maven.json").read_text(encoding="utf-8"))["conventions"]["maven-arg"]
    [pivoted] = [r for r in board.board.results if r.name == "maven-arg"]
    assert json.dumps(pivoted.to_json(), sort_keys=True) == json.dumps(written, sort_keys=True)  # NaN as NaN


RECORDED = ROOT / "tests" / "data" / "recorded" / "omnievent_maven_pivot.json"
"""evaluate.py's figures on each case's pivot files, recorded with the live test's harness (MAVEN-Arg at b267244)."""


def _pivot_files(name: str, regime: str, golden: bool) -> tuple[dict[str, bytes], Any]:
    gold, pred = _case(name, regime, golden)
    inputs = Input("gold.jsonl", gold.encode("utf-8")), with_options(Input("pred.jsonl", pred.encode("utf-8")),
                                                                      regime=regime)
    pivot, board = maven_arg_pivot(*inputs), omnievent_board(*inputs)
    assert pivot is not None and board is not None
    files = {"test.unified.jsonl": pivot.gold, "label2role.json": json.dumps(pivot.schema).encode("utf-8"),
             "test_prediction.jsonl": pivot.submission}
    [pivoted] = [r for r in board.board.results if r.name == "maven-arg"]
    return files, pivoted


@pytest.mark.parametrize(("name", "regime", "golden"), CASES)
def test_the_pivots_figures_are_evaluate_pys_recorded_ones(name: str, regime: str, golden: bool) -> None:
    """In CI: MAVEN-Arg's own evaluate.py printed these figures on these very files (their hash is recorded too:
    a pivot that writes other files must be recorded again with the live test's harness)."""
    files, pivoted = _pivot_files(name, regime, golden)
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))["cases"][f"{name}-{regime}-{golden}"]
    made = hashlib.sha256(b"".join(files[k] for k in sorted(files))).hexdigest()[:16]
    assert made == recorded["files_sha256_16"]
    assert _printed(pivoted.metrics) == recorded["figures"]


@pytest.mark.parametrize(("name", "regime", "golden"), CASES)
def test_the_pivots_files_give_evaluate_pys_own_figures_live(tmp_path: Path, name: str, regime: str,
                                                              golden: bool) -> None:
    """MAVEN-Arg's evaluate.py itself on the pivot's files (with MAVEN_ARG_DIR and SCRIPT_PYTHON, as
    tests/core/test_maven_arg.py runs it live)."""
    checkout, python = os.environ.get("MAVEN_ARG_DIR"), os.environ.get("SCRIPT_PYTHON")
    if not (checkout and python):
        pytest.skip("MAVEN_ARG_DIR (a clone of THU-KEG/MAVEN-Argument) and SCRIPT_PYTHON (numpy, scipy, pyyaml) unset")
    gold, pred = _write(tmp_path, *_case(name, regime, golden))
    inputs = Input(str(gold)), with_options(Input(str(pred)), regime=regime)
    pivot, board = maven_arg_pivot(*inputs), omnievent_board(*inputs)
    assert pivot is not None and board is not None
    files = {"test.unified.jsonl": pivot.gold, "label2role.json": json.dumps(pivot.schema).encode("utf-8"),
             "test_prediction.jsonl": pivot.submission}
    [pivoted] = [r for r in board.board.results if r.name == "maven-arg"]
    assert _printed(pivoted.metrics) == published_figures(checkout, python, files)


def _board(seed: int, regime: str, golden: bool) -> Any:
    gold, pred = eae_lines(seed, regime, golden)
    gold_input = Input("gold.jsonl", gold.encode("utf-8"))
    try:
        return omnievent_board(gold_input, with_options(Input("pred.jsonl", pred.encode("utf-8")), regime=regime))
    except FormatError as exc:  # OmniEvent's ED figure stops without a negative trigger in the file
        assert "no negative trigger" in str(exc)
        return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), regime=st.sampled_from(["sl", "tc", "mrc"]), golden=st.booleans())
def test_each_conventions_outcomes_add_up_to_its_figure(seed: int, regime: str, golden: bool) -> None:
    found = _board(seed, regime, golden)
    if found is None:
        return
    row = found.board.rows[0]
    for name, outcomes in found.board.outcomes.items():
        cell = row.cells[name]
        assert cell is not None
        summed = counts_from_outcomes(name, outcomes).get("argument_cls")
        if summed is None:
            assert (cell.metric.pred_num, cell.metric.gold_num) == (0, 0)
            continue
        assert (summed.pred_num, summed.gold_num) == (cell.metric.pred_num, cell.metric.gold_num)
        assert summed.match_num == pytest.approx(cell.metric.match_num, abs=1e-9)
    for pair in found.board.flips:
        assert OTHER not in pair.groups  # every flip is named by its rule


def test_s2s_and_a_role_named_none_are_left_out_saying_why(tmp_path: Path) -> None:
    gold, pred = _worked(tmp_path, "s2s")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "all", "--regime", "s2s")
    assert (done.returncode, done.stderr) == (0, "")
    assert ("Left out: maven-arg: not exact through the MAVEN-Arg pivot: under s2s OmniEvent compares plain role "
            "labels") in done.stdout
    assert "micro_f1 (EAE strict, s2s)" in done.stdout.split("Arguments:")[1]
    gold_text, pred_text = _guide_lines()
    gold, pred = _write(tmp_path, gold_text.replace('"role": "Place"', '"role": "None"'), pred_text)
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "all", "--regime", "sl")
    assert (done.returncode, done.stderr) == (0, "")
    assert ("Left out: maven-arg: not exact through the MAVEN-Arg pivot: item 'd1' has a gold role 'None' "
            "(OmniEvent reads it as no role, MAVEN-Arg as a role)") in done.stdout


def test_html_draws_the_argument_board_and_refuses_lines_without_arguments(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, *_guide_lines())
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "all", "--regime", "sl",
                "--html", tmp_path / "board.html")
    assert (done.returncode, done.stderr) == (0, "")
    page = (tmp_path / "board.html").read_text(encoding="utf-8")
    assert "<h3>omnievent ↔ maven-arg: 6 flip(s)</h3>" in page
    assert "a wrong event type costs OmniEvent a false alarm and a miss" in page
    line = json.loads(pred.read_text(encoding="utf-8"))
    del line["arguments"]
    pred.write_text(json.dumps(line) + "\n", encoding="utf-8")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "all", "--regime", "sl",
                "--html", tmp_path / "none.html")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"evmeval-score: error: {pred}:1: no arguments on the lines: --html draws OmniEvent's "
                           "argument extraction beside MAVEN-Arg's scorer (expected an `arguments` list on each "
                           "prediction line (docs/formats.md), or --json)\n")
    assert not (tmp_path / "none.html").exists()


def test_lines_without_arguments_make_no_argument_board(tmp_path: Path) -> None:
    gold_text, pred_text = _guide_lines()
    line = json.loads(pred_text)
    del line["arguments"]
    gold, pred = _write(tmp_path, gold_text, json.dumps(line) + "\n")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "all", "--regime", "sl")
    assert (done.returncode, done.stderr) == (0, "")
    assert "Arguments:" not in done.stdout and "nothing to be set beside" in done.stdout
