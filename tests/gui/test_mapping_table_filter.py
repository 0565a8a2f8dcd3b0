"""Issue 34: the mapping table filters in C++ while no filter is set (no Python asked per row), and in Python
only once the user sets one. What the user sees is the table of before: every row in the model's order, the
filter's rows once an outcome or a type is chosen, all of them again once cleared, sorting and selection as
they were."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.mention.outcomes import MappingRow, Outcome
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.views.mapping_columns import G_ID, S_ID
from evmeval_gui.views.mapping_filter import MappingFilter
from tests.gui.corpus_factory import token_table
from tests.gui.test_scale_window import click_document
from tests.gui.windows import POPUP_WARNINGS, choose, opened

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints", POPUP_WARNINGS)

WORDS = 2400
TYPES = ("Conflict_Attack", "Life_Die", "Movement_Transport")


def write_many_rows_corpus(folder: Path) -> Path:
    """gold.tbf and system.tbf: a short document `short`, then `many` with a gold mention every 4 words (600) of
    three types, found exactly, one word off (partial), with another type, missed, and spurious ones."""
    (folder / "tkn").mkdir(parents=True)
    (folder / "txt").mkdir()
    texts = {"short": "Rebels attacked the town .\n",
             "many": " ".join(f"w{n}" for n in range(1, WORDS + 1)) + " .\n"}
    for doc_id, text in texts.items():
        (folder / "tkn" / f"{doc_id}.tab").write_text(token_table(text), encoding="utf-8")
        (folder / "txt" / f"{doc_id}.txt").write_text(text, encoding="utf-8")
    gold, system = [("short", "t2", TYPES[0])], [("short", "t2", TYPES[0])]
    for k, n in enumerate(range(1, WORDS, 4)):
        kind = TYPES[k % 3]
        gold.append(("many", f"t{n},t{n + 1}", kind))
        if k % 5 == 0:
            system.append(("many", f"t{n}", kind))  # partial
        elif k % 5 == 1:
            system.append(("many", f"t{n},t{n + 1}", TYPES[(k + 1) % 3]))  # another type
        elif k % 5 != 2:  # k % 5 == 2: missed
            system.append(("many", f"t{n},t{n + 1}", kind))
        if k % 7 == 0:
            system.append(("many", f"t{n + 3}", kind))  # spurious

    def tbf(run: str, prefix: str, mentions: list[tuple[str, str, str]]) -> str:
        lines = []
        for doc_id in texts:
            lines.append(f"#BeginOfDocument {doc_id}")
            lines += [f"{run}\t{doc_id}\t{prefix}{k}\t{span}\tx\t{kind}\tActual"
                      for k, (d, span, kind) in enumerate(mentions, start=1) if d == doc_id]
            lines.append("#EndOfDocument")
        return "\n".join(lines) + "\n"

    (folder / "gold.tbf").write_text(tbf("gold", "E", gold), encoding="utf-8")
    (folder / "system.tbf").write_text(tbf("sys", "S", system), encoding="utf-8")
    return folder


@pytest.fixture
def many(make_window, qtbot, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    window: MainWindow = opened(qtbot, make_window(), write_many_rows_corpus(tmp_path / "corpus"))
    click_document(qtbot, window, "short")
    qtbot.waitUntil(lambda: window.mapping.model.doc_id == "short")
    return window


def asked(window: MainWindow) -> list[int]:
    """Every row the model is asked about for the filter from now on (the filter's `keeps`, counted)."""
    model = window.mapping.model
    keeps, calls = model.keeps, []
    assert keeps is not None

    def counted(source_row: int) -> bool:
        calls.append(source_row)
        return keeps(source_row)

    model.keeps = counted
    return calls


def shown(window: MainWindow) -> list[MappingRow]:
    return window.mapping.visible_rows()


def shown_ids(window: MainWindow, column: int) -> list[str]:
    """An id column as the table shows it, top to bottom."""
    proxy = window.mapping.proxy
    return [proxy.index(r, column).data() for r in range(proxy.rowCount())]


def test_a_document_of_many_rows_is_shown_without_asking_a_row_then_filtered(many, qtbot) -> None:
    table, calls = many.mapping, asked(many)
    click_document(qtbot, many, "many")
    qtbot.waitUntil(lambda: table.model.doc_id == "many")
    rows = list(table.model.rows)
    assert len(rows) > 600 and calls == []  # every row shown, none asked about
    assert shown(many) == rows
    assert table.count_label.text() == f"{len(rows)} rows · {sum(r.outcome.is_error for r in rows)} errors"

    choose(qtbot, table.outcome_combo, table.outcome_combo.findData(MappingFilter.ERRORS))
    errors = [r for r in rows if r.outcome.is_error]
    assert 0 < len(errors) < len(rows) and shown(many) == errors
    assert f"{len(errors)} of {len(rows)} rows shown" in table.count_label.text()
    assert len(calls) == len(rows)  # a filter set: each row asked, once

    choose(qtbot, table.type_combo, table.type_combo.findText("Life_Die"))
    kept = [r for r in errors if "lifedie" in {m.mention_type for m in (r.gold, r.system) if m is not None}]
    assert 0 < len(kept) < len(errors) and shown(many) == kept and len(calls) == 2 * len(rows)
    choose(qtbot, table.outcome_combo, table.outcome_combo.findData(Outcome.MISSED.value))
    assert shown(many) == [r for r in kept if r.outcome == Outcome.MISSED] != []

    choose(qtbot, table.type_combo, 0)
    choose(qtbot, table.outcome_combo, 0)  # cleared: every row again, in its order, nothing asked any more
    assert shown(many) == rows and table.count_label.text().startswith(f"{len(rows)} rows")
    before = len(calls)
    click_document(qtbot, many, "short")
    click_document(qtbot, many, "many")
    qtbot.waitUntil(lambda: table.model.doc_id == "many")
    assert shown(many) == list(table.model.rows) and len(calls) == before


def test_sorting_and_selection_follow_the_filter_as_before(many, qtbot) -> None:
    table = many.mapping
    click_document(qtbot, many, "many")
    qtbot.waitUntil(lambda: table.model.doc_id == "many")
    choose(qtbot, table.outcome_combo, table.outcome_combo.findData(MappingFilter.ERRORS))
    errors = shown(many)
    header = table.table.horizontalHeader()
    assert not header.isSectionHidden(S_ID)
    x = header.sectionViewportPosition(S_ID) + header.sectionSize(S_ID) // 2
    orders = []
    for _ in range(2):  # a click on the header, then another: the filter's rows by the system's id, both ways
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))
        assert table.model.sort_column == S_ID
        assert shown(many) == [r for r in table.model.rows if r.outcome.is_error] and len(shown(many)) == len(errors)
        ids = [int(i[1:]) for i in shown_ids(many, S_ID) if i]
        descending = table.model.sort_order == Qt.SortOrder.DescendingOrder
        assert ids == sorted(ids, reverse=descending) and len(set(ids)) == len(ids) > 100
        assert shown_ids(many, S_ID)[0 if descending else -1] == ""  # missed rows (no system id) go last
        orders.append(descending)
    assert sorted(orders) == [False, True]
    table.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert shown(many) == errors
    partial = [r for r in errors if r.outcome == Outcome.PARTIAL]
    choose(qtbot, table.outcome_combo, table.outcome_combo.findData(Outcome.PARTIAL.value))
    assert shown(many) == partial != []

    # a row clicked in the filtered table selects its mentions; cleared, the table keeps it selected
    target = partial[len(partial) // 2]
    index = table.proxy.index(len(partial) // 2, G_ID)
    table.table.scrollTo(index)
    qtbot.mouseClick(table.table.viewport(), Qt.MouseButton.LeftButton, pos=table.table.visualRect(index).center())
    assert many.session.selection.matches(target) and table.selected_rows() == [target]
    choose(qtbot, table.outcome_combo, 0)
    assert shown(many) == list(table.model.rows) and table.selected_rows() == [target]

    # as before: a selected row filtered out leaves the selection, and clearing the filter does not bring it back
    choose(qtbot, table.outcome_combo, table.outcome_combo.findData(Outcome.MISSED.value))
    assert table.selected_rows() == [] and not many.session.selection.matches(target)
    choose(qtbot, table.outcome_combo, 0)
    assert table.selected_rows() == [] and shown(many) == list(table.model.rows)


def test_a_chart_filter_keeps_its_rows_and_gives_them_back(many, qtbot) -> None:
    table = many.mapping
    click_document(qtbot, many, "many")
    qtbot.waitUntil(lambda: table.model.doc_id == "many")
    rows, calls = list(table.model.rows), asked(many)
    many.session.set_filter(ChartFilter("spurious", None, lambda _doc, row: row.outcome == Outcome.SPURIOUS))
    assert shown(many) == [r for r in rows if r.outcome == Outcome.SPURIOUS] != []
    assert calls
    many.session.set_filter(None)
    asked_then = len(calls)
    assert shown(many) == rows
    click_document(qtbot, many, "short")
    click_document(qtbot, many, "many")
    qtbot.waitUntil(lambda: table.model.doc_id == "many")
    assert len(calls) == asked_then


OUTCOMES = (None, MappingFilter.ERRORS, *(o.value for o in Outcome))
TYPE_CHOICES = (None, "conflictattack", "lifedie", "movementtransport")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(OUTCOMES), st.sampled_from(TYPE_CHOICES), st.booleans()), min_size=1,
                max_size=6))
def test_the_rows_shown_are_the_rows_the_filters_keep_in_the_models_order(many, qtbot, changes) -> None:
    """Whatever filters are set and cleared, in any order: the table shows the model's rows the filters keep, in
    the model's order, and asks about no row while none is set."""
    table = many.mapping
    if table.model.doc_id != "many":
        click_document(qtbot, many, "many")
        qtbot.waitUntil(lambda: table.model.doc_id == "many")
    for outcome, kind, chart in changes:
        table.proxy.set_outcome(outcome)
        table.proxy.set_type(kind)
        table.set_predicate((lambda _doc, row: row.dice is None) if chart else None)
        calls = asked(many)
        table.proxy.invalidate()
        rows = list(table.model.rows)
        assert shown(many) == [r for r in rows if table.proxy.accepts("many", r)]
        assert (calls == []) == (outcome is None and kind is None and not chart)
    table.proxy.set_outcome(None)
    table.proxy.set_type(None)
    table.set_predicate(None)
    assert shown(many) == list(table.model.rows)
