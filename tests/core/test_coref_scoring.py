"""`evmeval-score -c`: the published coreference outputs byte for byte, our additions, quirks, and the
metrics on hand-derived cases and random ones."""

from __future__ import annotations

import json
import math
from itertools import permutations
from pathlib import Path

import pytest
from evmeval.align.hungarian import max_weight_assignment
from evmeval.cli.score import score_main
from evmeval.coref.metrics import (
    _link_sets,
    _Partition,
    b_cubed,
    blanc,
    ceaf_e,
    ceaf_m,
    lea,
    muc,
    score_chains,
    sum_counts,
)
from hypothesis import given, settings
from hypothesis import strategies as st

METRIC_NAMES = ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea")


def _demo_args(data: Path, run: str) -> tuple[list[str], Path]:
    if run == "char_A":
        demo = data / "scoring_demo" / "char_based"
        expected = data / "expected" / "char_based_system_A"
        return ["-g", str(demo / "gold.tbf"), "-s", str(demo / "system_A.tbf")], expected
    demo = data / "scoring_demo" / "token_based"
    args = ["-g", str(demo / "gold.tbf"), "-s", str(demo / f"sample_system_{run}.tbf"), "-t", str(demo / "tkn")]
    return args, data / "expected" / f"token_based_system_{run}"


@pytest.mark.parametrize("run", ["A", "B", "C", "D", "char_A"])
def test_published_coref_report_and_comparison(run: str, evmeval_data: Path, tmp_path: Path) -> None:
    args, expected = _demo_args(evmeval_data, run)
    out, cmp = tmp_path / "scores.txt", tmp_path / "comparison.txt"
    assert score_main([*args, "-o", str(out), "-d", str(cmp), "-c", str(tmp_path / "coref")]) == 0
    assert out.read_bytes() == (expected / "scores_coref.txt").read_bytes()
    assert cmp.read_bytes() == (expected / "comparison_coref.txt").read_bytes()


def test_conll_files_are_v18s(evmeval_data: Path, tmp_path: Path) -> None:
    args, _ = _demo_args(evmeval_data, "char_A")
    assert score_main([*args, "-o", str(tmp_path / "s.txt"), "-c", str(tmp_path / "k")]) == 0
    gold = ("#begin document (example1); part 000\nexample1\t0\tmade_way\t(0)\n#end document\n"
            "#begin document (example2); part 000\nexample2\t0\tnominating\t(1)\nexample2\t1\tcreated_jobs\t(0)\n"
            "example2\t2\tcreated\t(0)\nexample2\t3\tresign\t(2)\nexample2\t4\tnew_job\t(3)\n#end document\n")
    assert (tmp_path / "k_gold.conll").read_text() == gold
    assert (tmp_path / "k_sys.conll").read_text() == gold  # system A is the gold
    breakdown = (tmp_path / "k").read_text()
    assert "#corpus\tmuc\t1\t1\t1\t1\t1.0\t1.0\t1.0\n" in breakdown
    assert "METRIC blanc:" in breakdown


def test_json_gains_a_coreference_object(evmeval_data: Path, tmp_path: Path) -> None:
    args, _ = _demo_args(evmeval_data, "C")
    assert score_main([*args, "-o", str(tmp_path / "s.txt"), "-c", str(tmp_path / "k"),
                       "--json", str(tmp_path / "s.json")]) == 0
    coref = json.loads((tmp_path / "s.json").read_text())["coreference"]
    assert coref["combination"] == "mention_type"
    assert coref["published"]["scores_percent"] == {"bcub": 66.66, "ceafe": 66.66, "ceafm": 66.66, "muc": 0.0,
                                                    "blanc": 0.0}
    assert coref["published"]["average_percent"] == pytest.approx((66.66 + 66.66 + 0 + 0) / 4)
    assert set(coref["corpus"]) >= {*METRIC_NAMES, "mentions", "conll_f1"}
    assert [d["doc_id"] for d in coref["documents"]] == ["example1", "example2"]
    # No clusters on the token demo: every mention is its own entity. In example2 only E2 aligns (E3's
    # system type differs), so one of the two gold entities and one of the two system ones is found.
    assert coref["documents"][1]["metrics"]["ceafe"]["recall"] == 1 / 2
    assert coref["documents"][1]["metrics"]["ceafe"]["precision"] == 1 / 2


def _tbf(mentions: str, relations: str) -> str:
    return f"#BeginOfDocument d1\n{mentions}{relations}#EndOfDocument\n"


M3 = ("r\td1\tE1\t0,4\tfoo\tConflict_Attack\tActual\n"
      "r\td1\tE2\t5,9\tbar\tConflict_Attack\tActual\n"
      "r\td1\tE3\t10,14\tbaz\tConflict_Attack\tActual\n")


def _run(tmp_path: Path, gold_rel: str, sys_rel: str, *extra: str) -> tuple[int, Path]:
    (tmp_path / "g.tbf").write_text(_tbf(M3, gold_rel))
    (tmp_path / "s.tbf").write_text(_tbf(M3, sys_rel))
    code = score_main(["-g", str(tmp_path / "g.tbf"), "-s", str(tmp_path / "s.tbf"), "-o", str(tmp_path / "o.txt"),
                       "-d", str(tmp_path / "d.txt"), "-c", str(tmp_path / "k"), *extra])
    return code, tmp_path


def test_overlapping_clusters_stop_with_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = _run(tmp_path, "@Coreference\tR1\tE1,E2\n@Coreference\tR2\tE2,E3\n", "")
    assert code == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'g.tbf'}:6: mention E2" in err and "data problem" in err


def test_unknown_member_is_a_warning_and_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, "@Coreference\tR1\tE1,E2\n", "@Coreference\tR1\tE1,E2,E9\n")
    assert code == 0
    assert "E9, not a mention" in capsys.readouterr().err
    assert "@coref\tsystem\tE1:foo,E2:bar\n" in (out / "d.txt").read_text()
    assert "Metric : muc\tScore\t100.00" in (out / "o.txt").read_text()


def test_threshold_zero_keeps_mapped_pairs_and_negative_is_refused(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, "@Coreference\tR1\tE1,E2\n", "@Coreference\tR1\tE1,E2\n", "-ct", "0")[0] == 0
    assert "Overall Average CoNLL score\t100.00" in (tmp_path / "o.txt").read_text()
    assert _run(tmp_path, "", "", "-ct", "-1")[0] == 1
    assert "threshold must be a number >= 0" in capsys.readouterr().err


def test_coref_outputs_never_overwrite_an_input(tmp_path: Path) -> None:
    (tmp_path / "g.tbf").write_text(_tbf(M3, ""))
    gold = str(tmp_path / "g.tbf")
    assert score_main(["-g", gold, "-s", gold, "-c", gold]) == 1


# --- the metrics on a hand-derived case -------------------------------------------------------------
# key {a b c} {d}, response {a b} {c d}; mention ids a=0 b=1 c=2 d=3.
KEY = [[0, 1, 2], [3]]
RESPONSE = [[0, 1], [2, 3]]


def _rp(c: object) -> tuple[float, float]:
    return c.recall, c.precision  # type: ignore[attr-defined]


def test_hand_derived_muc_bcub_ceaf() -> None:
    assert _rp(muc(KEY, RESPONSE)) == (1 / 2, 1 / 2)            # 1 correct link of 2 + 0 and of 1 + 1
    r, p = _rp(b_cubed(KEY, RESPONSE))
    assert r == pytest.approx((2 / 3 + 2 / 3 + 1 / 3 + 1) / 4) and p == pytest.approx((1 + 1 + 1 / 2 + 1 / 2) / 4)
    assert _rp(ceaf_m(KEY, RESPONSE)) == (3 / 4, 3 / 4)         # {abc}-{ab}: 2, {d}-{cd}: 1
    phi = 2 * 2 / (3 + 2) + 2 * 1 / (1 + 2)
    assert _rp(ceaf_e(KEY, RESPONSE)) == pytest.approx((phi / 2, phi / 2))


def test_hand_derived_blanc_and_lea() -> None:
    b = blanc(KEY, RESPONSE)
    # coreference links: key ab ac bc, response ab cd -> 1 common; non-coreference: key ad bd cd,
    # response ac ad bc bd -> ad bd common.
    assert _rp(b.coref) == (1 / 3, 1 / 2) and _rp(b.non_coref) == (2 / 3, 2 / 4)
    f = lambda p, r: 2 * p * r / (p + r)  # noqa: E731
    assert (b.recall, b.precision, b.f1) == pytest.approx(((1 / 3 + 2 / 3) / 2, (1 / 2 + 2 / 4) / 2,
                                                            (f(1 / 2, 1 / 3) + f(2 / 4, 2 / 3)) / 2))
    # LEA recall: {abc} 3 * (1 link of 3) + {d} 1 * 0 (d is not a response singleton), over 4;
    # precision: {ab} 2 * (1 of 1) + {cd} 2 * 0, over 4.
    assert _rp(lea(KEY, RESPONSE)) == pytest.approx((3 * (1 / 3) / 4, 2 * 1 / 4))


# --- random partitions ------------------------------------------------------------------------------

@st.composite
def partitions(draw: st.DrawFn, min_size: int = 0) -> list[list[int]]:
    """A partition of some ids 0..n-1 (shuffled) into chains."""
    n = draw(st.integers(min_size, 12))
    ids = draw(st.permutations(list(range(n))))
    labels = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    chains: dict[int, list[int]] = {}
    for m, label in zip(ids, labels, strict=True):
        chains.setdefault(label, []).append(m)
    return list(chains.values())


def _figures(key: list[list[int]], response: list[list[int]]) -> dict[str, tuple[float, float, float]]:
    counts = score_chains(key, response)
    return {n: (counts.metric(n).recall, counts.metric(n).precision, counts.metric(n).f1) for n in METRIC_NAMES}


@given(partitions(min_size=2))
@settings(max_examples=150)
def test_response_equal_to_key_scores_one_everywhere(key: list[list[int]]) -> None:
    if all(len(c) == 1 for c in key):
        key = [key[0] + key[1], *key[2:]]  # MUC needs a link: v8.01 gives 0 to a key without one
    for name, figures in _figures(key, [list(c) for c in key]).items():
        assert figures == pytest.approx((1, 1, 1)), name


@given(partitions(), partitions(), st.randoms(use_true_random=False))
@settings(max_examples=150)
def test_order_of_chains_and_mentions_does_not_matter(key: list[list[int]], response: list[list[int]],
                                                      rnd: object) -> None:
    shuffled = [list(c) for c in response]
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    for c in shuffled:
        rnd.shuffle(c)  # type: ignore[attr-defined]
    a, b = _figures(key, response), _figures(key, shuffled)
    for name in METRIC_NAMES:
        assert a[name] == pytest.approx(b[name]), name


@given(partitions(), partitions())
@settings(max_examples=150)
def test_swapping_key_and_response_swaps_recall_and_precision(key: list[list[int]],
                                                              response: list[list[int]]) -> None:
    a, b = score_chains(key, response), score_chains(response, key)
    for name in ("muc", "bcub", "ceafm", "ceafe", "lea"):
        ra, pa = _rp(a.metric(name))
        rb, pb = _rp(b.metric(name))
        assert (ra, pa) == pytest.approx((pb, rb)), name
    assert _rp(a.blanc.coref) == pytest.approx(_rp(b.blanc.coref)[::-1])
    assert _rp(a.blanc.non_coref) == pytest.approx(_rp(b.blanc.non_coref)[::-1])


@given(st.lists(st.tuples(partitions(), partitions()), max_size=4))
@settings(max_examples=60)
def test_document_order_does_not_matter(documents: list[tuple[list[list[int]], list[list[int]]]]) -> None:
    forward = sum_counts(score_chains(k, r) for k, r in documents)
    backward = sum_counts(score_chains(k, r) for k, r in reversed(documents))
    for name in METRIC_NAMES:
        assert (forward.metric(name).f1) == pytest.approx(backward.metric(name).f1)


@given(partitions(), partitions())
@settings(max_examples=150)
def test_fast_path_equals_v801_literal_arithmetic(key: list[list[int]], response: list[list[int]]) -> None:
    fast = _Partition(key, response)
    assert fast.muc() == muc(key, response)
    assert _rp(fast.b_cubed()) == pytest.approx(_rp(b_cubed(key, response)))
    kc, kn = _link_sets(key)
    rc, rn = _link_sets(response)
    counts = fast.blanc()
    assert (counts.coref.recall_num, counts.coref.recall_den, counts.coref.precision_den) == (
        len(kc & rc), len(kc), len(rc))
    assert (counts.non_coref.recall_num, counts.non_coref.recall_den, counts.non_coref.precision_den) == (
        len(kn & rn), len(kn), len(rn))


@given(st.lists(st.lists(st.integers(0, 9), min_size=4, max_size=4), min_size=1, max_size=5))
@settings(max_examples=150)
def test_assignment_is_optimal(weights: list[list[int]]) -> None:
    chosen = max_weight_assignment(weights)
    got = sum(weights[i][j] for i, j in enumerate(chosen) if j >= 0)
    assert len({j for j in chosen if j >= 0}) == sum(1 for j in chosen if j >= 0)
    rows, columns = len(weights), len(weights[0])
    if rows <= columns:
        best = max(sum(weights[i][p[i]] for i in range(rows)) for p in permutations(range(columns), rows))
    else:
        best = max(sum(weights[p[j]][j] for j in range(columns)) for p in permutations(range(rows), columns))
    assert got == best
    assert not math.isnan(got)


def test_cluster_explanations_name_splits_and_merges(tmp_path: Path) -> None:
    from evmeval.coref.explain import explain_clusters
    from evmeval.coref.scoring import score_coreference
    from evmeval.io.loading import load_inputs
    from evmeval.mention.scoring import score_files

    # gold {E1 E2} {E3}; system {E1} {E2 E3}: gold R1 is split; system R2 merged gold R1's E2 with E3.
    (tmp_path / "g.tbf").write_text(_tbf(M3, "@Coreference\tR1\tE1,E2\n"))
    (tmp_path / "s.tbf").write_text(_tbf(M3, "@Coreference\tR2\tE2,E3\n"))
    inputs = load_inputs(str(tmp_path / "g.tbf"), str(tmp_path / "s.tbf"))
    result = score_files(inputs.gold, inputs.system)
    coref = score_coreference(result, inputs.gold, inputs.system)
    outcomes = {(e.side, e.mention_ids): (e.outcome, e.counterparts)
                for e in explain_clusters(coref.documents[0], result.documents[0])}
    assert outcomes == {
        ("gold", ("E1", "E2")): ("split", (1, 0)),      # E1 -> system singleton 1, E2 -> system cluster 0 (R2)
        ("gold", ("E3",)): ("merged", (0,)),
        ("system", ("E1",)): ("split", (0,)),
        ("system", ("E2", "E3")): ("merged", (0, 1)),
    }
