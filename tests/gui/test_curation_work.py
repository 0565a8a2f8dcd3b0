"""The Curate view at a real project's size and for a day's work: a decision repaints its own row,
the figures follow, "marked by 2 of 3", decisions saved and resumed, the text with every version."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.agreement import curation as cur
from evmeval.agreement.curation_figures import live_agreement, update_agreement
from evmeval.agreement.curation_save import read_decisions, save_path
from evmeval.io.errors import FormatError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QHeaderView

from evmeval_gui.agreement.state import AgreementRequest
from tests.gui.test_curation_view import NAMES, cells, corpus, files, press, window
from tests.gui.test_main_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "window"]


def test_a_decision_repaints_its_own_row_not_the_list(qtbot, window):
    panel = window.curate.panel
    model = panel.list.model()
    changed: list[tuple[int, int]] = []
    resets: list[str] = []
    model.dataChanged.connect(lambda top, bottom, *_: changed.append((top.row(), bottom.row())))
    model.modelReset.connect(lambda: resets.append("reset"))
    model.layoutChanged.connect(lambda *_: resets.append("layout"))
    model.rowsInserted.connect(lambda *_: resets.append("rows"))
    press(qtbot, window, Qt.Key.Key_2)
    assert resets == []
    assert changed and all(top == bottom == 0 for top, bottom in changed)
    assert cells(panel.list, 0)[2] == "annotator 2"
    changed.clear()
    press(qtbot, window, Qt.Key.Key_Delete)
    assert changed and all(top == bottom == 1 for top, bottom in changed)
    # no measuring of every row on every decision
    header = panel.list.horizontalHeader()
    assert all(header.sectionResizeMode(c) != QHeaderView.ResizeMode.ResizeToContents
               for c in range(model.columnCount()))


def test_live_figures_equal_a_measure_from_scratch(corpus):
    names = NAMES
    curation = cur.curate(files(corpus), names, "majority")
    live = live_agreement(curation)
    for n, (d, decide) in enumerate(zip(curation.disagreements, (0, 1, 2, None, "keep"), strict=False)):
        if decide is None:
            curation = cur.reject(curation, d)
        elif decide == "keep":
            curation = cur.keep(curation, d)
        else:
            curation = cur.accept(curation, d, decide)
        live = update_agreement(curation, live, d.doc_id)
        fresh = cur.annotator_agreement(curation)
        for mine, theirs in zip(live, fresh, strict=True):
            assert mine.micro == theirs.micro, n
            assert mine.find_document(d.doc_id).scores == theirs.find_document(d.doc_id).scores


def test_an_item_only_some_marked_says_marked_by_k_of_n(window):
    panel = window.curate.panel
    rows = [cells(panel.list, r) for r in range(panel.list.model().rowCount())]
    assert ["doc1", "2", "open", "marked by 2 of 3, type"] in rows
    assert ["doc1", "5", "open", "marked by 1 of 3"] in rows
    assert not any(r[3].startswith("span") for r in rows)
    assert "marked by 2 of 3, type" in panel.item_label.text()


def open_curation(qtbot, w, corpus, names=NAMES) -> None:
    request = AgreementRequest(tuple(str(corpus / n) for n in names), str(corpus / "tkn"), str(corpus / "txt"))
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        w.open_agreement(request)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: w.curate.active)


def test_decisions_survive_scoring_and_a_new_window(qtbot, window, make_window, corpus, settings):
    panel = window.curate.panel
    total = panel.list.model().rowCount()
    before = sorted(p.name for p in corpus.rglob("*"))
    press(qtbot, window, Qt.Key.Key_2)
    press(qtbot, window, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: panel.progress.text() == f"<b>2 of {total}</b> decided, saved")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        qtbot.mouseClick(panel.score_button, Qt.MouseButton.LeftButton)
    assert window.mode is window.scoring
    # back from the scoring view: the same curation, where it was left, no files asked for
    qtbot.keyClick(window, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.curate.active)
    assert window.dialogs.compare_dialog is None or not window.dialogs.compare_dialog.isVisible()
    assert window.workspace.stack.currentWidget() is panel
    assert panel.progress.text().startswith(f"<b>2 of {total}</b> decided")
    assert [cells(panel.list, r)[2] for r in range(3)] == ["annotator 2", "rejected", "open"]
    # a new window on the same inputs resumes from the saved decisions
    window.close()
    other = make_window()
    open_curation(qtbot, other, corpus)
    again = other.curate.panel
    assert again.notice.isVisible() and "Resumed 2 decisions" in again.notice.text()
    assert again.progress.text() == f"<b>2 of {total}</b> decided, saved"
    assert [cells(again.list, r)[2] for r in range(3)] == ["annotator 2", "rejected", "open"]
    assert other.curate.state.current.key == cur.curate(files(corpus), NAMES).disagreements[2].key
    # saved in the settings' folder, never beside an input
    assert sorted(p.name for p in corpus.rglob("*")) == before
    saved = list((Path(settings.fileName()).parent / "curation").glob("curation-*.json"))
    assert len(saved) == 1


def test_saved_decisions_never_apply_to_other_inputs(qtbot, make_window, corpus, settings):
    first = make_window()
    open_curation(qtbot, first, corpus)
    press(qtbot, first, Qt.Key.Key_1)
    first.curate.save_now()
    first.close()
    # the same annotators, one mention changed: another key, nothing resumed
    system = corpus / "system_b.tbf"
    lines = system.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = next(n for n, line in enumerate(lines) if line.count("\t") >= 6 and not line.startswith("#"))
    fields = lines[changed].split("\t")
    fields[5] = "Life_Die" if fields[5] != "Life_Die" else "Conflict_Attack"
    lines[changed] = "\t".join(fields)
    system.write_text("".join(lines), encoding="utf-8")
    other = make_window()
    open_curation(qtbot, other, corpus)
    assert not other.curate.panel.notice.isVisible()
    assert other.curate.panel.progress.text().startswith("<b>0 of ")
    # a saved file renamed to another inputs' name is refused, not applied
    folder = str(Path(settings.fileName()).parent / "curation")
    saved = next(Path(folder).glob("curation-*.json"))
    with pytest.raises(FormatError, match="belong to other inputs"):
        (Path(save_path(folder, "f" * 64))).write_text(saved.read_text(encoding="utf-8"), encoding="utf-8")
        read_decisions(folder, "f" * 64)


def test_the_text_shows_every_version_on_its_lane_and_keys_work_there(qtbot, window):
    panel = window.curate.panel
    lanes = panel.lanes
    state = window.curate.state
    d = state.current
    assert lanes.text is not None and lanes.text.doc_id == d.doc_id
    # one lane per annotator, the item's mentions strong on the lanes of those who marked it
    assert len(lanes.lane_mentions) == len(NAMES)
    assert [bool(c) for c in lanes.current] == [bool(v.mentions) for v in d.versions]
    assert lanes.item_visible()
    assert lanes.layout_data is not None and len(lanes.layout_data.lane_tops[0]) == len(NAMES)
    # the keys work with the text focused by a click
    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton)
    assert lanes.hasFocus()
    qtbot.keyClick(lanes, Qt.Key.Key_1)
    assert cells(panel.list, 0)[2] == "annotator 1"
    following = state.current
    assert lanes.text.doc_id == following.doc_id and lanes.item_visible()


def test_a_corpus_opened_while_curating_leaves_the_curation_and_is_remembered(qtbot, window, tmp_path):
    """The Curate mode is built when a curation first starts, after the window's parts: it must still leave
    before they ask which mode is shown, or Open recent keeps the curation and forgets the corpus."""
    from tests.gui.corpus_factory import write_corpus

    other = write_corpus(tmp_path / "other")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(other / "gold.tbf"), [str(other / "system.tbf")])
    assert not window.curate.active and window.mode is window.scoring
    assert window.recent_requests()[0].gold == str(other / "gold.tbf")
    names = [a.text() for a in window.commands.recent_menu.actions()]
    assert any(n.startswith("Curation") for n in names[1:])  # the curation is still there, behind the corpus
