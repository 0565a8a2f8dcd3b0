"""The window at a real project's size: wording that must not contradict itself, and the coreference and
sequencing drawings kept off the words (clicks and keys on the real window, pytest-qt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")

ALL_PARTIAL_GOLD = """#BeginOfDocument d1
g\td1\tE1\t0,14\tPolice arrested\tJustice_Arrest-Jail\tActual
g\td1\tE2\t19,26\tcharged\tJustice_Charge-Indict\tActual
#EndOfDocument
"""
ALL_PARTIAL_SYSTEM = """#BeginOfDocument d1
s\td1\tS1\t7,14\tarrested\tJustice_Arrest-Jail\tActual
s\td1\tS2\t19,30\tcharged him\tJustice_Charge-Indict\tActual
#EndOfDocument
"""


def _open(qtbot, window, gold: Path, system: Path) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(system)])


def test_demo_without_system_links_says_so_beside_v18_s_sequencing_figure(make_window, qtbot):
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_demo()
    figure = window.sequencing.figure
    qtbot.waitUntil(lambda: window.sequencing.model.result is not None, timeout=LOAD_TIMEOUT)
    assert figure.isVisible() and figure.value.text() == "0.00"  # v1.8's figure, kept
    assert figure.no_links.isVisible() and figure.no_links.full_text() == "(no sequencing links in the system file)"


def test_gate_average_is_a_figure_when_every_match_is_partial(make_window, qtbot, tmp_path):
    (tmp_path / "gold.tbf").write_text(ALL_PARTIAL_GOLD, encoding="utf-8")
    (tmp_path / "system.tbf").write_text(ALL_PARTIAL_SYSTEM, encoding="utf-8")
    window = make_window()
    _open(qtbot, window, tmp_path / "gold.tbf", tmp_path / "system.tbf")
    line = window.alignment_parts.summary_line.schemes
    qtbot.waitUntil(lambda: "GATE" in line.text() and "counting" not in line.text(), timeout=LOAD_TIMEOUT)
    assert line.text().endswith("GATE 50.00"), line.text()  # P = R = 50 %: F1 is 50 %, not "—"
    assert "—" not in line.text()


def test_differences_count_mentions_not_rows(qtbot, tmp_path):
    from tests.gui.test_mapping_window import DATA, TIMEOUT

    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(DATA / "gold.tbf"), [str(DATA / "system.tbf")], doc_id="market")
    QTest.keySequence(window, QKeySequence("Ctrl+Shift+D"))
    qtbot.waitUntil(lambda: window.alignment.differences is not None, timeout=TIMEOUT)
    panel = window.alignment_parts.dock.panel
    table = panel.changes
    rows = [(table.item(r, 0).text(), table.item(r, 2).text()) for r in range(table.rowCount())]
    mentions = len(set(rows))
    assert mentions < len(rows)  # some gold mention changes partner under both optimal and ordered
    assert panel.status.text().startswith(f"{mentions} gold mention(s) in the corpus change partner")
    assert f"({len(rows)} row(s), one per mention and strategy" in panel.status.text()
    qtbot.mouseClick(panel.only_document, Qt.MouseButton.LeftButton)


def test_zoom_out_tightens_the_lanes_with_the_text(make_window, qtbot, tmp_path):
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "c")
    window = make_window()
    _open(qtbot, window, corpus / "gold.tbf", corpus / "system.tbf")
    view = window.text_view
    qtbot.waitUntil(lambda: view.layout_data is not None and len(view.layout_data.lines) >= 2)

    def spacing() -> tuple[float, float]:
        """Pixels from one line's text bottom to the next line's text top, and the lanes' pitch."""
        lines = view.layout_data.lines
        metrics = view.layout_data.metrics
        return lines[1].text_top - (lines[0].text_top + metrics.text_height), metrics.lane_pitch

    before = spacing()
    view.setFocus()
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    after = spacing()
    assert after[0] < before[0] and after[1] < before[1], (before, after)
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert spacing() == before


# -- drawings miss the words ---------------------------------------------------------------------------


def assert_misses_the_words(view, drawn) -> None:
    """Every drawn path (sampled every 2 px) and box stays off every word's box."""
    from PySide6.QtCore import QRectF

    from evmeval_gui.views.gutters import path_points

    words = [r.adjusted(0.5, 0.5, -0.5, -0.5) for r in view.word_rects(visible_only=False)]
    assert words and drawn
    for item in drawn:
        if isinstance(item, QRectF):
            hits = [w for w in words if w.intersects(item)]
        else:
            hits = [(p, w) for p in path_points(item) for w in words if w.contains(p)]
        assert not hits, (item, hits[:3])


def test_mapping_difference_links_run_in_the_gutters(qtbot, tmp_path):
    from tests.gui.test_mapping_window import DATA, TIMEOUT

    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(DATA / "gold.tbf"), [str(DATA / "system.tbf")], doc_id="market")
    QTest.keySequence(window, QKeySequence("Ctrl+Shift+D"))
    qtbot.waitUntil(lambda: window.alignment.differences is not None, timeout=TIMEOUT)
    table = window.alignment_parts.dock.panel.changes
    row = next(r for r in range(table.rowCount()) if table.item(r, 2).text().startswith("G1 "))
    rect = table.visualRect(table.model().index(row, 2))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    window.text_view.viewport().grab()  # paint
    overlay = window.alignment_parts.overlay
    assert len(overlay.links_drawn) == 2
    assert_misses_the_words(window.text_view, overlay.drawn)
    save_shot(window, "mapping-difference")


def save_shot(window, name: str) -> None:
    """A screenshot to look at (/tmp/shots/drawings-NAME.png) when SHOTS is set."""
    import os

    if os.environ.get("DRAWINGS_SHOTS"):
        os.makedirs("/tmp/shots", exist_ok=True)
        window.grab().save(f"/tmp/shots/drawings-{name}.png")


def test_coreference_arcs_badges_and_counts_stay_off_the_words(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from evmeval_gui.main_window import MainWindow
    from evmeval_gui.model.corpus import demo_request
    from evmeval_gui.model.text_layout import GOLD
    from tests.gui.test_coreference_window import DOC, _click_mention

    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), persist=False)
    qtbot.addWidget(win)
    win.resize(1024, 640)
    win.session.set_combination("mention_type")
    win.show()
    qtbot.waitExposed(win)
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_request(demo_request())
    qtbot.waitUntil(lambda: win.coreference.state == "ready", timeout=LOAD_TIMEOUT)
    win.session.select_document(DOC)
    _click_mention(qtbot, win, GOLD, "E1")  # R1: E1, E2, E3 and E12, on several lines
    view = win.text_view
    view.verticalScrollBar().setValue(0)
    view.viewport().grab()  # paint
    overlay = win.coreference_ui.overlay
    assert len({line for c in overlay.shown_clusters(view) for line in c.lines}) > 1
    assert_misses_the_words(view, overlay.drawn)
    # members out of view are counted above the text, not in pills over it
    label = win.coreference_ui.out_of_view
    qtbot.waitUntil(label.isVisible)
    assert "more member" in label.text()
    assert label.mapTo(win, label.rect().bottomLeft()).y() < view.mapTo(win, view.rect().topLeft()).y()
    save_shot(win, "coreference")


@pytest.mark.parametrize("case", ["char_demo", "crossing"])
def test_sequencing_arcs_and_stub_labels_stay_off_the_words_and_each_other(make_window, qtbot, evmeval_data,
                                                                            tmp_path, case):
    from tests.gui.sequencing_corpus import write_sequencing_corpus

    if case == "char_demo":
        folder, system, doc_id = evmeval_data / "scoring_demo" / "char_based", "temporal_sample.tbf", "example2"
    else:
        folder, system, doc_id = write_sequencing_corpus(tmp_path / "seq"), "system.tbf", "doc1"
    window = make_window()
    window.resize(900, 700)  # narrow: links cross lines, stubs and their labels crowd the gutters
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(folder / "gold.tbf"), [str(folder / system)], doc_id=doc_id)
    qtbot.waitUntil(lambda: window.sequencing.model.result is not None, timeout=LOAD_TIMEOUT)
    view = window.text_view
    qtbot.waitUntil(lambda: bool(window.sequencing.arcs.arcs()))
    view.viewport().grab()  # paint
    arcs = window.sequencing.arcs
    assert_misses_the_words(view, arcs.drawn)
    labels = [r for r in arcs.drawn if not hasattr(r, "length")]
    assert all(not a.intersects(b) for i, a in enumerate(labels) for b in labels[i + 1:])
    assert all(r.height() >= 10 for r in labels)  # not tiny
    if case == "crossing":
        assert labels  # some link crosses lines
    save_shot(window, f"sequencing-{case}")
