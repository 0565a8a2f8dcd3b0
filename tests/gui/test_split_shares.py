"""The text and the mapping table keep their shares of the height when the window changes (a short
window, or the new-document banner above them, once left the text a single line)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def share(window) -> float:
    text, table = window.workspace.right_split.sizes()
    return text / (text + table)


def test_a_shorter_window_and_a_banner_keep_the_texts_share(qtbot, make_window):
    window = make_window()
    qtbot.waitUntil(lambda: sum(window.workspace.right_split.sizes()) > 0)
    tall = share(window)
    assert tall == pytest.approx(400 / (400 + 260), abs=0.03)
    window.resize(1024, 640)
    window.editing.prompts.unsaved = lambda what: "discard"
    assert window.editing.new_document("Rebels attacked the town at dawn; two guards were killed .", "news1")
    qtbot.waitUntil(lambda: window.scratch.banner.isVisible())
    # the banner took height: the text keeps (about) its share; before, it shrank to its minimum
    qtbot.waitUntil(lambda: share(window) > 0.55)


def test_a_dragged_handle_sets_the_shares_kept_after_a_resize(qtbot, make_window):
    window = make_window()
    splitter = window.workspace.right_split
    qtbot.waitUntil(lambda: sum(splitter.sizes()) > 0)
    handle = splitter.handle(1)
    centre = QPoint(handle.width() // 2, handle.height() // 2)
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseMove(handle, centre + QPoint(0, 120))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=centre + QPoint(0, 120))
    dragged = share(window)
    assert dragged > 400 / (400 + 260) + 0.05  # the text got taller
    window.resize(1366, 900)
    qtbot.waitUntil(lambda: share(window) == pytest.approx(dragged, abs=0.02))
