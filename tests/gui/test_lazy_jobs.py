"""After a load the window's background jobs hold only what is used (issue 34): live rescoring is prepared
when the user starts to edit, never after every load, and an edit still gives the published figures."""

from __future__ import annotations

import pytest
from evmeval.editing import EditSession
from evmeval.mention.running import has_totals
from PySide6.QtCore import Qt

from evmeval_gui.editing import controller
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
