"""Moving through the corpus: next error or document, Find, Show in charts, and the charts' filters.

A part of the main window, given what it moves through (the session, the document list, the mapping
table), where it speaks (the status bar), the filter chip and how the charts are opened; it owns the
toolbar's Find box. The window's commands call it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt

from evmeval_gui.charts.pages import PagedCharts
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.find import find_next
from evmeval_gui.model.session import Session
from evmeval_gui.views.document_list import DocumentList
from evmeval_gui.views.mapping_table import MappingTable
from evmeval_gui.views.search_field import SearchField
from evmeval_gui.window.welcome import FilterChip


class WindowNavigation:
    """N / P, Ctrl+Up / Down, Find and the charts' filters of one window."""

    def __init__(self, session: Session, documents: DocumentList, mapping: MappingTable, chip: FilterChip, *,
                 message: Callable[[str, int], None],
                 open_charts: Callable[[Callable[[Any], None]], None]) -> None:
        """`message(text, ms)`: the status bar; `open_charts(then)`: show the Charts dock, `then(panel)` once built."""
        self.session = session
        self.documents = documents
        self.mapping = mapping
        self.chip = chip
        self.message = message
        self.open_charts = open_charts
        self.find_edit = SearchField("Find mention by id or text (Ctrl+F)")
        self.find_edit.setObjectName("findEdit")
        self.find_edit.setMinimumWidth(240)
        self.find_edit.returnPressed.connect(self.find_next)

    def step_error(self, forward: bool) -> None:
        """N / P: the next or previous error of the document ("error 3 of 7" in the status bar); past the
        last (first) one, the first (last) error of the next (previous) document with errors, as a search
        moves on."""
        s = self.session
        if s.step_error(forward, wrap=False):
            self._say_error_position()
            return
        here = s.selection.doc_id
        target = self.documents.neighbour(here, 1 if forward else -1)
        while target is not None and not s.has_errors(target):
            target = self.documents.neighbour(target, 1 if forward else -1)
        if target is None:
            where = "last" if forward else "first"
            if s.step_error(forward):  # wrap inside the document, and say so
                self._say_error_position(f"No more documents with errors; back to the {where} error here: ")
            else:
                self.message("No errors in this document or the documents "
                                             + ("after it" if forward else "before it"), 5000)
            return
        s.select_document(target)
        s.step_error(forward)
        edge = "last" if forward else "first"
        self._say_error_position(f"Past the {edge} error of {here}: now in {target}, ")

    def _say_error_position(self, prefix: str = "") -> None:
        position = self.session.error_position()
        if position is not None:
            self.message(f"{prefix}error {position[0]} of {position[1]}", 6000)

    def step_document(self, step: int) -> None:
        """Ctrl+Down / Ctrl+Up: the next or previous document in the list's order."""
        target = self.documents.neighbour(self.session.selection.doc_id, step)
        if target is None:
            self.message("Last document of the list" if step > 0 else "First document of the list",
                                         3000)
            return
        self.session.select_document(target)

    def focus_find(self) -> None:
        self.find_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.find_edit.selectAll()

    def find_next(self) -> None:
        query = self.find_edit.text().strip()
        if not query:
            return
        found = find_next(self.session, query, self.documents.visible_doc_ids(), self.mapping.proxy.accepts)
        if found is None:
            self.message(f"No mention matches “{query}” in the rows shown", 5000)
        else:
            self.message(found.text(query), 8000)

    def show_in_charts(self, what: str, key: str | None) -> None:
        """A context menu's "Show in charts": the charts, on the type's per-type bars or the document's scores."""
        self.open_charts(lambda panel: self._show_in(panel, what, key))

    def _show_in(self, panel: object, what: str, key: str | None) -> None:
        if not isinstance(panel, PagedCharts):
            return
        if what == "document":
            panel.show_document_scores(key)
        elif what == "type":
            panel.show_per_type()
            self.message(f"Per-type scores: {self.session.type_name(key or '')} is one of the bars",
                                         5000)

    def apply_filter(self, label: str, doc_ids: set[str] | frozenset[str] | None,
                     row_predicate: Callable | None) -> None:
        """Show only some documents and/or mapping rows (what a chart asks), with a chip that clears it."""
        self.session.set_filter(ChartFilter(label, frozenset(doc_ids) if doc_ids is not None else None,
                                            row_predicate))

    def clear_filter(self) -> None:
        """Remove a chart's filter: every document and row again."""
        self.session.set_filter(None)

    def on_filter_changed(self, chart_filter: ChartFilter | None) -> None:
        self.chip.show_filter(chart_filter)
        if chart_filter is None:
            return
        note = ""
        if not self._filter_shows(chart_filter, self.session.selection.doc_id):
            # the shown document would say "0 of n rows shown": the first one with rows to show instead
            first = next((d for d in self.documents.visible_doc_ids() if self._filter_shows(chart_filter, d)), None)
            if first is not None:
                self.session.select_document(first)
                note = f" · showing {first}, the first document with matching rows"
            else:
                note = " · no document has matching rows"
        self.message(f"Filtered: {chart_filter.label}{note}", 8000)

    def _filter_shows(self, chart_filter: ChartFilter, doc_id: str | None) -> bool:
        """Whether `doc_id` is kept and has a row the filter keeps (rows are built only when asked)."""
        if doc_id is None or not chart_filter.keeps_document(doc_id):
            return False
        test = chart_filter.row_predicate
        return test is None or any(test(doc_id, row) for row in self.session.rows(doc_id))
