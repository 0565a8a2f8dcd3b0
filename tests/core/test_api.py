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
    code = ("import sys, evmeval; assert 'evmeval.api' not in sys.modules; evmeval.load; "
            "assert 'evmeval.api' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_coreference_comparison_and_agreement_equal_their_commands(evmeval_data: Path, tmp_path: Path) -> None:
    from evmeval.cli.compare import compare_main
    from evmeval.cli.iaa import iaa_main
    from evmeval.report.compare_json import comparison_to_json
    from evmeval.report.coref_report import coref_to_json

    demo = evmeval_data / "scoring_demo" / "token_based"
    gold, tkn = str(demo / "gold.tbf"), str(demo / "tkn")
    system_a, system_c = str(demo / "sample_system_A.tbf"), str(demo / "sample_system_C.tbf")
    data, _report, _warnings = _cli(tmp_path, "-g", gold, "-s", system_c, "-t", tkn, "-c", str(tmp_path / "coref"))
    corpus = evmeval.load(gold, system_c, tokens=tkn)
    scores = evmeval.score(corpus)
    assert json.loads(json.dumps(coref_to_json(scores.result, evmeval.coreference(corpus, scores)))) \
        == data["coreference"]

    out = tmp_path / "compare.json"
    assert compare_main(["-g", gold, "-s", system_a, "-s", system_c, "-t", tkn, "--resamples", "200",
                         "--json", str(out)]) == 0
    ours = comparison_to_json(evmeval.compare_runs(gold, [system_a, system_c], tokens=tkn, resamples=200))
    written = json.loads(out.read_text(encoding="utf-8"))
    assert json.loads(json.dumps(ours["pairs"])) == written["pairs"]

    out = tmp_path / "iaa.json"
    assert iaa_main([gold, system_c, "-t", tkn, "-o", str(tmp_path / "iaa.txt"), "--json", str(out)]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    agreement = evmeval.annotator_agreement([gold, system_c], tokens=tkn).to_json()
    assert json.loads(json.dumps(agreement))["pairs"] == written["pairs"]


def test_sequencing_through_the_library(evmeval_data: Path) -> None:
    char = evmeval_data / "scoring_demo" / "char_based"
    corpus = evmeval.load(str(char / "gold.tbf"), str(char / "system_A.tbf"))
    result = evmeval.event_sequencing(corpus, evmeval.score(corpus))
    assert result.documents  # the published char-based demo has @After links
