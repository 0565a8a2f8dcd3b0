"""Issue 34 (branch `memread`): the window keeps a MAVEN-ERE corpus compactly (a document's mention ids one
string, its clusters packed into one relation table, 2-byte ints, coreference counts shared). What the user sees
is the plain read's: each document's coreference clusters in the cluster table are those the core explains on the
whole files read as plain tuples, and the mapping table lists the same mention ids."""

from __future__ import annotations

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus_formats import maven_ere_pair
from evmeval.coref.explain import explain_clusters
from evmeval.coref.scoring import score_coreference
from evmeval.mention.scoring import score_files
from evmeval.model import PackedMentions, kept_mentions

from evmeval_gui.coref.cluster_table import NAME
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 30_000


def test_the_compact_maven_ere_corpus_shows_the_plain_reads_clusters_and_mentions(qtbot, make_window) -> None:
    gold, system = str(EXAMPLES / "maven_ere_gold.jsonl"), str(EXAMPLES / "maven_ere_pred.jsonl")
    plain = maven_ere_pair(Input(gold), Input(system))
    result = score_files(plain.gold, plain.system)
    coref = score_coreference(result, plain.gold, plain.system)
    win = make_window(persist=False, use_default_charts=True)
    with qtbot.waitSignal(win.session.scoring_finished, timeout=TIMEOUT):
        win.open_files(gold, [system])
    qtbot.waitUntil(lambda: win.coreference.state == "ready", timeout=TIMEOUT)
    corpus = win.session.corpus
    assert corpus is not None
    kept = corpus.inputs[0].gold.documents
    assert any(type(kept_mentions(d)) is PackedMentions for d in kept.values())
    win.coreference_ui.tabs.setCurrentWidget(win.coreference_ui.clusters)
    table = win.coreference_ui.clusters
    compared = 0
    for scored in coref.documents:
        win.session.select_document(scored.doc_id)
        expected = explain_clusters(scored, result.document(scored.doc_id))
        shown = win.session.doc_result(scored.doc_id)
        assert [m.mention_id for m in shown.gold] == [m.mention_id for m in result.document(scored.doc_id).gold]
        assert [m.mention_id for m in shown.system] == [m.mention_id for m in result.document(scored.doc_id).system]
        named = {c.relation_id for c in expected if c.relation_id}
        qtbot.waitUntil(lambda named=named: named <= {table.cell(r, NAME) for r in table.visible_rows()},
                        timeout=TIMEOUT)
        view = win.coreference.document(scored.doc_id)
        assert view is not None and view.clusters == expected  # the same members, counterparts and outcomes
        compared += len(named)
    assert compared >= 1
