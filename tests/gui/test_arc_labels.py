"""The sequencing stubs' labels on the text: whole, inside the view, clear of each other, named on hover.

A link whose ends sit on different lines is drawn as two stubs, each labelled with the id at its other end.
A label starting near the text's right edge ran out of the view (cut at 1024x640 on the 200-document corpus);
now each stub stops where its label fits, a label is flipped or moved where it would not, and elided (its whole
text on hover) only where no whole place is left near its stub.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from evmeval_gui.sequencing.arc_labels import MARGIN, place_label
from tests.gui.corpus_factory import token_table
from tests.gui.sequencing_corpus import write_sequencing_corpus
from tests.gui.test_main_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")


@pytest.fixture(params=["small", "crowded"])
def window(make_window, qtbot, tmp_path, request):
    corpus, doc = ((write_sequencing_corpus(tmp_path / "seq"), "doc1") if request.param == "small"
                   else (write_crowded_corpus(tmp_path / "crowd"), "crowd"))
    w = make_window()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], doc_id=doc)
    qtbot.waitUntil(lambda: w.sequencing.model.result is not None, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: bool(w.sequencing.arcs.arcs()))
    return w


def write_crowded_corpus(folder: Path) -> Path:
    """One document of six lines, four mentions a line (ids as long as MAVEN-ERE's, `mention-12`), each linked
    After every mention of the next line: its stubs crowd each lane, so some labels have no whole place."""
    words = [f"w{n}" for n in range(1, 121)]
    text = "\n".join(" ".join(words[k:k + 20]) for k in range(0, 120, 20)) + "\n"
    picked = [(line * 20 + k, f"mention-{line * 4 + k // 5 + 1}") for line in range(6) for k in (1, 6, 11, 17)]
    mentions = [f"{{run}}\tcrowd\t{mid}\tt{n + 1}\t{words[n]}\tConflict_Attack\tActual" for n, mid in picked]
    pairs = [(a, b) for line in range(5) for _, a in picked[line * 4:line * 4 + 4]
             for _, b in picked[line * 4 + 4:line * 4 + 8]]
    links = [f"@After\tR{i}\t{a},{b}" for i, (a, b) in enumerate(pairs, start=1)]
    (folder / "tkn").mkdir(parents=True)
    (folder / "txt").mkdir()
    (folder / "tkn" / "crowd.tab").write_text(token_table(text), encoding="utf-8")
    (folder / "txt" / "crowd.txt").write_text(text, encoding="utf-8")
    for run, kept in (("gold", links), ("system", links[::2])):
        lines = ["#BeginOfDocument crowd", *(m.format(run=run) for m in mentions), *kept, "#EndOfDocument"]
        (folder / f"{run}.tbf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def label_boxes(overlay) -> list[QRectF]:
    return [box for box in overlay.drawn if isinstance(box, QRectF)]


def painted_screens(qtbot, window, width: int):
    """The text view at `width`, painted at every scroll position a line apart: each paint's overlay."""
    view = window.text_view
    view.resize(width, view.height())
    qtbot.waitUntil(lambda: view.layout_data is not None and view.layout_data.complete
                    and abs(view.layout_data.width - view.viewport().width()) < 1)
    bar = view.verticalScrollBar()
    for value in range(bar.minimum(), bar.maximum() + 1, 20):
        bar.setValue(value)
        view.viewport().repaint()
        yield window.sequencing.arcs


@pytest.mark.parametrize("width", [230, 260, 300, 340, 420, 520, 700])
def test_every_label_is_whole_inside_the_view_and_clear_of_the_others(window, qtbot, width):
    """What a user reads: every label drawn lies within the text's width (no label cut at its edge), no label
    covers another, and a label shown elided (or hidden) names its whole text when hovered."""
    seen = 0
    for overlay in painted_screens(qtbot, window, width):
        view_width = window.text_view.viewport().width()
        boxes = label_boxes(overlay)
        seen += len(boxes)
        for box in boxes:
            assert box.left() >= 0 and box.right() <= view_width, (box, view_width)
        assert all(not a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        for label in overlay.labels:
            assert label.shown in ("", label.text) or label.shown.endswith("…")
            centre = label.box.center()
            drawn_over = not label.shown and any(other.shown and other.box.contains(centre) for other in overlay.labels)
            crowded = sum(other.box.contains(centre) for other in overlay.labels) > 8
            if not label.whole and not drawn_over and not crowded:  # else: the label drawn there, or "…" after 8
                assert label.text in overlay.tip_at(centre)
    assert seen  # links cross lines at every width: labels were drawn


def test_a_stub_leaves_room_for_its_label_at_the_right_edge(window, qtbot):
    """The stub leaving a line rightwards ends where its label (`E6 …`) still fits whole before the edge."""
    for overlay in painted_screens(qtbot, window, 300):
        view_width = window.text_view.viewport().width()
        for label in overlay.labels:
            if label.shown and label.text.endswith(" …"):
                assert label.box.right() <= view_width - MARGIN


def test_hovering_a_label_names_its_link(window, qtbot):
    """A tooltip event over a label (sent to the viewport, as Qt sends it) shows the link the label stands for."""
    view = window.text_view
    overlay = next(o for o in painted_screens(qtbot, window, 300) if any(lab.shown for lab in o.labels))
    label = next(lab for lab in overlay.labels if lab.shown)
    centre = label.box.center() - QPointF(0, view.verticalScrollBar().value())
    point = QPoint(round(centre.x()), round(centre.y()))
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
    assert QToolTip.text() == overlay.tip_at(label.box.center()) and " link " in QToolTip.text()
    row = overlay._named[overlay.labels.index(label)]
    assert f"{row.side} link {row.source} {row.kind} {row.target}" in QToolTip.text()
    QToolTip.hideText()


def elide(text: str, room: float) -> str:
    """A stand-in for Qt's eliding: 6 pixels a character, "…" at the end."""
    if len(text) * 6 <= room:
        return text
    keep = int(room // 6) - 1
    return text[:keep] + "…" if keep > 0 else ""


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.floats(-50, 450), st.floats(0, 40), st.integers(1, 9), st.booleans()), max_size=30),
       st.floats(60, 420))
def test_placed_labels_stay_in_the_view_and_never_overlap(labels, view_width):
    """Whatever the stubs' ends, each label is shown whole within the view, elided within it, or hidden; no two
    shown labels overlap; and a whole label sits beside its stub's end or a few widths along its lane."""
    placed: list[QRectF] = []
    boxes: list[tuple[float, float, float, float]] = []
    for x, y, length, leftwards in labels:
        text = "E" * length + " …"
        width = len(text) * 6 + 4
        label = place_label(QPointF(x, y), text, leftwards=leftwards, width=width, height=12,
                            view_width=view_width, placed=boxes, elide=elide)
        if not label.shown:
            continue
        assert label.box.left() >= MARGIN and label.box.right() <= view_width - MARGIN + 1e-9
        assert not any(label.box.intersects(other) for other in placed)
        if label.whole:
            assert label.box.width() == width
        else:
            assert label.shown.endswith("…") and label.box.width() < width
        placed.append(label.box)
        boxes.append((label.box.left(), label.box.top(), label.box.right(), label.box.bottom()))
