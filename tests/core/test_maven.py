"""MAVEN and MAVEN-ERE: the conventions' figures derived by hand on small files written from the format
descriptions (resources/examples/maven*.jsonl), the figures the published evaluate.py scripts gave
on them, readers/writers that round-trip, validators that name file and line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import Input, conventions_for
from evmeval.conventions.maven import score_maven
from evmeval.conventions.maven_ere import score_maven_ere
from evmeval.io import maven as mv
from evmeval.io import maven_ere as ere
from evmeval.io.errors import FormatError
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.maven_strategies import ere_documents, ere_submissions, maven_documents, maven_submissions
from tests.shipped import EXAMPLES

DATA = EXAMPLES
MAVEN_GOLD, MAVEN_PRED = DATA / "maven_gold.jsonl", DATA / "maven_pred.jsonl"
ERE_GOLD, ERE_PRED = DATA / "maven_ere_gold.jsonl", DATA / "maven_ere_pred.jsonl"


def figures(result: Any) -> dict[str, tuple[float, float, float]]:
    return {name: (m.precision, m.recall, m.f1) for name, m in result.metrics.items()}


# MAVEN, by hand. Gold (maven_gold.jsonl): D1 M1 Attack(5), M2 Death(7), M3 Escaping(9), negatives N1, N2;
# D2 M4 Attack(5), negative N3; D3 M5 Escaping(9). Submission (maven_pred.jsonl): D2 M4->5, N3->0;
# D1 M1->5, M2->9, N1->5, N2->0, X9->7 (no such gold mention: ignored); D9 (no such document: ignored).
# M3 is not predicted and D3 has no line: both are predicted 0, the negative class.
# (gold, predicted): (5,5) (7,9) (9,0) (0,5) (0,0) | (5,5) (0,0) | (9,0)
# per label: 5: tp 2, pred 3 (M1, N1, M4), gold 2;  7: tp 0, pred 0, gold 1;  9: tp 0, pred 1 (M2), gold 2
# Micro: tp 2, pred 4, gold 5 -> P 1/2, R 2/5, F1 2*2/(4+5) = 4/9
# Macro over all 168 labels (the other 165 count 0): P (2/3)/168, R 1/168, F1 (2*2/(3+2))/168 = 0.8/168
MAVEN_BY_HAND = {"micro": (1 / 2, 2 / 5, 4 / 9), "macro": (2 / 3 / 168, 1 / 168, 0.8 / 168)}

# What MAVEN's evaluate.py (THU-KEG/MAVEN-dataset commit 71151f6, scikit-learn 1.9.1) left on these files,
# run by tests/published_scorers.py (MavenScorer) by hand: micro_p 50.0, micro_r 40.0,
# micro_f1 44.44444444444444, macro_p 0.3968253968253968, macro_r 0.5952380952380952,
# macro_f1 0.4761904761904762.
MAVEN_PUBLISHED = {"micro": (50.0, 40.0, 44.44444444444444),
                   "macro": (0.3968253968253968, 0.5952380952380952, 0.4761904761904762)}


def test_maven_figures_as_derived_by_hand() -> None:
    result = score_maven(Input(str(MAVEN_GOLD)), Input(str(MAVEN_PRED)))
    assert list(result.metrics) == ["micro", "macro"]
    for name, expected in MAVEN_BY_HAND.items():
        assert figures(result)[name] == pytest.approx(expected, abs=1e-15)
    micro = result.metrics["micro"]
    assert (micro.match_num, micro.pred_num, micro.gold_num) == (2, 4, 5)


def test_maven_figures_are_what_evaluate_py_gave() -> None:
    result = score_maven(Input(str(MAVEN_GOLD)), Input(str(MAVEN_PRED)))
    for name, published in MAVEN_PUBLISHED.items():
        assert tuple(100 * v for v in figures(result)[name]) == pytest.approx(published, abs=1e-12)


def test_maven_fingerprint() -> None:
    fp = score_maven(Input(str(MAVEN_GOLD)), Input(str(MAVEN_PRED))).fingerprint
    assert (fp.format, fp.documents, fp.windows, fp.event_mentions, fp.event_types) == ("maven", 3, 4, 5, 3)


def test_maven_test_set_documents_cannot_be_gold(tmp_path: Path) -> None:
    doc = json.loads(MAVEN_GOLD.read_text(encoding="utf-8").splitlines()[2])
    doc["candidates"] = [m for e in doc.pop("events") for m in e["mention"]]
    del doc["negative_triggers"]
    test = tmp_path / "test.jsonl"
    test.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    assert mv.read_maven(str(test)).documents[0].candidates  # a test-set file reads
    with pytest.raises(FormatError, match=r"test.jsonl:1: document 'D3' has no 'events'"):
        score_maven(Input(str(test)), Input(str(MAVEN_PRED)))
    with pytest.raises(FormatError, match=r"maven_gold.jsonl:1: documents given as the submission"):
        score_maven(Input(str(MAVEN_GOLD)), Input(str(MAVEN_GOLD)))


# MAVEN-ERE, by hand. Gold A: EV1 {m1}, EV2 {m2, m3}, EV3 {m4}, TIMEX T1; T1 BEFORE EV2, EV1 CONTAINS EV2,
# EV2 CAUSE EV3, EV1 subevent EV2. Gold B: EV5 {m5}, EV6 {m6}, EV5 SIMULTANEOUS EV6. The submission has A only:
# clusters [m2 m3 m4 x1] [x2] -> x1, x2 are no gold mentions: [m2 m3 m4], and m1 left alone: [m1];
# B (no line): [m5] [m6].
# MUC: A key links 0+1+0 = 1, response 2+0 = 2, correct 3-2 = 1; B 0 -> P 1/2, R 1, F1 2/3
# B3: P A [m2 m3 m4]: (2^2+1^2)/3 = 5/3, [m1] 1; B 1+1 -> (8/3+2)/6 = 7/9; R: 1+2+1 + 2 = 6/6 = 1; F1 7/8
# CEAF-e: A phi4([m1],[m1]) 1 + phi4([m2 m3],[m2 m3 m4]) 4/5 = 1.8 (better than with [m4]: 1.5); B 2
#         -> P 3.8/4 = .95, R 3.8/5 = .76, F1 2*.95*.76/1.71 = 38/45
# BLANC: A pairs m2m3 rc; m2m4, m3m4 wc; m1m2, m1m3, m1m4 rn; B m5m6 rn -> rc 1, wc 2, rn 4, wn 0
#        P = (1/(3+1e-6) + 4/(4+1e-6))/2, R = (1/(1+1e-6) + 4/(6+1e-6))/2 (MAVEN-ERE's smoothing),
#        F1 = (F(1/3, 1) + F(1, 4/6))/2 = (1/2 + 4/5)/2 = 0.65 (unsmoothed)
# coreference: (7/8 + 38/45 + 2/3 + 13/20)/4 = 1093/1440
# temporal: ordered pairs of {m1..m4, T1} in A and {m5, m6} in B; gold (T1,m2) (T1,m3) BEFORE, (m1,m2) (m1,m3)
#   CONTAINS, (m5,m6) SIMULTANEOUS = 5. Predicted: (T1,m2) BEFORE then OVERLAP (the later name wins: wrong),
#   (m4,m1) BEFORE (wrong), (m1,m2) CONTAINS (right), (x1,m3) not a gold pair (ignored) -> 1/3, 1/5, F1 2/8
# causal: gold (m2,m4) (m3,m4) CAUSE; predicted (m2,m4) CAUSE right, (m3,m4) PRECONDITION wrong -> 1/2, 1/2, 1/2
# subevent: gold (m1,m2) (m1,m3); predicted those, (m2,m1) wrong, (T1,m2) ignored (no TIMEX here) -> 2/3, 1, 4/5
# overall_f1: (1093/1440 + 1/4 + 1/2 + 4/5)/4 = 3325/5760
ERE_BY_HAND = {
    "b_cubed": (7 / 9, 1.0, 7 / 8), "ceaf": (0.95, 0.76, 38 / 45), "muc": (1 / 2, 1.0, 2 / 3),
    "blanc": ((1 / (3 + 1e-6) + 4 / (4 + 1e-6)) / 2, (1 / (1 + 1e-6) + 4 / (6 + 1e-6)) / 2, 0.65),
    "temporal": (1 / 3, 1 / 5, 1 / 4), "causal": (1 / 2, 1 / 2, 1 / 2), "subevent": (2 / 3, 1.0, 4 / 5)}
ERE_MEANS = {"coreference": 1093 / 1440, "overall": 3325 / 5760}

# What MAVEN-ERE's evaluate.py (THU-KEG/MAVEN-ERE commit ac81a97, scikit-learn 1.9.1, scipy 1.17.1) returned on
# these files, run by tests/published_scorers.py (MavenEreScorer) by hand, in percent:
ERE_PUBLISHED = {
    "b_cubed": (77.77777777777779, 100.0, 87.50000000000001), "ceaf": (95.0, 76.0, 84.44444444444444),
    "muc": (50.0, 100.0, 66.66666666666666), "blanc": (66.66664861111609, 83.33327777782871, 65.0),
    "temporal": (33.33333333333333, 20.0, 25.0), "causal": (50.0, 50.0, 50.0),
    "subevent": (66.66666666666666, 100.0, 80.0)}
ERE_PUBLISHED_MEANS = {"coreference": 75.90277777777777, "overall": 57.72569444444444}


def test_maven_ere_figures_as_derived_by_hand() -> None:
    result = score_maven_ere(Input(str(ERE_GOLD)), Input(str(ERE_PRED)))
    assert list(result.metrics) == ["b_cubed", "ceaf", "muc", "blanc", "coreference", "temporal", "causal",
                                    "subevent", "overall"]
    found = figures(result)
    for name, expected in ERE_BY_HAND.items():
        assert found[name] == pytest.approx(expected, abs=1e-15), name
    for name, mean in ERE_MEANS.items():
        assert result.metrics[name].f1 == pytest.approx(mean, abs=1e-15)
    blanc = result.metrics["blanc"].to_json()
    assert (blanc["rc"], blanc["wc"], blanc["rn"], blanc["wn"]) == (1, 2, 4, 0)
    temporal = result.metrics["temporal"]
    assert (temporal.match_num, temporal.pred_num, temporal.gold_num) == (1, 3, 5)


def test_maven_ere_figures_are_what_evaluate_py_gave() -> None:
    result = score_maven_ere(Input(str(ERE_GOLD)), Input(str(ERE_PRED)))
    for name, published in ERE_PUBLISHED.items():
        assert tuple(100 * v for v in figures(result)[name]) == pytest.approx(published, abs=1e-12)
    for name, mean in ERE_PUBLISHED_MEANS.items():
        assert 100 * result.metrics[name].f1 == pytest.approx(mean, abs=1e-12)


def test_maven_ere_blanc_differs_from_the_conll_scorers() -> None:
    # Gold B alone with no submission: all singletons on both sides, so no coreference links anywhere.
    # The CoNLL scorer falls back to the non-coreference links (BLANC 1); MAVEN-ERE averages in an F1 of 0.
    from evmeval.conventions.maven_ere import blanc_figure
    from evmeval.coref.metrics import blanc

    assert blanc([[0], [1]], [[0], [1]]).f1 == 1
    assert blanc_figure((0, 0, 1, 0)).f1 == 0.5


def test_maven_ere_json_has_null_for_figures_it_does_not_make(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert score_main(["-g", str(ERE_GOLD), "-s", str(ERE_PRED), "--convention", "maven-ere", "--json",
                       str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))["conventions"]["maven-ere"]
    assert data["overall"]["precision"] is None and data["overall"]["f1"] == pytest.approx(3325 / 5760)
    assert data["b_cubed"]["p_num"] == pytest.approx(14 / 3) and data["b_cubed"]["r_den"] == 6


def test_cli_maven_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert score_main(["-g", str(MAVEN_GOLD), "-s", str(MAVEN_PRED), "--convention", "all"]) == 0
    printed = capsys.readouterr().out
    assert "Convention maven:" in printed
    assert "Micro   50.00   40.00   44.44       2       4       5" in printed


def test_all_means_the_gold_format() -> None:
    assert [c.name for c in conventions_for("all", Input(str(MAVEN_GOLD)))] == ["maven"]
    assert [c.name for c in conventions_for("all", Input(str(ERE_GOLD)))] == ["maven-ere"]


# Formats: round trips and validators.

def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_maven_round_trip(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("rt")
    gold = [data.draw(maven_documents(f"D{i}", test=data.draw(st.booleans()))) for i in range(data.draw(
        st.integers(1, 3)))]
    for items in (gold, data.draw(maven_submissions(gold))):
        text = mv.dumps_maven(items)
        again = mv.read_maven(_write(folder, "m.jsonl", text))
        assert (again.submissions or again.documents) == items
        assert mv.dumps_maven(again.submissions or again.documents) == text


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_maven_ere_round_trip(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("rt")
    gold = [data.draw(ere_documents(f"D{i}")) for i in range(data.draw(st.integers(1, 3)))]
    submissions = data.draw(ere_submissions(gold))
    for items in (gold, submissions):
        if not items:
            continue
        text = ere.dumps_maven_ere(items)
        again = ere.read_maven_ere(_write(folder, "e.jsonl", text))
        assert (again.documents or again.submissions) == items
        assert ere.dumps_maven_ere(again.documents or again.submissions) == text


def test_round_trips_keep_unmodelled_fields(tmp_path: Path) -> None:
    doc = json.loads(ERE_GOLD.read_text(encoding="utf-8").splitlines()[0])
    doc["events"][0]["mention"][0]["note"] = 1
    doc["source"] = "wiki"
    assert json.loads(ere.dumps_maven_ere(ere.read_maven_ere(_write(tmp_path, "e.jsonl", json.dumps(doc) + "\n"))
                                          .documents)) == doc
    line = json.loads(MAVEN_PRED.read_text(encoding="utf-8").splitlines()[0])
    line["predictions"][0]["score"] = 0.9
    assert json.loads(mv.dumps_maven(mv.read_maven(_write(tmp_path, "m.jsonl", json.dumps(line) + "\n"))
                                     .submissions)) == line


MAVEN_DOC = {"id": "D", "title": "T", "content": [{"sentence": "Bob died", "tokens": ["Bob", "died"]}],
             "events": [{"id": "E", "type": "Death", "type_id": 7,
                         "mention": [{"id": "M", "trigger_word": "died", "sent_id": 0, "offset": [1, 2]}]}],
             "negative_triggers": [{"id": "N", "trigger_word": "Bob", "sent_id": 0, "offset": [0, 1]}]}


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.pop("content"), "document 'D': no 'content' field"),
    (lambda d: d["events"][0]["mention"][0].update(offset=[1, 3]),
     "document 'D', event 'E', mention 0: offset [1, 3] is outside sentence 0's 2 tokens or empty"),
    (lambda d: d["events"][0]["mention"][0].update(sent_id=2),
     "document 'D', event 'E', mention 0: sent_id 2 is not a sentence of the document's 1"),
    (lambda d: d["events"][0].update(type_id=169),
     "document 'D', event 'E': type_id 169 is not a MAVEN type id (expected the event type's id: an integer 1..168)"),
    (lambda d: d["negative_triggers"][0].update(id="M"), "document 'D': mention id 'M' given twice"),
    (lambda d: d.pop("negative_triggers"), "document 'D': 'events' without 'negative_triggers'"),
    (lambda d: d.pop("events"), "document 'D': neither 'events' nor 'candidates'"),
])
def test_maven_validator_messages(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(json.dumps(MAVEN_DOC))
    edit(doc)
    path = _write(tmp_path, "v.jsonl", json.dumps(doc) + "\n")
    with pytest.raises(FormatError) as caught:
        mv.read_maven(path)
    assert str(caught.value).startswith(f"{path}:1: {message}")
    assert [str(p) for p in mv.validate_maven(path)] == [str(caught.value)]


def test_maven_submission_validator_lists_every_bad_line(tmp_path: Path) -> None:
    lines = ['{"id": "A", "predictions": [{"id": "M", "type_id": 7}, {"id": "M", "type_id": 0}]}',
             '{"id": "B", "predictions": [{"id": "M", "type_id": "Death"}]}',
             '{"id": "C", "predictions": []}', '{"id": "C", "predictions": []}', json.dumps(MAVEN_DOC)]
    path = _write(tmp_path, "s.jsonl", "\n".join(lines) + "\n")
    assert [str(p) for p in mv.validate_maven(path)] == [
        f"{path}:1: document 'A', prediction 1: candidate 'M' predicted twice (expected each candidate once "
        "(MAVEN's evaluate.py would keep the last))",
        f"{path}:2: document 'B', prediction 0: 'type_id' is the string 'Death' (expected an integer 0..168 "
        "(0: not an event))",
        f"{path}:4: document 'C' already on line 3 (expected each document id once)",
        f"{path}:5: a document among submission lines (expected one kind of line per file)"]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["temporal_relations"].update(AFTER=[]),
     "document 'A', temporal_relations: unknown relation 'AFTER' (expected one of BEFORE, OVERLAP, CONTAINS"),
    (lambda d: d["causal_relations"]["CAUSE"].append(["EV2", "T1"]),
     "document 'A', causal_relations CAUSE: 'T1' is not an event of the document"),
    (lambda d: d["subevent_relations"].append(["EV1", "EV1"]),
     "document 'A', subevent_relations, pair 1: is ['EV1', 'EV1'] (expected a pair [id, id] of two different ids"),
    (lambda d: d["TIMEX"][0].update(id="m1"), "document 'A': id 'm1' given twice"),
    (lambda d: d["TIMEX"][0].update(offset=[2, 1]),
     "document 'A', TIMEX 'T1': offset [2, 1] is outside sentence 0's 9 tokens or empty"),
])
def test_maven_ere_validator_messages(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(ERE_GOLD.read_text(encoding="utf-8").splitlines()[0])
    edit(doc)
    path = _write(tmp_path, "v.jsonl", json.dumps(doc) + "\n")
    with pytest.raises(FormatError) as caught:
        ere.read_maven_ere(path)
    assert str(caught.value).startswith(f"{path}:1: {message}")
    assert [str(p) for p in ere.validate_maven_ere(path)] == [str(caught.value)]


def test_maven_ere_submission_refuses_what_evaluate_py_fails_on(tmp_path: Path) -> None:
    lines = ['{"id": "A", "coreference": [["m1", "m2"], ["m2"]]}',
             '{"id": "B", "subevent_relations": [["m1", "m1"]]}',
             '{"id": "C"}']
    path = _write(tmp_path, "s.jsonl", "\n".join(lines) + "\n")
    assert [str(p) for p in ere.validate_maven_ere(path)] == [
        f"{path}:1: document 'A', coreference cluster 1: mention 'm2' is in a cluster already (expected each "
        "mention in one cluster, once (evaluate.py fails on a gold mention given twice))",
        f"{path}:2: document 'B', subevent_relations, pair 0: is ['m1', 'm1'] (expected a pair [id, id] of two "
        "different ids (evaluate.py fails on a self-relation))"]
    with pytest.raises(FormatError, match=r"maven_ere_pred.jsonl:1: a submission given as the gold file"):
        score_maven_ere(Input(str(ERE_PRED)), Input(str(ERE_PRED)))
