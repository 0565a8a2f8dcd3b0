"""Opening the Compare mode in turns of the event loop (issue 34: a click's GUI work over 50 ms is split): once the
comparing job is done the Leaderboard is shown at once, saying it is being prepared, and the pages are filled in
the next turns; a click on a page before its turn shows it filled, and the opening still ends with every page
showing the comparison."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.main_window import MainWindow
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 30_000


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    w = shown_window(qtbot, tmp_path)
    w.activateWindow()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=TIMEOUT):
        w.open_demo(doc_id="demo_flood_relief")
    return w


def compared(qtbot, window: MainWindow) -> dict[str, object]:
    """Ctrl+Shift+R, back once the Compare mode's first page is shown: what the window showed at that moment."""
    compare = window.compare
    seen: dict[str, object] = {}

    def first_page(index: int) -> bool:
        board = compare.leaderboard
        if board is None or window.workspace.stack.widget(index) is not board:
            return False
        seen.update(tabs=compare.tabs.isVisible(), caption=board.caption.text(), rows=board.table.model().rowCount(),
                    pair_built=compare.pair_panel is not None)
        return True

    with qtbot.waitSignal(window.workspace.stack.currentChanged, timeout=TIMEOUT, check_params_cb=first_page):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    return seen


def click_tab(qtbot, window: MainWindow, index: int) -> None:
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(index).center())


def test_the_leaderboard_is_shown_first_and_the_pages_filled_in_later_turns(qtbot, window) -> None:
    compare = window.compare
    with qtbot.waitSignal(compare.comparison_ready, timeout=TIMEOUT):
        seen = compared(qtbot, window)
    assert seen == {"tabs": True, "caption": "<i>Preparing the leaderboard…</i>", "rows": 0,
                    "pair_built": False}  # shown at once, being prepared; the other pages come in later turns
    board = compare.leaderboard
    assert board is not None and window.workspace.stack.currentWidget() is board
    assert board.caption.text().startswith("<b>2 systems</b>")  # then filled
    assert board.table.system_order() == ["system_a", "system_b"]
    panel = compare.pair_panel
    assert panel is not None and panel.documents.model.rowCount() > 0
    assert "demo_flood_relief" in panel.lanes_title.text()  # the session's document in the lanes
    assert not panel.isVisible() and panel.size() == window.workspace.stack.size()  # laid out before its first show
    click_tab(qtbot, window, 1)
    assert window.workspace.stack.currentWidget() is panel
    assert panel.documents.count.text().startswith(f"{panel.documents.model.rowCount()} documents")


def test_a_page_clicked_before_its_turn_is_shown_filled(qtbot, window) -> None:
    compare = window.compare
    with qtbot.waitSignal(compare.comparison_ready, timeout=TIMEOUT):
        assert compared(qtbot, window)["pair_built"] is False
        click_tab(qtbot, window, 1)  # the Pair page, before its turn
        panel = compare.pair_panel
        assert panel is not None and window.workspace.stack.currentWidget() is panel
        assert panel.documents.model.rowCount() > 0
        assert "demo_flood_relief" in panel.lanes_title.text()
    assert compare.leaderboard is not None and compare.leaderboard.table.system_order() == ["system_a", "system_b"]
    assert compare.relations_panel is not None and compare.relations_panel.caption.text()


def test_comparing_again_refreshes_the_pair_page_after_the_leaderboard(qtbot, window) -> None:
    compare = window.compare
    with qtbot.waitSignal(compare.comparison_ready, timeout=TIMEOUT):
        compared(qtbot, window)
    click_tab(qtbot, window, 1)
    panel = compare.pair_panel
    assert panel is not None
    panel.documents.view.setFocus()
    rows = panel.documents.model.rowCount()
    with qtbot.waitSignal(compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_F5)  # read the files again: compared again, the Pair page kept
    assert window.workspace.stack.currentWidget() is panel
    assert panel.documents.model.rowCount() == rows and panel.lanes_title.text().startswith("<b>")
    assert panel.documents.count.text().startswith(f"{rows} documents")
