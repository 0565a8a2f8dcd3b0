"""UIE, MAVEN-Arg and OmniEvent pairs open in the window (issue 35): the document list, the Conventions dock's
column for the format's convention, and for OmniEvent the regime in Convention options… (tc when none is given);
`evmeval-gui -g GOLD -s SYS --regime sl` opens OmniEvent's sequence-labelling lines."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox

from evmeval_gui.main_window import MainWindow
from tests.core.seeded_maven_arg import maven_arg_case
from tests.core.test_omnievent import _write as omnievent_files
from tests.core.test_window_opens_uie_maven_arg_omnievent import maven_arg_files, uie_pair_files
from tests.gui.windows import choose
from tests.programs import installed

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")
LOAD_TIMEOUT = 20_000


def _open(qtbot, window: MainWindow, gold: Path, system: Path) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(system)])
    qtbot.waitUntil(window.conventions_dock.isVisible, timeout=LOAD_TIMEOUT)


def _headers(window: MainWindow) -> list[str]:
    """The convention columns (the spread column after them left out)."""
    table = window.conventions_dock.table
    return [table.horizontalHeaderItem(c).text().split("\n")[0] for c in range(table.columnCount())][:1]


def _row(window: MainWindow, label: str) -> str:
    table = window.conventions_dock.table
    row = next(r for r in range(table.rowCount()) if table.verticalHeaderItem(r).text() == label)
    return table.item(row, 0).text()


@pytest.mark.parametrize("fmt", ["uie", "maven-arg"])
def test_a_uie_or_maven_arg_pair_shows_its_documents_and_its_convention(qtbot, window: MainWindow, tmp_path: Path,
                                                                       fmt: str) -> None:
    gold, pred = uie_pair_files(tmp_path) if fmt == "uie" else maven_arg_files(tmp_path)
    _open(qtbot, window, gold, pred)
    assert window.documents.visible_doc_ids() == (["instance 1"] if fmt == "uie" else ["d1"])
    assert _headers(window) == [fmt]
    if fmt == "uie":  # as `evmeval-score --convention uie` prints them (tests/core: "fired" placed twice of three)
        assert (_row(window, "offset-evt-trigger F1"), _row(window, "string-evt-trigger F1")) == ("100.00", "80.00")
    corpus = window.session.corpus
    assert corpus is not None and corpus.inputs[0].texts.text(window.documents.visible_doc_ids()[0])
    dock = window.conventions_dock
    qtbot.mouseClick(dock.options_button, Qt.MouseButton.LeftButton)
    assert dock.options_dialog is not None and dock.options_dialog.isVisible()
    # the options these conventions read, which the window could not show before it opened their files
    assert list(dock.options_dialog.fields) == (["match_mode"] if fmt == "uie" else ["ontology"])
    cancel = dock.options_dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert not dock.options_dialog.isVisible()


def test_maven_arg_triggers_without_a_position_open_and_are_listed(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """The seeded files of the recorded tests give no trigger `position`: the triggers are counted, not placed."""
    for name, text in maven_arg_case(3).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    _open(qtbot, window, tmp_path / "test.unified.jsonl", tmp_path / "test_prediction.jsonl")
    assert window.documents.visible_doc_ids() == ["doc3x0"]
    assert _headers(window) == ["maven-arg"]
    proxy = window.documents.proxy
    assert [proxy.index(0, c).data() for c in (1, 2)] == ["5", "5"]  # gold and system triggers of the document


def test_omnievent_opens_under_tc_and_the_options_dialog_shows_the_regime(qtbot, window: MainWindow,
                                                                         tmp_path: Path) -> None:
    gold, pred = omnievent_files(tmp_path, "tc")
    _open(qtbot, window, gold, pred)
    assert window.documents.visible_doc_ids() == ["d1"]
    assert _headers(window) == ["omnievent"]
    dock = window.conventions_dock
    # read as tc when no regime is given: 1 of 3 labelled candidates right, 1 of 2 gold (tests/core/test_omnievent)
    assert _row(window, "micro_f1 (unified ED, tc) F1") == "40.00"
    qtbot.mouseClick(dock.options_button, Qt.MouseButton.LeftButton)
    dialog = dock.options_dialog
    assert dialog is not None and dialog.isVisible()
    regime = dialog.fields["regime"]
    assert isinstance(regime, QComboBox)
    assert [regime.itemText(k) for k in range(regime.count())] == [
        "default: tc in the window (evmeval-score needs --regime)", "tc", "sl", "s2s", "mrc"]
    choose(qtbot, regime, 1)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert "[--regime tc]" in window.windowTitle()
    assert window.session.request is not None and window.session.request.options == (("regime", "tc"),)


def test_evmeval_gui_opens_omnievent_sl_lines_with_the_regime_given(tmp_path: Path) -> None:
    omnievent_files(tmp_path, "sl")
    run = subprocess.run([installed("evmeval-gui"), "-g", "gold.jsonl", "-s", "pred.jsonl", "--regime", "sl",
                          "--screenshot", "shot.png"], capture_output=True, text=True, check=False, cwd=tmp_path,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "shot.png").stat().st_size > 0
