"""The Curate view, driven with keys 1..N, Delete and Enter: decisions, live agreement, export, scoring."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from evmeval.agreement import curation as cur
from evmeval.io.tbf import read_tbf
from evmeval.model import SpanMode
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.agreement.state import AgreementRequest
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.formatting import percent
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.windows import POPUP_WARNINGS, choose
from tests.programs import installed

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
NAMES = ("gold.tbf", "system.tbf", "system_b.tbf")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus")


@pytest.fixture
def window(make_window, qtbot, corpus) -> MainWindow:
    w = make_window()
    request = AgreementRequest(tuple(str(corpus / n) for n in NAMES), str(corpus / "tkn"), str(corpus / "txt"))
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        w.open_agreement(request)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: w.curate.active)
    return w


def files(corpus: Path):
    return [read_tbf(str(corpus / n), mode=SpanMode.TOKEN)[0] for n in NAMES]


def press(qtbot, window: MainWindow, key) -> None:
    window.curate.panel.list.setFocus()
    qtbot.keyClick(window.curate.panel.list, key)


def cells(table, row: int) -> list[str]:
    model = table.model()
    return [model.index(row, c).data() for c in range(model.columnCount())]


def test_curate_lists_every_disagreement_with_each_version(window, corpus):
    panel = window.curate.panel
    assert window.mode is window.curate and window.workspace.stack.currentWidget() is panel
    expected = cur.curate(files(corpus), NAMES, "majority")
    assert panel.list.model().rowCount() == len(expected.disagreements) > 0
    assert [cells(panel.list, r) for r in range(panel.list.model().rowCount())] == [
        [d.doc_id, str(d.item + 1), "open", cur.differs_in(d)] for d in expected.disagreements]
    first = expected.disagreements[0]
    assert panel.versions.rowCount() == len(NAMES) + 1
    assert [cells(panel.versions, r)[1] for r in range(3)] == list(NAMES)
    # the curated row says its decision where the annotators' names are, not under "Coreference"
    assert cells(panel.versions, len(NAMES))[1] == "curated (undecided)"
    assert cells(panel.versions, len(NAMES))[3] == "—"
    assert panel.progress.text() == f"<b>0 of {len(expected.disagreements)}</b> decided, saved"
    assert panel.item_label.text().startswith(f"<b>{first.doc_id}</b>, item {first.item + 1}")


def test_keys_accept_reject_keep_and_undo_with_live_agreement(qtbot, window, corpus):
    panel = window.curate.panel
    expected = cur.curate(files(corpus), NAMES, "majority")
    d = expected.disagreements
    press(qtbot, window, Qt.Key.Key_2)
    expected = cur.accept(expected, d[0], 1)
    assert cells(panel.list, 0)[2] == "annotator 2"
    press(qtbot, window, Qt.Key.Key_Delete)
    expected = cur.reject(expected, d[1])
    assert cells(panel.list, 1)[2] == "rejected"
    press(qtbot, window, Qt.Key.Key_Return)
    expected = cur.keep(expected, d[2])
    assert cells(panel.list, 2)[2] == "kept"
    assert panel.progress.text() == f"<b>3 of {len(d)}</b> decided, saving…"
    assert window.curate.state.curation.curated == expected.curated
    # agreement with the curated set: what evmeval.agreement.curation measures from scratch
    fresh = cur.annotator_agreement(expected)
    for k, pair in enumerate(fresh):
        assert cells(panel.agreement, k)[1] == percent(pair.micro["plain"].f1)
        assert cells(panel.agreement, k)[2] == percent(pair.micro["mention_type+realis_status"].f1)
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert cells(panel.list, 2)[2] == "open"
    assert panel.progress.text() == f"<b>2 of {len(d)}</b> decided, saving…"


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_policy_chooser_restarts_from_another_policy(window, corpus, qtbot):
    panel = window.curate.panel
    choose(qtbot, panel.policy, panel.policy.findData("union"))
    qtbot.waitUntil(lambda: window.curate.state.policy == "union", timeout=LOAD_TIMEOUT)  # made by a job
    assert window.curate.state.curation.curated == cur.curate(files(corpus), NAMES, "union").curated
    assert panel.policy.findData("base:3") >= 0


def test_export_tbf_validates_and_score_opens_the_scoring_mode(qtbot, window, corpus, tmp_path):
    panel = window.curate.panel
    press(qtbot, window, Qt.Key.Key_1)
    out = tmp_path / "curated.tbf"
    assert window.curate.export("tbf", str(out)) == [str(out)]
    validated = subprocess.run([installed("evmeval-validate"), "-t", str(corpus / "tkn"), str(out)],
                               capture_output=True, text=True)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    brat = window.curate.export("brat", str(tmp_path / "brat"))
    assert any(p.endswith(".ann") for p in brat)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        qtbot.mouseClick(panel.score_button, Qt.MouseButton.LeftButton)
    assert not window.curate.active and window.mode is window.scoring
    request = window.session.request
    assert request.gold.endswith("curated.tbf") and request.systems == tuple(str(corpus / n) for n in NAMES)
    assert window.commands.system_combo.count() == 3
