"""Issue 34: a click on a long document returns before its text is read; the text is read and cut through the job
runner and shown when it arrives (the mapping table then takes its reading order). What the user sees meanwhile: the
document's name and its rows, an empty text, "Reading <id>…" once it takes a while; a quick second click shows that
document, never the first's text. A short document's text comes with the click, with no reading state at all."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model import text_reading
from evmeval_gui.model.doctext import row_position
from evmeval_gui.model.text_reading import TEXT, TextReading
from evmeval_gui.views.mapping_columns import POS
from evmeval_gui.views.mapping_order import reading_ranks
from tests.gui.corpus_factory import token_table
from tests.gui.test_first_document import gate, open_held
from tests.gui.test_long_document_steps import (
    TIMEOUT,
    gold_spans,
    long_text,
    opened_on_short,
    system_spans,
    write_long_corpus,
)
from tests.gui.test_mapping_window import choose_mapping_with_keys
from tests.gui.test_scale_window import click_document
from tests.gui.windows import POPUP_WARNINGS

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["gate"]


def write_corpus(folder: Path) -> Path:
    """`short`, `long` (9,000 tokens, ~2,000 mentions) and `long2`, a second long document of the same words."""
    write_long_corpus(folder)
    text = long_text()
    (folder / "tkn" / "long2.tab").write_text(token_table(text), encoding="utf-8")
    (folder / "txt" / "long2.txt").write_text(text, encoding="utf-8")
    sides = (("gold.tbf", "gold", "E", gold_spans()), ("system.tbf", "sys", "S", system_spans()))
    for name, run, prefix, spans in sides:
        lines = ["#BeginOfDocument long2"]
        lines += [f"{run}\tlong2\t{prefix}{k}\t{','.join(s)}\tx\tConflict_Attack\tActual"
                  for k, s in enumerate(spans, 1)]
        with (folder / name).open("a", encoding="utf-8") as out:
            out.write("\n".join([*lines, "#EndOfDocument"]) + "\n")
    return folder


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Background reads wait for this event (set it to let them go); reads on the GUI thread do not."""
    release = threading.Event()
    read = TextReading.read

    def slow(self, inputs, doc):  # type: ignore[no-untyped-def]
        if threading.current_thread() is not threading.main_thread():
            assert release.wait(TIMEOUT / 1000)
        return read(self, inputs, doc)

    monkeypatch.setattr(TextReading, "read", slow)
    yield release
    release.set()


@pytest.fixture
def reading_window(make_window, qtbot, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    return opened_on_short(make_window, qtbot, write_corpus(tmp_path / "corpus"))


def shown_ids(window: MainWindow) -> list[str | None]:
    """The document of every `set_document` of the text view from now on (None: an empty view)."""
    shown: list[str | None] = []
    view = window.text_view
    original = view.set_document

    def record(doc, *args, **kwargs):  # type: ignore[no-untyped-def]
        shown.append(doc.doc_id if doc is not None else None)
        original(doc, *args, **kwargs)

    view.set_document = record  # type: ignore[method-assign]
    return shown


def key_to(qtbot, window: MainWindow, doc_id: str) -> None:  # type: ignore[no-untyped-def]
    """Up or Down in the document list (it has the focus after a click) until `doc_id` is selected."""
    ids = window.documents.visible_doc_ids()
    while window.session.selection.doc_id != doc_id:
        here = ids.index(window.session.selection.doc_id)
        qtbot.keyClick(window.documents.table, Qt.Key.Key_Up if ids.index(doc_id) < here else Qt.Key.Key_Down)


def table_positions(window: MainWindow) -> list[str]:
    """The mapping table's "#" column (the reading order), top to bottom, as shown."""
    model = window.mapping.table.model()
    return [model.index(row, POS).data() for row in range(model.rowCount())]


def test_a_click_on_a_long_document_says_reading_then_shows_its_text(reading_window, qtbot, held) -> None:
    window, pane = reading_window, reading_window.document_pane
    click_document(qtbot, window, "long")
    # the click returned with the text still being read: the name and the rows, no words yet
    assert window.text_view.doc is None and pane.reading
    assert "<b>long</b>" in pane.title.text()
    assert window.runner.running(TEXT)
    rows = window.mapping.model.rows
    assert len(rows) > 1000 and window.mapping.table.model().rowCount() == len(rows)
    # a read that takes a while says so, in the empty view (a line above it would move the text down, then up again
    # when the text came); whether it is said yet right after the click depends on how long the click took
    view = window.text_view
    qtbot.waitUntil(lambda: view.empty_note == "Reading long…", timeout=2000)
    assert not pane.notice.isVisible()
    image = view.viewport().grab().toImage()
    assert any(QColor(image.pixel(x, y)).name() != "#ffffff" for x in range(0, image.width(), 2) for y in range(10, 40))
    held.set()
    qtbot.waitUntil(lambda: window.text_view.doc is not None, timeout=TIMEOUT)
    doc = window.text_view.doc
    assert doc.doc_id == "long" and not pane.reading and not pane.notice.isVisible() and view.empty_note == ""
    assert window.text_view.layout_data is not None
    # the table took the reading order when the text came: numbered 1, 2, ... top to bottom, in the text's order
    assert table_positions(window) == [str(n) for n in range(1, len(rows) + 1)]
    shown = window.mapping.model.rows
    keys = [row_position(row, doc) for row in shown]
    assert keys == sorted(keys) and reading_ranks(shown, doc) == list(range(1, len(shown) + 1))


def test_a_quick_second_click_shows_that_document_never_the_first(reading_window, qtbot, held) -> None:
    window = reading_window
    click_document(qtbot, window, "long")
    assert window.text_view.doc is None
    shown = shown_ids(window)
    click_document(qtbot, window, "short")  # back to the short document before long's text is in
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == "short"
    held.set()
    qtbot.waitUntil(lambda: not window.runner.running(TEXT), timeout=TIMEOUT)
    qtbot.wait(50)  # whatever the finished read still posts
    assert shown == ["short"] and window.text_view.doc.doc_id == "short"
    assert window.mapping.model.doc_id == "short"
    assert not window.document_pane.notice.isVisible() and window.text_view.empty_note == ""


def test_a_second_long_document_replaces_the_first(reading_window, qtbot, held) -> None:
    window = reading_window
    click_document(qtbot, window, "long")
    shown = shown_ids(window)
    key_to(qtbot, window, "long2")  # on to long2 while long's text is read (the list puts them side by side)
    assert shown == [None]
    assert window.text_view.doc is None and window.document_pane.reading
    assert "<b>long2</b>" in window.document_pane.title.text()
    held.set()
    qtbot.waitUntil(lambda: window.text_view.doc is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.runner.running(TEXT), timeout=TIMEOUT)
    qtbot.wait(50)
    assert shown[-1] == "long2" and "long" not in shown and window.text_view.doc.doc_id == "long2"
    assert window.mapping.model.doc_id == "long2"


def test_a_short_document_comes_with_the_click(reading_window, qtbot, held, monkeypatch) -> None:
    window = reading_window
    click_document(qtbot, window, "long")
    held.set()
    qtbot.waitUntil(lambda: window.text_view.doc is not None, timeout=TIMEOUT)
    held.clear()  # a background read would now wait: a short document must not need one
    window.session.corpus_state.clear_caches()
    click_document(qtbot, window, "short")
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == "short"
    assert not window.runner.running(TEXT) and not window.document_pane.reading
    # the same document read at once once the rule says it is short (the rule is one constant)
    monkeypatch.setattr(text_reading, "LONG_FROM_MENTIONS", 10**9)
    monkeypatch.setattr(text_reading, "LONG_FROM_BYTES", 10**12)
    click_document(qtbot, window, "long2")
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == "long2"
    assert table_positions(window)[:3] == ["1", "2", "3"]


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_the_shown_long_document_rescored_stays_where_the_user_is(reading_window, qtbot, held) -> None:
    window, view = reading_window, reading_window.text_view
    click_document(qtbot, window, "long")
    held.set()
    qtbot.waitUntil(lambda: view.doc is not None and view.layout_data is not None and view.layout_data.complete,
                    timeout=TIMEOUT)
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_PageDown)
    place = view.verticalScrollBar().value()
    assert place > 0
    held.clear()  # a background read would now wait: the rescored document must not need one
    choose_mapping_with_keys(qtbot, window, 1)  # another mapping: the corpus rescored, its texts read again
    qtbot.waitUntil(lambda: window.session.result.mapping == "optimal", timeout=TIMEOUT)
    assert view.doc is not None and view.doc.doc_id == "long" and not window.document_pane.reading
    assert view.verticalScrollBar().value() == place


def test_a_long_document_clicked_while_its_corpus_is_scored_shows_the_corpus_result(make_window, qtbot, tmp_path,
                                                                                    gate, held) -> None:
    window = make_window()
    open_held(qtbot, window, write_corpus(tmp_path / "corpus"), gate)  # the first document shown, the load held
    click_document(qtbot, window, "long")  # scored on its own; its text read in the background (held too)
    assert window.document_pane.reading and "<b>long</b>" in window.document_pane.title.text()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()  # the corpus arrives while the text is read: that text was read for the document's own result
    assert window.document_pane.reading and window.text_view.doc is None
    held.set()
    qtbot.waitUntil(lambda: window.text_view.doc is not None, timeout=TIMEOUT)
    result = window.session.doc_result("long")
    assert window.session.loaded and result is not None and window.text_view.result_doc is result
    assert window.text_view.doc.doc_id == "long" and len(window.text_view.doc.gold_units) == len(result.gold)
    assert window.mapping.model.doc_id == "long" and table_positions(window)[:2] == ["1", "2"]
