"""evmeval.coref.view and the coreference CSV / HTML sections: agreement both ways, cluster stories."""

from __future__ import annotations

import csv
import io

import pytest
from evmeval._util.progress import Cancelled
from evmeval.coref.explain import ClusterExplanation, explain_clusters
from evmeval.coref.metrics import score_chains
from evmeval.coref.scoring import score_coreference
from evmeval.coref.view import (
    ASYMMETRIC_NOTES,
    coreference_agreement,
    describe_all,
)
from evmeval.io.tbf import read_tbf
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode, TbfFile
from evmeval.report.coref_csv import format_coref_clusters_csv, format_coref_documents_csv
from evmeval.report.coref_html import format_coref_html_section
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def demo(evmeval_data):
    folder = evmeval_data / "scoring_demo" / "char_based"
    gold, _ = read_tbf(str(folder / "gold.tbf"), mode=SpanMode.CHAR)
    system, _ = read_tbf(str(folder / "system_A.tbf"), mode=SpanMode.CHAR)
    return gold, system, score_files(gold, system)


def test_documents_missing_from_the_gold_role_file_have_no_clusters(demo):
    """The window's comparisons (two annotators: every document of either file) are scored by the
    programs' own function, with no wrapper between the window's model and it."""
    gold, system, result = demo
    empty = TbfFile(gold.path, gold.mode, {})
    coref = score_coreference(result, empty, system, combination="plain")
    assert all(not d.gold_clusters.clusters for d in coref.documents)
    assert [d.doc_id for d in coref.documents] == [d.doc_id for d in result.documents]  # no KeyError: all scored


def test_cancel_stops_scoring(demo):
    gold, system, result = demo
    with pytest.raises(Cancelled):
        score_coreference(result, gold, system, combination="plain", cancelled=lambda: True)


def _cluster(side, label, ids, counterparts, outcome, relation="R", unaligned=()):
    return ClusterExplanation(side, label, relation + str(label) if relation else "", tuple(ids),
                              tuple(range(len(ids))), tuple(counterparts), tuple(unaligned), outcome)


def test_split_and_merge_are_told_in_words():
    clusters = [_cluster("gold", 0, ["E1", "E2"], [0, 1], "split"),
                _cluster("system", 0, ["S1"], [0], "split", relation=""),
                _cluster("system", 1, ["S2", "S3"], [0, 1], "merged"),
                _cluster("gold", 1, ["E3"], [1], "merged", relation="")]
    texts = describe_all(clusters)
    assert texts[0] == "Gold cluster R0 (2 mentions) was split into 2 system clusters: (S1), R1."
    assert texts[1] == ("System mention S1 (in no cluster) holds only part of gold cluster R0, which the system "
                        "split into (S1), R1.")
    assert texts[2] == "System cluster R1 (2 mentions) merged 2 gold clusters: R0, (E3)."
    assert texts[3] == ("Gold mention E3 (in no cluster) went into system cluster R1, which also holds gold "
                        "cluster(s) R0.")


chains = st.lists(st.lists(st.integers(0, 7), min_size=1, max_size=4, unique=True), max_size=4).map(
    lambda cs: [c for i, c in enumerate(cs) if not set(c) & {m for d in cs[:i] for m in d}])


@settings(max_examples=60, deadline=None)
@given(chains, chains)
def test_f1_is_symmetric_for_every_metric_but_blanc(key, response):
    agreement = coreference_agreement(score_chains(key, response), score_chains(response, key))
    for a in agreement:
        if a.metric not in ASYMMETRIC_NOTES:
            assert a.symmetric, a


def test_blanc_is_not_symmetric_when_one_side_has_no_link():
    key, response = [[1, 2], [3]], [[1], [2], [3]]
    blanc = {a.metric: a for a in coreference_agreement(score_chains(key, response), score_chains(response, key))}
    assert not blanc["blanc"].symmetric


def test_csv_and_html_carry_the_core_figures(demo):
    gold, system, result = demo
    coref = score_coreference(result, gold, system)
    rows = list(csv.DictReader(io.StringIO(format_coref_documents_csv(coref))))
    assert [r["doc_id"] for r in rows] == [d.doc_id for d in coref.documents] + ["#corpus"]
    assert float(rows[-1]["conll_f1"]) == coref.total.conll_f1
    assert float(rows[0]["muc_f1"]) == coref.documents[0].counts.muc.f1
    clusters = list(csv.DictReader(io.StringIO(format_coref_clusters_csv(result, coref))))
    told = [e for d, doc in zip(coref.documents, result.documents, strict=True) for e in explain_clusters(d, doc)
            if e.relation_id or e.outcome != "exact"]
    assert [(c["side"], c["outcome"]) for c in clusters] == [(e.side, e.outcome) for e in told]
    page = format_coref_html_section(result, coref)
    assert f"<b>{coref.published_average():.2f}</b>" in page
    assert f"{100 * coref.total.conll_f1:.2f}" in page
