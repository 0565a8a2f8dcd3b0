"""The Agreement and Compare modes are imported and built the first time they are wanted (issue 34: a user scoring
a pair opens neither): their modules are imported by a job, not on the GUI thread, and File › Compare annotators…,
Ctrl+Shift+R and a relaunch into a study then open them as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.gui.corpus_factory import write_corpus
from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.windows import run_fresh_window, watch_import

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
REPO = Path(__file__).resolve().parents[2]
LATER = ("evmeval_gui.agreement.mode", "evmeval_gui.agreement.style", "evmeval_gui.compare.mode",
         "evmeval_gui.compare.state", "evmeval.mention.changes", "evmeval.mention.cases")
"""The two modes' own modules (and the comparison's state and library parts only it uses)."""
COMPARE_TIMEOUT = 60_000

CHECK = f"""
    if window.session.loaded == pair and window.runner.idle:
        window.navigation.step_document(1)  # a click on the next document, then every job done again
        if window.runner.idle:
            print(sorted(m for m in sys.modules if m.startswith({LATER!r})))
            print(window.commands.compare_systems_action.isEnabled())
            app.quit()"""


@pytest.mark.parametrize("shown", ["empty", "pair"])
def test_a_scored_pair_leaves_the_agreement_and_compare_modes_unimported(tmp_path: Path, shown: str) -> None:
    """Neither the empty window nor a scored pair imports them; Compare systems is offered all the same when two
    systems are open (the demo's), its rule asked without the mode."""
    printed = run_fresh_window(tmp_path, shown, CHECK).split()
    modules, enabled = printed[:-1], printed[-1]
    assert " ".join(modules) == "[]"
    assert enabled == ("True" if shown == "pair" else "False")


def test_ctrl_shift_r_imports_the_compare_mode_on_a_worker_and_opens_the_leaderboard(qtbot, make_window,
                                                                                     monkeypatch) -> None:
    import evmeval_gui.compare as package
    import evmeval_gui.compare.mode  # noqa: F401  (imported as another test may have: taken out by the spy)

    seen = watch_import(monkeypatch, package, "mode")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_demo()
    assert seen == [] and window.compare_mode.built is None  # scoring the pair does not need it
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.mode.name == "compare", timeout=COMPARE_TIMEOUT)  # its bootstrap: seconds
    assert seen == [False]  # imported once, by the job

    def leaderboard_shown() -> bool:  # built, shown and filled in the opening's turns, as before
        board = window.compare.leaderboard
        return (board is not None and window.workspace.stack.currentWidget() is board
                and board.table.system_order() == ["system_a", "system_b"])

    qtbot.waitUntil(leaderboard_shown, timeout=COMPARE_TIMEOUT)
    assert window.windowTitle().startswith("Compare: ") and window.commands.compare_systems_action.isChecked()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.mode.name == "scoring" and not window.commands.compare_systems_action.isChecked()  # and back


def test_file_compare_annotators_imports_the_agreement_mode_on_a_worker_and_shows_the_matrix(
        qtbot, make_window, monkeypatch, tmp_path: Path) -> None:
    import evmeval_gui.agreement as package
    import evmeval_gui.agreement.mode  # noqa: F401

    corpus = write_corpus(tmp_path / "corpus")
    seen = watch_import(monkeypatch, package, "mode")
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = window.dialogs.compare_dialog
    assert dialog is not None and dialog.isVisible()  # File › Compare annotators…, empty: nothing compared yet
    assert dialog.paths() == [] and seen == []
    dialog.add_paths([str(corpus / "gold.tbf"), str(corpus / "system.tbf")])
    dialog.accept()
    qtbot.waitUntil(lambda: window.mode.name == "agreement", timeout=LOAD_TIMEOUT)
    assert seen == [False]
    qtbot.waitUntil(lambda: window.agreement.panel is not None
                    and window.workspace.stack.currentWidget() is window.agreement.panel, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: window.windowTitle().startswith("Agreement: gold.tbf, system.tbf"), timeout=LOAD_TIMEOUT)
    assert window.agreement.tabs.isVisible() and window.commands.matrix_action.isEnabled()
    names = [a.text() for a in window.commands.recent_menu.actions()]
    assert names[0] == "Agreement: gold.tbf, system.tbf"  # remembered in Open recent, as before
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    assert window.mode.name == "scoring" and not window.agreement.tabs.isVisible()  # an ordinary corpus: left
    assert window.recent_requests()[0].gold == str(corpus / "gold.tbf")  # and that corpus remembered


def test_a_relaunch_into_an_agreement_study_imports_the_mode_on_a_worker(qtbot, make_window, monkeypatch,
                                                                         settings, tmp_path: Path) -> None:
    from evmeval_gui.agreement.state import make_agreement_request

    corpus = write_corpus(tmp_path / "corpus")
    first = make_window()
    request = make_agreement_request([str(corpus / "gold.tbf"), str(corpus / "system.tbf")])
    with qtbot.waitSignal(first.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        first.open_agreement(request, doc_id="doc2")  # the pair's document views at doc2
    first.close()
    assert json.loads(settings.value("lastSession"))["page"] == "pair"
    import evmeval_gui.agreement as package

    seen = watch_import(monkeypatch, package, "mode")
    second = make_window()
    assert second.session_store.restore()  # what a plain launch does
    qtbot.waitUntil(lambda: second.mode.name == "agreement" and second.session.selection.doc_id == "doc2",
                    timeout=LOAD_TIMEOUT)
    assert seen == [False]
    assert second.agreement.page == "pair" and second.session.roles == ("gold.tbf", "system.tbf")
