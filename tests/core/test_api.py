"""The public API gives exactly what `evmeval-score` gives: the same JSON document, report and warnings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import evmeval
import pytest

from tests.programs import installed


def _cli(tmp_path: Path, *args: str) -> tuple[dict, str, list[str]]:
    out, js = tmp_path / "scores.txt", tmp_path / "scores.json"
    done = subprocess.run([installed("evmeval-score"), *args, "-o", str(out), "--json", str(js)],
                          capture_output=True, text=True, check=True)
    warnings = [line.split("warning: ", 1)[1] for line in done.stderr.splitlines() if "warning: " in line]
    return json.loads(js.read_text(encoding="utf-8")), out.read_text(encoding="utf-8"), warnings


def test_the_demo_scores_as_the_command_does_number_for_number(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    gold, system, tkn = str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), str(demo / "tkn")
    data, report, warnings = _cli(tmp_path, "-g", gold, "-s", system, "-t", tkn)
    scores = evmeval.score(evmeval.load(gold, system, tokens=tkn))
    assert scores.to_json() == data
    assert scores.report() == report
    assert list(scores.warnings) == warnings
    expected = (evmeval_data / "expected" / "token_based_system_C" / "scores.txt").read_text(encoding="utf-8")
    assert scores.report() == expected


def test_an_unknown_token_id_warns_in_the_library_as_in_the_command(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    lines = (demo / "sample_system_C.tbf").read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.count("\t") >= 5 and not line.startswith(("#", "@")))
    fields = lines[at].split("\t")
    fields[3] = "t99999"
    lines[at] = "\t".join(fields)
    system = tmp_path / "system.tbf"
    system.write_text("".join(lines), encoding="utf-8")
    gold, tkn = str(demo / "gold.tbf"), str(demo / "tkn")
    data, _report, warnings = _cli(tmp_path, "-g", gold, "-s", str(system), "-t", tkn)
    scores = evmeval.score(evmeval.load(gold, str(system), tokens=tkn))
    assert any("t99999" in w for w in scores.warnings)
    assert list(scores.warnings) == warnings
    assert scores.to_json() == data


def test_figures_by_the_names_a_user_says(evmeval_data: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    scores = evmeval.score(evmeval.load(str(demo / "gold.tbf"), str(demo / "sample_system_A.tbf"),
                                        tokens=str(demo / "tkn")))
    # system A is the gold standard itself: every figure is 1 under every attribute combination
    for name in ("span", "type", "realis", "type+realis", "mention_type+realis_status"):
        assert scores.micro(name).f1 == 1.0
    rows = scores.rows("type")
    assert {r["document"] for r in rows} == {d.doc_id for d in scores.result.documents}
    assert all(r["f1"] in (1.0, None) and r["attributes"] == "mention_type" for r in rows)
    with pytest.raises(ValueError, match="unknown attributes 'colour'"):
        scores.micro("colour")


def test_importing_the_library_loads_no_scorer_until_asked() -> None:
    code = "import sys, evmeval; assert 'evmeval.api' not in sys.modules; evmeval.load; assert 'evmeval.api' in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
