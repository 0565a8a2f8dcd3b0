"""The 2015 pilot rules (`--profile 2015`): the specification's worked example, invisible words,
1/N attribute credit, NOT_ANNOTATED, corpus averages, the .eval layout and the CLI.

Expected figures are written as derivations from the specification's definitions.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from evmeval._util.progress import Cancelled
from evmeval.cli.score import score_main
from evmeval.io.tbf import parse_tbf
from evmeval.io.tokens import format_token_table
from evmeval.mention.pilot2015 import PilotRecord, score_pilot
from evmeval.model import SpanMode, TbfFile, Token, TokenTable
from evmeval.report.pilot2015 import format_pilot_report

TYPE_A = "Transport-Person"
TYPE_B = "Communicate"


def tbf(documents: dict[str, list[tuple[str, str, str, str, str]]], *, run: str = "sys",
        mode: SpanMode = SpanMode.TOKEN) -> TbfFile:
    """A tbf file from `{doc: [(mention id, span, text, type, realis), ...]}`."""
    lines = []
    for doc_id, mentions in documents.items():
        lines.append(f"#BeginOfDocument {doc_id}")
        lines += ["\t".join((run, doc_id, mid, span, text, typ, realis, "1"))
                  for mid, span, text, typ, realis in mentions]
        lines.append("#EndOfDocument")
    parsed, problems = parse_tbf("\n".join(lines) + "\n", path=f"{run}.tbf", mode=mode)
    assert not problems
    return parsed


def table(doc_id: str, words: dict[str, str]) -> TokenTable:
    """A token table with the given `{token id: string}`, offsets one word after another."""
    tokens, offset = [], 0
    for token_id, word in words.items():
        tokens.append(Token(token_id, word, offset, offset + len(word) - 1))
        offset += len(word) + 1
    return TokenTable(doc_id, tuple(tokens))


class Tables:
    """Token tables from a dict (what `score_pilot` asks a `TokenSource` for)."""

    def __init__(self, *tables: TokenTable) -> None:
        self._tables = {t.doc_id: t for t in tables}

    def table(self, doc_id: str) -> TokenTable | None:
        return self._tables.get(doc_id)


# The specification's Appendix 2.
SAMPLE_WORDS = {"t14": "offer", "t17": "advice", "t18": "or", "t19": "reassurance",
                "t33": "came", "t52": "going", "t87": "got"}
SAMPLE_GOLD = {"sample": [("E1", "t52", "going", TYPE_A, "Actual"), ("E2", "t33", "came", TYPE_A, "Actual"),
                          ("E3", "t87", "got", TYPE_A, "Actual"),
                          ("E4", "t14,t17,t18,t19", "offer advice or reassurance", TYPE_B, "Other")]}
SAMPLE_SYSTEM = {"sample": [("E1", "t17", "advice", TYPE_B, "Other"), ("E2", "t19", "reassurance", TYPE_B, "Other"),
                            ("E3", "t33", "came", TYPE_A, "Actual"), ("E4", "t52", "going", TYPE_A, "Actual")]}
SAMPLE_REPORT = """\
========Document results==========
TP\tFP\t#Gold\tPrec\tRecall\tF1\tType\tRealis\tDoc Id
2.40\t1.00\t4\t0.7059\t0.6000\t0.6486\t0.7500\t0.7500\tsample

=======Final Results=========
Precision (Micro Average): 0.7059
Recall (Micro Average):0.6000
F1 (Micro Average):0.6486
Mention type detection accuracy (Micro Average):0.7500
Mention realis status accuracy (Micro Average):0.7500
Precision (Macro Average): 0.7059
Recall (Macro Average): 0.6000
F1 (Macro Average): 0.6486
Mention type detection accuracy (Macro Average):0.7500
Mention realis status accuracy (Macro Average):0.7500
"""


def score_sample():
    return score_pilot(tbf(SAMPLE_GOLD, run="gold"), tbf(SAMPLE_SYSTEM, run="sue"),
                       tokens=Tables(table("sample", SAMPLE_WORDS)))


def test_appendix_2_mapping_records():
    doc = score_sample().documents[0]
    # Gold E1 <- system E4 (1), gold E2 <- system E3 (1), gold E4 <- system E1 (2/5) then E2 joins.
    assert doc.records == (PilotRecord(0, (3,), 1.0), PilotRecord(1, (2,), 1.0),
                           PilotRecord(3, (0, 1), 2 * 1 / (1 + 4)))
    assert doc.false_positives() == (1,)  # system E2 joined a record but gives no TP


def test_appendix_2_figures():
    result = score_sample()
    doc = result.documents[0]
    precision, recall = 2.4 / 3.4, 2.4 / 4
    assert (doc.tp, doc.fp, doc.num_gold, doc.num_system) == (1 + 1 + 2 / 5, 1, 4, 4)
    assert doc.precision == precision
    assert doc.recall == recall
    assert doc.f1 == 2 * precision * recall / (precision + recall)
    assert (doc.type_score, doc.realis_score) == (1 + 1 + 1 / 2 + 1 / 2, 1 + 1 + 1 / 2 + 1 / 2)
    assert (doc.type_accuracy, doc.realis_accuracy) == (3 / 4, 3 / 4)
    for average in (result.micro, result.macro):
        assert (average.precision, average.recall, average.f1) == (doc.precision, doc.recall, doc.f1)
        assert (average.type_accuracy, average.realis_accuracy) == (3 / 4, 3 / 4)
    assert f"{doc.f1:.4f}" == "0.6486"


def test_appendix_2_report():
    assert format_pilot_report(score_sample()) == SAMPLE_REPORT


INVISIBLE_WORDS = {"t1": "The", "t2": "attack", "t3": "HE", "t4": "fled", "t5": "the", "t6": "city"}


def test_invisible_words_are_ignored_case_insensitively():
    gold = tbf({"d": [("G1", "t1,t2", "The attack", TYPE_A, "Actual"),
                      ("G2", "t4,t5,t6", "fled the city", TYPE_A, "Actual")]})
    system = tbf({"d": [("S1", "t2", "attack", TYPE_A, "Actual"),
                        ("S2", "t3,t4", "HE fled", TYPE_A, "Actual")]})
    doc = score_pilot(gold, system, tokens=Tables(table("d", INVISIBLE_WORDS))).documents[0]
    assert doc.invisible_ids == {"t1", "t3", "t5"}
    # "attack" vs "attack": 1; "fled" vs "fled city": 2*1/(1+2).
    assert doc.records == (PilotRecord(0, (0,), 1.0), PilotRecord(1, (1,), 2 * 1 / (1 + 2)))
    assert doc.tp == 1 + 2 / 3


def test_mention_of_only_invisible_words_overlaps_nothing():
    gold = tbf({"d": [("G1", "t3", "HE", TYPE_A, "Actual")]})
    system = tbf({"d": [("S1", "t3", "HE", TYPE_A, "Actual")]})
    result = score_pilot(gold, system, tokens=Tables(table("d", INVISIBLE_WORDS)))
    doc = result.documents[0]
    assert (doc.records, doc.tp, doc.fp) == ((), 0.0, 1)
    assert (doc.precision, doc.recall) == (0 / (0 + 1), 0 / 1)
    assert sum("only invisible words" in w for w in result.warnings) == 2


def test_char_mode_removes_nothing():
    # Characters 0-2 are "The" in the text, but character mode has no token strings to look at.
    gold = tbf({"d": [("G1", "0,3;4,10", "The attack", TYPE_A, "Actual")]}, mode=SpanMode.CHAR)
    system = tbf({"d": [("S1", "4,10", "attack", TYPE_A, "Actual")]}, mode=SpanMode.CHAR)
    doc = score_pilot(gold, system, tokens=Tables(table("d", INVISIBLE_WORDS))).documents[0]
    assert doc.tp == 2 * 6 / (9 + 6)


def test_missing_token_table_warns_and_removes_nothing():
    gold = tbf({"d": [("G1", "t1,t2", "The attack", TYPE_A, "Actual")]})
    system = tbf({"d": [("S1", "t2", "attack", TYPE_A, "Actual")]})
    result = score_pilot(gold, system, tokens=Tables())
    assert result.documents[0].tp == 2 * 1 / (2 + 1)
    assert any("without a token table" in w and "d" in w for w in result.warnings)


def test_attribute_credit_is_shared_one_over_n():
    words = {"t1": "bombing", "t2": "and", "t3": "shelling"}
    gold = tbf({"d": [("G1", "t1,t2,t3", "bombing and shelling", "Conflict_Attack", "Actual")]})
    system = tbf({"d": [("S1", "t1", "bombing", "conflict.attack", "ACTUAL"),
                        ("S2", "t2", "and", "Conflict_Attack", "Other"),
                        ("S3", "t3", "shelling", "Life_Die", "Generic")]})
    doc = score_pilot(gold, system, tokens=Tables(table("d", words))).documents[0]
    assert doc.records == (PilotRecord(0, (0, 1, 2), 2 * 1 / (3 + 1)),)
    assert (doc.tp, doc.fp) == (2 * 1 / (3 + 1), 2)
    assert doc.type_score == 1 / 3 + 1 / 3  # S1 and S2 (canonical types match), not S3
    assert doc.realis_score == 1 / 3  # only S1
    assert (doc.type_accuracy, doc.realis_accuracy) == ((1 / 3 + 1 / 3) / 1, (1 / 3) / 1)


def test_gold_not_annotated_realis_matches_any():
    words = {"t1": "war", "t2": "peace"}
    gold = tbf({"d": [("G1", "t1", "war", TYPE_A, "NOT_ANNOTATED"), ("G2", "t2", "peace", TYPE_A, "Actual")]})
    system = tbf({"d": [("S1", "t1", "war", TYPE_A, "Generic"), ("S2", "t2", "peace", TYPE_A, "Generic")]})
    doc = score_pilot(gold, system, tokens=Tables(table("d", words))).documents[0]
    assert doc.realis_score == 1 + 0
    assert doc.realis_accuracy == 1 / 2


def test_system_taken_by_a_better_gold_is_not_appended_elsewhere():
    words = {"t1": "talks", "t2": "ended", "t3": "abruptly"}
    gold = tbf({"d": [("G1", "t1", "talks", TYPE_A, "Actual"), ("G2", "t2,t3", "ended abruptly", TYPE_A, "Actual")]})
    # S1 covers G1 exactly (Dice 2*1/(1+2)) and G2 partly (2*2/(2+3) wins): S1 goes to G2 only.
    system = tbf({"d": [("S1", "t1,t2,t3", "talks ended abruptly", TYPE_A, "Actual")]})
    doc = score_pilot(gold, system, tokens=Tables(table("d", words))).documents[0]
    assert doc.records == (PilotRecord(1, (0,), 2 * 2 / (2 + 3)),)
    assert (doc.fp, doc.recall) == (0, (4 / 5) / 2)


def test_ties_go_to_the_earlier_system_line():
    words = {"t1": "strike"}
    gold = tbf({"d": [("G1", "t1", "strike", TYPE_A, "Actual")]})
    system = tbf({"d": [("S1", "t1", "strike", TYPE_B, "Other"), ("S2", "t1", "strike", TYPE_A, "Actual")]})
    doc = score_pilot(gold, system, tokens=Tables(table("d", words))).documents[0]
    assert doc.records == (PilotRecord(0, (0, 1), 1.0),)
    assert (doc.tp, doc.fp, doc.type_score) == (1.0, 1, 1 / 2)


def corpus():
    words = {f"t{i}": f"w{i}" for i in range(1, 7)}
    gold = tbf({"a": [("G1", "t1", "w1", TYPE_A, "Actual"), ("G2", "t2", "w2", TYPE_A, "Actual")],
                "b": [("G1", "t1", "w1", TYPE_A, "Actual")],
                "c": [],
                "d": [("G1", "t1", "w1", TYPE_A, "Actual")]})
    system = tbf({"a": [("S1", "t1", "w1", TYPE_A, "Other")],
                  "b": [("S1", "t1", "w1", TYPE_A, "Actual"), ("S2", "t3", "w3", TYPE_A, "Actual"),
                        ("S3", "t4", "w4", TYPE_B, "Actual")],
                  "c": [("S1", "t5", "w5", TYPE_A, "Actual")],
                  "z": [("S1", "t6", "w6", TYPE_A, "Actual")]})
    tables = Tables(*(table(d, words) for d in "abcdz"))
    return score_pilot(gold, system, tokens=tables)


def test_micro_and_macro_over_documents():
    result = corpus()
    assert [d.doc_id for d in result.documents] == ["a", "b", "c", "d"]
    a, b, c, d = result.documents
    assert (a.precision, a.recall) == (1 / (1 + 0), 1 / 2)
    assert (b.precision, b.recall) == (1 / (1 + 2), 1 / 1)
    assert not c.counted and c.fp == 1  # no gold mention: reported, not averaged
    assert not d.in_system and math.isnan(d.precision) and d.recall == 0
    micro, macro = result.micro, result.macro
    # Micro sums a, b and d (c is left out, so its false positive is not counted).
    assert (micro.tp, micro.fp, micro.num_gold, micro.num_documents) == (2.0, 2, 4, 3)
    assert (micro.precision, micro.recall) == (2 / (2 + 2), 2 / 4)
    assert micro.type_accuracy == (1 + 1 + 0) / 4
    assert micro.realis_accuracy == (0 + 1 + 0) / 4
    # Macro: d's undefined precision counts as 0, like v1.8.
    assert macro.precision == (1 + 1 / 3 + 0) / 3
    assert macro.recall == (1 / 2 + 1 + 0) / 3
    assert macro.f1 == 2 * macro.precision * macro.recall / (macro.precision + macro.recall)
    assert macro.type_accuracy == (1 / 2 + 1 + 0) / 3
    assert macro.realis_accuracy == (0 + 1 + 0) / 3
    assert any("not in the system file" in w and "d" in w for w in result.warnings)
    assert any("not in the gold file" in w and "z" in w for w in result.warnings)


def test_json_has_fractions_and_no_nan():
    data = corpus().to_json()
    assert data["profile"] == "2015"
    assert data["micro"]["precision"] == 2 / (2 + 2)
    doc_d = data["documents"][3]
    assert doc_d["doc_id"] == "d" and doc_d["precision"] is None and doc_d["f1"] is None
    assert data["documents"][1]["mapping"] == [
        {"gold": "G1", "gold_index": 0, "systems": ["S1"], "system_indexes": [0], "dice": 1.0}]
    assert data["documents"][1]["false_positives"] == ["S2", "S3"]
    json.dumps(data, allow_nan=False)


def test_whitelist_doc_id_progress_and_cancel():
    gold = tbf(SAMPLE_GOLD, run="gold")
    system = tbf(SAMPLE_SYSTEM, run="sue")
    tables = Tables(table("sample", SAMPLE_WORDS))
    only_b = score_pilot(gold, system, tokens=tables, type_whitelist={"communicate"})
    doc = only_b.documents[0]
    assert (doc.num_gold, doc.num_system, doc.tp, doc.fp) == (1, 2, 2 / 5, 1)
    calls: list[tuple[int, int]] = []
    score_pilot(gold, system, tokens=tables, doc_id="sample", progress=lambda n, t: calls.append((n, t)))
    assert calls == [(1, 1)]
    with pytest.raises(KeyError):
        score_pilot(gold, system, tokens=tables, doc_id="nope")
    with pytest.raises(Cancelled):
        score_pilot(gold, system, tokens=tables, cancelled=lambda: True)


# The 2015 scorer's own test reports: gold "made way" = t3,t5 with the invisible "a" (t4) between.
# Their inputs were never published; these system spans give the Dice each report shows.
EVAL_WORDS = {"t0": "They", "t1": "finally", "t2": "have", "t3": "made", "t4": "a", "t5": "way",
              "t6": "home", "t7": "."}
EVAL_SYSTEMS = {1: "t3,t5", 2: "t3", 3: "t3,t4,t5", 4: "t2,t3,t5,t6", 5: "t0", 6: "t2,t3,t4,t5,t6",
                7: "t3,t4,t5,t6", 8: None, 9: "t2,t3", 10: "t5"}


@pytest.mark.parametrize("number", sorted(EVAL_SYSTEMS))
def test_layout_matches_the_2015_eval_files(number: int, evmeval_data: Path):
    doc_id = "discontinous_invisible_sample"
    gold = tbf({doc_id: [("E1", "t3,t5", "made way", TYPE_A, "Actual")]}, run="gold")
    span = EVAL_SYSTEMS[number]
    system = tbf({doc_id: [("E1", span, "x", TYPE_A, "Actual")] if span else []})
    report = format_pilot_report(score_pilot(gold, system, tokens=Tables(table(doc_id, EVAL_WORDS))))
    path = evmeval_data / "test_cases" / "mention_detection_tests" / f"test.system{number}.eval"
    expected = path.read_text().split("\n", 1)[1]  # line 1 is the scorer's log, left out on purpose
    if number != 8:
        assert report == expected
        return
    # No system mention: the document row is the same; the averages follow the v1.8 rule (the
    # document counts with TP 0) where the 2015 scorer had left it out and printed nan throughout.
    assert report.splitlines()[:4] == expected.splitlines()[:4]
    assert report.splitlines()[4:] == [
        "=======Final Results=========",
        "Precision (Micro Average): nan", "Recall (Micro Average):0.0000", "F1 (Micro Average):nan",
        "Mention type detection accuracy (Micro Average):0.0000",
        "Mention realis status accuracy (Micro Average):0.0000",
        "Precision (Macro Average): 0.0000", "Recall (Macro Average): 0.0000", "F1 (Macro Average): nan",
        "Mention type detection accuracy (Macro Average):0.0000",
        "Mention realis status accuracy (Macro Average):0.0000"]


def _write_tbf(path: Path, run: str, documents: dict[str, list[tuple[str, str, str, str, str]]]) -> None:
    lines = []
    for doc_id, mentions in documents.items():
        lines.append(f"#BeginOfDocument {doc_id}")
        lines += ["\t".join((run, doc_id, *m, "1")) for m in mentions]
        lines.append("#EndOfDocument")
    path.write_text("\n".join(lines) + "\n")


def test_cli_profile_2015(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    _write_tbf(tmp_path / "gold.tbf", "gold", SAMPLE_GOLD)
    _write_tbf(tmp_path / "sue.tbf", "sue", SAMPLE_SYSTEM)
    (tmp_path / "tkn").mkdir()
    (tmp_path / "tkn" / "sample.tab").write_text(format_token_table(table("sample", SAMPLE_WORDS).tokens))
    out, out_json = tmp_path / "report.eval", tmp_path / "scores.json"
    code = score_main(["-g", str(tmp_path / "gold.tbf"), "-s", str(tmp_path / "sue.tbf"),
                       "-t", str(tmp_path / "tkn"), "--profile", "2015", "-o", str(out), "--json", str(out_json)])
    assert code == 0
    assert out.read_text() == SAMPLE_REPORT
    data = json.loads(out_json.read_text())
    assert data["profile"] == "2015"
    assert data["micro"]["precision"] == 2.4 / 3.4
    assert data["documents"][0]["mapping"][2]["systems"] == ["E1", "E2"]
    assert capsys.readouterr().out == ""
