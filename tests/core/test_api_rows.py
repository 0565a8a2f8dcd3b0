"""`Scores.rows()` for pandas, the macro rule a row carries, and short reprs (issue 32, item 5)."""

from __future__ import annotations

from pathlib import Path

import evmeval
import pytest

DEMO = Path(__file__).resolve().parent.parent.parent / "resources" / "demo"


@pytest.fixture(scope="module")
def missing_document() -> evmeval.Scores:
    """Demo system B lacks the gold document demo_factory_opening: its precision is undefined (0/0)."""
    return evmeval.score(evmeval.load(str(DEMO / "gold.tbf"), str(DEMO / "system_b.tbf"), tokens=str(DEMO / "tkn")))


def test_rows_all_gives_each_combination_once(missing_document: evmeval.Scores) -> None:
    documents = [d.doc_id for d in missing_document.result.documents]
    rows = missing_document.rows("all")
    assert [(r["attributes"], r["document"]) for r in rows] == [
        (c, d) for c in ("plain", "mention_type", "realis_status", "mention_type+realis_status") for d in documents]
    # ATTRIBUTE_NAMES maps 8 names (short and the report's) to 4 combinations; COMBINATIONS are the 4
    assert len(evmeval.ATTRIBUTE_NAMES) == 8 and list(evmeval.COMBINATIONS) == [
        "plain", "mention_type", "realis_status", "mention_type+realis_status"]
    looped = [r for c in evmeval.COMBINATIONS for r in missing_document.rows(c)]
    assert looped == rows
    with pytest.raises(ValueError, match=r"unknown attributes 'colour' \(expected one of span, .*, or all\)"):
        missing_document.rows("colour")


def test_the_macro_rule_is_in_the_row(missing_document: evmeval.Scores) -> None:
    """v1.8's macro averages the counted documents' precision and recall, an undefined one (a document the
    system lacks) counting as 0. The mean of `precision` skipping None (pandas' mean) is not that: 0.873
    against 0.7275. `macro_precision` / `macro_recall` are the row's share under v1.8's rule: their mean,
    None skipped, is the macro, and F1 is computed from the two means."""
    span = missing_document.rows("span")
    missing = next(r for r in span if r["document"] == "demo_factory_opening")
    assert (missing["in_system"], missing["counted"], missing["precision"]) == (False, True, None)
    assert (missing["macro_precision"], missing["macro_recall"]) == (0.0, 0.0)
    naive = [r["precision"] for r in span if r["precision"] is not None]
    assert round(sum(naive) / len(naive), 4) == 0.873  # what the issue saw
    macro = missing_document.macro("span")
    shares = [r["macro_precision"] for r in span if r["macro_precision"] is not None]
    recalls = [r["macro_recall"] for r in span if r["macro_recall"] is not None]
    p, r = sum(shares) / len(shares), sum(recalls) / len(recalls)
    assert (p, r, len(shares)) == (macro.precision, macro.recall, macro.num_documents)
    assert round(p, 4) == 0.7275 and 2 * p * r / (p + r) == pytest.approx(macro.f1, rel=1e-15)


def test_a_document_without_gold_is_not_counted(tmp_path: Path) -> None:
    gold = tmp_path / "gold.tbf"
    system = tmp_path / "system.tbf"
    gold.write_text("#BeginOfDocument d1\nrun\td1\tE1\t0,4\tboom\tConflict_Attack\tActual\n#EndOfDocument\n"
                    "#BeginOfDocument d2\n#EndOfDocument\n", encoding="utf-8")
    system.write_text("#BeginOfDocument d1\nrun\td1\tE1\t0,4\tboom\tConflict_Attack\tActual\n#EndOfDocument\n"
                      "#BeginOfDocument d2\nrun\td2\tE1\t0,4\tboom\tConflict_Attack\tActual\n#EndOfDocument\n",
                      encoding="utf-8")
    rows = {r["document"]: r for r in evmeval.score(evmeval.load(str(gold), str(system))).rows("span")}
    assert (rows["d2"]["counted"], rows["d2"]["macro_precision"], rows["d2"]["macro_recall"]) == (False, None, None)
    assert (rows["d1"]["counted"], rows["d1"]["macro_precision"], rows["d1"]["macro_recall"]) == (True, 1.0, 1.0)


def test_reprs_are_short_and_say_what_they_hold(missing_document: evmeval.Scores) -> None:
    """`repr(scores)` was the whole result (162 KB on the demo), `repr(corpus)` every mention (116 KB)."""
    text = repr(missing_document)
    assert len(text) < 300, len(text)
    assert text.startswith("Scores(6 documents, ") and "type+realis F1 0.5873" in text and "1 warning" in text
    corpus = evmeval.load(str(DEMO / "gold.tbf"), str(DEMO / "system_a.tbf"), tokens=str(DEMO / "tkn"))
    assert len(repr(corpus)) < 300 and repr(corpus).startswith("Corpus(gold ")
