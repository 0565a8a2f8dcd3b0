"""Editing in the window, driven with the mouse and the keyboard: select words, add / retype / delete /
undo mentions, save, and check the figures the window shows against `evmeval-score` on the saved files."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from evmeval.editing import Side
from evmeval.io.tbf import read_tbf
from evmeval.model import SpanMode
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication

from evmeval_gui.editing.prompts import UNSAVED_CANCEL, UNSAVED_DISCARD
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_main_window import LOAD_TIMEOUT, bar_centre
from tests.programs import installed

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
COMBINATIONS = ("plain", "mention_type", "realis_status", "mention_type+realis_status")


class FakePrompts:
    """Answers the controller's questions (what a user would click) and remembers them."""

    def __init__(self, *, paths: list[str] | None = None, confirm: bool | list[bool] = True,
                 unsaved: str = UNSAVED_DISCARD, folder: str | None = None) -> None:
        self.paths = list(paths or [])
        self.confirms = confirm if isinstance(confirm, list) else None
        self.confirm_answer = confirm if isinstance(confirm, bool) else True
        self.unsaved_answer = unsaved
        self.folder_path = folder
        self.asked: list[tuple] = []

    def unsaved(self, what: str) -> str:
        self.asked.append(("unsaved", what))
        return self.unsaved_answer

    def confirm(self, title: str, text: str, details=(), *, accept: str = "Save") -> bool:
        self.asked.append(("confirm", title, text, list(details)))
        return self.confirms.pop(0) if self.confirms else self.confirm_answer

    def save_path(self, title: str, start: str, file_filter: str) -> str | None:
        self.asked.append(("save_path", title, start))
        return self.paths.pop(0) if self.paths else None

    def folder(self, title: str, start: str) -> str | None:
        return self.folder_path


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus")


@pytest.fixture
def window(make_window, qtbot, corpus) -> MainWindow:
    w = make_window()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], doc_id="doc1")
    qtbot.waitUntil(lambda: w.text_view.layout_data is not None)
    w.editing.prompts = FakePrompts()  # closing at teardown discards (a real box would wait for a click)
    return w


def unit_of(window: MainWindow, token_id: str) -> int:
    return window.text_view.doc.unit_labels.index(token_id)


def word_point(window: MainWindow, token_id: str) -> QPoint:
    view = window.text_view
    layout = view.layout_data
    k = layout.unit_piece[unit_of(window, token_id)]
    piece = layout.pieces[k]
    line = next(line for line in layout.lines if line.first <= k < line.last)
    y = line.text_top + layout.metrics.text_height / 2 - view.verticalScrollBar().value()
    return QPoint(int(piece.x + piece.width / 2), int(y))


def drag_words(qtbot, window: MainWindow, first: str, last: str) -> None:
    viewport = window.text_view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=word_point(window, first))
    qtbot.mouseMove(viewport, word_point(window, last))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=word_point(window, last))


def selected_labels(window: MainWindow) -> list[str]:
    return [window.text_view.doc.unit_labels[u] for u in window.text_view.tokens.units]


def mention_index(window: MainWindow, layer: int, mention_id: str) -> int:
    doc = window.session.doc_result("doc1")
    mentions = doc.gold if layer == GOLD else doc.system
    return next(i for i, m in enumerate(mentions) if m.mention_id == mention_id)


def click_mention(qtbot, window: MainWindow, layer: int, mention_id: str) -> None:
    qtbot.mouseClick(window.text_view.viewport(), Qt.MouseButton.LeftButton,
                     pos=bar_centre(window, layer, mention_index(window, layer, mention_id)))


def pick(qtbot, window: MainWindow, text: str) -> None:
    """The type picker is open: type into its filter and press Enter."""
    qtbot.waitUntil(lambda: window.editing.picker is not None and window.editing.picker.isVisible())
    picker = window.editing.picker
    qtbot.keyClicks(picker.filter, text)
    qtbot.keyClick(picker.filter, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.editing.picker is None)


def activate(qtbot, window: MainWindow) -> None:
    """Shortcuts go to the active window (a closed dialog may leave none active offscreen)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def new_document_dialog(qtbot, window: MainWindow):  # type: ignore[no-untyped-def]
    """File › New document (Ctrl+N) on a window whose prompts answer themselves: the dialog, shown."""
    window.editing.prompts = FakePrompts()
    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dialog = window.dialogs.new_document_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def new_document(qtbot, window: MainWindow, text: str) -> None:
    """A new document of `text`, made with the dialog's OK and shown."""
    dialog = new_document_dialog(qtbot, window)
    dialog.text.setPlainText(text)
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.text_view.layout_data is not None)


def key(qtbot, window: MainWindow, k, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    activate(qtbot, window)
    window.text_view.setFocus()
    qtbot.keyClick(window.text_view, k, modifier)


def doc_row(window: MainWindow, doc_id: str) -> list[str]:
    model = window.documents.proxy
    for r in range(model.rowCount()):
        if model.index(r, 0).data() == doc_id:
            return [model.index(r, c).data() for c in range(6)]
    raise AssertionError(doc_id)


def published(tmp_path: Path, corpus: Path, gold: Path, system: Path) -> dict:
    out = tmp_path / "published.json"
    subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(system), "-t", str(corpus / "tkn"),
                    "--json", str(out), "-o", str(tmp_path / "published.txt")], check=True)
    return json.loads(out.read_text(encoding="utf-8"))


def shown_per_combination(qtbot, window: MainWindow) -> dict[str, str]:
    """The summary bar's micro F1 under each combination, switched with Ctrl+1..4 as a user would."""
    shown = {}
    activate(qtbot, window)
    for number, name in enumerate(COMBINATIONS, start=1):
        qtbot.keyClick(window, getattr(Qt.Key, f"Key_{number}"), Qt.KeyboardModifier.ControlModifier)
        assert window.session.combination == name
        shown[name] = window.summary.figure_text("micro_f1")
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    return shown


# -- selecting words ----------------------------------------------------------------------------------


def test_drag_shift_click_and_keys_select_words(qtbot, window):
    drag_words(qtbot, window, "t3", "t4")
    assert selected_labels(window) == ["t3", "t4"]
    qtbot.mouseClick(window.text_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                     pos=word_point(window, "t5"))
    assert selected_labels(window) == ["t3", "t4", "t5"]
    key(qtbot, window, Qt.Key.Key_Left, Qt.KeyboardModifier.ShiftModifier)
    assert selected_labels(window) == ["t3", "t4"]
    key(qtbot, window, Qt.Key.Key_Right)
    assert selected_labels(window) == ["t5"]
    key(qtbot, window, Qt.Key.Key_Escape)
    assert selected_labels(window) == []
    assert not window.editing.add_action.isEnabled()


# -- add, retype, undo ------------------------------------------------------------------------------------


def test_add_mention_shows_before_and_after_and_undo_restores(qtbot, window, corpus, tmp_path):
    before_f1 = window.summary.figure_text("micro_f1")
    assert doc_row(window, "doc1")[2] == "6"
    drag_words(qtbot, window, "t4", "t4")  # "town", in no mention
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Conflict_Attack")
    system = window.session.doc_result("doc1").system
    assert [(m.span, m.raw_type, m.raw_realis) for m in system[-1:]] == [(("t4",), "Conflict_Attack", "Actual")]
    assert system[-1].mention_id not in {m.mention_id for m in system[:-1]}
    assert window.isWindowModified()
    assert doc_row(window, "doc1")[2] == "7"
    # the new mention is spurious: precision and F1 fall; the bar says before → after
    change = window.session.edit_delta.micro("plain", "f1")
    assert window.summary.change_text("micro_f1") == change.text()
    assert change.text().startswith(before_f1.replace(" %", "") + " → ")
    assert "→" in doc_row(window, "doc1")[5]
    # the figures are evmeval-score's on the saved files
    window.editing.prompts = FakePrompts(paths=[str(tmp_path / "system.edited.tbf")])
    key(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert (tmp_path / "system.edited.tbf").is_file()
    data = published(tmp_path, corpus, corpus / "gold.tbf", tmp_path / "system.edited.tbf")
    assert window.summary.figure_text("micro_f1") == f"{100 * data['micro']['plain']['f1']:.2f} %"
    assert not window.isWindowModified() and window.summary.change_text("micro_f1") == ""
    # undo after saving: modified again, figures back to the original file's
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.isWindowModified()
    assert doc_row(window, "doc1")[2] == "6"
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert doc_row(window, "doc1")[2] == "7" and not window.isWindowModified()


def test_undo_before_saving_returns_to_the_loaded_figures(qtbot, window):
    shown = window.summary.figure_text("micro_f1")
    drag_words(qtbot, window, "t4", "t4")
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Life_Die")
    assert window.summary.figure_text("micro_f1") != shown
    assert window.editing.undo_action.text().startswith("&Undo Add mention")
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.summary.figure_text("micro_f1") == shown
    assert window.summary.change_text("micro_f1") == ""
    assert not window.isWindowModified()
    assert doc_row(window, "doc1")[5] == f"{100 * window.session.result.document('doc1').scores['plain'].f1:.2f}"


def test_retype_realis_delete_and_save_equal_evmeval_score_for_every_combination(qtbot, window, corpus, tmp_path):
    click_mention(qtbot, window, SYSTEM, "S2")  # killed: Life_Injure against gold Life_Die
    key(qtbot, window, Qt.Key.Key_T)
    pick(qtbot, window, "Life_Die")
    click_mention(qtbot, window, SYSTEM, "S3")  # police arrested: Generic against gold Actual
    key(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    click_mention(qtbot, window, SYSTEM, "S6")  # guards: spurious
    key(qtbot, window, Qt.Key.Key_Delete)
    system = {m.mention_id: m for m in window.session.doc_result("doc1").system}
    assert system["S2"].raw_type == "Life_Die" and system["S3"].raw_realis == "Actual" and "S6" not in system
    assert window.editing.stack.count() == 3
    window.editing.prompts = FakePrompts(paths=[str(tmp_path / "out.tbf")])
    assert window.editing.save_as()
    data = published(tmp_path, corpus, corpus / "gold.tbf", tmp_path / "out.tbf")
    shown = shown_per_combination(qtbot, window)
    assert shown == {c: f"{100 * data['micro'][c]['f1']:.2f} %" for c in COMBINATIONS}
    validated = subprocess.run([installed("evmeval-validate"), "-t", str(corpus / "tkn"), str(tmp_path / "out.tbf")],
                               capture_output=True, text=True)
    assert validated.returncode == 0, validated.stdout + validated.stderr


def test_gold_side_toggle_with_keyboard_selection(qtbot, window, corpus):
    key(qtbot, window, Qt.Key.Key_G)
    assert window.editing.side is Side.GOLD and window.editing.gold_side_action.isChecked()
    drag_words(qtbot, window, "t8", "t8")  # guards: S6 is spurious without a gold mention
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Life_Die")
    assert doc_row(window, "doc1")[1] == "6"
    assert window.session.edit_delta.document("doc1").figure("plain").after > \
        window.session.edit_delta.document("doc1").figure("plain").before
    assert window.editing.state.modified_sides() == [Side.GOLD]
    # the system side was not touched
    assert len(window.session.doc_result("doc1").system) == 6


def test_join_split_and_dragging_an_end_change_spans(qtbot, window):
    key(qtbot, window, Qt.Key.Key_G)
    click_mention(qtbot, window, GOLD, "E4")  # picked … up: t16, t19
    key(qtbot, window, Qt.Key.Key_J)
    gold = {m.mention_id: m for m in window.session.doc_result("doc1").gold}
    assert gold["E4"].span == ("t16", "t17", "t18", "t19")
    drag_words(qtbot, window, "t17", "t18")
    click_mention(qtbot, window, GOLD, "E4")
    key(qtbot, window, Qt.Key.Key_X)
    gold = {m.mention_id: m for m in window.session.doc_result("doc1").gold}
    assert gold["E4"].span == ("t16", "t19")
    # drag the right end of system S4 ("picked", t16) onto "the" (t17)
    key(qtbot, window, Qt.Key.Key_G)
    assert window.editing.side is Side.SYSTEM
    click_mention(qtbot, window, SYSTEM, "S4")
    view = window.text_view
    index = mention_index(window, SYSTEM, "S4")
    bar = next(b for b in view.layout_data.mention_bars[(SYSTEM, index)] if not b.connector)
    end = QPoint(int(bar.x1), int((bar.y0 + bar.y1) / 2 - view.verticalScrollBar().value()))
    target = word_point(window, "t17")
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    qtbot.mouseMove(view.viewport(), QPoint(target.x(), end.y()))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(target.x(), end.y()))
    system = {m.mention_id: m for m in window.session.doc_result("doc1").system}
    assert system["S4"].span == ("t16", "t17") and system["S4"].text == "picked the"


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_context_menu_offers_every_edit_with_its_shortcut(qtbot, window):
    view = window.text_view
    pos = bar_centre(window, SYSTEM, mention_index(window, SYSTEM, "S1"))
    view.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos)))
    menu = window.editing.menu
    assert menu is view.menu
    qtbot.waitUntil(menu.isVisible)
    assert window.session.selection.system_ids == {"S1"}
    entries = {a.text().replace("&", ""): a.shortcut().toString() for a in menu.actions() if not a.isSeparator()}
    assert entries["Change type…"] == "T" and entries["Delete mention"] == "Del"
    assert entries["Realis: Generic"] == "Shift+G" and entries["Join parts"] == "J"
    assert entries["Add mention…"] == "A" and entries["Edit the gold side"] == "G"
    menu.close()
    edit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert {a.text() for a in edit_menu.actions()} >= {"&Undo", "&Redo", "Change &type…"}


# -- saving ----------------------------------------------------------------------------------------------


def test_overwriting_the_loaded_file_needs_confirmation_and_keeps_the_original(qtbot, window, corpus):
    loaded = corpus / "system.tbf"
    original = loaded.read_text(encoding="utf-8")
    click_mention(qtbot, window, SYSTEM, "S6")
    key(qtbot, window, Qt.Key.Key_Delete)
    prompts = FakePrompts(paths=[str(loaded), str(loaded)], confirm=[False, True])
    window.editing.prompts = prompts
    assert not window.editing.save_as()
    assert loaded.read_text(encoding="utf-8") == original and not Path(str(loaded) + ".orig").exists()
    assert prompts.asked[-1][1] == "Write over the loaded file?"
    assert window.editing.save_as()
    assert Path(str(loaded) + ".orig").read_text(encoding="utf-8") == original
    saved, _ = read_tbf(str(loaded), mode=SpanMode.TOKEN)
    assert "S6" not in {m.mention_id for m in saved.documents["doc1"].mentions}


def test_relation_changes_are_listed_before_saving(qtbot, make_window, tmp_path):
    corpus = write_corpus(tmp_path / "rel")
    system = corpus / "system.tbf"
    text = system.read_text(encoding="utf-8").replace("#EndOfDocument", "@Coreference\tC1\tS1,S6\n#EndOfDocument", 1)
    system.write_text(text, encoding="utf-8")
    window = make_window()
    window.editing.prompts = FakePrompts()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(system)], doc_id="doc1")
    qtbot.waitUntil(lambda: window.text_view.layout_data is not None)
    click_mention(qtbot, window, SYSTEM, "S6")
    key(qtbot, window, Qt.Key.Key_Delete)
    prompts = FakePrompts(paths=[str(tmp_path / "x.tbf")], confirm=False)
    window.editing.prompts = prompts
    assert not window.editing.save_as()
    title, details = prompts.asked[0][1], prompts.asked[0][3]
    assert title == "Relation changes" and details == ["doc1: @Coreference C1 removed (it linked S1, S6)"]
    assert not (tmp_path / "x.tbf").exists()


def test_closing_or_opening_with_unsaved_edits_asks(qtbot, window, corpus):
    click_mention(qtbot, window, SYSTEM, "S6")
    key(qtbot, window, Qt.Key.Key_Delete)
    prompts = FakePrompts(unsaved=UNSAVED_CANCEL)
    window.editing.prompts = prompts
    window.close()
    assert window.isVisible() and prompts.asked == [("unsaved", "closing")]
    window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system_b.tbf")])
    assert window.session.request.systems == (str(corpus / "system.tbf"),)
    assert not window.commands.system_combo.isEnabled()
    prompts.unsaved_answer = UNSAVED_DISCARD
    window.close()
    assert not window.isVisible()


# -- a new document ---------------------------------------------------------------------------------------


def test_new_document_marks_gold_and_system_and_saves_a_scorer_folder(qtbot, make_window, tmp_path):
    window = make_window()
    dialog = new_document_dialog(qtbot, window)
    dialog.doc_id.setText("news1")
    dialog.text.setPlainText("Rebels attacked the town; two people didn't survive.")
    assert dialog.tokens.item(7, 1).text() == "did" and dialog.tokens.item(8, 1).text() == "n't"
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.text_view.layout_data is not None)
    assert window.mode is window.scratch and window.scratch.banner.isVisible()
    assert window.scratch.banner.table.rowCount() == 11
    assert window.summary.figure_text("micro_f1") == "—"
    summary = window.summary.description()
    assert summary.startswith("New document news1 · gold and system") and ".tbf" not in summary
    badge = window.scratch.banner.side_badge
    assert badge.isVisible() and "SYSTEM" in badge.text()
    key(qtbot, window, Qt.Key.Key_G)
    assert badge.isVisible() and "GOLD" in badge.text()
    drag_words(qtbot, window, "t2", "t2")
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Conflict_Attack")
    key(qtbot, window, Qt.Key.Key_G)
    drag_words(qtbot, window, "t2", "t2")
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Conflict_Attack")
    assert window.summary.figure_text("micro_f1") == "100.00 %"
    drag_words(qtbot, window, "t10", "t10")  # "survive": a spurious system mention
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Life_Die")
    assert window.summary.figure_text("micro_precision") == f"{100 * 1 / 2:.2f} %"
    folder = tmp_path / "scratch"
    window.editing.prompts = FakePrompts(folder=str(folder))
    qtbot.mouseClick(window.scratch.banner.save, Qt.MouseButton.LeftButton)
    assert sorted(p.name for p in folder.iterdir()) == ["gold.tbf", "system.tbf", "tkn", "txt"]
    out = tmp_path / "scratch.json"
    subprocess.run([installed("evmeval-score"), "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
                    "-t", str(folder / "tkn"), "--json", str(out), "-o", str(tmp_path / "s.txt")], check=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert window.summary.figure_text("micro_f1") == f"{100 * data['micro']['plain']['f1']:.2f} %"
    assert data["micro"]["plain"]["precision"] == 1 / 2
    assert not window.isWindowModified()


def test_save_edits_as_renames_the_window_title(qtbot, window, tmp_path):
    assert window.windowTitle().startswith("system.tbf vs gold.tbf")
    click_mention(qtbot, window, SYSTEM, "S6")  # guards: spurious
    key(qtbot, window, Qt.Key.Key_Delete)
    window.editing.prompts = FakePrompts(paths=[str(tmp_path / "renamed.tbf")])
    assert window.editing.save_as()
    assert window.windowTitle().startswith("renamed.tbf vs gold.tbf"), window.windowTitle()
