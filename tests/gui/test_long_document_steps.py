"""Issue 34: a click on a long document lays out what the view shows, not the whole document, in its own turn;
the rest is placed in short steps after it. What the user sees is the same as a layout made at once: the first
screen's pixels, every mention's bars once scrolled to, the ruler's error marks, a selected mention far down."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, QPoint, Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.doctext import token_document
from evmeval_gui.model.text_layout import GOLD, SYSTEM, Layout, LayoutBuilder, Metrics, layout_document
from evmeval_gui.views.text_steps import IN_STEPS_FROM
from tests.gui.corpus_factory import token_table
from tests.gui.test_doctext import mention
from tests.gui.test_scale_window import click_document
from tests.gui.windows import opened

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TOKENS = 9000
TIMEOUT = 20_000


def long_text(tokens: int = TOKENS) -> str:
    """Sentences of 12 words, a paragraph every 5 sentences."""
    words = [f"w{n}" for n in range(1, tokens + 1)]
    sentences = [" ".join(words[k:k + 12]) + " ." for k in range(0, tokens, 12)]
    return "".join(s + ("\n\n" if n % 5 == 4 else " ") for n, s in enumerate(sentences)).strip() + "\n"


def gold_spans() -> list[tuple[str, ...]]:
    """A mention every 9 tokens (two words each 4th), overlapping ones, and a discontinuous one from the first
    screen to the last words."""
    tokens = len(long_text().split())
    spans: list[tuple[str, ...]] = [(f"t{n}", f"t{n + 1}") if n % 4 == 0 else (f"t{n}",) for n in range(3, tokens, 9)]
    spans += [(f"t{n}", f"t{n + 1}", f"t{n + 2}") for n in range(4, tokens, 97)]
    spans.append(("t5", f"t{tokens - 3}"))
    return spans


def system_spans() -> list[tuple[str, ...]]:
    """Most gold mentions found, some one word off (partial), some missed, a few spurious."""
    spans = [s for k, s in enumerate(gold_spans()) if k % 11 != 5]
    spans = [(s[0],) if k % 7 == 3 and len(s) == 2 else s for k, s in enumerate(spans)]
    return spans + [(f"t{n}",) for n in range(7, len(long_text().split()), 151)]


def write_long_corpus(folder: Path) -> Path:
    """gold.tbf and system.tbf (token mode, tkn/ and txt/): a short document `short`, then `long`."""
    (folder / "tkn").mkdir(parents=True)
    (folder / "txt").mkdir()
    texts = {"short": "Rebels attacked the town .\n", "long": long_text()}
    for doc_id, text in texts.items():
        (folder / "tkn" / f"{doc_id}.tab").write_text(token_table(text), encoding="utf-8")
        (folder / "txt" / f"{doc_id}.txt").write_text(text, encoding="utf-8")

    def tbf(run: str, prefix: str, spans: dict[str, list[tuple[str, ...]]]) -> str:
        lines = []
        for doc_id, doc_spans in spans.items():
            lines.append(f"#BeginOfDocument {doc_id}")
            lines += [f"{run}\t{doc_id}\t{prefix}{k}\t{','.join(s)}\tx\tConflict_Attack\tActual"
                      for k, s in enumerate(doc_spans, start=1)]
            lines.append("#EndOfDocument")
        return "\n".join(lines) + "\n"

    gold = tbf("gold", "E", {"short": [("t2",)], "long": gold_spans()})  # E2 (on the first line) and the last
    gold = gold.replace("#EndOfDocument\n", f"@Coreference\tC1\tE2,E{len(gold_spans()) - 1}\n#EndOfDocument\n", 2)
    (folder / "gold.tbf").write_text(gold.replace("@Coreference\tC1\tE2,E0\n", ""), encoding="utf-8")
    (folder / "system.tbf").write_text(tbf("sys", "S", {"short": [("t2",)], "long": system_spans()}),
                                       encoding="utf-8")
    return folder


def same_layout(a: Layout, b: Layout) -> bool:
    """Words, lines and bars placed alike (what the view paints from)."""
    def lines(layout: Layout) -> list[tuple]:
        return [(x.y, x.height, x.text_top, x.first, x.last, x.gold_tracks, x.system_tracks) for x in layout.lines]

    def bars(layout: Layout) -> list[list[tuple]]:
        return [sorted((b.layer, b.mention, b.x0, b.x1, b.y0, b.y1, b.track, b.connector) for b in line)
                for line in layout.bars_by_line]

    return (a.pieces == b.pieces and a.unit_piece == b.unit_piece and lines(a) == lines(b)
            and bars(a) == bars(b) and a.height == b.height)


def test_the_layout_in_steps_is_the_layout_made_at_once() -> None:
    text = long_text()
    table_rows = token_table(text)
    from evmeval.io.tokens import parse_token_table

    table = parse_token_table(table_rows, doc_id="d")
    gold = [mention(f"E{k}", s) for k, s in enumerate(gold_spans())]
    system = [mention(f"S{k}", s) for k, s in enumerate(system_spans())]
    doc = token_document("d", gold, system, table, text)
    assert len(doc.segments) > IN_STEPS_FROM

    def measure(word: str) -> float:
        return 7.0 * len(word) + 1.5

    whole = layout_document(doc, measure, 700.0, Metrics())
    builder = LayoutBuilder(doc, measure, 700.0, Metrics())
    while builder.lines <= 30:
        builder.advance(256)
    part = builder.partial()
    assert not part.complete and whole.complete
    assert 30 <= len(part.lines) < len(whole.lines) / 10  # a screen or two, not the document
    # the part's words are the whole's first words, its lines (all but the cut's) the whole's first lines
    assert part.pieces == whole.pieces[:len(part.pieces)]
    kept = len(part.lines) - 2
    assert [(x.y, x.height, x.first, x.last) for x in part.lines[:kept]] == [
        (x.y, x.height, x.first, x.last) for x in whole.lines[:kept]]
    for index in range(kept):  # the bars of those lines, but the connector of a mention going past the cut
        assert {(b.layer, b.mention, b.x0, b.x1, b.y0) for b in part.bars_by_line[index]} <= {
            (b.layer, b.mention, b.x0, b.x1, b.y0) for b in whole.bars_by_line[index]}
    for _ in range(3):
        builder.advance(1000)
    assert same_layout(builder.finish(), whole)


def show_long(qtbot, window: MainWindow, doc_id: str = "long") -> None:  # type: ignore[no-untyped-def]
    """Click a long document and wait for its text, read in the background (`model.text_reading`), to be taken in:
    the turn it arrives in lays out its first screen; the rest's steps wait in the event queue on return."""
    loop = QEventLoop()

    def arrived(_doc_id: str) -> None:  # connected after the views: they have taken it in
        loop.quit()

    window.session.text_arrived.connect(arrived)
    click_document(qtbot, window, doc_id)
    view = window.text_view
    if view.doc is None or view.doc.doc_id != doc_id:
        QTimer.singleShot(TIMEOUT, loop.quit)
        loop.exec()
    window.session.text_arrived.disconnect(arrived)
    assert view.doc is not None and view.doc.doc_id == doc_id


def opened_on_short(make_window, qtbot, corpus: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    """A window on `corpus` with its document `short` clicked and shown (its text comes with the click)."""
    window: MainWindow = opened(qtbot, make_window(), corpus, TIMEOUT)
    click_document(qtbot, window, "short")
    qtbot.waitUntil(lambda: window.text_view.doc is not None and window.text_view.doc.doc_id == "short")
    return window


@pytest.fixture
def long_window(make_window, qtbot, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    return opened_on_short(make_window, qtbot, write_long_corpus(tmp_path / "corpus"))


def test_a_click_shows_a_long_documents_first_screen_then_the_rest(long_window, qtbot) -> None:
    view = long_window.text_view
    show_long(qtbot, long_window)
    # the text's arrival turn: the words of a screen or two placed, painted as the whole layout paints them
    first = view.layout_data
    assert view.doc is not None and view.doc.doc_id == "long" and first is not None
    assert not first.complete
    assert view.viewport().height() <= first.height
    assert len(first.pieces) < view.doc.num_units / 10
    assert view.error_ticks() == []  # the ruler waits for the whole document: no marks, no band for the part
    ruler = view._ruler
    assert QColor(ruler.grab().toImage().pixel(ruler.width() // 2, 1)).name() == "#f2f2f2"
    shown_first = view.viewport().grab().toImage()
    qtbot.waitUntil(lambda: view.layout_data is not None and view.layout_data.complete, timeout=TIMEOUT)
    whole = view.layout_data
    assert view.verticalScrollBar().value() == 0
    assert view.viewport().grab().toImage() == shown_first  # the first screen did not change
    assert same_layout(whole, layout_document(view.doc, view._measure, whole.width, whole.metrics))
    assert view.verticalScrollBar().maximum() == int(whole.height) - view.viewport().height()
    marks = long_window.session.marks("long")
    assert marks is not None
    errors = sum(o.is_error for o in marks.gold_outcome) + sum(o.is_error for o in marks.system_outcome)
    assert len(view.error_ticks()) == errors > 0
    # every placed mention has its bars, and the last words' mentions are drawn when scrolled to (the ruler)
    doc = view.doc
    for layer, units in ((GOLD, doc.gold_units), (SYSTEM, doc.system_units)):
        assert all((layer, m) in whole.mention_bars for m, u in enumerate(units) if u)
    assert QColor(ruler.grab().toImage().pixel(ruler.width() // 2, 1)).name() != "#f2f2f2"  # the band, at the top
    qtbot.mouseClick(ruler, Qt.MouseButton.LeftButton, pos=QPoint(ruler.width() // 2, ruler.height() - 1))
    for _ in range(2):  # then to the end with the keys
        qtbot.keyClick(view, Qt.Key.Key_PageDown)
    top, bottom = view.visible_band()
    last = max(range(len(doc.gold_units)), key=lambda m: doc.gold_units[m][-1] if doc.gold_units[m] else -1)
    now = view.layout_data  # (the same words: a resize since, e.g. the coreference line above the text, moves them)
    assert now is not None and now.complete and top > view.viewport().height()
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum()
    assert any(top <= b.y0 <= bottom for b in now.mention_bars[(GOLD, last)] if not b.connector)


def test_a_mention_far_down_selected_at_once_is_scrolled_to(long_window, qtbot) -> None:
    view, table = long_window.text_view, long_window.mapping.table
    show_long(qtbot, long_window)
    assert view.layout_data is not None and not view.layout_data.complete
    # before the rest is placed: a click on the mapping table's last row (reading order: the last words)
    table.scrollToBottom()
    last = table.visualRect(table.model().index(table.model().rowCount() - 1, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=last.center())
    layout = view.layout_data
    assert layout is not None and layout.complete
    chosen = [(layer, m) for layer in (GOLD, SYSTEM) for m in view.selected_indices[layer]]
    assert chosen
    y = min(t for layer, m in chosen if (t := layout.mention_top(layer, m)) is not None)
    top, bottom = view.visible_band()
    assert top > view.viewport().height() and top <= y <= bottom


def test_a_resize_while_the_rest_is_placed_lays_out_the_whole_at_once(long_window, qtbot) -> None:
    view = long_window.text_view
    show_long(qtbot, long_window)
    assert view.layout_data is not None and not view.layout_data.complete
    long_window.resize(1200, 700)
    qtbot.waitUntil(lambda: view.layout_data is not None and abs(view.layout_data.width
                                                                 - view.viewport().width()) <= 0.5)
    assert view.layout_data.complete


def test_a_mention_clicked_on_the_first_screen_has_its_cluster_counted_to_the_end(long_window, qtbot) -> None:
    view = long_window.text_view
    show_long(qtbot, long_window)
    layout = view.layout_data
    assert layout is not None and not layout.complete
    doc = view.result_doc
    first = next(i for i, m in enumerate(doc.gold) if m.mention_id == "E2")
    bar = next(b for b in layout.mention_bars[(GOLD, first)] if not b.connector)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(int((bar.x0 + bar.x1) / 2), int((bar.y0 + bar.y1) / 2)))
    assert view.selected_indices[GOLD] == frozenset({first})
    assert view.layout_data is not None and view.layout_data.complete  # its cluster's last member is placed
    label = long_window.findChild(QLabel, "corefOutOfView")
    qtbot.waitUntil(lambda: "1 more member below" in label.text(), timeout=TIMEOUT)


class _Room:
    """An overlay that asks for room between lines once it has something to draw (as the sequencing arcs do when
    their result arrives)."""

    def __init__(self) -> None:
        self.wanted = 0.0

    def room(self) -> float:
        return self.wanted

    def paint(self, view, painter) -> None:  # type: ignore[no-untyped-def]
        pass

    def paint_viewport(self, view, painter) -> None:  # type: ignore[no-untyped-def]
        pass

    def tooltip(self, view, mentions) -> str:  # type: ignore[no-untyped-def]
        return ""


def test_an_overlays_room_asked_while_the_rest_is_placed_keeps_the_steps(long_window, qtbot) -> None:
    view = long_window.text_view
    overlay = _Room()
    view.overlays.append(overlay)
    show_long(qtbot, long_window)
    assert view.layout_data is not None and not view.layout_data.complete
    overlay.wanted = 30.0  # more than any other overlay asks
    view.overlays_changed(relayout=True)
    part = view.layout_data
    assert part is not None and not part.complete and part.metrics.margin_top == 8.0 + 30.0  # a screen again, roomier
    qtbot.waitUntil(lambda: view.layout_data is not None and view.layout_data.complete, timeout=TIMEOUT)
    assert same_layout(view.layout_data, layout_document(view.doc, view._measure, part.width, part.metrics))
