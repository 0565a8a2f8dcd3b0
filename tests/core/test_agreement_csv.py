"""The disagreements CSV of two annotators: which rows, which cells, written atomically, never over an input."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from evmeval.agreement.scoring import pairwise
from evmeval.align.greedy import COMBINATIONS
from evmeval.io.errors import FormatError
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.model import Document, Mention, SpanMode, TbfFile, canonical
from evmeval.report.agreement_csv import (
    agreement_words,
    disagreement_header,
    disagreement_rows,
    format_disagreements_csv,
    write_disagreements_csv,
)


def mention(mention_id: str, tokens: str, text: str, mention_type: str = "Conflict_Attack",
            realis: str = "Actual", doc_id: str = "d1") -> Mention:
    return Mention("run", doc_id, mention_id, tuple(tokens.split(",")), text, canonical(mention_type),
                   canonical(realis), mention_type, realis, None, 0)


def tbf(path: str, docs: dict[str, list[Mention]]) -> TbfFile:
    return TbfFile(path, SpanMode.TOKEN, {d: Document(d, tuple(ms)) for d, ms in docs.items()})


# d1: A1 = B1 exact; A2 "police arrested" ~ B2 "arrested" (Dice 2/3); A3 and B3 same span, other type;
#     A4 only in a; B4 only in b. d2: only a has it (one mention). d3: both agree exactly.
A = tbf("corpus/anna.tbf", {
    "d1": [mention("A1", "t1", "attacked"), mention("A2", "t4,t5", "police arrested", "Justice_Arrest-Jail"),
           mention("A3", "t7", "killed", "Life_Die"), mention("A4", "t9", "praised", "Contact_Broadcast")],
    "d2": [mention("A1", "t2", "flood", "Disaster", doc_id="d2")],
    "d3": [mention("A1", "t1", "talks", "Contact_Meet", doc_id="d3")],
})
B = tbf("corpus/ben.tbf", {
    "d1": [mention("B1", "t1", "attacked"), mention("B2", "t5", "arrested", "Justice_Arrest-Jail", "Generic"),
           mention("B3", "t7", "killed", "Life_Injure"), mention("B4", "t11", "guards", "Life_Die")],
    "d3": [mention("B1", "t1", "talks", "Contact_Meet", doc_id="d3")],
})


def parsed(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_plain_lists_partial_and_one_sided_mentions_not_exact_ones():
    rows = parsed(format_disagreements_csv(pairwise(A, B), "plain"))
    assert [(r["doc_id"], r["outcome"], r["anna.tbf_id"], r["ben.tbf_id"]) for r in rows] == [
        ("d1", "partial", "A2", "B2"),
        ("d1", "missed", "A4", ""),
        ("d1", "spurious", "", "B4"),
        ("d2", "missed", "A1", ""),
    ]
    partial = rows[0]
    assert float(partial["dice"]) == pytest.approx(2 * 1 / (2 + 1))
    assert [partial[f"anna.tbf_{f}"] for f in ("span", "text", "type", "realis")] == [
        "t4,t5", "police arrested", "Justice_Arrest-Jail", "Actual"]
    assert [partial[f"ben.tbf_{f}"] for f in ("span", "text", "realis")] == ["t5", "arrested", "Generic"]
    assert partial["mismatched_attributes"] == "realis_status"
    assert partial["what"] == agreement_words("anna.tbf", "ben.tbf")[Outcome.PARTIAL]
    assert rows[1]["dice"] == "" and rows[1]["ben.tbf_text"] == ""


def test_type_combination_adds_the_same_span_with_another_type():
    rows = parsed(format_disagreements_csv(pairwise(A, B), "mention_type"))
    attribute = [r for r in rows if r["outcome"] == "attribute"]
    assert [(r["anna.tbf_id"], r["ben.tbf_id"], r["anna.tbf_type"], r["ben.tbf_type"], r["dice"])
            for r in attribute] == [("A3", "B3", "Life_Die", "Life_Injure", "1.0")]
    assert all(r["combination"] == "mention_type" for r in rows)


@pytest.mark.parametrize("combination", COMBINATIONS)
def test_rows_are_exactly_the_non_exact_mapping_rows(combination: str):
    pair = pairwise(A, B)
    expected = [(d.doc_id, row) for d in pair.documents
                for row in mapping_rows(d.document_result(), combination) if row.outcome is not Outcome.EXACT]
    assert list(disagreement_rows(pair, combination)) == expected
    text = format_disagreements_csv(pair, combination)
    assert tuple(next(csv.reader(io.StringIO(text)))) == disagreement_header("anna.tbf", "ben.tbf")
    assert len(parsed(text)) == len(expected)


def test_swapping_the_annotators_swaps_the_sides():
    ab = parsed(format_disagreements_csv(pairwise(A, B), "plain"))
    ba = parsed(format_disagreements_csv(pairwise(B, A), "plain"))
    # columns named after the annotators: the same cells under the same names, whichever is the key
    assert sorted((r["doc_id"], r["anna.tbf_id"], r["ben.tbf_id"]) for r in ab) == sorted(
        (r["doc_id"], r["anna.tbf_id"], r["ben.tbf_id"]) for r in ba)
    assert {r["outcome"] for r in ba if r["ben.tbf_id"] == "B4"} == {"missed"}


def test_the_header_and_words_name_the_annotators_not_a_and_b():
    text = format_disagreements_csv(pairwise(A, B), "plain")
    header = next(csv.reader(io.StringIO(text)))
    assert header[6:] == ["anna.tbf_id", "anna.tbf_span", "anna.tbf_text", "anna.tbf_type", "anna.tbf_realis",
                          "ben.tbf_id", "ben.tbf_span", "ben.tbf_text", "ben.tbf_type", "ben.tbf_realis"]
    assert not any(h.startswith(("a_", "b_")) for h in header)
    whats = {r["outcome"]: r["what"] for r in parsed(text)}
    assert whats["missed"] == "only anna.tbf marked it" and whats["spurious"] == "only ben.tbf marked it"
    # names as given (a window's "x/anna.tbf" and "y/anna.tbf" stay apart; one file twice is numbered)
    assert next(csv.reader(io.StringIO(format_disagreements_csv(
        pairwise(A, B, a_name="x/anna.tbf", b_name="y/anna.tbf"), "plain"))))[6] == "x/anna.tbf_id"
    twice = next(csv.reader(io.StringIO(format_disagreements_csv(pairwise(A, A), "plain"))))
    assert (twice[6], twice[11]) == ("anna.tbf (1)_id", "anna.tbf (2)_id")


def test_write_is_atomic_counts_rows_and_refuses_an_input(tmp_path: Path):
    out = tmp_path / "sub" / "disagreements.csv"
    out.parent.mkdir()  # an existing folder: outputs never make their folder
    count = write_disagreements_csv(str(out), pairwise(A, B), "plain")
    assert count == 4
    assert len(parsed(out.read_text(encoding="utf-8"))) == 4
    assert [p.name for p in out.parent.iterdir()] == ["disagreements.csv"]  # no temporary file left
    source = tmp_path / "a.tbf"
    source.write_text("unchanged", encoding="utf-8")
    with pytest.raises(FormatError, match="would overwrite an input"):
        write_disagreements_csv(str(source), pairwise(A, B), "plain", inputs=[str(source)])
    assert source.read_text(encoding="utf-8") == "unchanged"


def test_unknown_combination_is_named():
    with pytest.raises(ValueError, match="unknown attribute combination 'type'"):
        format_disagreements_csv(pairwise(A, B), "type")
