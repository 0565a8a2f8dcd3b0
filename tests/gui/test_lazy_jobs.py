"""After a load the window's background jobs hold only what is used (issue 34): live rescoring is prepared
when the user starts to edit, never after every load, and an edit still gives the published figures."""

from __future__ import annotations

import json
import threading

import pytest
from evmeval.coref.scoring import score_coreference
from evmeval.editing import EditSession
from evmeval.mention.running import has_totals
from evmeval.report.coref_report import coref_to_json, format_coref_section
from evmeval.report.text import format_report
from PySide6.QtCore import Qt

from evmeval_gui.editing import controller
from evmeval_gui.model.formatting import number, percent
from evmeval_gui.model.text_layout import SYSTEM
from tests.gui.test_editing_window import (
    COMBINATIONS,
    FakePrompts,
    click_mention,
    corpus,
    key,
    published,
    shown_per_combination,
    window,
)
from tests.gui.test_main_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "window"]


@pytest.fixture
def prepared(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every run of live rescoring's preparation (a spy on `EditSession.prepare`)."""
    calls: list[int] = []
    real = EditSession.prepare

    def spy(self: EditSession, step=None) -> None:
        calls.append(len(self.result.documents))
        real(self, step)

    monkeypatch.setattr(EditSession, "prepare", spy)
    return calls


def test_a_load_does_not_prepare_live_rescoring(qtbot, make_window, corpus, prepared):
    w = make_window()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], doc_id="doc1")
    qtbot.waitUntil(lambda: w.session.runner.idle, timeout=LOAD_TIMEOUT)
    assert prepared == []
    assert not has_totals(w.session.result)


def test_a_large_corpuss_first_edit_waits_for_the_preparation_then_gives_the_published_figures(
        qtbot, window, corpus, tmp_path, prepared, monkeypatch):
    monkeypatch.setattr(controller, "INLINE_DOCUMENTS", 0)  # the demo corpus stands for a large one
    qtbot.waitUntil(lambda: window.session.runner.idle, timeout=LOAD_TIMEOUT)
    assert prepared == []
    click_mention(qtbot, window, SYSTEM, "S6")  # guards: spurious
    key(qtbot, window, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: window.editing.stack.count() == 1, timeout=LOAD_TIMEOUT)
    assert len(prepared) == 1
    assert "S6" not in {m.mention_id for m in window.session.doc_result("doc1").system}
    click_mention(qtbot, window, SYSTEM, "S3")  # the second edit: applied at once
    key(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    assert window.editing.stack.count() == 2 and len(prepared) == 1
    window.editing.prompts = FakePrompts(paths=[str(tmp_path / "out.tbf")])
    assert window.editing.save_as()
    data = published(tmp_path, corpus, corpus / "gold.tbf", tmp_path / "out.tbf")
    assert shown_per_combination(qtbot, window) == {c: f"{100 * data['micro'][c]['f1']:.2f} %" for c in COMBINATIONS}


def test_opening_the_type_picker_prepares_live_rescoring_in_the_background(qtbot, window, prepared):
    qtbot.waitUntil(lambda: window.session.runner.idle, timeout=LOAD_TIMEOUT)
    click_mention(qtbot, window, SYSTEM, "S2")
    key(qtbot, window, Qt.Key.Key_T)
    qtbot.waitUntil(lambda: has_totals(window.session.result), timeout=LOAD_TIMEOUT)
    assert len(prepared) == 1


# -- coreference of files without coreference links ------------------------------------------------------------


def test_files_without_coreference_links_keep_only_the_coreference_figures(qtbot, make_window, corpus, tmp_path):
    w = make_window(persist=False)
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"),
                     doc_id="doc1")
    qtbot.waitUntil(lambda: w.coreference.state == "ready", timeout=LOAD_TIMEOUT)
    result, inputs = w.session.result, w.session.corpus.inputs[0]
    full = score_coreference(result, inputs.gold, inputs.system, combination=w.session.combination)
    held = w.coreference.result
    assert held.total == full.total
    assert [d.counts for d in held.documents] == [d.counts for d in full.documents]
    assert all(d.gold_rows == d.system_rows == () and d.sources is None for d in held.documents)  # no clusters
    ui = w.coreference_ui
    ui.tabs.setCurrentWidget(ui.clusters)
    qtbot.waitUntil(lambda: "No coreference links in these files" in ui.clusters.title.text())
    assert ui.clusters.table.rowCount() == 0
    # the reason alone, not cut short by an empty table and a checkbox that can do nothing
    assert ui.clusters.table.isHidden() and ui.clusters.singletons.isHidden() and not ui.clusters.title.isHidden()
    ui.tabs.setCurrentWidget(ui.scores)
    conll = next(r for r in range(ui.scores.table.rowCount()) if ui.scores.cell(r, 0) == "CoNLL F1 (ours)")
    assert ui.scores.cell(conll, 3) == percent(full.total.conll_f1)
    assert ui.scores.note.text().startswith("No coreference links in these files")
    assert ui.summary.published.text() == number(full.published_average())
    assert ui.summary.no_links.text() == "(no coreference links in these files)"
    out = tmp_path / "report"  # the report's files still have every CoNLL line (scored again for them)
    with qtbot.waitSignal(w.runner.job_finished, timeout=LOAD_TIMEOUT):
        w.exporter.export_to(str(out))
    assert (out / "scores.txt").read_text(encoding="utf-8") == format_report(result) + format_coref_section(full)
    data = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    assert data["coreference"] == json.loads(json.dumps(coref_to_json(result, full)))
    lines = [x for x in (out / "coreference_gold.conll").read_text(encoding="utf-8").splitlines()
             if x and not x.startswith("#")]
    assert len(lines) >= sum(len(d.gold) for d in result.documents)


# -- the charts' library never imported by the GUI thread on a click ----------------------------------------------


@pytest.fixture
def imports(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, bool]]:
    """Every call of `load_pyqtgraph`: (on the GUI thread, already imported), as at launch (not imported yet)."""
    from evmeval_gui import qt_import

    calls: list[tuple[bool, bool]] = []
    real = qt_import.load_pyqtgraph

    def spy():  # type: ignore[no-untyped-def]
        calls.append((threading.current_thread() is threading.main_thread(), qt_import.pyqtgraph_loaded()))
        return real()

    monkeypatch.setattr(qt_import, "_loaded", [])
    monkeypatch.setattr(qt_import, "load_pyqtgraph", spy)
    return calls


def _imported_by_the_gui_thread(calls: list[tuple[bool, bool]]) -> list[tuple[bool, bool]]:
    return [c for c in calls if c[0] and not c[1]]


def _opened(qtbot, make_window, corpus):  # type: ignore[no-untyped-def]
    w = make_window(persist=False, use_default_charts=True, warm_charts=True)
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"),
                     doc_id="doc1")
    return w


def test_the_charts_dock_opened_at_once_after_a_load_waits_for_the_background_import(qtbot, make_window, corpus,
                                                                                      imports):
    w = _opened(qtbot, make_window, corpus)
    assert not w.warm_up.done
    w.charts_dock.toggle_action().trigger()  # View › Charts before the warm-up has run
    assert w.charts_dock.isVisible()
    qtbot.waitUntil(lambda: w.charts_dock.panel is not None, timeout=LOAD_TIMEOUT)
    assert _imported_by_the_gui_thread(imports) == []
    assert (False, False) in imports  # a worker imported it
    assert w.charts_dock.widget().objectName() == "chartsScroller"  # the charts, no longer "Preparing the charts…"


def test_an_export_at_once_after_a_load_draws_its_charts_once_a_worker_imported_the_library(
        qtbot, make_window, corpus, imports, tmp_path):
    w = _opened(qtbot, make_window, corpus)
    out = tmp_path / "report"
    w.exporter.export_to(str(out))
    qtbot.waitUntil(lambda: (out / "chart_score_bars.png").exists() or (out / "report.html").exists(),
                    timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: w.runner.idle, timeout=LOAD_TIMEOUT)
    assert (out / "report.html").exists()
    assert _imported_by_the_gui_thread(imports) == []
    assert (False, False) in imports


def test_the_threshold_docks_curve_chart_is_imported_by_the_curves_worker(qtbot, make_window, imports):
    from tests.gui.test_threshold_dock import DATA

    w = make_window(persist=False, size=(1024, 640))
    dock = w.conventions_dock.threshold_dock
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(DATA / "dygiepp_gold.jsonl"), [str(DATA / "dygiepp_pred.jsonl")])
    qtbot.waitUntil(lambda: dock.chart is not None, timeout=LOAD_TIMEOUT)
    assert _imported_by_the_gui_thread(imports) == []
    assert (False, False) in imports


def test_an_edit_made_while_the_first_one_waits_is_refused_with_a_message(qtbot, window, monkeypatch):
    monkeypatch.setattr(controller, "INLINE_DOCUMENTS", 0)
    gate = threading.Event()
    real = EditSession.prepare

    def held(self: EditSession, step=None) -> None:
        gate.wait(LOAD_TIMEOUT / 1000)
        real(self, step)

    monkeypatch.setattr(EditSession, "prepare", held)
    qtbot.waitUntil(lambda: window.session.runner.idle, timeout=LOAD_TIMEOUT)
    click_mention(qtbot, window, SYSTEM, "S6")
    key(qtbot, window, Qt.Key.Key_Delete)
    assert window.statusBar().currentMessage() == "Preparing live rescoring for the first edit…"
    click_mention(qtbot, window, SYSTEM, "S3")
    key(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    assert window.statusBar().currentMessage().startswith("Live rescoring is being prepared")
    assert window.editing.stack.count() == 0
    gate.set()
    qtbot.waitUntil(lambda: window.editing.stack.count() == 1, timeout=LOAD_TIMEOUT)
    assert "S6" not in {m.mention_id for m in window.session.doc_result("doc1").system}
