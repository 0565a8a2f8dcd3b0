"""The docks' right-click menu as a user reads it (issue 34): the toolbar's toggle said "Main" (Qt's name for
it), and "Conventions" on a tbf corpus opened a dock of empty lists under one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.corpus_factory import write_corpus
from tests.gui.test_dock_layout import LOAD_TIMEOUT
from tests.gui.test_dock_menu import click_entry, entry
from tests.gui.windows import POPUP_WARNINGS, shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_toolbar_is_called_toolbar_and_keeps_its_saved_name(qtbot, tmp_path: Path) -> None:
    win = shown_window(qtbot, tmp_path, (1024, 640))
    menu = win.createPopupMenu()
    toggle = entry(menu, "Toolbar")
    assert toggle.isChecked()
    assert not [a for a in menu.actions() if a.text().replace("&", "") == "Main"]
    assert win.commands.toolbar.objectName() == "mainToolbar"  # layouts saved by earlier versions restore it


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_conventions_on_a_tbf_corpus_says_why_and_shows_no_empty_lists(qtbot, tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    win = shown_window(qtbot, tmp_path, (1024, 640))
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(lambda: win.runner.idle, timeout=LOAD_TIMEOUT)
    assert not win.conventions.built  # a tbf corpus builds no dock of itself
    click_entry(qtbot, win, "Conventions")
    dock = win.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    assert dock.note.isVisible() and dock.note.text().startswith("This corpus is tbf: scored under EvmEval v1.8 only.")
    assert not dock.table.isVisible() and not dock.tabs.isVisible() and not dock.detail.isVisible()
    line = dock.note.fontMetrics().lineSpacing()
    # at the top, where a user reads first (the note had grown to the dock's height, its lines in the middle)
    assert dock.note.mapTo(dock, dock.note.rect().topLeft()).y() < 3 * line and dock.note.height() < 8 * line
    assert dock.options_button.mapTo(dock, dock.options_button.rect().topLeft()).y() < 10 * line
    assert entry(win.createPopupMenu(), "Conventions").isChecked()
    click_entry(qtbot, win, "Conventions")  # and the entry closes it again
    qtbot.waitUntil(dock.isHidden, timeout=LOAD_TIMEOUT)


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_conventions_before_any_corpus_says_what_to_open(qtbot, tmp_path: Path) -> None:
    win = shown_window(qtbot, tmp_path, (1024, 640))
    click_entry(qtbot, win, "Conventions")
    dock = win.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    assert dock.note.isVisible() and dock.note.text().startswith("Open a TextEE, DyGIE++, MAVEN")
    assert not dock.table.isVisible() and not dock.tabs.isVisible()
