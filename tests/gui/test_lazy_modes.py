"""The Curate mode is imported and built the first time a curation starts (issue 34: a user scoring a pair never
opens it, and its modules were 7 MB of the empty window): its module is imported by a job, not on the GUI thread,
and Ctrl+Shift+U then opens the curation as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.agreement.state import AgreementRequest
from tests.gui.test_curation_view import NAMES, corpus  # noqa: F401  (a fixture)
from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.windows import run_fresh_window, watch_import

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
REPO = Path(__file__).resolve().parents[2]
LATER = ("evmeval_gui.curation.mode", "evmeval.agreement.curation_lock", "evmeval_gui.curation.lanes",
         "evmeval_gui.curation.output", "evmeval_gui.curation.policy_job")
"""The Curate mode's own modules (and the curation lock's: uuid, socket)."""

CHECK = f"""
    if window.session.loaded == pair and window.runner.idle:
        print(sorted(m for m in sys.modules if m.startswith(({LATER!r}) + (() if pair else ("_hashlib",)))))
        app.quit()"""


@pytest.mark.parametrize("shown", ["empty", "pair"])
def test_a_scored_pair_leaves_the_curate_modes_modules_unimported(tmp_path: Path, shown: str) -> None:
    """Neither the empty window nor a scored pair imports them (nor, in the empty window, OpenSSL's `_hashlib`:
    the curation hashes its inputs; a scored pair's intervals import it with numpy's random generators)."""
    assert run_fresh_window(tmp_path, shown, CHECK).strip() == "[]"


def test_the_first_curation_imports_the_mode_on_a_worker_and_opens(qtbot, make_window, corpus,  # noqa: F811
                                                                    monkeypatch) -> None:
    import evmeval_gui.curation as package
    import evmeval_gui.curation.mode  # noqa: F401  (imported as another test may have: taken out by the spy)

    seen = watch_import(monkeypatch, package, "mode")
    window = make_window()
    request = AgreementRequest(tuple(str(corpus / n) for n in NAMES), str(corpus / "tkn"), str(corpus / "txt"))
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        window.open_agreement(request)
    assert seen == []  # comparing the annotators does not need it either
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.mode.name == "curate", timeout=LOAD_TIMEOUT)
    assert seen == [False]  # imported once, by the job
    assert window.windowTitle().startswith("Curation: ")
    assert window.curate.panel.list.model().rowCount() > 0  # the disagreements listed, as before



def test_a_relaunch_into_a_curation_in_progress_imports_the_mode_on_a_worker(qtbot, make_window, corpus,  # noqa: F811
                                                                             monkeypatch) -> None:
    """The restored session's curation (a plain launch) opens as before, the mode's module imported by the job."""
    from tests.gui.test_curation_view import press
    from tests.gui.test_curation_work import open_curation

    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    press(qtbot, first, Qt.Key.Key_1)
    qtbot.waitUntil(lambda: first.curate.panel.progress.text() == f"<b>1 of {total}</b> decided, saved")
    first.close()
    import evmeval_gui.curation as package

    seen = watch_import(monkeypatch, package, "mode")
    second = make_window()
    assert second.session_store.restore()  # what a plain launch does
    qtbot.waitUntil(lambda: second.mode.name == "curate", timeout=LOAD_TIMEOUT)
    assert seen == [False]
    assert second.workspace.stack.currentWidget() is second.curate.panel
    qtbot.waitUntil(lambda: second.curate.panel.progress.text() == f"<b>1 of {total}</b> decided, saved")
