"""Golden cases for the v1.8 scoring rules, each expected figure written as its derivation.

Every case is a handful of hand-made mentions, small enough to check on paper; the comment or the
expression next to each assertion is that paper check (coval's style). The rules come from
../shared/SCORING-NOTES.md.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.cli.score import score_main
from evmeval.io.loading import read_type_whitelist
from evmeval.io.tbf import parse_tbf
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import SpanMode, TbfFile, canonical
from evmeval.report.comparison import format_comparison
from evmeval.report.text import format_report

DATA = Path(__file__).resolve().parent.parent / "data"

Spec = tuple[str, str, str, str]
"""(mention id, span, type, realis) of one mention line."""


def doc(doc_id: str, *mentions: Spec) -> str:
    """A tbf document block; the mention text is the id in lower case."""
    lines = [f"#BeginOfDocument {doc_id}"]
    lines += ["\t".join(["run", doc_id, mid, span, mid.lower(), mtype, realis])
              for mid, span, mtype, realis in mentions]
    lines.append("#EndOfDocument")
    return "\n".join(lines) + "\n"


def tbf(*docs: str, mode: SpanMode = SpanMode.TOKEN, path: str = "system.tbf") -> TbfFile:
    parsed, problems = parse_tbf("".join(docs), path=path, mode=mode)
    assert not [p for p in problems if p.fatal], problems
    return parsed


def score(gold: list[str], system: list[str], mode: SpanMode = SpanMode.TOKEN, **options: object) -> ScoreResult:
    return score_files(tbf(*gold, mode=mode, path="gold.tbf"), tbf(*system, mode=mode), **options)


def pairs(result: ScoreResult, doc_id: str, combination: str) -> set[tuple[str, str]]:
    """The chosen (gold id, system id) pairs of one combination."""
    d = result.document(doc_id)
    return {(d.gold[p.gold].mention_id, d.system[p.system].mention_id) for p in d.mappings[combination].pairs}


def report_line(report: str, first_cell: str) -> list[str]:
    """The cells after the label of the report line whose first cell is `first_cell`."""
    for line in report.splitlines():
        cells = line.split("\t")
        if cells[0].strip() == first_cell:
            return [c for c in cells[1:] if c != "|"]
    raise AssertionError(f"no line {first_cell!r} in report:\n{report}")


def is_nan(value: float) -> bool:
    return isinstance(value, float) and math.isnan(value)


# --- precision, recall, F1 --------------------------------------------------------------------------


def test_exact_matches_coval_style() -> None:
    # 3 gold, 4 system, 2 exact matches: P = 2/4, R = 2/3.
    r = score([doc("d", ("G1", "t1", "A", "Actual"), ("G2", "t2", "A", "Actual"), ("G3", "t3", "A", "Actual"))],
              [doc("d", ("S1", "t1", "A", "Actual"), ("S2", "t2", "A", "Actual"), ("S3", "t9", "A", "Actual"),
                   ("S4", "t10", "A", "Actual"))])
    s = r.micro["plain"]
    assert s.tp == 2
    assert s.precision == pytest.approx(1 / 2)
    assert s.recall == pytest.approx(2 / 3)
    assert s.f1 == pytest.approx(2 * (1 / 2) * (2 / 3) / (1 / 2 + 2 / 3))
    assert report_line(format_report(r), "d")[:3] == ["50.00", "66.67", "57.14"]


def test_partial_dice_credit() -> None:
    # S1 {t2,t3} vs G1 {t1,t2,t3}: 2*2/(3+2); S2 {t5,t6} vs G2 {t5}: 2*1/(1+2); S3 overlaps nothing.
    r = score([doc("d", ("G1", "t1,t2,t3", "A", "Actual"), ("G2", "t5", "A", "Actual"))],
              [doc("d", ("S1", "t2,t3", "A", "Actual"), ("S2", "t5,t6", "A", "Actual"), ("S3", "t9", "A", "Actual"))])
    tp = 2 * 2 / (3 + 2) + 2 * 1 / (1 + 2)
    s = r.document("d").scores["plain"]
    assert s.tp == pytest.approx(tp)
    assert s.precision == pytest.approx(tp / 3)
    assert s.recall == pytest.approx(tp / 2)
    assert s.f1 == pytest.approx(2 * (tp / 3) * (tp / 2) / (tp / 3 + tp / 2))
    comparison = format_comparison(r)
    assert "\tS1\tt2,t3\ta\tactual\ts1\t0.80\n" in comparison
    assert "\tS2\tt5,t6\ta\tactual\ts2\t0.67\n" in comparison
    assert "system.tbf\t-\t|\tS3\tt9\ta\tactual\ts3\t-\n" in comparison


def test_f1_is_nan_when_precision_and_recall_are_zero() -> None:
    r = score([doc("d", ("G1", "t1", "A", "Actual"))], [doc("d", ("S1", "t2", "A", "Actual"))])
    s = r.document("d").scores["plain"]
    assert (s.precision, s.recall) == (0.0, 0.0)
    assert is_nan(s.f1)
    assert report_line(format_report(r), "d")[:3] == ["0.00", "0.00", "nan"]


# --- greedy mapping -----------------------------------------------------------------------------------


def test_higher_dice_wins_over_earlier_line() -> None:
    # S1 {t1,t2,t3} vs G1 {t1}: 2*1/(3+1) = 0.5; S2 {t1} vs G1: 1.0, so S2 is chosen though later.
    r = score([doc("d", ("G1", "t1", "A", "Actual"))],
              [doc("d", ("S1", "t1,t2,t3", "A", "Actual"), ("S2", "t1", "A", "Actual"))])
    assert pairs(r, "d", "plain") == {("G1", "S2")}
    assert r.document("d").scores["plain"].tp == 1.0


@pytest.mark.parametrize(("order", "winner"), [(("S1", "S2"), "S1"), (("S2", "S1"), "S2")])
def test_tie_goes_to_earlier_system_line(order: tuple[str, str], winner: str) -> None:
    # G1 {t1,t2}; S1 {t1} and S2 {t2} both have Dice 2*1/(2+1): the system line written first wins.
    spans = {"S1": "t1", "S2": "t2"}
    r = score([doc("d", ("G1", "t1,t2", "A", "Actual"))],
              [doc("d", *[(s, spans[s], "A", "Actual") for s in order])])
    assert pairs(r, "d", "plain") == {("G1", winner)}
    assert r.document("d").scores["plain"].tp == pytest.approx(2 * 1 / (2 + 1))


@pytest.mark.parametrize(("order", "winner"), [(("G1", "G2"), "G1"), (("G2", "G1"), "G2")])
def test_tie_goes_to_earlier_gold_line(order: tuple[str, str], winner: str) -> None:
    # S1 {t1,t2}; G1 {t1} and G2 {t2} both have Dice 2/3: the gold line written first wins.
    spans = {"G1": "t1", "G2": "t2"}
    r = score([doc("d", *[(g, spans[g], "A", "Actual") for g in order])],
              [doc("d", ("S1", "t1,t2", "A", "Actual"))])
    assert pairs(r, "d", "plain") == {(winner, "S1")}


def test_type_mapping_is_not_a_subset_of_the_plain_mapping() -> None:
    # Plain: S1 {t1,t2} matches G1 exactly (Dice 1). Type: S1 has the wrong type, so G1 goes to
    # S2 {t1} with Dice 2*1/(2+1), a pair the plain mapping does not contain.
    r = score([doc("d", ("G1", "t1,t2", "Attack", "Actual"))],
              [doc("d", ("S1", "t1,t2", "Die", "Actual"), ("S2", "t1", "Attack", "Actual"))])
    assert pairs(r, "d", "plain") == {("G1", "S1")}
    assert pairs(r, "d", "mention_type") == {("G1", "S2")}
    assert not pairs(r, "d", "mention_type") <= pairs(r, "d", "plain")
    s = r.document("d").scores["mention_type"]
    assert s.tp == pytest.approx(2 / 3)
    assert s.precision == pytest.approx((2 / 3) / 2)
    assert s.recall == pytest.approx(2 / 3)
    assert s.f1 == pytest.approx(2 * (1 / 3) * (2 / 3) / (1 / 3 + 2 / 3))


def test_type_score_can_exceed_the_plain_score() -> None:
    # G0 {1,2} A, G1 {3} B; S0 {1,2,3} B, S1 {1} A.
    # Plain: (S0,G0) 2*2/(2+3) = 0.8 is taken first and blocks both other pairs: TP 0.8.
    # Type: (S0,G0) is skipped (B vs A), so (S1,G0) 2*1/(2+1) and (S0,G1) 2*1/(1+3) are both taken.
    r = score([doc("d", ("G0", "t1,t2", "A", "Actual"), ("G1", "t3", "B", "Actual"))],
              [doc("d", ("S0", "t1,t2,t3", "B", "Actual"), ("S1", "t1", "A", "Actual"))])
    plain, typed = r.document("d").scores["plain"], r.document("d").scores["mention_type"]
    assert plain.tp == pytest.approx(2 * 2 / (2 + 3))
    assert typed.tp == pytest.approx(2 * 1 / (2 + 1) + 2 * 1 / (1 + 3))
    assert typed.tp > plain.tp


def test_not_annotated_gold_realis_matches_any_system_realis() -> None:
    r = score([doc("d", ("G1", "t1", "A", "NOT_ANNOTATED"), ("G2", "t2", "A", "Actual"))],
              [doc("d", ("S1", "t1", "A", "Generic"), ("S2", "t2", "A", "NOT_ANNOTATED"))])
    # G1 (not annotated) takes S1 whatever its realis; G2 (Actual) does not take S2 (NOT_ANNOTATED is
    # only a wildcard on the gold side).
    assert pairs(r, "d", "realis_status") == {("G1", "S1")}
    assert r.document("d").scores["realis_status"].recall == pytest.approx(1 / 2)
    assert r.document("d").scores["mention_type+realis_status"].tp == 1.0


def test_type_and_realis_are_canonicalised() -> None:
    assert canonical("Conflict_Attack") == canonical("cONFLICT.attack") == "conflictattack"
    r = score([doc("d", ("G1", "t1", "Conflict_Attack", "Actual"))],
              [doc("d", ("S1", "t1", "cONFLICT.attack", "ACTUAL."))])
    for combination in COMBINATIONS:
        assert r.document("d").scores[combination].f1 == 1.0
    # Canonical strings are what the comparison file and per-type table print.
    assert "\tG1\tt1\tconflictattack\tactual\tg1\t|\tS1\tt1\tconflictattack\tactual\ts1\t1.00\n" in \
        format_comparison(r)
    assert [row.mention_type for row in r.per_type_published] == ["conflictattack"]


def test_canonical_drops_non_ascii_characters() -> None:
    # The reference compared byte strings: only ASCII letters and digits survive, whatever a
    # non-ASCII character would lower-case to (KELVIN SIGN lower-cases to ASCII 'k').
    assert canonical("Conflict\u00e9Attack") == "conflictattack"
    assert canonical("\u212a") == ""
    assert canonical("\u0130X") == "x"


# --- span units ----------------------------------------------------------------------------------------


def test_char_mode_overlapping_parts_repeat_characters() -> None:
    # G {0,1,2,3,2,3} (6 characters as a list) vs S {0,1,2,3}: 2*4/(6+4) = 0.80, in both directions.
    for gold_span, system_span in (("0,4;2,4", "0,4"), ("0,4", "0,4;2,4")):
        r = score([doc("d", ("G1", gold_span, "A", "Actual"))], [doc("d", ("S1", system_span, "A", "Actual"))],
                  mode=SpanMode.CHAR)
        assert r.document("d").scores["plain"].tp == pytest.approx(2 * 4 / (6 + 4))
    comparison = format_comparison(r)
    assert "\tG1\t0,1,2,3\ta\tactual\tg1\t|\tS1\t0,1,2,3,2,3\ta\tactual\ts1\t0.80\n" in comparison


def test_char_mode_mention_with_overlapping_parts_is_not_a_perfect_match_of_itself() -> None:
    # The published quirk taken to its end: the same span on both sides scores 2*4/(6+6).
    r = score([doc("d", ("G1", "0,4;2,4", "A", "Actual"))], [doc("d", ("S1", "0,4;2,4", "A", "Actual"))],
              mode=SpanMode.CHAR)
    assert r.document("d").scores["plain"].tp == pytest.approx(2 * 4 / (6 + 6))


def test_char_mode_half_open_parts() -> None:
    # G [4,8)+[13,16) = 7 characters; S [4,8) = 4 characters, all shared: 2*4/(7+4).
    r = score([doc("d", ("G1", "4,8;13,16", "A", "Actual"))], [doc("d", ("S1", "4,8", "A", "Actual"))],
              mode=SpanMode.CHAR)
    assert r.document("d").scores["plain"].tp == pytest.approx(2 * 4 / (7 + 4))


def test_repeated_token_ids_count_once() -> None:
    # {t1,t2} written as t1,t1,t2 still matches t1,t2 exactly; {t1} (t1,t1) vs {t1,t2}: 2*1/(1+2).
    r = score([doc("d", ("G1", "t1,t1,t2", "A", "Actual"), ("G2", "t7,t7", "A", "Actual"))],
              [doc("d", ("S1", "t2,t1", "A", "Actual"), ("S2", "t7,t8", "A", "Actual"))])
    d = r.document("d")
    assert sorted(p.dice for p in d.mappings["plain"].pairs) == pytest.approx([2 * 1 / (1 + 2), 1.0])
    # The comparison file prints the ids as written, repeats included.
    assert "\tG1\tt1,t1,t2\ta\tactual\tg1\t|\tS1\tt2,t1\ta\tactual\ts1\t1.00\n" in format_comparison(r)


# --- corpus averages -----------------------------------------------------------------------------------


def test_gold_document_without_mentions_is_left_out_of_averages_but_feeds_per_type_sys() -> None:
    # d1: perfect. d2: no gold mentions, two system mentions of gold type A.
    r = score([doc("d1", ("G1", "t1", "A", "Actual")), doc("d2")],
              [doc("d1", ("S1", "t1", "A", "Actual")), doc("d2", ("S1", "t1", "A", "Actual"),
                                                            ("S2", "t2", "A", "Actual"))])
    assert not r.document("d2").counted
    assert r.macro["plain"].num_documents == 1
    assert r.micro["plain"].num_system == 1  # d2's two system mentions are not in the micro table
    assert r.micro["plain"].precision == 1.0
    assert r.macro["plain"].f1 == 1.0
    (row,) = r.per_type_published
    assert (row.mention_type, row.num_gold, row.num_system) == ("a", 1, 1 + 2)
    assert row.precision == pytest.approx(1 / 3)
    report = format_report(r)
    assert report_line(report, "d2")[:3] == ["0.00", "nan", "nan"]  # P = 0/2, R = 0/0
    assert report_line(report, "a") == ["0.33", "1.00", "0.50", "1", "3"]
    assert report_line(report, "plain") == ["100.00"] * 6
    assert any("'d2' has no mentions" in w for w in r.warnings)


def test_gold_document_missing_from_system_counts_as_zero() -> None:
    # d1 perfect (1 gold); d2 (2 gold) absent from the system.
    r = score([doc("d1", ("G1", "t1", "A", "Actual")), doc("d2", ("G1", "t1", "A", "Actual"),
                                                          ("G2", "t2", "A", "Actual"))],
              [doc("d1", ("S1", "t1", "A", "Actual"))])
    micro, macro = r.micro["plain"], r.macro["plain"]
    assert (micro.tp, micro.num_gold, micro.num_system) == (1, 1 + 2, 1)
    assert micro.precision == 1.0
    assert micro.recall == pytest.approx(1 / 3)
    assert micro.f1 == pytest.approx(2 * 1 * (1 / 3) / (1 + 1 / 3))
    assert macro.precision == pytest.approx((1 + 0) / 2)
    assert macro.recall == pytest.approx((1 + 0) / 2)
    assert not r.document("d2").in_system
    assert report_line(format_report(r), "d2")[:3] == ["nan", "0.00", "nan"]
    assert any("d2" in w and "not in the system" in w for w in r.warnings)


def test_system_only_documents_are_ignored() -> None:
    gold = [doc("d1", ("G1", "t1", "A", "Actual"), ("G2", "t2", "B", "Actual"))]
    system = [doc("d1", ("S1", "t1", "A", "Actual"))]
    base = score(gold, system)
    extra = score(gold, [*system, doc("d0", ("S1", "t1", "A", "Actual"), ("S2", "t3", "B", "Generic"))])
    assert [d.doc_id for d in extra.documents] == ["d1"]
    assert format_report(extra) == format_report(base)
    assert format_comparison(extra) == format_comparison(base)
    assert any("d0" in w and "ignored" in w for w in extra.warnings)


def test_micro_precision_is_nan_without_system_mentions() -> None:
    r = score([doc("d1", ("G1", "t1", "A", "Actual")), doc("d2", ("G1", "t4", "B", "Actual"))],
              [doc("d1"), doc("d2")])
    micro, macro = r.micro["plain"], r.macro["plain"]
    assert is_nan(micro.precision) and micro.recall == 0.0 and is_nan(micro.f1)
    # A NaN document precision counts as 0 in the macro sum; F1 of P = R = 0 is NaN.
    assert macro.precision == 0.0 and macro.recall == 0.0 and is_nan(macro.f1)
    assert report_line(format_report(r), "plain") == ["nan", "0.00", "nan", "0.00", "0.00", "nan"]


def test_macro_f1_is_harmonic_mean_of_macro_precision_and_recall() -> None:
    # d1: 2 gold, 1 exact system: P 1, R 1/2 (F1 2/3). d2: 1 gold, 3 system, 1 exact: P 1/3, R 1 (F1 1/2).
    r = score([doc("d1", ("G1", "t1", "A", "Actual"), ("G2", "t2", "A", "Actual")),
               doc("d2", ("G1", "t1", "A", "Actual"))],
              [doc("d1", ("S1", "t1", "A", "Actual")),
               doc("d2", ("S1", "t1", "A", "Actual"), ("S2", "t5", "A", "Actual"), ("S3", "t6", "A", "Actual"))])
    macro = r.macro["plain"]
    p, rec = (1 + 1 / 3) / 2, (1 / 2 + 1) / 2
    assert macro.precision == pytest.approx(p)
    assert macro.recall == pytest.approx(rec)
    assert macro.f1 == pytest.approx(2 * p * rec / (p + rec))  # 12/17
    assert macro.f1 != pytest.approx((2 / 3 + 1 / 2) / 2)  # not the mean of document F1s (7/12)
    # Micro sums the counts: TP 2, #system 4, #gold 3.
    assert r.micro["plain"].precision == pytest.approx(2 / 4)
    assert r.micro["plain"].recall == pytest.approx(2 / 3)
    assert report_line(format_report(r), "plain") == ["50.00", "66.67", "57.14", "66.67", "75.00", "70.59"]


# --- per-type tables --------------------------------------------------------------------------------


def test_published_per_type_table_uses_type_and_realis_mapping() -> None:
    # G1 A/Actual vs S1 A/Generic (same span): the type mapping pairs them, the type+realis one does not.
    # S2 has a type (B) that no gold mention has.
    r = score([doc("d", ("G1", "t1", "A", "Actual"))],
              [doc("d", ("S1", "t1", "A", "Generic"), ("S2", "t5", "B", "Actual"))])
    (published,) = r.per_type_published  # one row per gold type
    assert (published.mention_type, published.tp, published.num_gold, published.num_system) == ("a", 0, 1, 1)
    assert (published.precision, published.recall) == (0.0, 0.0)
    by_type = {row.mention_type: row for row in r.per_type_by_type_mapping}
    assert set(by_type) == {"a", "b"}  # types of either side
    assert (by_type["a"].tp, by_type["a"].precision, by_type["a"].recall, by_type["a"].f1) == (1, 1, 1, 1)
    assert by_type["b"].num_gold == 0 and by_type["b"].precision == 0.0 and is_nan(by_type["b"].recall)
    # The text report prints the published table (NaN F1 printed as 0.00).
    report = format_report(r)
    assert report_line(report, "a") == ["0.00", "0.00", "0.00", "1", "1"]
    assert "\n   b\t" not in report and not any(line.startswith("b\t") for line in report.splitlines())


# --- options ---------------------------------------------------------------------------------------------


def test_type_white_list_drops_other_types_on_both_sides() -> None:
    gold = [doc("d", ("G1", "t1", "Conflict_Attack", "Actual"), ("G2", "t2", "Life_Die", "Actual"))]
    system = [doc("d", ("S1", "t1", "conflict.attack", "Actual"), ("S2", "t2,t3", "Life_Die", "Actual"),
                  ("S3", "t9", "Life_Die", "Actual"))]
    whitelist = read_type_whitelist(str(DATA / "whitelist_attack.txt"))
    assert whitelist == {"conflictattack", ""}  # the file ends with a blank line: v1.8 adds the empty type
    r = score(gold, system, type_whitelist=whitelist)
    s = r.document("d").scores["plain"]
    assert (s.tp, s.num_gold, s.num_system) == (1, 1, 1)
    unfiltered = score(gold, system).document("d").scores["plain"]
    assert (unfiltered.num_gold, unfiltered.num_system) == (2, 3)
    assert unfiltered.tp == pytest.approx(1 + 2 * 1 / (1 + 2))


def test_white_list_and_single_document_through_the_cli(tmp_path: Path) -> None:
    gold = tmp_path / "gold.tbf"
    system = tmp_path / "sys.tbf"
    gold.write_text(doc("d1", ("G1", "t1", "Conflict_Attack", "Actual"), ("G2", "t2", "Life_Die", "Actual"))
                    + doc("d2", ("G1", "t1", "Conflict_Attack", "Actual")), encoding="utf-8")
    system.write_text(doc("d1", ("S1", "t1", "Conflict_Attack", "Actual"), ("S2", "t5", "Life_Die", "Actual"))
                      + doc("d2", ("S1", "t4", "Conflict_Attack", "Actual")), encoding="utf-8")
    tokens = tmp_path / "tkn"
    tokens.mkdir()
    out = tmp_path / "out.txt"
    common = ["-g", str(gold), "-s", str(system), "-t", str(tokens), "-o", str(out)]
    assert score_main([*common, "-wl", str(DATA / "whitelist_attack.txt")]) == 0
    report = out.read_text(encoding="utf-8")
    assert report_line(report, "d1")[:3] == ["100.00", "100.00", "100.00"]  # Life_Die dropped
    assert report_line(report, "d2")[:3] == ["0.00", "0.00", "nan"]
    assert report_line(report, "plain") == ["50.00", "50.00", "50.00", "50.00", "50.00", "50.00"]
    assert score_main([*common, "-dn", "d1"]) == 0
    report = out.read_text(encoding="utf-8")
    # Only d1: 1 exact match of 2 gold and 2 system mentions.
    assert report_line(report, "d1")[:3] == ["50.00", "50.00", "50.00"]
    assert "d2" not in report
    assert report_line(report, "plain") == ["50.00"] * 6
