"""The switchboard shows no figure a scorer does not make as a bare "—" (issue 34, arcs).

MAVEN-ERE's evaluate.py reports F1 alone for its coreference mean and overall_f1: the dock showed four rows of "—"
(their P and R), read as broken. Now such a metric has its F1 row only, and the row's tooltip and the dock's note
say which figures the scorer reports. The figures shown are the library's, none made up.
"""

from __future__ import annotations

import pytest
from evmeval.conventions.switchboard import FIGURES

from evmeval_gui.model.formatting import DASH, percent
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")
TIMEOUT = 30_000
SIZES = [(1024, 640), (1366, 768), (1600, 1000)]
CORPORA = ["maven_ere", "maven", "textee", "dygiepp", "switchboard", "compare"]


def open_corpus(qtbot, make_window, name: str, size=(1366, 768)):  # type: ignore[no-untyped-def]
    window = make_window(persist=False, size=size)
    system = "run_a" if name == "compare" else "pred"
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(EXAMPLES / f"{name}_gold.jsonl"), [str(EXAMPLES / f"{name}_{system}.jsonl")])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=TIMEOUT)
    return window, dock


def shown_rows(table):  # type: ignore[no-untyped-def]
    """Each row as the user reads it: its label, its label's tooltip, and the shown columns' texts and tooltips."""
    columns = [c for c in range(table.columnCount()) if not table.isColumnHidden(c)]
    for r in range(table.rowCount()):
        head = table.verticalHeaderItem(r)
        cells = [table.item(r, c) for c in columns]
        yield (head.text(), head.toolTip(), [c.text() if c else "" for c in cells],
               [c.toolTip() if c else "" for c in cells])


@pytest.mark.parametrize("name", CORPORA)
def test_no_row_of_dashes_without_a_reason(qtbot, make_window, name):
    """Every row whose figures all read "—" says why (a convention that does not measure it, or a scorer that
    reports no such figure); MAVEN-ERE's has no such row at all."""
    _window, dock = open_corpus(qtbot, make_window, name)
    rows = list(shown_rows(dock.table))
    assert rows
    for label, tip, texts, tips in rows:
        figures = texts[:-1] if len(texts) > 1 else texts  # the spread is blank where one convention measures
        if all(text in (DASH, "") for text in figures):
            assert name != "maven_ere", label
            assert any("not measured by" in t or "reports no" in t for t in (tip, *tips)), (label, tips)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_maven_eres_mean_f1s_have_their_f1_row_and_say_why_alone(qtbot, make_window, size):
    window, dock = open_corpus(qtbot, make_window, "maven_ere", size)
    result = window.session.corpus.events[0].switchboard.results[0]
    rows = {label: (tip, texts) for label, tip, texts, _ in shown_rows(dock.table)}
    for name in ("coreference", "overall"):
        label = result.labels.get(name, name)
        keys = [k for k in rows if k in (f"{label} F1", f"{name} F1")]  # the label, or its key where the dock is narrow
        assert len(keys) == 1, sorted(rows)
        tip, texts = rows[keys[0]]
        assert texts[0] == percent(result.metrics[name].f1) != DASH  # the library's figure
        assert "F1 only" in tip and "reports no P or R" in tip
        assert not any(k.startswith((f"{label} P", f"{label} R", f"{name} P", f"{name} R")) for k in rows)
    for name in ("muc", "temporal"):  # the figures it does report keep all three rows
        assert {f"{name} {f}" for f in ("P", "R", "F1")} <= set(rows)
    assert len(rows) == sum(len([f for f in FIGURES if percent(getattr(m, f)) != DASH]) or 1
                            for m in result.metrics.values())
    note = dock.note.text()
    assert "F1 only for coreference (mean F1) and overall_f1" in note and "reports no other figure" in note
    assert dock.note.isVisible()
