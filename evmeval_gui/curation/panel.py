"""The Curate view: every disagreement of 2..N annotators, each annotator's version, the decisions, and
each annotator's agreement with the curated set as it changes.

Keys (while the view has focus): 1..N accept that annotator's version, Enter keeps the curated one,
Delete rejects the item, Ctrl+Z undoes the last decision (Backspace reverts the item's, Ctrl+D marks its
document curated: `work_bar`); each decision moves to the next open disagreement. Every decision and
figure comes from `evmeval.agreement.curation` through `CurationState`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from evmeval._util.progress import CancelCheck
from evmeval.agreement.curation import Disagreement
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.curation.agreement_table import AGREEMENT_TITLE, agreement_headers, fill_agreement
from evmeval_gui.curation.filter import FilterIndex
from evmeval_gui.curation.filter_bar import BulkBar, FilterBar
from evmeval_gui.curation.lanes import CurationLanes
from evmeval_gui.curation.list_model import DisagreementModel
from evmeval_gui.curation.state import Batch, CurationState, Step, differs_in, few_documents, release_parts
from evmeval_gui.curation.tables import ListColumns, agreement_columns, list_view, rows_height, snug, version_header
from evmeval_gui.curation.tables import table as make_table
from evmeval_gui.curation.work_bar import WorkBar
from evmeval_gui.model.formatting import DASH
from evmeval_gui.pickers import REALIS_VALUES, TypePicker
from evmeval_gui.turns import Steps
from evmeval_gui.views.summary_bar import ElidedLabel

POLICIES = ("majority", "union", "intersection")
AT_ONCE_DOCUMENTS = 4
"""A batch that changes at most this many documents is made at once (well under 50 ms), a larger one off the
GUI thread."""
RELEASE_SLICE = 200
"""Parts of a dropped step freed per tick (a few milliseconds): a batch's step is about 10,000 parts."""
BatchRunner = Callable[[str, Callable[[CancelCheck], object], Callable[[object], None]], None]
"""(label, work given the job's cancel check, done): the mode's job runner."""


class CurationPanel(QWidget):
    """The page; `export_requested(kind)` ("tbf" / "brat") and `score_requested()` go to the mode."""

    export_requested = Signal(str)
    score_requested = Signal()
    take_over_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curationPanel")
        self.state: CurationState | None = None
        self.picker: TypePicker | None = None
        # one line, the annotators' names dropped where they do not fit (they wrapped it to three lines at 1024
        # pixels): the tooltip, the agreement table and the Accept box name them
        self.title = ElidedLabel()
        self.title.setObjectName("curationTitle")
        self.title.elide_mode = Qt.TextElideMode.ElideRight
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)
        self.policy = QComboBox()
        self.policy.setObjectName("policyCombo")
        self.policy.setToolTip("How the curated set starts: majority (more than half have the same span, type and "
                               "realis), union, intersection, or one annotator's set as the base")
        self.policy.activated.connect(lambda _: self._on_policy())
        self.progress = QLabel()
        self.progress.setObjectName("curationProgress")
        self.saved_text = "not saved"
        """Whether the decisions are saved: set by the mode (`curation.mode`), shown with the progress."""
        self.notice = QLabel()
        self.notice.setObjectName("curationNotice")
        self.notice.setWordWrap(True)
        self.notice.hide()
        self.take_over_button = QPushButton("Take over")
        self.take_over_button.setObjectName("takeOverButton")
        self.take_over_button.setToolTip("Curate in this window: the other window's saves stop (it says so)")
        self.take_over_button.clicked.connect(self.take_over_requested.emit)
        self.take_over_button.hide()
        self.guard: Callable[[], bool] = lambda: True
        self.change_policy: Callable[[str], bool] | None = None
        """Starts again from the policy chosen, off the GUI thread (the mode's job; False: refused); None: at
        once."""
        self.applying = ""
        """What makes another curation now (`set_applying`); "" when nothing is."""
        """Whether a decision may be made now (the mode: not while another window curates these inputs)."""
        export_tbf = QPushButton("Export tbf…")
        export_tbf.clicked.connect(lambda: self.export_requested.emit("tbf"))
        export_brat = QPushButton("Export brat…")
        export_brat.clicked.connect(lambda: self.export_requested.emit("brat"))
        self.score_button = QPushButton("Score annotators against it ▶")
        self.score_button.setObjectName("scoreCuratedButton")
        self.score_button.setToolTip("Open the scoring mode: the curated set as gold, each annotator as a system")
        self.score_button.clicked.connect(self.score_requested.emit)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(QLabel("Start from:"))
        top.addWidget(self.policy)
        top.addWidget(self.progress)
        top.addWidget(export_tbf)
        top.addWidget(export_brat)
        top.addWidget(self.score_button)

        self.list_model = DisagreementModel()
        self.list = list_view(self.list_model)
        self.list_columns = ListColumns(self.list)
        self.list.selectionModel().selectionChanged.connect(lambda *_: self._on_list_selection())
        self._shown_decisions: dict[tuple[str, int], str] = {}
        self.filters = FilterBar()
        self.filters.changed.connect(self._on_filter)
        self.bulk = BulkBar()
        self.bulk.accept_shown.connect(self.accept_shown)
        self.bulk.accept_alike.connect(self.accept_alike)
        self.run_batch: BatchRunner | None = None
        """Runs a batch's work off the GUI thread and its `done` on it (the mode's job runner)."""
        self.turns = Steps(self)
        """Another list's item and figures, drawn in turns of their own after the list (`refresh`)."""
        self.index: FilterIndex | None = None
        """What each disagreement differs in, its document and types: read once per list, for the filters."""
        self.shown: tuple[Disagreement, ...] = ()
        self._shown_keys: frozenset[tuple[str, int]] = frozenset()
        self._alike_cache: tuple[str, tuple[Disagreement, ...], tuple[Disagreement, ...], frozenset[tuple[str, int]]] \
            = ("", (), (), frozenset())
        """The disagreements the filters keep, in list order (the list's rows)."""
        self.item_label = QLabel()
        self.item_label.setObjectName("itemLabel")
        self.item_label.setWordWrap(True)
        self.versions = make_table(["Key", "Annotator", version_header(True), "Coreference"],
                               "versionTable")
        self.versions.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.versions.cellDoubleClicked.connect(lambda row, _: self.accept(row))
        self.accept_buttons = QHBoxLayout()
        # short labels: the list of disagreements keeps its width in a 1024-pixel window
        keep = QPushButton("Keep (Enter)")
        keep.setToolTip("Keep the curated version of this item (Enter)")
        keep.clicked.connect(self.keep)
        reject = QPushButton("Reject (Del)")
        reject.setToolTip("Reject the item: no curated mention here (Delete)")
        reject.clicked.connect(self.reject)
        retype = snug(QPushButton("Type…"))
        retype.setToolTip("Change the type of the curated mention of this item (the item counts as edited)")
        retype.clicked.connect(self.edit_type)
        self.realis = QComboBox()
        self.realis.setObjectName("curatedRealis")
        self.realis.addItems(["Realis…", *REALIS_VALUES])
        self.realis.activated.connect(self._on_realis)
        undo = snug(QPushButton("Undo"))
        undo.setToolTip("Undo the last decision (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y redoes it)")
        undo.clicked.connect(self.undo)
        decide = QHBoxLayout()
        decide.addWidget(QLabel("Accept:"))
        decide.addLayout(self.accept_buttons)
        decide.addWidget(keep)
        decide.addWidget(reject)
        decide.addWidget(retype)
        decide.addWidget(self.realis)
        decide.addStretch(1)
        decide.addWidget(undo)
        detail = QFrame()
        detail.setFrameShape(QFrame.Shape.StyledPanel)
        detail_layout = QVBoxLayout(detail)
        detail_layout.addWidget(self.item_label)
        self.lanes = CurationLanes()
        self.lanes.setToolTip("The document with each annotator's mentions on the lane of their key (1..N); "
                              "the item under review is drawn strong")
        text_split = QSplitter(Qt.Orientation.Vertical)
        text_split.setChildrenCollapsible(False)
        text_split.addWidget(self.lanes)
        text_split.addWidget(self.versions)
        text_split.setStretchFactor(0, 3)
        text_split.setStretchFactor(1, 1)
        detail_layout.addWidget(text_split, 1)
        detail_layout.addLayout(decide)
        self.agreement = make_table([], "curatedAgreement")
        self.agreement.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.agreement_label = QLabel(AGREEMENT_TITLE)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(detail)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.agreement_label)
        lower_layout.addWidget(self.agreement, 1)
        right.addWidget(lower)
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 0)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        for bar in (self.filters, self.bulk):  # they give way in a narrow window: never widen it
            bar.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        left_layout.addWidget(self.filters)
        self.applying_label = QLabel()
        self.applying_label.setObjectName("applyingPolicy")
        self.applying_label.hide()
        left_layout.addWidget(self.applying_label)
        left_layout.addWidget(self.list, 1)
        left_layout.addWidget(self.bulk)
        self.left = left
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([420, 630])
        self.split = split
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        notice_row = QHBoxLayout()
        notice_row.addWidget(self.notice, 1)
        notice_row.addWidget(self.take_over_button)
        layout.addLayout(notice_row)
        layout.addWidget(split, 1)
        self.work = WorkBar(self, self.list, self._may)
        self.work.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # never widens the window
        layout.addWidget(self.work)
        self._dropped: list[object] = []
        self._release = QTimer(self)
        self._release.setInterval(5)
        self._release.timeout.connect(self._release_slice)
        self._keys()

    def _keys(self) -> None:
        def add(shortcut: str, slot) -> QAction:  # type: ignore[no-untyped-def]
            action = QAction(self)
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False: slot())
            self.addAction(action)
            return action

        for number in range(1, 10):
            add(str(number), lambda k=number - 1: self.accept(k))
        add("Return", self.keep)
        add("Enter", self.keep)
        add("Delete", self.reject)
        add("Ctrl+Z", self.undo)
        add("Ctrl+Shift+Z", self.redo)
        add("Ctrl+Y", self.redo)

    # -- content ------------------------------------------------------------------------------------------

    def set_state(self, state: CurationState) -> None:
        self.state = state
        self.index = None
        if self.applying:  # another curation shown: the policy's job was for the one it replaces
            self.set_applying("")
        self.bulk.set_names(state.names)
        state.listeners.append(self.refresh)
        state.discard = self._drop
        n = len(state.files)
        self.policy.blockSignals(True)
        self.policy.clear()
        for name in POLICIES:
            self.policy.addItem(name, name)
        for k in range(n):
            self.policy.addItem(f"base: [{k + 1}] {state.names[k]}", f"base:{k + 1}")
        self.policy.setCurrentIndex(max(0, self.policy.findData(state.policy)))
        self.policy.blockSignals(False)
        self.set_notice("")
        width = max(self.width(), 900)  # the list's four columns in view, the rest to the item
        self.split.setSizes([int(width * 0.42), width - int(width * 0.42)])
        while self.accept_buttons.count():
            taken = self.accept_buttons.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        for k in range(n):
            button = QPushButton(f"[{k + 1}]")
            button.setObjectName(f"accept{k + 1}")
            button.setToolTip(f"Accept {state.names[k]}'s version (key {k + 1})")
            button.setMaximumWidth(button.fontMetrics().horizontalAdvance("[99]") + 24)
            button.clicked.connect(lambda _=False, a=k: self.accept(a))
            self.accept_buttons.addWidget(button)
        headers = agreement_headers(state.carries_realis)
        self.versions.setHorizontalHeaderItem(2, QTableWidgetItem(version_header(state.carries_realis)))
        self.realis.setVisible(state.carries_realis)  # no realis to choose for files that carry none
        self.agreement.setColumnCount(len(headers))
        self.agreement.setHorizontalHeaderLabels(headers)
        self.agreement.setMaximumHeight(rows_height(self.agreement, n))
        agreement_columns(self.agreement, state.names)  # the names whole where the figures leave room
        self.work.set_state(state)
        # as tall as its rows, the text the rest (a quarter of the split left white under them at 1600 pixels)
        self.versions.setFixedHeight(rows_height(self.versions, n + 1))
        versions = self.versions.horizontalHeader()  # the version's words take what is left, elided
        versions.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        versions.setStretchLastSection(False)
        self.refresh()

    def refresh(self) -> None:
        """Everything shown follows the state. Another list (a curation opened, another policy, an undo across
        one): the list now, the item under review and the rest in later turns (`turns`; 40-50 ms of GUI CPU each
        at 10,000 items, one turn of 80-100 ms together, issue 34)."""
        state = self.state
        if state is None:
            return
        self.show_progress()
        if not self.applying:  # undo and redo may bring another policy's step back
            self.policy.setCurrentIndex(max(0, self.policy.findData(state.policy)))
        if self.list_model.state is not state or state.filter_index() is not self.index:
            self._update_list(count=False)
            self.turns.start([self._fill_current, self._fill_rest])
            return
        self._update_list()
        self._fill_current()
        self._fill_rest(count=False)

    def _fill_rest(self, *, count: bool = True) -> None:
        if self.state is not None:
            if count:
                self._count_bulk()
            self._fill_agreement()
            self.work.refresh()

    def show_progress(self) -> None:
        """The title and how many items are decided (with `saved_text`)."""
        state = self.state
        if state is not None:
            decided, total = state.progress()
            short = f"Curation of {len(state.files)} annotators"
            self.title.set_full_text(f"{short}: " + ", ".join(f"[{k + 1}] {n}" for k, n in enumerate(state.names)),
                                     short)
            self.progress.setText(f"<b>{decided} of {total}</b> decided, {self.saved_text}")

    def _drop(self, steps: list[Step]) -> None:
        """Steps no longer reachable by undo or redo: freed a slice per timer tick, not in one pause."""
        self._dropped.extend(release_parts(steps))
        self._release.start()

    def _release_slice(self) -> None:
        del self._dropped[-RELEASE_SLICE:]
        if not self._dropped:
            self._release.stop()

    def set_notice(self, text: str, *, take_over: bool = False) -> None:
        """A line under the title (e.g. "Resumed 12 decisions ..."), hidden when empty; `take_over`: with
        the button that takes a read-only curation over."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
        self.take_over_button.setVisible(take_over)

    def _update_list(self, *, count: bool = True) -> None:
        """The rows whose decision changed are repainted; the list is reset only when it is another one
        (`count`: and the bulk bar's counts now)."""
        state = self.state
        assert state is not None
        curation = state.curation
        model = self.list_model
        index = state.filter_index()  # made with the curation, off the GUI thread
        if self.index is not index:
            self.index = index
            self.filters.set_index(index)
            self._select_rows()
            self.list_columns.set_index(index)
        if model.state is not state or model.rows is not self.shown:
            model.set_rows(state, self.shown, index.position if self.shown is index.disagreements else None)
            self._shown_decisions = {}
        decisions = curation.decisions
        if decisions is not self._shown_decisions:
            old = self._shown_decisions
            self._shown_decisions = decisions
            model.decisions_replaced(old, decisions)
        selection = self.list.selectionModel()
        row = model.row_of(state.current.key) if state.current is not None else None
        if row is not None:
            current = model.index(row, 0)
            selection.setCurrentIndex(current, selection.SelectionFlag.ClearAndSelect
                                      | selection.SelectionFlag.Rows)
            self.list.scrollTo(current)
        else:
            selection.clearSelection()
        if count:
            self._count_bulk()

    def _select_rows(self) -> None:
        """The rows the filters keep; a decision then moves to the next open one of them."""
        state, index = self.state, self.index
        assert state is not None and index is not None
        wanted = self.filters.current()
        self.shown = index.select(wanted)
        self._shown_keys = frozenset(d.key for d in self.shown) if wanted.active else frozenset()
        state.among = self.shown if wanted.active else None
        self.filters.set_counts(len(self.shown), len(index.disagreements))

    def _on_filter(self) -> None:
        """Filter the list; the item under review stays when the filter keeps it, else the first open one shown."""
        state = self.state
        if state is None or self.index is None:
            return
        self._select_rows()
        current = state.current
        if self.shown and (current is None or all(d.key != current.key for d in self.shown)):
            state.show(next(iter(state.open_among(self.shown)), self.shown[0]))
            return
        self.refresh()

    def _alike(self) -> tuple[Disagreement, ...]:
        """The items shown that differ in what the current one does (kept while kind and filter stay)."""
        state, index = self.state, self.index
        if state is None or index is None or state.current is None:
            return ()
        kind = index.kind_of(state.current)
        if self._alike_cache[0] != kind or self._alike_cache[1] is not self.shown:  # not 10,000 items compared
            items, keys = index.alike_keyed(state.current, self.shown)
            self._alike_cache = (kind, self.shown, items, keys)
        return self._alike_cache[2]

    def _count_bulk(self) -> None:
        """The open items shown and like the current one: counted over the decisions, not the 10,000 rows."""
        state = self.state
        assert state is not None
        decisions = state.curation.decisions
        alike = self._alike()
        alike_keys = self._alike_cache[3]
        open_shown = len(self.shown) - (len(decisions) if self.shown is state.curation.disagreements
                                        else sum(1 for k in decisions if k in self._shown_keys))
        open_alike = len(alike) - sum(1 for k in decisions if k in alike_keys)
        kind = self._alike_cache[0] if alike else ""
        self.bulk.set_counts(open_shown, open_alike, kind)

    def accept_shown(self, annotator: int) -> int:
        """Annotator's version of every open item the list shows: one step."""
        return self._accept_all(annotator, self.shown)

    def accept_alike(self, annotator: int) -> int:
        """Annotator's version of every open item shown that differs in what the current one does: one step."""
        return self._accept_all(annotator, self._alike())

    def _accept_all(self, annotator: int, items: Sequence[Disagreement]) -> int:
        """At once for a few documents; else off the GUI thread (`run_batch`, set by the mode): every
        changed document is measured again, about 5 ms a document. The number of items to accept."""
        state = self.state
        if state is None or not self._may():
            return 0
        chosen = state.open_among(items)
        if few_documents(chosen, AT_ONCE_DOCUMENTS) or self.run_batch is None:
            return state.accept_all(annotator, chosen)

        def done(batch: object) -> None:
            if isinstance(batch, Batch) and not state.apply(batch):
                self.set_notice("The batch was not applied: decisions were made while it was prepared.")

        self.run_batch(f"Accepting annotator {annotator + 1} for {len(chosen)} items",
                       lambda cancelled: state.batch(annotator, chosen, cancelled=cancelled), done)
        return len(chosen)

    def _fill_current(self) -> None:
        state = self.state
        assert state is not None
        d = state.current
        self.lanes.show_item(d, [(f.documents[d.doc_id].mentions if d.doc_id in f.documents else ())
                                 for f in state.files] if d is not None else [])
        if d is None:
            self.item_label.setText("<b>Every disagreement is decided.</b> Export the curated set, or score the "
                                    "annotators against it.")
            self.versions.setRowCount(0)
            return
        self.item_label.setText(f"<b>{d.doc_id}</b>, item {d.item + 1}: the annotators differ in "
                                f"<b>{differs_in(d)}</b>. Press 1–{len(state.files)} to accept a version, "
                                "Enter to keep the curated one, Delete to reject the item.")
        rows = [(f"{v.annotator + 1}", state.names[v.annotator], state.describe(v.mentions),
                 ", ".join(f"item {i + 1}" for i in sorted(v.coreference)) or DASH) for v in d.versions]
        # The curated row's last cell is its decision, not a coreference membership: say so in its own words.
        rows.append(("", f"curated ({state.decision(d) or 'undecided'})", state.describe(state.curated_version(d)),
                     DASH))
        self.versions.setRowCount(len(rows))
        for row, values in enumerate(rows):
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                if row == len(rows) - 1:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.versions.setItem(row, column, item)

    def _fill_agreement(self) -> None:
        assert self.state is not None
        fill_agreement(self.agreement_label, self.agreement, self.state)

    # -- decisions ------------------------------------------------------------------------------------------

    def _may(self) -> bool:
        """A state to decide on, and decisions allowed (`guard`)."""
        return self.state is not None and self.guard()

    def accept(self, annotator: int) -> None:
        if self.state is not None and self._may():
            self.state.accept(annotator)

    def keep(self) -> None:
        if self.state is not None and self._may():
            self.state.keep()

    def reject(self) -> None:
        if self.state is not None and self._may():
            self.state.reject()

    def undo(self) -> None:
        if self.state is not None and self._may():
            self.state.undo()

    def redo(self) -> None:
        if self.state is not None and self._may():
            self.state.redo()

    def set_applying(self, doing: str) -> None:
        """While another curation is made (`doing`: "Applying the policy union"; "" once it is shown or given
        up): the list and its filters greyed with a line saying so (the decisions are refused by the mode
        meanwhile); after, the chooser shows the curation's policy again."""
        self.applying = doing
        self.applying_label.setText(f"{doing}…")
        self.applying_label.setVisible(bool(doing))
        self.list.setEnabled(not doing)
        self.filters.setEnabled(not doing)
        self.bulk.setEnabled(not doing)
        if not doing and self.state is not None:
            self.policy.setCurrentIndex(max(0, self.policy.findData(self.state.policy)))
            self.list.setFocus()

    def _on_policy(self) -> None:
        if self.state is None:
            return
        if self.change_policy is not None:
            if not self.change_policy(self.policy.currentData()) and not self.applying:
                self.set_applying("")  # refused: the chooser shows the curation's policy again
            return
        if not self._may():
            self.policy.setCurrentIndex(max(0, self.policy.findData(self.state.policy)))
            return
        self.state.set_policy(self.policy.currentData())

    def _on_list_selection(self) -> None:
        state = self.state
        rows = self.list.selectionModel().selectedRows()
        if state is None or not rows:
            return
        d = self.list_model.rows[rows[0].row()]
        if state.current is None or d.key != state.current.key:
            state.show(d)

    def _curated_mention(self):  # type: ignore[no-untyped-def]
        state = self.state
        if state is None or state.current is None:
            return None
        mentions = state.curated_version(state.current)
        if not mentions:
            self.item_label.setText(self.item_label.text() + f"<br><span style='color:{colours.MUTED_TEXT}'>"
                                    "The curated set has no mention here: accept a version first.</span>")
            return None
        return mentions[0]

    def edit_type(self) -> TypePicker | None:
        if not self._may():
            return None
        m = self._curated_mention()
        state = self.state
        if m is None or state is None:
            return None
        types = sorted({x.raw_type for f in state.files for d in f.documents.values() for x in d.mentions},
                       key=str.lower)
        picker = TypePicker(types, title=f"Type of curated {m.mention_id}", current=m.raw_type, parent=self)
        picker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        picker.accepted.connect(lambda: self.set_type(picker.chosen_type()))
        picker.destroyed.connect(lambda *_: setattr(self, "picker", None))
        self.picker = picker
        picker.open()
        return picker

    def set_type(self, mention_type: str) -> None:
        m = self._curated_mention()
        if m is not None and self.state is not None and self._may():
            self.state.set_type(m, mention_type)

    def _on_realis(self, index: int) -> None:
        self.realis.setCurrentIndex(0)
        m = self._curated_mention()
        if index > 0 and m is not None and self.state is not None and self._may():
            self.state.set_realis(m, REALIS_VALUES[index - 1])
