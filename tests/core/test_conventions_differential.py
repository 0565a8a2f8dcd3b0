"""Differential: our conventions against the published scorers' own code on generated data.

Runs only with a checkout: `TEXTEE_DIR=/path/to/TextEE DYGIEPP_DIR=/path/to/dygiepp pytest ...`
(tests/published_scorers.py loads their scoring code with stubs for torch, allennlp and ipdb); skipped
otherwise. The recorded figures of one such run are in test_conventions.py; the published figures on 150
seeded pairs of the same shapes (tests/core/seeded_inputs.py) are checked everywhere, with no checkout, by
test_recorded_scorers.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions import Input
from evmeval.conventions.dygiepp import score_dygiepp
from evmeval.conventions.textee import score_textee
from evmeval.io import dygiepp as dy
from evmeval.io import textee as tx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.event_strategies import ROLES, TYPES, documents, window_files, windows
from tests.published_scorers import DygieppScorer, TexteeScorer, checkout


@pytest.fixture(scope="module")
def textee_scorer() -> TexteeScorer:
    return TexteeScorer(checkout("TEXTEE_DIR"))


@pytest.fixture(scope="module")
def dygiepp_scorer() -> DygieppScorer:
    return DygieppScorer(checkout("DYGIEPP_DIR"))


@st.composite
def textee_pairs(draw: st.DrawFn) -> tuple[list[tx.Window], list[tx.Window]]:
    """Gold windows and a prediction made from them: events kept, duplicated, retyped, arguments
    re-roled, plus events of its own, in another order (TextEE's own prediction layout)."""
    gold = draw(window_files())
    prediction = []
    for window in gold:
        own = draw(windows(window.doc_id, window.wnd_id, prediction=True))
        events = []
        for event in window.event_mentions:
            for _ in range(draw(st.integers(0, 2))):
                arguments = [tx.Argument(draw(st.sampled_from([a.role]) | ROLES), None, *window.argument_span(a))
                             for a in event.arguments if draw(st.booleans())]
                events.append(tx.EventMention(draw(st.sampled_from([event.event_type]) | TYPES), event.start,
                                              event.end, arguments=arguments))
        events += [e for e in own.event_mentions if all(a.end is not None and a.end <= len(window.tokens)
                                                        for a in e.arguments) and e.end <= len(window.tokens)]
        prediction.append(tx.Window(window.doc_id, window.wnd_id, window.tokens, draw(st.permutations(events))))
    return gold, draw(st.permutations(prediction))


def _published(figures: dict[str, Any], name: str) -> tuple[float, ...]:
    return tuple(figures[name][k] for k in ("match_num", "pred_num", "gold_num", "precision", "recall", "f1"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pair=textee_pairs())
def test_textee_equals_textee_scorer(textee_scorer: TexteeScorer, tmp_path: Path,
                                     pair: tuple[list[tx.Window], list[tx.Window]]) -> None:
    gold, prediction = pair
    gold_text, pred_text = tx.dumps_textee(gold), tx.dumps_textee(prediction)
    (tmp_path / "g.jsonl").write_text(gold_text, encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(pred_text, encoding="utf-8")
    ours = score_textee(Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "p.jsonl")))
    theirs = textee_scorer.score([json.loads(x) for x in gold_text.split("\n") if x],
                                 [json.loads(x) for x in pred_text.split("\n") if x])
    assert list(ours.metrics) == list(theirs)
    for name, metric in ours.metrics.items():
        m, p, g, *percent = _published(theirs, name)
        assert (metric.match_num, metric.pred_num, metric.gold_num) == (m, p, g)
        assert [100 * metric.precision, 100 * metric.recall, 100 * metric.f1] == pytest.approx(percent, abs=1e-9)


@st.composite
def dygiepp_pairs(draw: st.DrawFn) -> tuple[list[dy.Document], list[dy.Document]]:
    gold = [draw(documents(f"doc{i}")) for i in range(draw(st.integers(1, 3)))]
    prediction = []
    for document in gold:
        made = draw(documents(document.doc_key, sentences=document.sentences, gold=False, predicted=True))
        assert made.predicted_events is not None and document.events is not None
        for mine, theirs in zip(made.predicted_events, document.events, strict=True):  # some right answers
            for event in theirs:
                if draw(st.booleans()):
                    mine.append(dy.Event(event.trigger, draw(st.sampled_from([event.event_type]) | TYPES),
                                         [dy.Argument(a.start, a.end, a.role, 0.0, 0.5) for a in event.arguments],
                                         0.0, 0.5))
        prediction.append(made)
    return gold, prediction


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pair=dygiepp_pairs())
def test_dygiepp_equals_event_metrics(dygiepp_scorer: DygieppScorer, tmp_path: Path,
                                      pair: tuple[list[dy.Document], list[dy.Document]]) -> None:
    gold, prediction = pair
    gold_text, pred_text = dy.dumps_dygiepp(gold), dy.dumps_dygiepp(prediction)
    (tmp_path / "g.jsonl").write_text(gold_text, encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(pred_text, encoding="utf-8")
    ours = score_dygiepp(Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "p.jsonl")))
    theirs = dygiepp_scorer.score([json.loads(x) for x in gold_text.split("\n") if x],
                                  [json.loads(x) for x in pred_text.split("\n") if x])
    counts = theirs["counts"]
    names = {"trig_id": ("matched_trigger_ids", "predicted_triggers", "gold_triggers"),
             "trig_class": ("matched_trigger_classes", "predicted_triggers", "gold_triggers"),
             "arg_id": ("matched_argument_ids", "predicted_arguments", "gold_arguments"),
             "arg_class": ("matched_argument_classes", "predicted_arguments", "gold_arguments")}
    for name, metric in ours.metrics.items():
        assert (metric.match_num, metric.pred_num, metric.gold_num) == tuple(counts[c] for c in names[name])
        assert (metric.precision, metric.recall, metric.f1) == (
            theirs[f"{name}_precision"], theirs[f"{name}_recall"], theirs[f"{name}_f1"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pair=dygiepp_pairs(), datasets=st.lists(st.sampled_from(["ace-event", "genia", None]), min_size=3,
                                                max_size=3))
def test_dygiepp_datasets_average_as_its_model_reports(dygiepp_scorer: DygieppScorer, tmp_path: Path,
                                                       pair: tuple[list[dy.Document], list[dy.Document]],
                                                       datasets: list[str | None]) -> None:
    """Gold documents of up to three datasets (None: no field): our figures are DyGIE++'s MEAN__ ones."""
    gold, prediction = pair
    for document, dataset in zip(gold, datasets, strict=False):
        document.extra.pop("dataset", None)
        if dataset is not None:
            document.extra["dataset"] = dataset
    gold_text, pred_text = dy.dumps_dygiepp(gold), dy.dumps_dygiepp(prediction)
    (tmp_path / "g.jsonl").write_text(gold_text, encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(pred_text, encoding="utf-8")
    ours = score_dygiepp(Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "p.jsonl")))
    theirs = dygiepp_scorer.score_by_dataset([json.loads(x) for x in gold_text.split("\n") if x],
                                             [json.loads(x) for x in pred_text.split("\n") if x])["metrics"]
    for name, metric in ours.metrics.items():
        assert [metric.precision, metric.recall, metric.f1] == pytest.approx(
            [theirs[f"MEAN__{name}_{f}"] for f in ("precision", "recall", "f1")], abs=1e-12)
