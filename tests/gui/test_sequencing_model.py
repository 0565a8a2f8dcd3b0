"""The Qt-free sequencing layer (model/sequencing.py), the HTML section and the headless export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import score_files
from evmeval.report.sequencing_html import sequencing_html_section
from evmeval.report.sequencing_report import link_table_tsv
from evmeval.sequencing.scoring import score_sequencing

from evmeval_gui.model.corpus import make_request
from evmeval_gui.model.jobs import ImmediateRunner
from evmeval_gui.model.session import Session
from evmeval_gui.sequencing.state import SequencingModel, document_rows
from tests.gui.sequencing_corpus import write_sequencing_corpus


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_sequencing_corpus(tmp_path / "seq")


def core_result(corpus: Path):
    inputs = load_inputs(str(corpus / "gold.tbf"), str(corpus / "system.tbf"), token_dir=str(corpus / "tkn"))
    result = score_files(inputs.gold, inputs.system)
    return inputs, result, score_sequencing(result, inputs.gold, inputs.system, closures=("published", "full"),
                                            strict=False)


def test_model_scores_in_the_runner_and_joins_both_closures(corpus):
    session = Session(ImmediateRunner())
    messages: list[str] = []
    model = SequencingModel(session, message=messages.append)
    changed: list[bool] = []
    model.sequencing_changed.connect(lambda: changed.append(True))
    session.open(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))
    assert changed == [True] and model.result is not None
    _, _, expected = core_result(corpus)
    assert model.corpus_f1("published") == expected.evaluation("All", "published").corpus.f1
    assert model.document_f1("doc2") == 1.0
    assert messages == [model.summary_text()] and "(v1.8)" in messages[0] and "ours" in messages[0]
    rows = model.rows("doc1")
    # every per-type outcome of the core appears once, under both closures
    published = [(o.side, o.kind, o.source, o.target, o.outcome) for kind in ("After", "Subevent")
                 for o in expected.evaluation(kind).document("doc1").outcomes]
    assert sorted((r.side, r.kind, r.source, r.target, r.published) for r in rows) == sorted(published)
    full = {(o.side, o.kind, o.source, o.target): o.outcome for kind in ("After", "Subevent")
            for o in expected.evaluation(kind, "full").document("doc1").outcomes}
    assert {(r.side, r.kind, r.source, r.target): r.full for r in rows} == full
    assert rows == document_rows(expected, "doc1")
    assert [r.side for r in rows] == sorted((r.side for r in rows), key=lambda side: side != "gold")


def test_a_document_s_rows_are_scored_when_asked_for_and_the_last_few_kept(corpus, monkeypatch):
    """Issue 34: the kept result has figures only; a document's rows are scored alone when asked for."""
    import evmeval_gui.sequencing.state as state

    monkeypatch.setattr(state, "ROWS_KEPT", 1)
    scored: list[str] = []
    real = state.score_one_document
    monkeypatch.setattr(state, "score_one_document", lambda *a, **k: scored.append(a[3]) or real(*a, **k))
    session = Session(ImmediateRunner())
    model = SequencingModel(session)
    session.open(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))
    assert model.result is not None and not model.result.outcomes_kept and scored == []
    _, _, expected = core_result(corpus)
    assert model.rows("doc1") == model.rows("doc1") == document_rows(expected, "doc1")
    assert scored == ["doc1"]
    assert model.rows("doc2") == document_rows(expected, "doc2")
    assert model.rows("doc1") == document_rows(expected, "doc1")
    assert scored == ["doc1", "doc2", "doc1"]  # one kept: doc1 was let go for doc2
    assert model.rows("not-a-document") == []


def test_options_are_checked_and_announced(corpus):
    session = Session(ImmediateRunner())
    model = SequencingModel(session)
    session.open(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))
    seen: list[bool] = []
    model.options_changed.connect(lambda: seen.append(True))
    model.set_type_shown("After", False)
    model.set_type_shown("After", False)  # no change, no signal
    assert seen == [True] and {r.kind for r in model.shown_rows("doc1")} == {"Subevent"}
    model.set_closure("full")
    assert seen == [True, True]
    with pytest.raises(ValueError, match="link type"):
        model.set_type_shown("Before", True)
    with pytest.raises(ValueError, match="closure"):
        model.set_closure("partial")


def test_html_section_lists_scores_and_links(corpus):
    _, _, expected = core_result(corpus)
    page = sequencing_html_section(expected)
    assert page.startswith("<h2>Event sequencing (After, Subevent)</h2>")
    f1 = expected.evaluation("All").corpus.f1
    assert f"<td class=n>{100 * f1:.2f}</td>" in page
    assert "doc1: 17 link(s)" in page and "doc2: 2 link(s)" in page and "doc3" not in page
    assert "⇒ implied by closure" in page and "+ spurious" in page


def test_headless_export_report_scores_the_links(qtbot, corpus, tmp_path):
    from evmeval_gui.export import export_report

    inputs, result, expected = core_result(corpus)
    written = export_report(str(tmp_path / "out"), inputs, result)
    assert str(tmp_path / "out" / "sequencing_links.tsv") in written
    assert (tmp_path / "out" / "sequencing_links.tsv").read_text() == link_table_tsv(expected)
    data = json.loads((tmp_path / "out" / "scores.json").read_text())
    assert data["sequencing"]["closures"]["published"]["All"]["corpus"]["f1"] == expected.evaluation("All").corpus.f1


def test_the_corpus_is_sequenced_with_the_collector_paused(corpus, monkeypatch):
    """Issue 34: no cyclic collection while a corpus's links are sequenced on a worker: full ones in it held the
    interpreter 20-30 ms each at 4,480 documents (the window unanswering); the result is frozen with the rest."""
    import gc

    import evmeval_gui.sequencing.state as state

    seen: list[bool] = []
    made = state.score_corpus

    def score(*args, **kwargs):
        seen.append(gc.isenabled())
        return made(*args, **kwargs)

    monkeypatch.setattr(state, "score_corpus", score)
    was = gc.isenabled()
    gc.enable()
    try:
        session = Session(ImmediateRunner())
        model = SequencingModel(session)
        session.open(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))
        assert gc.isenabled()
    finally:
        if not was:
            gc.disable()
    assert model.result is not None
    assert seen == [False]
