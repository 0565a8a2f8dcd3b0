"""MAVEN, MAVEN-ERE and BioNLP pairs as the window's inputs (`evmeval.conventions.corpus_formats`): where
a submission's predictions land, which are left out, and arguments on characters; no Qt."""

from __future__ import annotations

from pathlib import Path

from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.corpus_formats import bionlp_pair, maven_ere_pair, maven_pair

from tests.shipped import EXAMPLES

DATA = Path(__file__).resolve().parent.parent / "data"
CONV = EXAMPLES


def test_a_maven_submission_lands_on_the_gold_candidates_it_names() -> None:
    pair = maven_pair(Input(str(CONV / "maven_gold.jsonl")), Input(str(CONV / "maven_pred.jsonl")))
    d1 = pair.system.documents["D1"].mentions
    # M1 (5 Attack), M2 (9: Escaping's id, on "died"), N1 (5, a negative trigger); N2 type 0 and X9 (no such
    # mention) are no events; D9 is no gold document
    assert [(m.mention_id, m.raw_type) for m in d1] == [("M1", "Attack"), ("M2", "Escaping"), ("N1", "Attack")]
    assert [m.span for m in d1[:2]] == [("0:t1",), ("1:t1",)]
    assert "D9" not in pair.system.documents and "D3" not in pair.system.documents
    assert [m.mention_id for m in pair.system.documents["D2"].mentions] == ["M4"]
    assert [u.tokens for u in pair.units["D3"]] == [["Rebels", "fled", "."]]


def test_maven_ere_system_side_is_the_gold_mentions_with_the_submitted_clusters() -> None:
    pair = maven_ere_pair(Input(str(CONV / "maven_ere_gold.jsonl")), Input(str(CONV / "maven_ere_pred.jsonl")))
    gold, system = pair.gold.documents["A"], pair.system.documents["A"]
    assert [m.mention_id for m in gold.mentions] == [m.mention_id for m in system.mentions]
    # the submission's cluster [m2, m3, m4, x1] keeps the mentions the gold document has
    assert [r.mention_ids for r in system.relations] == [("m2", "m3", "m4")]


def test_bionlp_arguments_are_character_spans_and_a_nested_event_is_its_trigger() -> None:
    pair = bionlp_pair(Input(str(EXAMPLES / "bionlp" / "gold")), Input(str(EXAMPLES / "bionlp" / "answer")))
    text = pair.texts["PMID-1"]
    roles = pair.arguments[0]["PMID-1", "E2"]
    assert [(r.role, text[r.start:r.end]) for r in roles] == [("Theme", "expression"), ("Cause", "TNF")]
    corpus = event_inputs(Input(str(EXAMPLES / "bionlp" / "gold")), Input(str(EXAMPLES / "bionlp" / "answer")))
    assert corpus.inputs.texts.text("PMID-1") == text and corpus.format == "bionlp"
