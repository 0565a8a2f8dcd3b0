"""Issue 34: the window keeps what is shown, not what was: after 30 document switches (Ctrl+Down in the text
view) it holds the texts of the last `_TEXT_CACHE` documents shown and the coreference clusters of the last
`VIEWS_KEPT` (each built again when its document is shown again), and shows the same clusters when it comes
back to a document whose views were let go."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from evmeval.coref.scoring import score_coreference
from evmeval.mention.schemes import scheme_scores
from evmeval.report.json_report import dumps
from evmeval.report.run import scheme_report
from PySide6.QtCore import Qt

from evmeval_gui.align.schemes_chart import scheme_figures
from evmeval_gui.coref.state import VIEWS_KEPT, DocumentClusterView
from evmeval_gui.model.corpus_state import _TEXT_CACHE
from tests.gui.sequencing_corpus import DOC1, gold_tbf, system_tbf, write_sequencing_corpus
from tests.gui.test_sequencing_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
COPIES = 32


def _many(text: str) -> str:
    """doc1 (its @Coreference link) `COPIES` times, each its own document id."""
    block = re.search(r"#BeginOfDocument doc1\n.*?#EndOfDocument\n", text, re.S)
    assert block is not None
    return "".join(block.group(0).replace("doc1", f"doc{k:02d}") for k in range(COPIES))


def write_many(folder: Path) -> Path:
    write_sequencing_corpus(folder)
    for k in range(COPIES):
        (folder / "tkn" / f"doc{k:02d}.tab").write_bytes((folder / "tkn" / "doc1.tab").read_bytes())
        (folder / "txt" / f"doc{k:02d}.txt").write_text(DOC1, encoding="utf-8")
    (folder / "gold.tbf").write_text(_many(gold_tbf()), encoding="utf-8")
    (folder / "system.tbf").write_text(_many(system_tbf()), encoding="utf-8")
    return folder


def test_thirty_switches_keep_the_last_documents_texts_and_clusters_only(make_window, qtbot, tmp_path):
    corpus = write_many(tmp_path / "many")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"))
    qtbot.waitUntil(lambda: window.coreference.result is not None, timeout=LOAD_TIMEOUT)
    coreference, state = window.coreference, window.session.corpus_state
    first = window.session.selection.doc_id
    qtbot.waitUntil(lambda: coreference.document(first) is not None)
    clusters = coreference.document(first).descriptions
    shown = [first]
    for _ in range(30):
        qtbot.keyClick(window.text_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
        shown.append(window.session.selection.doc_id)
    assert len(set(shown)) == 31  # every switch showed another document
    assert len(state._texts) <= _TEXT_CACHE < 30
    assert list(coreference._views) == shown[-VIEWS_KEPT:]
    assert first not in coreference._views and coreference.document(first).descriptions == clusters


def test_the_coreference_result_keeps_figures_only_and_a_shown_document_gets_the_same_clusters(make_window, qtbot,
                                                                                               tmp_path):
    """The background job's result holds each document's counts, no CoNLL line (a row per mention); the document
    shown is scored again alone, to the same lines and clusters as the whole corpus's run gives."""
    corpus = write_many(tmp_path / "many")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"))
    qtbot.waitUntil(lambda: window.coreference.result is not None, timeout=LOAD_TIMEOUT)
    kept, session = window.coreference.result, window.session
    assert all(d.gold_rows == d.system_rows == d.gold_labels == d.system_labels == () for d in kept.documents)
    inputs = session.corpus.inputs[session.system_index]
    full = score_coreference(session.result, inputs.gold, inputs.system, combination=kept.combination)
    assert kept.total == full.total and not window.coreference.figures_only
    for _ in range(3):
        doc_id = session.selection.doc_id
        whole = next(d for d in full.documents if d.doc_id == doc_id)
        shown = window.coreference.document(doc_id)
        expected = DocumentClusterView.build(whole, session.doc_result(doc_id))
        assert shown.coref == whole and shown.clusters == expected.clusters
        assert shown.descriptions == expected.descriptions
        assert shown.clusters  # (every copy of doc1 has gold's @Coreference cluster)
        qtbot.keyClick(window.text_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)


def test_the_schemes_keep_the_corpus_figures_a_document_counted_when_shown_and_the_export_every_one(
        make_window, qtbot, tmp_path):
    """The MUC/GATE job's result holds the corpus's figures, no document's; the schemes chart's figures for a
    document are those of the whole count, and the exported report's MUC/GATE are `evmeval-score --scheme`'s."""
    corpus = write_many(tmp_path / "many")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"))
    qtbot.waitUntil(lambda: window.alignment.schemes is not None, timeout=LOAD_TIMEOUT)
    result, kept = window.session.result, window.alignment.schemes
    full = scheme_scores(result)
    assert kept.documents == () and len(full.documents) == COPIES
    assert (kept.muc, kept.gate, kept.muc_per_type) == (full.muc, full.gate, full.muc_per_type)
    for doc_id in ("doc00", "doc07", "doc31"):
        for combination in ("plain", "mention_type"):
            assert repr(scheme_figures(result, kept, combination, doc_id)) == repr(
                scheme_figures(result, full, combination, doc_id))
    out = tmp_path / "report"
    with qtbot.waitSignal(window.runner.job_finished, timeout=LOAD_TIMEOUT):
        window.exporter.export_to(str(out))
    exported = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    cli = json.loads(dumps(scheme_report(result, "muc")[1]()))  # what evmeval-score --scheme muc --json writes
    assert exported["muc"] == cli["muc"] and exported["gate"] == cli["gate"]
    assert set(exported["muc"]["documents"]) == {f"doc{k:02d}" for k in range(COPIES)}
