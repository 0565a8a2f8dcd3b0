"""Convention options… in the window (issue 35): a RAMS pair opens, the dialog shows only the options its
conventions (rams, paie) read with their defaults named, a bad window size is refused in the dialog with the
library's words, and OK scores the corpus again in the background: paie's figures become what
`evmeval-score --convention paie --window-size N` prints for the same files, the title names the option and the
session keeps it."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

from evmeval_gui.convention_options import ConventionOptionsDialog
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import OpenRequest
from tests.core.test_convention_options_board import seen_victim
from tests.gui.test_compare_conventions_window import expected_figures
from tests.gui.windows import choose
from tests.programs import installed

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")


def cli_span_c_f1(gold: Path, pred: Path, *size: str) -> str:
    """span-Classification F1 as `evmeval-score --convention paie` prints it (`80.00`)."""
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(pred), "--convention", "paie",
                          *(("--window-size", *size) if size else ())], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    line = next(line for line in run.stdout.splitlines() if line.startswith("span-Classification"))
    return line.split()[3]


def shown_span_c_f1(window: MainWindow) -> str:
    table = window.conventions_dock.table
    column = next(c for c in range(table.columnCount()) if table.horizontalHeaderItem(c).toolTip().startswith("paie"))
    row = next(r for r in range(table.rowCount()) if table.verticalHeaderItem(r).toolTip() == "paie: "
               "span-Classification F1")
    return table.item(row, column).text()


def test_the_window_size_set_in_the_dialog_rescores_paie_as_the_command_line(qtbot, window: MainWindow,
                                                                            tmp_path: Path) -> None:
    gold, pred = seen_victim(tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(gold), [str(pred)])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=20_000)
    assert shown_span_c_f1(window) == cli_span_c_f1(gold, pred) == cli_span_c_f1(gold, pred, "250")
    qtbot.mouseClick(dock.options_button, Qt.MouseButton.LeftButton)
    dialog = dock.options_dialog
    assert dialog is not None and dialog.isVisible()
    assert list(dialog.fields) == ["ontology", "window_size"]  # what rams and paie read: no match mode, no regime
    size = dialog.fields["window_size"]
    assert isinstance(size, QLineEdit) and size.placeholderText() == "250 (PAIE's default)"
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.keyClicks(size, "7")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and dialog.error.isVisible()
    assert dialog.error.text().startswith("--window-size 7: PAIE's window is an even number of words, at least 2")
    assert "Traceback" not in dialog.error.text()
    size.clear()
    qtbot.keyClicks(size, "300")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    shown = shown_span_c_f1(window)
    assert shown == cli_span_c_f1(gold, pred, "300") != cli_span_c_f1(gold, pred, "250")
    assert "[--window-size 300]" in window.windowTitle()
    assert "Options: window size: 300." in dock.note.text()
    request = window.session.request
    assert request is not None and request.options == (("window_size", "300"),)
    assert OpenRequest.from_json(request.to_json()) == request  # what the session and Open recent keep
    qtbot.mouseClick(dock.options_button, Qt.MouseButton.LeftButton)
    again = dock.options_dialog
    assert again is not None and again.values()["window_size"] == "300"  # the dialog shows what is in force


def test_a_missing_ontology_file_is_said_in_the_dialog(qtbot, window: MainWindow, tmp_path: Path) -> None:
    gold, pred = seen_victim(tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(gold), [str(pred)])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=20_000)
    qtbot.mouseClick(dock.options_button, Qt.MouseButton.LeftButton)
    dialog = dock.options_dialog
    assert dialog is not None
    ontology = dialog.fields["ontology"]
    assert isinstance(ontology, QLineEdit)
    qtbot.keyClicks(ontology, str(tmp_path / "roles.json"))
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert dialog.error.text() == f"{tmp_path / 'roles.json'}: no such file (expected an existing file)"
    assert window.session.request is not None and window.session.request.options == ()


@pytest.mark.parametrize(("option", "message"), [
    (["--window-size", "7"], "evmeval-gui: error: --window-size 7: PAIE's window is an even number of words, at "
                             "least 2 (expected e.g. 250, its default)"),
    (["--match-mode", "set"], "evmeval-gui: error: gold.jsonl: --match-mode is read by --convention uie only "
                              "(expected options the corpus's conventions read (Convention options…))"),
])
def test_evmeval_gui_takes_evmeval_scores_options_and_says_what_is_wrong(tmp_path: Path, option: list[str],
                                                                          message: str) -> None:
    seen_victim(tmp_path)
    run = subprocess.run([installed("evmeval-gui"), "-g", "gold.jsonl", "-s", "pred.jsonl", *option, "--screenshot",
                          "shot.png"], capture_output=True, text=True, check=False, cwd=tmp_path,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert (run.returncode, run.stderr.strip()) == (1, message)
    assert not (tmp_path / "shot.png").exists()


def test_the_compare_modes_conventions_page_compares_paie_with_the_window_size_chosen(qtbot, window: MainWindow,
                                                                                       tmp_path: Path) -> None:
    gold, victim = seen_victim(tmp_path)
    plain = tmp_path / "plain.jsonl"
    plain.write_text(json.dumps({"doc_key": "d", "predictions": [[[140, 140], [150, 150, "place", 1.0]]]}) + "\n",
                     encoding="utf-8")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(gold), [str(victim), str(plain)])
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=30_000):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    tabs = window.compare.tabs
    with qtbot.waitSignal(window.compare.convention_ready, timeout=30_000):
        qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(3).center())
    panel = window.compare.conventions_panel
    assert panel is not None
    with qtbot.waitSignal(window.compare.convention_ready, timeout=30_000):
        choose(qtbot, panel.choice, panel.choice.findData("paie"))
    before = [panel.figures.row_texts(r) for r in range(panel.figures.rowCount())]
    qtbot.mouseClick(panel.options_button, Qt.MouseButton.LeftButton)
    dialog = window.compare.options_dialog
    assert isinstance(dialog, ConventionOptionsDialog) and list(dialog.fields) == ["ontology", "window_size"]
    size = dialog.fields["window_size"]
    assert isinstance(size, QLineEdit)
    qtbot.keyClicks(size, "300")
    with qtbot.waitSignal(window.compare.convention_ready, timeout=30_000):
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    out = tmp_path / "paie.json"
    subprocess.run([installed("evmeval-compare"), "-g", str(gold), "-s", str(victim), "-s", str(plain),
                    "--convention", "paie", "--window-size", "300", "--json", str(out)], check=True,
                   capture_output=True)
    after = [panel.figures.row_texts(r) for r in range(panel.figures.rowCount())]
    assert after == expected_figures(json.loads(out.read_text(encoding="utf-8"))) and after != before
    assert "Options: window size: 300." in panel.note.text()


def test_a_file_the_window_does_not_open_is_said_before_the_options(tmp_path: Path) -> None:
    from evmeval.io.errors import FormatError

    from evmeval_gui.model.corpus import load_corpus, make_request
    from tests.core.test_window_opens_uie_maven_arg_omnievent import uie_pair_files

    gold, records = uie_pair_files(tmp_path)  # UIE's record lines given as the gold file
    request = dataclasses.replace(make_request(str(records), [str(gold)]), options=(("regime", "tc"),))
    with pytest.raises(FormatError) as caught:
        load_corpus(request)
    assert str(caught.value) == (f"{records}: uie-record files are not opened as an event corpus (expected TextEE, "
                                 "DyGIE++, MAVEN, MAVEN-ERE, MAVEN-Arg, OmniEvent, UIE, RAMS, WikiEvents, CASIE or a "
                                 "BioNLP folder)")
