"""Every differential test's published scorer, from its recorded figures: runs on a fresh clone and in CI.

The published scorers (a2-evaluate.pl, TextEE's scorer.py, DyGIE++'s EventMetrics, MAVEN's and
MAVEN-ERE's evaluate.py, the CoNLL scorer.pl v8.01) were run once on the differential tests' inputs by
`python -m tests.record_published`; their figures are in tests/data/recorded/. Here each case's input is
made again from its case id, checked against the recorded SHA-256 (a changed generator must be
re-recorded, not compared against figures of other inputs), scored with our convention and compared with
the recorded figures as the live differential test compares with the running scorer. With a checkout's
variable set, `test_the_recording_is_the_live_scorers` checks a few recorded cases against it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions import Input
from evmeval.conventions.bionlp import score_bionlp
from evmeval.conventions.dygiepp import score_dygiepp
from evmeval.conventions.maven import score_maven
from evmeval.conventions.maven_ere import score_maven_ere
from evmeval.conventions.textee import score_textee

from tests import recorded as rec
from tests.programs import installed


def _text_case(tmp_path: Path, scorer: str, case: str) -> tuple[Input, Input, Any]:
    gold, prediction = rec.text_case(scorer, case)
    figures = rec.recorded(scorer, case, rec.text_files(gold, prediction))
    (tmp_path / "g.jsonl").write_text(gold, encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(prediction, encoding="utf-8")
    return Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "p.jsonl")), figures


@pytest.mark.parametrize("case", rec.case_ids("bionlp"))
def test_bionlp_counts_as_recorded_a2_evaluate(tmp_path: Path, case: str) -> None:
    gold, answer = rec.write_bionlp(tmp_path, case)
    figures = rec.recorded("bionlp", case, rec.folder_files(tmp_path))
    result = score_bionlp(Input(str(gold)), Input(str(answer)))
    for name, theirs in zip(rec.load("bionlp")["fields"], figures, strict=True):
        m = result.metrics[name]
        ours = [m.gold_num, m.gold_match_num, m.pred_num, m.match_num]  # type: ignore[attr-defined]
        assert ours == theirs, name


@pytest.mark.parametrize("case", rec.case_ids("textee"))
def test_textee_equals_recorded_textee_scorer(tmp_path: Path, case: str) -> None:
    gold, prediction, figures = _text_case(tmp_path, "textee", case)
    ours = score_textee(gold, prediction)
    assert list(ours.metrics) == rec.load("textee")["fields"]
    for metric, (m, p, g, *percent) in zip(ours.metrics.values(), figures, strict=True):
        assert (metric.match_num, metric.pred_num, metric.gold_num) == (m, p, g)
        assert [100 * metric.precision, 100 * metric.recall, 100 * metric.f1] == pytest.approx(percent, abs=1e-9)


@pytest.mark.parametrize("case", rec.case_ids("dygiepp"))
def test_dygiepp_equals_recorded_event_metrics(tmp_path: Path, case: str) -> None:
    gold, prediction, figures = _text_case(tmp_path, "dygiepp", case)
    ours = score_dygiepp(gold, prediction)
    counts = dict(zip(rec.DYGIEPP_COUNTS, figures[0], strict=True))
    names = {"trig_id": ("matched_trigger_ids", "predicted_triggers", "gold_triggers"),
             "trig_class": ("matched_trigger_classes", "predicted_triggers", "gold_triggers"),
             "arg_id": ("matched_argument_ids", "predicted_arguments", "gold_arguments"),
             "arg_class": ("matched_argument_classes", "predicted_arguments", "gold_arguments")}
    assert list(ours.metrics) == rec.DYGIEPP_METRICS
    for (name, metric), theirs in zip(ours.metrics.items(), figures[1:], strict=True):
        assert (metric.match_num, metric.pred_num, metric.gold_num) == tuple(counts[c] for c in names[name])
        assert [metric.precision, metric.recall, metric.f1] == theirs, name


@pytest.mark.parametrize("case", rec.case_ids("maven"))
def test_maven_equals_recorded_evaluate_py(tmp_path: Path, case: str) -> None:
    gold, prediction, figures = _text_case(tmp_path, "maven", case)
    ours = score_maven(gold, prediction)
    theirs = dict(zip(rec.MAVEN_FIGURES, figures, strict=True))
    for name in ("micro", "macro"):
        m = ours.metrics[name]
        found = [100 * m.precision, 100 * m.recall, 100 * m.f1]
        assert found == pytest.approx([theirs[f"{name}_{k}"] for k in ("p", "r", "f1")], abs=1e-9), name


@pytest.mark.parametrize("case", rec.case_ids("maven_ere"))
def test_maven_ere_equals_recorded_evaluate_py(tmp_path: Path, case: str) -> None:
    gold, prediction, figures = _text_case(tmp_path, "maven_ere", case)
    ours = score_maven_ere(gold, prediction)
    *per_metric, coreference_f1, overall_f1 = figures
    for name, theirs in zip(rec.MAVEN_ERE_METRICS, per_metric, strict=True):
        m = ours.metrics[name]
        assert [100 * m.precision, 100 * m.recall, 100 * m.f1] == pytest.approx(theirs, abs=1e-9), name
    assert 100 * ours.metrics["coreference"].f1 == pytest.approx(coreference_f1, abs=1e-9)
    assert 100 * ours.metrics["overall"].f1 == pytest.approx(overall_f1, abs=1e-9)


@pytest.mark.parametrize("case", rec.case_ids("scorer_pl"))
def test_nested_documents_as_recorded_scorer_pl(tmp_path: Path, case: str) -> None:
    files = rec.conll_case(case)
    report = rec.recorded("scorer_pl", case, files)
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    ours = subprocess.run([installed("evmeval-conll"), str(tmp_path / "key.conll"), str(tmp_path / "response.conll")],
                          capture_output=True, text=True, check=True).stdout
    assert ours == report


def test_every_recorded_case_is_a_case_and_every_case_is_recorded() -> None:
    """The fixtures and the case lists agree (a case added to a generator's list must be recorded)."""
    for scorer in rec.FIELDS:
        fixture = rec.load(scorer)
        assert list(fixture["cases"]) == rec.case_ids(scorer), scorer
        assert fixture["fields"] == rec.FIELDS[scorer], scorer


def test_a_changed_input_is_not_compared(tmp_path: Path) -> None:
    """A generator that no longer makes the recorded input fails with how to re-record, whatever the figures."""
    gold, prediction = rec.text_case("maven", "seed-0")
    with pytest.raises(AssertionError, match="maven seed-0: the generator changed: re-record with "
                                             r"python -m tests\.record_published"):
        rec.recorded("maven", "seed-0", rec.text_files(gold + "\n", prediction))
    assert rec.recorded("maven", "seed-0", rec.text_files(gold, prediction)) == rec.load("maven")["cases"]["seed-0"][
        "figures"]


LIVE = 5
"""Recorded cases checked against a live scorer, per scorer, when its checkout is named."""


def _live(scorer: str) -> Any:
    """A function giving a case's files and figures from the scorer's checkout, or skip without one."""
    from tests import published_scorers as pub

    def needs(variable: str) -> Path:
        value = os.environ.get(variable)
        if not value:
            pytest.skip(f"{variable} is not set (a checkout of the published scorer)")
        return Path(value)

    if scorer == "bionlp":
        script = str(needs("BIONLP_EVAL"))
        if shutil.which("perl") is None:
            pytest.skip("perl is not installed")
        return lambda case: rec.bionlp_figures(script, case)
    if scorer == "scorer_pl":
        root = needs("EVMEVAL_REF") / "reference-coreference-scorers-8.01"
        if shutil.which("perl") is None:
            pytest.skip("perl is not installed")
        return lambda case: rec.scorer_pl_figures(root, case)
    if scorer == "gen_arg":
        from tests.published_arguments import GenargScorer

        genarg = GenargScorer(needs("GENARG_DIR"))
        return lambda case: rec.genarg_figures(genarg, case)
    if scorer == "uie":
        from tests.published_arguments import UieScorer

        checkout = needs("UIE_DIR")
        pytest.importorskip("numpy")  # its record.py imports it
        uie = UieScorer(checkout)
        return lambda case: rec.uie_figures(uie, case)
    if scorer == "rams":
        from tests.published_arguments import RamsScorer

        rams = RamsScorer(needs("RAMS_SCORER"))
        return lambda case: rec.rams_figures(rams, case)
    if scorer in ("maven", "maven_ere"):
        root = needs({"maven": "MAVEN_DIR", "maven_ere": "MAVEN_ERE_DIR"}[scorer])
        for module in ("numpy", "sklearn", "scipy"):
            pytest.importorskip(module)
        published = pub.MavenScorer(root) if scorer == "maven" else pub.MavenEreScorer(root)
    elif scorer == "textee":
        published = pub.TexteeScorer(needs("TEXTEE_DIR"))
    else:
        published = pub.DygieppScorer(needs("DYGIEPP_DIR"))
    figures_of = getattr(rec, f"{scorer}_figures")
    return lambda case: figures_of(published, case)


@pytest.mark.parametrize("scorer", sorted(rec.FIELDS))
def test_the_recording_is_the_live_scorers(scorer: str) -> None:
    """Where a checkout is named, the first recorded cases again from the running scorer: same inputs,
    same figures (as JSON keeps them)."""
    figures_of = _live(scorer)
    for case in rec.case_ids(scorer)[:LIVE]:
        files, figures = figures_of(case)
        entry = rec.load(scorer)["cases"][case]
        assert rec.digest(files) == entry["sha256"], f"{scorer} {case}: {rec.RERECORD}"
        assert json.loads(json.dumps(figures)) == entry["figures"], (scorer, case)
