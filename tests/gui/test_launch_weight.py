"""The window's launch carries only what the first document needs (issue 26): parts the user has not opened
(the Conventions dock and the conventions, the comparison export, the disagreements CSV) load when first
wanted, and the collector does not walk a curation's millions of objects again and again."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_conventions_window import DATA, LOAD_TIMEOUT
from tests.gui.test_curation_view import cells, corpus  # noqa: F401  (fixtures)
from tests.gui.test_curation_view import window as curating  # noqa: F401  (a fixture)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
REPO = Path(__file__).resolve().parents[2]
LATER = ("evmeval.conventions", "evmeval_gui.conventions.dock",
         "evmeval.report.agreement_csv", "evmeval_gui.compare.export",
         "pyqtgraph", "evmeval_gui.curation.panel", "evmeval.agreement.per_type", "evmeval.compare.agreement",
         "evmeval.compare.runs", "evmeval.compare.seeds", "importlib.metadata")
"""Modules the main window's import leaves for later (issue 34: the charts' library, the Curate page, the
agreement's figures, the comparison's library, the About box's licence lookup)."""


def test_importing_the_window_leaves_unopened_parts_for_later() -> None:
    code = ("import sys, evmeval_gui.main_window\n"
            f"print(sorted(m for m in sys.modules if m.startswith({LATER!r})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_conventions_dock_is_built_when_first_wanted(qtbot, make_window, tmp_path: Path) -> None:
    from tests.gui.corpus_factory import write_corpus

    window = make_window()
    tbf = write_corpus(tmp_path / "corpus")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(tbf / "gold.tbf"), [str(tbf / "system.tbf")])
    assert not window.conventions.built  # a tbf corpus: nothing to show, nothing built
    assert not window.sequencing.table_built  # no links either: no Links tab, no table
    assert not window.sequencing.tabs.isTabVisible(window.sequencing.links_index)
    action = window.conventions.action
    assert action in window.view_menu.actions() and not action.isChecked()
    action.trigger()  # View > Conventions
    dock = window.conventions_dock
    assert dock.isVisible() and action.isChecked()
    assert "This corpus is tbf" in dock.note.text()
    dock.close()  # the dock's own close button
    assert not action.isChecked()
    action.trigger()
    assert dock.isVisible() and action.isChecked()


def test_an_event_corpus_builds_and_shows_the_dock_by_itself(qtbot, make_window) -> None:
    window = make_window()
    assert not window.conventions.built
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(DATA / "switchboard_gold.jsonl"), [str(DATA / "switchboard_pred.jsonl")])
    qtbot.waitUntil(lambda: window.conventions.built and window.conventions_dock.isVisible(), timeout=LOAD_TIMEOUT)
    assert window.conventions.action.isChecked()
    assert window.conventions_dock.table.item(2, 1).text() == "33.33"  # filled although built after the load


def test_a_curation_batch_is_frozen_out_of_the_collectors_walks(qtbot, curating, monkeypatch) -> None:  # noqa: F811
    window = curating
    from evmeval_gui.curation import panel as panel_module

    monkeypatch.setattr(panel_module, "AT_ONCE_DOCUMENTS", 0)  # the corpus is small: every batch is "large"
    panel = window.curate.panel
    total = panel.list.model().rowCount()
    qtbot.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.text().startswith(f"<b>{total} of {total}</b> decided"), timeout=10000)
    assert {cells(panel.list, r)[2] for r in range(total)} == {"annotator 1"}  # the batch as before
    step = window.curate.state.step
    walked = gc.get_objects()
    assert not any(o is step or o is step.curation for o in walked)  # frozen: no full collection walks them
    del walked
    dropped = weakref.ref(step)
    del step
    panel.list.setFocus()
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo works the same
    assert panel.progress.text().startswith(f"<b>0 of {total}</b> decided")
    qtbot.keyClick(panel.list, Qt.Key.Key_2)  # a new decision drops the batch's step: freed, although frozen
    assert cells(panel.list, 0)[2] == "annotator 2"
    qtbot.waitUntil(lambda: not panel._release.isActive())
    assert dropped() is None


def test_a_loaded_corpus_is_frozen_not_walked_by_the_next_young_collection(tmp_path: Path) -> None:
    """The load runs with the collector paused: re-enabled, its next young pass would walk every object the
    load made (1.4 s at MAVEN-ERE's size, the window frozen); they are frozen instead, and read as before."""
    from evmeval_gui.model.corpus import load_and_score, make_request
    from tests.gui.corpus_factory import write_corpus

    folder = write_corpus(tmp_path / "corpus")
    request = make_request(str(folder / "gold.tbf"), [str(folder / "system.tbf")])
    loaded, result = load_and_score(request)
    assert gc.isenabled()
    walked = gc.get_objects()
    assert not any(o is loaded or o is result or o is loaded.inputs[0].gold for o in walked)
    del walked
    assert result.document("doc1").in_system and loaded.inputs[0].gold.documents


def test_the_links_table_is_built_once_a_corpus_has_links(qtbot, make_window, tmp_path: Path) -> None:
    from tests.gui.sequencing_corpus import write_sequencing_corpus
    from tests.gui.test_sequencing_window import open_and_wait

    window = make_window()
    assert not window.sequencing.table_built
    links = write_sequencing_corpus(tmp_path / "seq")
    open_and_wait(qtbot, window, links / "gold.tbf", links / "system.tbf", doc_id="doc1")
    parts = window.sequencing
    assert parts.table_built and parts.tabs.isTabVisible(parts.links_index)
    parts.tabs.setCurrentIndex(parts.links_index)  # the Links tab, as a click on it
    assert parts.table.isVisible() and parts.table.model.rows  # filled although built after the load began
