"""Differential: conventions `maven` and `maven-ere` against MAVEN's and MAVEN-ERE's own evaluate.py on
generated data.

Runs only with checkouts (and scikit-learn, scipy for their scripts):
`MAVEN_DIR=/path/to/MAVEN-dataset MAVEN_ERE_DIR=/path/to/MAVEN-ERE pytest tests/core/test_maven_differential.py`;
skipped otherwise. One such run by hand (MAVEN-dataset 71151f6, MAVEN-ERE ac81a97, scikit-learn 1.9.1,
scipy 1.17.1): 150 + 150 examples, every figure equal within 1e-9 percent; the figures on the small files
are recorded in test_maven.py, and on 150 seeded cases each (tests/core/seeded_inputs.py) in
tests/data/recorded/, checked with no checkout by test_recorded_scorers.py. Counts are equal exactly;
floats may differ in the last digits where evaluate.py sums in numpy's order (macro means) or the CoNLL
metrics we reuse sum in theirs (B3, CEAF-e).
"""

from __future__ import annotations

import json

import pytest
from evmeval.conventions import Input
from evmeval.conventions.maven import score_maven
from evmeval.conventions.maven_ere import score_maven_ere
from evmeval.io import maven as mv
from evmeval.io import maven_ere as ere
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.core.maven_strategies import ere_documents, ere_submissions, maven_documents, maven_submissions
from tests.published_scorers import MavenEreScorer, MavenScorer, checkout


def _needs(*modules: str) -> None:
    for module in modules:
        pytest.importorskip(module)


@pytest.fixture(scope="module")
def maven_scorer() -> MavenScorer:
    root = checkout("MAVEN_DIR")
    _needs("numpy", "sklearn")
    return MavenScorer(root)


@pytest.fixture(scope="module")
def maven_ere_scorer() -> MavenEreScorer:
    root = checkout("MAVEN_ERE_DIR")
    _needs("numpy", "sklearn", "scipy")
    return MavenEreScorer(root)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_maven_equals_evaluate_py(maven_scorer: MavenScorer, tmp_path_factory: pytest.TempPathFactory,
                                  data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("maven")
    gold = [data.draw(maven_documents(f"D{i}")) for i in range(data.draw(st.integers(1, 4)))]
    # evaluate.py fails (scikit-learn: empty input) on a gold file with no labelled mention; we give 0s
    assume(any(d.events or d.negative_triggers for d in gold))
    gold_text, pred_text = mv.dumps_maven(gold), mv.dumps_maven(data.draw(maven_submissions(gold)))
    (folder / "g.jsonl").write_text(gold_text, encoding="utf-8")
    (folder / "p.jsonl").write_text(pred_text, encoding="utf-8")
    ours = score_maven(Input(str(folder / "g.jsonl")), Input(str(folder / "p.jsonl")))
    theirs = maven_scorer.score(folder / "codalab", gold_text, pred_text)
    for name in ("micro", "macro"):
        m = ours.metrics[name]
        found = [100 * m.precision, 100 * m.recall, 100 * m.f1]
        assert found == pytest.approx([theirs[f"{name}_{k}"] for k in ("p", "r", "f1")], abs=1e-9)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_maven_ere_equals_evaluate_py(maven_ere_scorer: MavenEreScorer, tmp_path_factory: pytest.TempPathFactory,
                                      data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("ere")
    gold = [data.draw(ere_documents(f"D{i}")) for i in range(data.draw(st.integers(1, 3)))]
    # evaluate.py fails (scikit-learn: empty input) where no document has two mentions to pair; we give 0s
    assume(any(sum(len(e.mentions) for e in d.events or ()) >= 2 for d in gold))
    submissions = data.draw(ere_submissions(gold))
    gold_text = ere.dumps_maven_ere(gold)
    pred_text = ere.dumps_maven_ere(submissions) or '{"id": "none"}\n'
    (folder / "g.jsonl").write_text(gold_text, encoding="utf-8")
    (folder / "p.jsonl").write_text(pred_text, encoding="utf-8")
    ours = score_maven_ere(Input(str(folder / "g.jsonl")), Input(str(folder / "p.jsonl")))
    theirs = maven_ere_scorer.score([json.loads(x) for x in gold_text.splitlines()],
                                    [json.loads(x) for x in pred_text.splitlines()])
    for name in ("b_cubed", "ceaf", "muc", "blanc", "temporal", "causal", "subevent"):
        m = ours.metrics[name]
        assert [100 * m.precision, 100 * m.recall, 100 * m.f1] == pytest.approx(
            [theirs[f"{name}_{k}"] for k in ("precision", "recall", "f1")], abs=1e-9), name
    assert 100 * ours.metrics["coreference"].f1 == pytest.approx(theirs["coreference_f1"], abs=1e-9)
    assert 100 * ours.metrics["overall"].f1 == pytest.approx(theirs["overall_f1"], abs=1e-9)
