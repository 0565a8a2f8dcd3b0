"""The Pair page: pick runs a and b; see whether b beat a (significance), where (documents, worst
regression first, with a P/R threshold) and on which mentions (the case list), and read a document in
three lanes (a, gold, b).

The page follows the Compare mode's one selection (`CompareState`): choosing a document or a case
selects it, and the lists and the text all show that selection. Figures are the core's
(`evmeval.compare.runs.PairComparison`, `Comparison.below_threshold`, `evmeval.mention.cases`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from evmeval.compare.runs import DocumentDelta, Mark
from evmeval.mention.cases import Case, CaseKind, document_cases
from evmeval.mention.outcomes import MappingRow, mapping_rows
from evmeval.rules import Combination
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.compare.changes_tab import ChangeKey, ChangesTab
from evmeval_gui.compare.lanes_view import LanesContent, LanesView
from evmeval_gui.compare.significance import UNIT, SignificanceTable, points
from evmeval_gui.compare.state import (
    ALL_TYPES,
    CompareSelection,
    CompareState,
    argument_rows,
    below_threshold_documents,
    case_types,
    documents_worst_first,
    filter_cases,
    gold_kinds,
    seed_pair,
    trigger_rows,
)
from evmeval_gui.compare.style import KIND_COLOURS, KIND_HINTS, MARK_COLOURS, kind_text
from evmeval_gui.compare.tables import Column, RowsModel, list_view
from evmeval_gui.frames import framed
from evmeval_gui.model.doctext import document_marks
from evmeval_gui.model.formatting import DASH, NAN_TOOLTIP, is_nan, percent
from evmeval_gui.model.lanes_layout import lanes_text
from evmeval_gui.model.session import Session

DocRow = tuple[DocumentDelta, tuple[str, ...]]
"""A document of the pair and the runs ("a", "b") whose P or R is below the threshold there."""
BELOW_COLUMN = 5
"""The documents' "Below in" column: shown while a threshold lists documents (empty, and hidden, without one)."""


def _row_label(row: MappingRow | None) -> str:
    if row is None:
        return DASH
    st = colours.style(row.outcome)
    mention = row.system
    return f"{st.glyph} {st.label}" + (f" ({mention.mention_id})" if mention is not None else "")


def _case_mention(case: Case) -> str:
    mention = case.gold
    if mention is None:
        row = case.row_a or case.row_b
        mention = row.system if row is not None else None
    return f"{mention.mention_id} “{mention.text}”" if mention is not None else ""


class DocumentsTab(QWidget):
    """The pair's documents, worst regression first, with the GATE-style threshold."""

    document_chosen = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.threshold = QDoubleSpinBox()
        self.threshold.setObjectName("thresholdSpin")
        self.threshold.setRange(0.0, 100.0)
        self.threshold.setSingleStep(5.0)
        self.threshold.setDecimals(0)
        self.threshold.setSuffix(" %")
        self.threshold.setSpecialValueText("off")
        self.threshold.setToolTip("List only the documents in which run a's or run b's precision or recall is below "
                                  "this value (GATE's verbose mode); off: every document")
        self.count = QLabel()
        self.count.setObjectName("documentCount")
        top = QHBoxLayout()
        top.addWidget(QLabel("P or R below:"))
        top.addWidget(self.threshold)
        top.addWidget(self.count, 1)
        self.model: RowsModel[DocRow] = RowsModel([
            Column("", lambda r: r[0].mark.symbol, lambda r: r[0].delta_f1, lambda r: MARK_COLOURS[r[0].mark],
                   header_tip="↑ F1 better in b, ↓ worse, = same"),
            Column("Document", lambda r: r[0].doc_id, lambda r: r[0].doc_id),
            Column("F1 a", lambda r: percent(r[0].f1_a), lambda r: _key(r[0].f1_a), right=True,
                   tip=lambda r: NAN_TOOLTIP if is_nan(r[0].f1_a) else ""),
            Column("F1 b", lambda r: percent(r[0].f1_b), lambda r: _key(r[0].f1_b), right=True,
                   tip=lambda r: NAN_TOOLTIP if is_nan(r[0].f1_b) else ""),
            Column(f"Δ ({UNIT})", lambda r: points(r[0].delta_f1), lambda r: r[0].delta_f1,
                   lambda r: MARK_COLOURS[r[0].mark], right=True, tip=_delta_tip,
                   header_tip=f"F1(b) − F1(a) in percentage {UNIT}; an undefined F1 counts as 0"),
            Column("Below in", lambda r: ", ".join(r[1]), lambda r: len(r[1]), tip=self._below_tip,
                   header_tip="The runs (a, b) whose P or R is below the threshold in this document"),
        ])
        self.names = ("a", "b")
        """The pair's run names, for the "Below in" tooltip."""
        self.view = list_view("documentDeltas", self.model)
        self.view.clicked.connect(self._on_clicked)
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        self._quiet = False

    def set_rows(self, rows: Sequence[DocRow], marks: dict[Mark, int]) -> None:
        self._quiet = True
        self.model.set_rows(rows)
        self._quiet = False
        header = self.view.horizontalHeader()
        header.setSectionHidden(BELOW_COLUMN, not any(below for _, below in rows))
        # the document's name takes what the figures leave (elided in the middle, whole in its tooltip): at 1024
        # pixels a fixed 150 pushed "Below in" past the list's right edge
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for column, width in ((0, 24), (2, 54), (3, 54), (4, 58), (BELOW_COLUMN, 40)):  # a figure's width, or its
            self.view.setColumnWidth(column, max(width, header.sectionSizeHint(column)) if column > 1 else width)
        self.count.setText(f"{len(rows)} documents · {marks[Mark.UP]} ↑  {marks[Mark.DOWN]} ↓  {marks[Mark.SAME]} =")

    def _below_tip(self, row: DocRow) -> str:
        names = dict(zip(("a", "b"), self.names, strict=True))
        return "\n".join(f"{role} ({names[role]}): P or R below the threshold" for role in row[1])

    def show_document(self, doc_id: str | None) -> None:
        """Highlight a document's row without choosing it again."""
        self._quiet = True
        rows = self.model.rows
        number = next((k for k, r in enumerate(rows) if r[0].doc_id == doc_id), -1)
        if number < 0:
            self.view.clearSelection()
        else:
            index = self.model.index(number, 1)
            self.view.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            self.view.scrollTo(index)
        self._quiet = False

    def _on_clicked(self, index: QModelIndex) -> None:
        self.document_chosen.emit(self.model.rows[index.row()][0].doc_id)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._quiet and current.isValid():
            self.document_chosen.emit(self.model.rows[current.row()][0].doc_id)


def _key(value: float) -> float:
    return -1.0 if value != value else value


def _delta_tip(row: DocRow) -> str:
    """Why a change is a number when one side's F1 reads "—": the comparison counts an undefined F1 as 0 (the
    significance tests' rule, `evmeval.compare.significance.comparable_f1`)."""
    undefined = [name for name, f1 in (("a", row[0].f1_a), ("b", row[0].f1_b)) if is_nan(f1)]
    if not undefined:
        return ""
    return f"F1 {' and '.join(undefined)} undefined (no true positive): counted as 0 in the change"


class CasesTab(QWidget):
    """The case list: fixed / broken / wrong in both / false alarms of one run, filterable."""

    case_chosen = Signal(object)

    def __init__(self, type_name: Callable[[str], str] = str) -> None:
        super().__init__()
        self.type_name = type_name
        """A canonical type as first written in the files (the session's `type_name`): what every view shows."""
        self.kind = QComboBox()
        self.kind.setObjectName("caseKindFilter")
        self.kind.setToolTip("Which cases to list")
        self.type = QComboBox()
        self.type.setObjectName("caseTypeFilter")
        self.type.setToolTip("Only the cases of one event type (the gold type; a false alarm's own type)")
        self.type.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.type.setMinimumContentsLength(10)
        self.this_document = QCheckBox("this document")
        self.this_document.setObjectName("casesThisDocument")
        self.this_document.setToolTip("Only the cases of the selected document")
        self.count = QLabel()
        self.count.setObjectName("caseCount")
        top = QHBoxLayout()
        top.addWidget(self.kind)
        top.addWidget(self.type)
        top.addWidget(self.this_document)
        top.addStretch(1)
        self.model: RowsModel[Case] = RowsModel([
            Column("Case", lambda c: kind_text(c.kind), lambda c: list(CaseKind).index(c.kind),
                   lambda c: KIND_COLOURS[c.kind], lambda c: KIND_HINTS[c.kind]),
            Column("Document", lambda c: c.doc_id, lambda c: c.doc_id),
            Column("Mention", _case_mention, _case_mention),
            Column("Type", lambda c: self.type_name(c.mention_type), lambda c: self.type_name(c.mention_type).lower()),
            Column("a", lambda c: _row_label(c.row_a), lambda c: _row_label(c.row_a)),
            Column("b", lambda c: _row_label(c.row_b), lambda c: _row_label(c.row_b)),
        ])
        self.view = list_view("caseList", self.model)
        self.view.clicked.connect(self._on_clicked)
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.count)
        layout.addWidget(self.view, 1)
        self.cases: tuple[Case, ...] | None = None
        self.key: tuple[int, int, str] | None = None
        """The pair and combination whose cases are shown (or asked for)."""
        self.doc_id: str | None = None
        self._quiet = False
        self.kind.currentIndexChanged.connect(self.refilter)
        self.type.currentIndexChanged.connect(self.refilter)
        self.this_document.toggled.connect(self.refilter)

    def set_cases(self, cases: tuple[Case, ...] | None) -> None:
        """All the pair's cases under the combination (None: still being computed)."""
        self.cases = cases
        kind, mention_type = self.kind.currentData(), self.type.currentData()
        for combo in (self.kind, self.type):
            combo.blockSignals(True)
            combo.clear()
        all_cases = cases or ()
        counts = {k: 0 for k in CaseKind}
        for case in all_cases:
            counts[case.kind] += 1
        self.kind.addItem(f"All cases ({len(all_cases)})", None)
        for k in CaseKind:
            self.kind.addItem(f"{kind_text(k)} ({counts[k]})", k.value)
            self.kind.setItemData(self.kind.count() - 1, KIND_HINTS[k], Qt.ItemDataRole.ToolTipRole)
        self.type.addItem("All types", ALL_TYPES)
        for name in sorted(case_types(all_cases), key=lambda t: self.type_name(t).lower()):
            self.type.addItem(self.type_name(name), name)
        for combo, value in ((self.kind, kind), (self.type, mention_type)):
            position = combo.findData(value)
            combo.setCurrentIndex(max(position, 0))
            combo.blockSignals(False)
        self.refilter()

    def set_document(self, doc_id: str | None) -> None:
        self.doc_id = doc_id
        if self.this_document.isChecked():
            self.refilter()

    def refilter(self, *args: object) -> None:
        if self.cases is None:
            self.model.set_rows([])
            self.count.setText("Finding the cases…")
            return
        value = self.kind.currentData()
        kinds = None if value is None else [CaseKind(value)]
        doc_id = self.doc_id if self.this_document.isChecked() else None
        if doc_id is None and self.this_document.isChecked():
            doc_id = ""
        rows = filter_cases(self.cases, kinds=kinds, mention_type=self.type.currentData() or ALL_TYPES, doc_id=doc_id)
        self._quiet = True
        self.model.set_rows(rows)
        self._quiet = False
        for column, width in ((0, 130), (1, 110), (2, 150), (3, 150), (4, 130)):
            self.view.setColumnWidth(column, width)
        self.count.setText(f"{len(rows)} of {len(self.cases)} cases")

    def show_selection(self, selection: CompareSelection) -> None:
        self._quiet = True
        number = next((k for k, c in enumerate(self.model.rows) if selection.selects(c)), -1) \
            if not selection.empty else -1
        if number < 0:
            self.view.clearSelection()
        else:
            index = self.model.index(number, 0)
            self.view.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            self.view.scrollTo(index)
        self._quiet = False

    def _on_clicked(self, index: QModelIndex) -> None:
        self.case_chosen.emit(self.model.rows[index.row()])

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._quiet and current.isValid():
            self.case_chosen.emit(self.model.rows[current.row()])


class PairPicker(QFrame):
    """Choose run a and run b; swap them."""

    pair_chosen = Signal(int, int)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pairPicker")
        self.a = QComboBox()
        self.a.setObjectName("runA")
        self.b = QComboBox()
        self.b.setObjectName("runB")
        for combo, role in ((self.a, "a: the reference run (above the words)"),
                            (self.b, "b: the run compared with it (below the words)")):
            combo.setToolTip(role)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.activated.connect(self._chosen)
        self.swap = QPushButton("⇄ Swap")
        self.swap.setObjectName("swapRuns")
        self.swap.setToolTip("Exchange runs a and b (deltas change sign, p-values stay)")
        self.swap.clicked.connect(lambda: self.pair_chosen.emit(self.b.currentIndex(), self.a.currentIndex()))
        self.note = QLabel()
        self.note.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.note.setWordWrap(True)  # a long verdict with long run names wraps instead of widening the window
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(QLabel("<b>a</b>"))
        layout.addWidget(self.a)
        layout.addWidget(self.swap)
        layout.addWidget(QLabel("<b>b</b>"))
        layout.addWidget(self.b)
        layout.addWidget(self.note, 1)

    def set_names(self, names: Sequence[str], pair: tuple[int, int]) -> None:
        for combo in (self.a, self.b):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(list(names))
            combo.blockSignals(False)
        self.set_pair(pair)

    def set_pair(self, pair: tuple[int, int]) -> None:
        self.a.setCurrentIndex(pair[0])
        self.b.setCurrentIndex(pair[1])

    def _chosen(self, _index: int) -> None:
        a, b = self.a.currentIndex(), self.b.currentIndex()
        if a == b:  # picking the other run's name swaps them
            other = self.b if self.sender() is self.a else self.a
            other.setCurrentIndex(next(k for k in range(other.count()) if k != a))
            a, b = self.a.currentIndex(), self.b.currentIndex()
        self.pair_chosen.emit(a, b)


class PairPanel(QWidget):
    """The Pair page; `cases_for(a, b, combination)` gives the case list or None (being computed)."""

    def __init__(self, session: Session, state: CompareState,
                 cases_for: Callable[[int, int, str], tuple[Case, ...] | None],
                 changes_for: Callable[[ChangeKey], object | None]) -> None:
        super().__init__()
        self.setObjectName("pairPanel")
        self.session, self.state, self.cases_for, self.changes_for = session, state, cases_for, changes_for
        self.picker = PairPicker()
        self.picker.pair_chosen.connect(state.set_pair)
        self.significance = SignificanceTable()
        self.documents = DocumentsTab()
        self.documents.document_chosen.connect(state.select_document)
        self.documents.threshold.valueChanged.connect(lambda _v: self.refresh_documents())
        self.cases = CasesTab(session.type_name)
        self.cases.case_chosen.connect(lambda case: state.select(CompareSelection.of_case(case)))
        self.tabs = QTabWidget()
        self.tabs.setObjectName("pairTabs")
        self.tabs.addTab(self.documents, "Documents")
        self.tabs.addTab(self.cases, "Cases")
        self.changes = ChangesTab(changes_for)
        self.changes.selection_chosen.connect(state.select)
        self.tabs.addTab(self.changes, "Changes")
        self.tabs.setTabToolTip(2, "Only the mentions or links whose outcome changed from a to b, with reason codes; "
                                   "they add up to the change in the counts behind the figures")
        self.tabs.currentChanged.connect(lambda _index: self._request_cases())
        self.lanes = LanesView(state)
        self.lanes_title = QLabel()
        self.lanes_title.setObjectName("lanesTitle")
        self.lanes_title.setWordWrap(True)
        self.lanes_title.setTextFormat(Qt.TextFormat.RichText)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 0, 0, 0)
        right_layout.setSpacing(2)
        right_layout.addWidget(self.lanes_title)
        right_layout.addWidget(colours.OutcomeLegend(prefix="a, b:"))
        self.kinds_legend = QLabel(self._kinds_legend())
        self.kinds_legend.setTextFormat(Qt.TextFormat.RichText)
        self.kinds_legend.setWordWrap(True)
        right_layout.addWidget(self.kinds_legend)
        right_layout.addWidget(framed(self.lanes), 1)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.tabs)
        self.split.addWidget(right)
        self.split.setStretchFactor(0, 2)
        self.split.setStretchFactor(1, 3)
        self.split.setChildrenCollapsible(False)
        self.split.setSizes([420, 640])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        layout.addWidget(self.picker)
        layout.addWidget(self.significance)
        layout.addWidget(self.split, 1)
        self._doc_id: str | None = None
        self._held = self._lanes_held = False
        """The mode is opening: the state's changes wait for `release_documents` / `release_lanes` (later turns)."""
        state.comparison_changed.connect(self._on_comparison)
        state.pair_changed.connect(lambda _pair: self.refresh())
        state.selection_changed.connect(self._on_selection)
        state.cases_ready.connect(self._on_cases_ready)
        state.changes_ready.connect(self._on_changes_ready)
        state.changes_cancelled.connect(self.changes.on_cancelled)
        session.combination_changed.connect(lambda _name: self.refresh())

    @staticmethod
    def _kinds_legend() -> str:
        parts = [f"<span style='color:{KIND_COLOURS[k]}'>■ {html.escape(kind_text(k))}</span>"
                 for k in (CaseKind.FIXED, CaseKind.BROKEN, CaseKind.BOTH_WRONG)]
        return ("gold: " + " · ".join(parts)
                + f" · <span style='color:{colours.MUTED_TEXT}'>■ exact in both</span>")

    def hold(self) -> None:
        """The mode is opening: the state's changes are only noted, shown by `release_documents` and
        `release_lanes` in later turns of the event loop (together 50-100 ms at 2,000 documents)."""
        self._held = self._lanes_held = True

    def release_documents(self) -> None:
        """The held changes shown but the lanes: the picker, the tests, the documents."""
        self._held = False
        self._on_comparison()
        self.refresh()

    def release_lanes(self) -> None:
        """The selected document in the three lanes."""
        self._held = self._lanes_held = False
        self._show_lanes(self.state.selection.doc_id, force=True)

    def _on_comparison(self) -> None:
        if self._held:
            return
        self.cases.key = None
        self.changes.key = None
        self.picker.set_names(self.state.names, self.state.pair)

    def refresh(self) -> None:
        """The pair or the combination changed: every part again."""
        state, comparison = self.state, self.state.comparison
        if comparison is None or self._held:
            return
        a, b = state.pair
        self.picker.set_pair(state.pair)
        pair = state.pair_comparison()
        names = (comparison.systems[a].name, comparison.systems[b].name)
        combination = self.session.combination
        realis = comparison.carries_realis
        self.significance.set_pair(pair, names, (comparison.systems[a].micro_ci, comparison.systems[b].micro_ci),
                                   combination, comparison.settings, realis=realis)
        if pair is None:
            self.picker.note.setText("Comparing the runs in this order…")
        else:
            test = pair.tests[combination]
            keys = f"Ctrl+1 … Ctrl+{4 if realis else 2}"  # no realis: Ctrl+3 and Ctrl+4 do nothing
            self.picker.note.setText(f"b − a under {Combination(combination).label} ({keys}) · "
                                     f"{test.num_documents} documents: {test.verdict.text(*names)}")
        self.refresh_documents()
        self._request_cases()
        self._show_lanes(self.state.selection.doc_id, force=True)

    def _request_changes(self) -> None:
        """The changes, like the cases, are asked for only while their tab is shown."""
        comparison = self.state.comparison
        if self.tabs.currentWidget() is not self.changes or comparison is None:
            self.changes.show_pair(None)
            return
        a, b = self.state.pair
        self.changes.set_kinds((*comparison.link_kinds, *trigger_rows(self.session.corpus),
                                *argument_rows(self.session.corpus)),
                               seed_pair(self.state.seeds, a, b) is not None)
        self.changes.show_pair((a, b, self.session.combination))

    def _on_changes_ready(self, key: ChangeKey) -> None:
        self.changes.on_ready(key)

    def _request_cases(self) -> None:
        """The case list is asked for only while the Cases tab is shown (it takes a second or two on a
        large corpus): opening the mode or changing the pair does not wait for it."""
        self._request_changes()
        if self.tabs.currentWidget() is not self.cases or self.state.comparison is None:
            self.cases.key = None
            return
        key = (*self.state.pair, self.session.combination)
        if self.cases.key != key:
            self.cases.key = key
            self.cases.set_cases(self.cases_for(*key))
            self.cases.show_selection(self.state.selection)

    def refresh_documents(self) -> None:
        comparison, pair = self.state.comparison, self.state.pair_comparison()
        if comparison is None or pair is None:
            self.documents.set_rows([], {m: 0 for m in Mark})
            return
        combination = self.session.combination
        threshold = self.documents.threshold.value() / 100.0
        below = below_threshold_documents(comparison, pair, combination, threshold) if threshold > 0 else {}
        deltas = documents_worst_first(pair, combination)
        rows = [(d, below.get(d.doc_id, ())) for d in deltas if threshold <= 0 or d.doc_id in below]
        self.documents.names = (comparison.systems[pair.a].name, comparison.systems[pair.b].name)
        self.documents.set_rows(rows, pair.marks(combination))
        self.documents.show_document(self.state.selection.doc_id)
        if self.state.selection.doc_id is None and rows:
            self.state.select_document(rows[0][0].doc_id)

    def _on_cases_ready(self, key: tuple[int, int, str]) -> None:
        if key == (*self.state.pair, self.session.combination) == self.cases.key:
            self.cases.set_cases(self.cases_for(*key))
            self.cases.show_selection(self.state.selection)

    def _on_selection(self, selection: CompareSelection) -> None:
        if self._held:
            return
        self.documents.show_document(selection.doc_id)
        self.cases.set_document(selection.doc_id)
        self.cases.show_selection(selection)
        self._show_lanes(selection.doc_id)

    def _show_lanes(self, doc_id: str | None, *, force: bool = False) -> None:
        if (doc_id == self._doc_id and not force) or self._lanes_held:
            return
        self._doc_id = doc_id
        content = self._content(doc_id)
        self.lanes.set_content(content)
        if content is None:
            self.lanes_title.setText("<i>No document</i>")
            return
        a, b = content.names
        counts = {k: 0 for k in CaseKind}
        for kind in content.kinds.values():
            counts[kind] += 1
        self.lanes_title.setText(
            f"<b>{html.escape(content.doc_id)}</b> · <b>a</b> {html.escape(a)} ▲ top lane · gold (g) above the "
            f"words · <b>b</b> {html.escape(b)} ▼ below · {counts[CaseKind.FIXED]} fixed, "
            f"{counts[CaseKind.BROKEN]} broken, {counts[CaseKind.BOTH_WRONG]} wrong in both")

    def _content(self, doc_id: str | None) -> LanesContent | None:
        comparison, corpus = self.state.comparison, self.session.corpus
        if comparison is None or corpus is None or doc_id is None:
            return None
        a, b = self.state.pair
        try:
            doc_a, doc_b = (comparison.systems[k].result.document(doc_id) for k in (a, b))
        except KeyError:
            return None
        combination = self.session.combination
        rows_a, rows_b = mapping_rows(doc_a, combination), mapping_rows(doc_b, combination)
        kinds = gold_kinds(document_cases(rows_a, rows_b, doc_id, combination), doc_id)
        return LanesContent(lanes_text(corpus, doc_a, doc_b), doc_a, doc_b,
                            document_marks(doc_a, combination, rows_a), document_marks(doc_b, combination, rows_b),
                            kinds, (comparison.systems[a].name, comparison.systems[b].name))

