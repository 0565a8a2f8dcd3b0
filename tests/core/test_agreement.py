"""Inter-annotator agreement: symmetry by construction, hand-worked kappa / pi / Fleiss / GATE figures."""

from __future__ import annotations

import math

import pytest
from evmeval._util.progress import Cancelled
from evmeval.agreement.scoring import (
    GateCounts,
    agree_document,
    agreement_matrix,
    compare_annotators,
    fleiss_kappa,
    label_agreement,
    pairwise,
)
from evmeval.align.greedy import COMBINATIONS
from evmeval.align.symmetric import ranked_pairs, symmetric_mappings
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import score_document
from evmeval.model import Document, Mention, SpanMode, TbfFile, canonical
from hypothesis import given, settings
from hypothesis import strategies as st


def mention(mention_id: str, tokens: str, mention_type: str = "Attack", realis: str = "Actual",
            line: int = 0, doc_id: str = "d1") -> Mention:
    span = tuple(tokens.split(","))
    return Mention("run", doc_id, mention_id, span, "", canonical(mention_type), canonical(realis),
                   mention_type, realis, None, line)


def tbf(path: str, docs: dict[str, list[Mention]]) -> TbfFile:
    return TbfFile(path, SpanMode.TOKEN, {d: Document(d, tuple(ms)) for d, ms in docs.items()})


def same(x: float, y: float) -> bool:
    """Exact equality, NaN equal to NaN."""
    return (math.isnan(x) and math.isnan(y)) or x == y


# --- symmetry over random annotation pairs ------------------------------------------------------------

TOKENS = [f"t{i}" for i in range(1, 7)]


@st.composite
def annotation(draw: st.DrawFn, name: str) -> TbfFile:
    docs = {}
    for doc_id in draw(st.lists(st.sampled_from(["d1", "d2", "d3"]), unique=True, max_size=3)):
        mentions = []
        for line in range(draw(st.integers(0, 6))):
            tokens = draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3, unique=True))
            mentions.append(mention(draw(st.sampled_from(["E1", "E2", "E3"])), ",".join(tokens),
                                    draw(st.sampled_from(["Attack", "Die"])),
                                    draw(st.sampled_from(["Actual", "Generic", "NOT_ANNOTATED"])), line, doc_id))
        docs[doc_id] = mentions
    return tbf(name, docs)


@settings(deadline=None, max_examples=300)
@given(annotation("A"), annotation("B"))
def test_swapping_annotators_swaps_precision_and_recall_exactly(a: TbfFile, b: TbfFile) -> None:
    ab, ba = pairwise(a, b), pairwise(b, a)
    for c in COMBINATIONS:
        assert same(ab.micro[c].precision, ba.micro[c].recall)
        assert same(ab.micro[c].recall, ba.micro[c].precision)
        assert same(ab.micro[c].f1, ba.micro[c].f1)
        assert ab.micro[c].tp == ba.micro[c].tp
        assert same(ab.macro[c].precision, ba.macro[c].recall)
        assert same(ab.macro[c].f1, ba.macro[c].f1)
        assert ab.gate[c] == ba.gate[c].swapped()
        for kind in ("strict", "lenient", "average"):
            x, y = getattr(ab.gate[c], kind)(), getattr(ba.gate[c], kind)()
            assert same(x.precision, y.recall) and same(x.f1, y.f1)
    assert [d.doc_id for d in ab.documents] == [d.doc_id for d in ba.documents]
    for da, db in zip(ab.documents, ba.documents, strict=True):
        for c in COMBINATIONS:
            assert same(da.scores[c].precision, db.scores[c].recall)
            assert same(da.scores[c].f1, db.scores[c].f1)
            mirrored = {(p.system, p.gold, p.dice) for p in db.mappings[c].pairs}
            assert {(p.gold, p.system, p.dice) for p in da.mappings[c].pairs} == mirrored
    for attr in ("mention_type", "realis_status"):
        x, y = ab.labels[attr], ba.labels[attr]
        assert same(x.cohen_kappa, y.cohen_kappa) and same(x.scott_pi, y.scott_pi)
        assert same(x.observed, y.observed)
    # the swapped view computed from the stored result is the same as computing it afresh
    view = ab.swapped()
    for c in COMBINATIONS:
        assert same(view.micro[c].precision, ba.micro[c].precision) and same(view.micro[c].f1, ba.micro[c].f1)


@settings(deadline=None, max_examples=200)
@given(annotation("A"))
def test_an_annotator_agrees_with_itself_completely(a: TbfFile) -> None:
    result = pairwise(a, a)
    has_mentions = any(d.mentions for d in a.documents.values())
    for c in COMBINATIONS:
        score = result.micro[c]
        if has_mentions:
            assert (score.precision, score.recall, score.f1) == (1.0, 1.0, 1.0)
            assert result.gate[c].strict().f1 == 1.0 and result.gate[c].partial == 0
        else:
            assert math.isnan(score.f1)
    if has_mentions:
        assert result.labels["mention_type"].observed == 1.0
        assert result.labels["realis_status"].observed == 1.0


@settings(deadline=None, max_examples=100)
@given(annotation("A"), annotation("B"), annotation("C"))
def test_matrix_and_fleiss_do_not_depend_on_annotator_order(a: TbfFile, b: TbfFile, c: TbfFile) -> None:
    forward = compare_annotators([a, b, c], ["A", "B", "C"])
    backward = compare_annotators([c, b, a], ["C", "B", "A"])
    for comb in COMBINATIONS:
        f = forward.matrix(comb).values
        g = backward.matrix(comb).values
        for i in range(3):
            for j in range(3):
                assert same(f[i][j], g[2 - i][2 - j])
                assert same(f[i][j], f[j][i])
        p = forward.matrix(comb, "precision").values
        r = forward.matrix(comb, "recall").values
        assert all(same(p[i][j], r[j][i]) for i in range(3) for j in range(3) if i != j)
    for attr in ("mention_type", "realis_status"):
        assert same(forward.fleiss[attr].kappa, backward.fleiss[attr].kappa)
        assert forward.fleiss[attr].num_items == backward.fleiss[attr].num_items


# --- ties and attributes -------------------------------------------------------------------------------


def test_ties_are_broken_by_the_sorted_pair_of_mention_keys() -> None:
    # a1 = {t1,t2} overlaps b1 = {t1} and b2 = {t2} equally (Dice 2/3). The pair whose smaller key is
    # smaller wins: b1's key (('t1',), ...) sorts before a1's and b2's, so (a1, b1) goes first.
    a = [mention("E1", "t1,t2")]
    b = [mention("E7", "t2"), mention("E5", "t1")]
    assert [(ai, bi) for _, ai, bi in ranked_pairs(a, b)] == [(0, 1), (0, 0)]
    plain = symmetric_mappings(a, b)["plain"]
    assert [(p.gold, p.system) for p in plain.pairs] == [(0, 1)]
    assert [(p.system, p.gold) for p in symmetric_mappings(b, a)["plain"].pairs] == [(0, 1)]


def test_not_annotated_realis_matches_on_either_side() -> None:
    a = (mention("E1", "t1", realis="NOT_ANNOTATED"),)
    b = (mention("E1", "t1", realis="Actual"),)
    # v1.8 lets only the gold side's NOT_ANNOTATED match anything: it depends on who is gold
    assert score_document("d", a, b).scores["realis_status"].tp == 1.0
    assert score_document("d", b, a).scores["realis_status"].tp == 0.0
    assert agree_document("d", a, b).scores["realis_status"].tp == 1.0
    assert agree_document("d", b, a).scores["realis_status"].tp == 1.0


def test_every_document_of_either_side_counts() -> None:
    a = tbf("A", {"d1": [mention("E1", "t1")]})
    b = tbf("B", {"d1": [mention("E1", "t1")], "d2": [mention("E2", "t4", doc_id="d2")]})
    result = pairwise(a, b)
    assert [d.doc_id for d in result.documents] == ["d1", "d2"]
    assert not result.document("d2").in_a
    # micro: TP 1 of #a = 1 and #b = 2
    assert result.micro["plain"].recall == 1.0
    assert result.micro["plain"].precision == 1 / 2
    # macro over the two annotated documents: P = (1 + 0) / 2, R = (1 + 0) / 2 (undefined R counts 0)
    assert result.macro["plain"].precision == (1 + 0) / 2
    assert result.macro["plain"].recall == (1 + 0) / 2


# --- hand-worked figures -------------------------------------------------------------------------------


def test_cohen_kappa_and_scott_pi_hand_worked() -> None:
    # four mapped pairs, labels (a, b): (x,x) (x,x) (y,y) (y,x)
    la = label_agreement("mention_type", [("x", "x"), ("x", "x"), ("y", "y"), ("y", "x")])
    assert la.num_pairs == 4
    assert la.observed == 3 / 4
    # Cohen: a gives x 2/4, y 2/4; b gives x 3/4, y 1/4 -> Pe = 0.5*0.75 + 0.5*0.25 = 0.5
    assert la.cohen_expected == pytest.approx(0.5 * 0.75 + 0.5 * 0.25)
    assert la.cohen_kappa == pytest.approx((0.75 - 0.5) / (1 - 0.5))
    # Scott: pooled x = 5/8, y = 3/8 -> Pe = 25/64 + 9/64 = 34/64
    assert la.scott_expected == pytest.approx((5 / 8) ** 2 + (3 / 8) ** 2)
    assert la.scott_pi == pytest.approx((0.75 - 34 / 64) / (1 - 34 / 64))
    assert la.labels == ("x", "y")
    assert la.confusion == ((2, 0), (1, 1))


def test_kappa_undefined_when_chance_agreement_is_certain() -> None:
    la = label_agreement("realis_status", [("actual", "actual")] * 3)
    assert la.observed == 1.0
    assert math.isnan(la.cohen_kappa) and math.isnan(la.scott_pi)
    assert math.isnan(label_agreement("realis_status", []).observed)


def test_kappa_over_the_plain_mapping_of_two_annotators() -> None:
    # same spans, types as in the hand-worked example above, one extra unmapped mention on b
    a = tbf("A", {"d1": [mention("E1", "t1", "X"), mention("E2", "t2", "X"), mention("E3", "t3", "Y"),
                         mention("E4", "t4", "Y")]})
    b = tbf("B", {"d1": [mention("E1", "t1", "X"), mention("E2", "t2", "X"), mention("E3", "t3", "Y"),
                         mention("E4", "t4", "X"), mention("E5", "t9", "Y")]})
    types = pairwise(a, b).labels["mention_type"]
    assert types.num_pairs == 4
    assert types.cohen_kappa == pytest.approx((0.75 - 0.5) / (1 - 0.5))


def test_fleiss_kappa_hand_worked_table() -> None:
    # 4 items, 3 raters, 2 categories
    table = [[3, 0], [0, 3], [2, 1], [1, 2]]
    # P_i = (9-3)/6, (9-3)/6, (4+1-3)/6, (1+4-3)/6 = 1, 1, 1/3, 1/3 -> P = 2/3
    # column totals 6, 6 of 12 -> p = 1/2, 1/2 -> Pe = 1/4 + 1/4 = 1/2
    assert fleiss_kappa(table) == pytest.approx((2 / 3 - 1 / 2) / (1 - 1 / 2))
    assert math.isnan(fleiss_kappa([]))
    with pytest.raises(ValueError):
        fleiss_kappa([[2, 0], [1, 0]])


def test_fleiss_for_two_raters_is_scotts_pi() -> None:
    pairs = [("x", "x"), ("x", "x"), ("y", "y"), ("y", "x")]
    table = [[int(a == "x") + int(b == "x"), int(a == "y") + int(b == "y")] for a, b in pairs]
    assert fleiss_kappa(table) == pytest.approx(label_agreement("t", pairs).scott_pi)


def test_fleiss_items_are_clusters_linked_by_the_plain_mappings() -> None:
    # three annotators; cluster t1 (all say X), cluster t2 (X, X, Y), cluster t5 only in A (incomplete),
    # and C marks t3 twice inside the span B and A share as t3,t4 (ambiguous: two C mentions)
    a = tbf("A", {"d1": [mention("E1", "t1", "X"), mention("E2", "t2", "X"), mention("E3", "t5", "X"),
                         mention("E4", "t3,t4", "Y")]})
    b = tbf("B", {"d1": [mention("E1", "t1", "X"), mention("E2", "t2", "X"), mention("E4", "t3,t4", "Y")]})
    c = tbf("C", {"d1": [mention("E1", "t1", "X"), mention("E2", "t2", "Y"), mention("E4", "t3", "Y"),
                         mention("E5", "t4", "Y")]})
    result = compare_annotators([a, b, c], ["A", "B", "C"])
    fleiss = result.fleiss["mention_type"]
    # clusters: {t1 x3}, {t2 x3}, {t5}, {A t3,t4 - B t3,t4 - C t3 ...} and C's t4 (taken by nobody: A and
    # B already map to C's t3, Dice 2/3 each, so C t4 stays alone)
    assert fleiss.num_clusters == 5
    assert fleiss.num_incomplete == 2
    assert fleiss.num_ambiguous == 0
    assert fleiss.num_items == 3
    # items: t1 = X,X,X; t2 = X,X,Y; t3,t4 = Y,Y,Y. Categories (x, y): [3,0], [2,1], [0,3]
    assert fleiss.table == ((3, 0), (2, 1), (0, 3))
    # P_i = 1, (4+1-3)/6 = 1/3, 1 -> P = 7/9; totals 5, 4 of 9 -> Pe = 25/81 + 16/81 = 41/81
    assert fleiss.kappa == pytest.approx((7 / 9 - 41 / 81) / (1 - 41 / 81))


def test_fleiss_reports_clusters_with_two_mentions_of_one_annotator() -> None:
    # A's t1,t2 links B's t1,t2 and C's t1; C's t2 links B's t2 ... B maps to one C mention only, but A
    # and B both link C's t1, and a separate chain A2 - C2 puts two C mentions in one cluster
    a = tbf("A", {"d1": [mention("E1", "t1,t2"), mention("E2", "t3")]})
    b = tbf("B", {"d1": [mention("E1", "t1,t2,t3")]})
    c = tbf("C", {"d1": [mention("E1", "t1,t2"), mention("E2", "t3")]})
    result = compare_annotators([a, b, c], ["A", "B", "C"])
    fleiss = result.fleiss["mention_type"]
    # A1-C1 (Dice 1), A2-C2 (Dice 1), B1 to A1 (Dice 0.8) and to C1 (0.8): one cluster A1, B1, C1; and
    # one cluster A2, C2 without B
    assert (fleiss.num_clusters, fleiss.num_items, fleiss.num_incomplete, fleiss.num_ambiguous) == (2, 1, 1, 0)
    d = tbf("D", {"d1": [mention("E1", "t1"), mention("E2", "t2")]})
    e = tbf("E", {"d1": [mention("E1", "t1,t2")]})
    f = tbf("F", {"d1": [mention("E1", "t2")]})
    # E1 maps D's t1 (Dice 2/3, key order) ; F's t2 maps D's t2 (Dice 1) and E1 (2/3): D1, D2 join
    fleiss = compare_annotators([d, e, f], ["D", "E", "F"]).fleiss["mention_type"]
    assert fleiss.num_ambiguous == 1 and fleiss.num_items == 0


def test_gate_strict_lenient_average_hand_worked() -> None:
    a = tbf("A", {"d1": [mention("E1", "t1"), mention("E2", "t2,t3"), mention("E3", "t5")]})
    b = tbf("B", {"d1": [mention("E1", "t1"), mention("E2", "t3"), mention("E3", "t7")]})
    gate = pairwise(a, b).gate["plain"]
    # t1 = t1 correct; t2,t3 ~ t3 partial; t5 missing; t7 spurious
    assert gate == GateCounts(correct=1, partial=1, missing=1, spurious=1)
    strict, lenient, average = gate.strict(), gate.lenient(), gate.average()
    assert (strict.precision, strict.recall) == (1 / (1 + 1 + 1), 1 / (1 + 1 + 1))
    assert strict.f1 == pytest.approx(1 / 3)
    assert (lenient.precision, lenient.recall) == ((1 + 1) / 3, (1 + 1) / 3)
    assert average.precision == pytest.approx((1 + 1 / 2) / 3)
    assert average.f1 == pytest.approx((1 / 3 + 2 / 3) / 2)


def test_gate_compatibility_follows_the_combination() -> None:
    a = tbf("A", {"d1": [mention("E1", "t1", "Attack"), mention("E2", "t2", "Die")]})
    b = tbf("B", {"d1": [mention("E1", "t1", "Attack"), mention("E2", "t2", "Attack")]})
    gate = pairwise(a, b).gate
    assert gate["plain"] == GateCounts(2, 0, 0, 0)
    assert gate["mention_type"] == GateCounts(1, 0, 1, 1)


def test_matrix_diagonal_mean_and_precision_orientation() -> None:
    a = tbf("A", {"d1": [mention("E1", "t1"), mention("E2", "t2")]})
    b = tbf("B", {"d1": [mention("E1", "t1")]})
    c = tbf("C", {"d1": []})
    m = agreement_matrix([a, b, c], ["A", "B", "C"], "plain", measure="precision")
    assert m.values[0][0] == 1.0 and math.isnan(m.values[2][2])
    # row = key: precision[A][B] = TP / #B = 1/1; precision[B][A] = TP / #A = 1/2
    assert m.values[0][1] == 1.0 and m.values[1][0] == 1 / 2
    f1 = agreement_matrix([a, b, c], ["A", "B", "C"], "plain")
    ab = 2 * (1 / 2) * 1 / (1 / 2 + 1)
    # pairs with C: P = 0/0 (NaN) one way, R = 0 -> F1 NaN; the mean skips undefined cells
    assert math.isnan(f1.values[0][2])
    assert f1.mean == pytest.approx(ab)


def test_role_view_plugs_into_the_mapping_table() -> None:
    a = tbf("A", {"d1": [mention("E1", "t1"), mention("E2", "t2,t3")]})
    b = tbf("B", {"d1": [mention("E1", "t1"), mention("E2", "t3"), mention("E3", "t9")]})
    result = pairwise(a, b)
    rows = mapping_rows(result.document("d1").document_result(), "plain")
    assert [r.outcome for r in rows] == [Outcome.EXACT, Outcome.PARTIAL, Outcome.SPURIOUS]
    swapped = mapping_rows(result.swapped().document("d1").document_result(), "plain")
    assert [r.outcome for r in swapped] == [Outcome.EXACT, Outcome.PARTIAL, Outcome.MISSED]


def test_pair_as_a_score_result_for_the_scoring_views() -> None:
    a = tbf("A", {"d1": [mention("E1", "t1", "Attack"), mention("E2", "t2,t3", "Die")]})
    b = tbf("B", {"d1": [mention("E1", "t1", "Attack"), mention("E2", "t3", "Attack")],
                  "d2": [mention("E3", "t1", "Die", doc_id="d2")]})
    pair = pairwise(a, b, a_name="ann1.tbf", b_name="ann2.tbf")
    view = pair.score_result()
    assert (view.gold_path, view.system_path, view.profile) == ("ann1.tbf", "ann2.tbf", "agreement")
    assert [d.doc_id for d in view.documents] == ["d1", "d2"]
    assert view.micro["plain"] == pair.micro["plain"]
    assert view.document("d1").mappings["plain"] == pair.document("d1").mappings["plain"]
    # per type, type mapping: attack TP 1 of #a 1 / #b 2; die TP 0 of #a 1 / #b 1
    rows = {r.mention_type: (r.tp, r.num_gold, r.num_system) for r in view.per_type_by_type_mapping}
    assert rows == {"attack": (1.0, 1, 2), "die": (0.0, 1, 1)}


def test_progress_counts_documents_over_all_pairs_and_cancel_stops() -> None:
    a = tbf("A", {"d1": [mention("E1", "t1")], "d2": []})
    b = tbf("B", {"d1": [], "d3": []})
    c = tbf("C", {})
    seen: list[tuple[int, int]] = []
    compare_annotators([a, b, c], progress=lambda done, total: seen.append((done, total)))
    # pairs (A,B): d1 d2 d3; (A,C): d1 d2; (B,C): d1 d3 -> 7 documents in all
    assert seen[-1] == (7, 7)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    with pytest.raises(Cancelled):
        compare_annotators([a, b], cancelled=lambda: True)


def test_mixed_span_modes_are_refused() -> None:
    a = tbf("A", {})
    b = TbfFile("B", SpanMode.CHAR, {})
    with pytest.raises(ValueError, match="mix token and character"):
        pairwise(a, b)
    with pytest.raises(ValueError, match="at least two"):
        compare_annotators([a])
