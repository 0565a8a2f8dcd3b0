"""WikiEvents gold with gen-arg generations opens in the window (gen-arg's ontology beside them, under its default
name): the Conventions dock shows gen-arg and paie, their pathologies, and gen-arg's matching switch when asked
(the guide's worked example, docs/scoring/gen-arg.md: two predictions identify the gold Place "Kabul")."""

from __future__ import annotations

from pathlib import Path

import pytest

from evmeval_gui.main_window import MainWindow
from tests.core.test_left35_lazy_switch import write_wikievents
from tests.gui.test_conventions_window import LOAD_TIMEOUT, _click
from tests.gui.windows import click_tab

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_wikievents_with_genarg_generations_shows_genarg_and_paie(qtbot, window: MainWindow, tmp_path: Path) -> None:
    gold, pred = write_wikievents(tmp_path / "wikievents")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(pred)])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    heads = [dock.table.horizontalHeaderItem(c).text() for c in range(dock.table.columnCount())]
    assert [h.split("\n")[0] for h in heads[:2]] == ["gen-arg", "paie"]
    click_tab(qtbot, dock.tabs, "Pathologies")
    tree = dock.pathologies.tree
    names = [tree.topLevelItem(k).text(0).split(":")[0] for k in range(tree.topLevelItemCount())]
    assert names == ["gen-arg", "paie"]
    click_tab(qtbot, dock.tabs, "Flips")
    flips = dock.flips
    _click(qtbot, flips, flips.topLevelItem(flips.topLevelItemCount() - 1))  # the matching switch, made when asked
    qtbot.waitUntil(lambda: flips.topLevelItem(flips.topLevelItemCount() - 1).text(0).startswith("gen-arg ↔ one"),
                    timeout=LOAD_TIMEOUT)
    # Role identification 4 of 4 predicted, 3 gold (recall 4/3): one to one 3, and "Kabul" as Target flips
    assert flips.topLevelItem(flips.topLevelItemCount() - 1).text(0) == (
        "gen-arg ↔ one to one: 1 flip(s)\nRole identification F1 114.29 → 85.71")


def test_wikievents_without_the_ontology_says_where_it_looked(qtbot, window: MainWindow, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QMessageBox

    from evmeval_gui.dialogs import ERROR_DIALOG_NAME

    gold, pred = write_wikievents(tmp_path / "wikievents", ontology=False)
    with qtbot.waitSignal(window.session.load_failed, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(pred)])
    box = window.findChild(QMessageBox, ERROR_DIALOG_NAME)
    assert box is not None and box.isVisible()
    shown = box.text() + "\n" + box.informativeText()
    assert "generations.jsonl" in shown
    assert "no event_role_KAIROS.json is beside the generations or the gold file" in shown
    assert "Traceback" not in shown
    box.close()
