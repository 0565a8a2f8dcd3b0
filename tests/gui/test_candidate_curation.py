"""Candidate gold additions curated in the window (issue 35, section 4): `evmeval-score ... --candidates FOLDER`
writes gold.tbf, judge.tbf and curation.json; the curator opens the two sets, imports the curation, takes one
candidate with key 2 and rejects the other; the curated export holds the one taken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.agreement.state import AgreementRequest
from tests.core.test_candidate_curation import run, run_arguments
from tests.gui.test_curation_view import cells, press
from tests.gui.test_curation_workflow import click, progress
from tests.gui.test_main_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _curating_candidates(qtbot, make_window, out: Path):
    """A window comparing the candidates folder's gold and judge sets, curating them (Ctrl+Shift+U) with the
    folder's `curation.json` imported by a click: what a curator does with `--candidates`' output."""
    w = make_window()
    request = AgreementRequest((str(out / "gold.tbf"), str(out / "judge.tbf")), str(out / "tkn"), str(out / "txt"))
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        w.open_agreement(request)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: w.curate.active)
    panel = w.curate.panel
    w.curate.choose_open = lambda *args: str(out / "curation.json")  # the system's file dialog answers
    click(qtbot, panel.findChild(type(panel.work.copy_button), "importCurationButton"))
    qtbot.waitUntil(lambda: panel.notice.text().startswith("Imported"), timeout=LOAD_TIMEOUT)  # made by a job
    return w, panel


def test_a_curator_takes_one_candidate_and_the_curated_export_holds_it(qtbot, make_window, tmp_path: Path) -> None:
    out = tmp_path / "candidates"
    assert run(tmp_path / "run", "--candidates", str(out)) == 0
    w, panel = _curating_candidates(qtbot, make_window, out)
    assert panel.notice.text() == f"Imported 0 decisions and 0 documents marked curated from {out / 'curation.json'}."
    assert str(w.curate.state.curation.policy) == "base:1"  # the curated set starts as gold
    rows = [cells(panel.list, r) for r in range(panel.list.model().rowCount())]
    assert [r[:4] for r in rows] == [["D1", "2", "open", "marked by 1 of 2"], ["D1", "3", "open", "marked by 1 of 2"]]
    press(qtbot, w, Qt.Key.Key_2)  # "stormed": taken from the judge's set
    press(qtbot, w, Qt.Key.Key_Delete)  # "left": rejected
    assert progress(w).startswith("<b>2 of 2</b> decided")
    curated = tmp_path / "curated.tbf"
    assert w.curate.export("tbf", str(curated)) == [str(curated)]
    text = curated.read_text(encoding="utf-8")
    assert "\tstormed\tAttack\t" in text and "\tleft\t" not in text and "\tattacked\tAttack\t" in text
    # the person's curation, exported, is what --agree-with reads
    handed = tmp_path / "person.json"
    w.port.choose_save_path = lambda *args: str(handed)
    click(qtbot, panel.findChild(type(panel.work.copy_button), "exportCurationButton"))
    assert json.loads(handed.read_text(encoding="utf-8"))["decisions"] == [["D1", 1, "accept", "2"],
                                                                          ["D1", 2, "reject", ""]]
    assert run(tmp_path / "run", "--agree-with", str(handed), "--json", str(tmp_path / "a.json")) == 0
    agreement = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))["ladder"]["judge_agreement"]
    assert (agreement["both_accept"], agreement["judge_only"], agreement["true_positive_rate"]) == (2, 2, 1.0)


def test_an_argument_candidate_is_listed_with_its_role_taken_and_exported(qtbot, make_window, tmp_path: Path) -> None:
    out = tmp_path / "candidates"
    assert run_arguments(tmp_path / "run", "--candidates", str(out)) == 0
    w, panel = _curating_candidates(qtbot, make_window, out)
    rows = [cells(panel.list, r) for r in range(panel.list.model().rowCount())]
    assert len(rows) == 1 and rows[0][:4] == ["D1", "2", "open", "marked by 1 of 2"]
    versions = [panel.versions.item(r, 2).text() for r in range(panel.versions.rowCount())]
    assert "the city" in versions[1] and "Attack/Target" in versions[1]  # the judge's version: its span and role
    press(qtbot, w, Qt.Key.Key_2)
    assert progress(w).startswith("<b>1 of 1</b> decided")
    curated = tmp_path / "curated.tbf"
    assert w.curate.export("tbf", str(curated)) == [str(curated)]
    assert "\tthe city\tAttack/Target\t" in curated.read_text(encoding="utf-8")
