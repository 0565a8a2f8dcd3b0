"""View > Conventions: the switchboard of an event JSONL corpus (TextEE, DyGIE++) and what flips.

The library made everything while the corpus loaded (`evmeval.conventions.corpus`, in the job
runner): this dock only shows it. The table holds the comparable metrics under every convention with
the spread; the tabs below it hold, per pair of conventions, the flips grouped by reason, the soft-match
ladder (string predictions) and the pathologies, a tab shown only when it has content: stacked, each list
got about four lines at 1366x768. Clicking a flip shows its document with the mention selected (an
argument's: its event's trigger). For a tbf
corpus the dock says it has nothing to show; it is shown by itself when an event corpus opens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from evmeval.conventions.corpus import EventCorpus
from evmeval.conventions.flips import Flip, PairFlips
from evmeval.conventions.items import Item
from evmeval.conventions.ladder import Promotion
from evmeval.conventions.switchboard import describe, flip_outcomes
from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.convention_options import TITLE, ConventionOptionsDialog, options_summary
from evmeval_gui.conventions.argument_overlay import ArgumentOverlay
from evmeval_gui.conventions.ladder_view import LadderTree, promotion_text
from evmeval_gui.conventions.mapping_arguments import ALL, ERRORS, HIDDEN, ArgumentChooser, ArgumentRows
from evmeval_gui.conventions.pathologies_view import PathologiesView
from evmeval_gui.conventions.state import ArgumentSource, argument_conventions
from evmeval_gui.conventions.switch_view import SWITCH_ROLE, LazySwitches, flip_text
from evmeval_gui.conventions.switchboard_table import SwitchboardTable
from evmeval_gui.conventions.threshold_dock import ThresholdDock
from evmeval_gui.dock_front import FrontToggle
from evmeval_gui.jobs import JobRunner
from evmeval_gui.model.corpus import FLIPS_SHOWN
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.views.mapping_table import MappingTable
from evmeval_gui.views.text_view import TextView

FLIP_ROLE = Qt.ItemDataRole.UserRole + 1
MAX_SHOWN = FLIPS_SHOWN
"""Flips listed per group: filling the tree stays well under 50 ms on a large corpus; the counts are
whole, and `evmeval-score --convention all --json/--html` lists every flip (the corpus keeps no more: its load's
`FLIPS_SHOWN`)."""
DETAIL_LINES = 4
"""Lines the flip's description has below the tree (its tooltip holds all of it)."""
FLIPS_TAB, LADDER_TAB, PATHOLOGIES_TAB = range(3)
"""The tabs under the switchboard, in order."""
TAB_HINTS = ("Click a flip to see it on the text.", "Click a promoted prediction to see it on the text.",
             "Click a pathology to read it in full.")
"""Each tab's tooltip: a hint as a label took lines from the lists before anything was clicked."""

def dock_width(window_width: int) -> int:
    """The dock's width when it shows itself: about 36 % of the window, between 360 and 600 pixels."""
    return min(600, max(360, int(window_width * 0.36)))


OPEN_NOTE = ("Open a TextEE, DyGIE++, MAVEN, MAVEN-ERE or CASIE file, or a BioNLP folder, to compare "
             "scoring conventions.")


def grounding_note(corpus: EventCorpus) -> str:
    """String predictions: the rule, and how many strings it placed nowhere (and who counts them)."""
    grounding = corpus.grounding
    if grounding is None:
        return ""
    return (f" Strings grounded by {grounding.rule.spec}: {len(grounding.not_in_text)} not in the text (false "
            "alarms under strings; the other conventions never see them).")


class WrappedRows(QStyledItemDelegate):
    """A tree's rows as tall as their text wrapped to the column: Qt measures a wrapped row at one line
    per line break, whatever the width, and cut the rest of a flip off."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        tree = self.tree
        hint = super().sizeHint(option, index)
        model = index.model()
        depth, parent = 1, model.parent(index)
        while parent.isValid():
            depth, parent = depth + 1, model.parent(parent)
        width = tree.columnWidth(0) - depth * tree.indentation() - 8  # the branch, the text's margins
        text = str(index.data() or "")
        flags = int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere)
        height = option.fontMetrics.boundingRect(QRect(0, 0, max(width, 40), 1 << 20), flags, text).height()
        return QSize(hint.width(), max(hint.height(), height + 4))


class HeightSplitter(QSplitter):
    """A vertical splitter that says when its height changed (the dock's: a drag of its handle moves no edge)."""

    def __init__(self, changed: Callable[[], None]) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.changed = changed

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().height() != event.oldSize().height():
            self.changed()


class ConventionsDock(QDockWidget):
    """The Conventions dock of `window`."""

    def __init__(self, window: QMainWindow, session: Session, text_view: TextView | None = None, *,
                 mapping: MappingTable | None = None, runner: JobRunner | None = None,
                 view_menu: QMenu | None = None, reopen: Callable[..., object] | None = None) -> None:
        """`window` holds the dock; the arguments go onto `text_view` and, as sub-rows, into `mapping`
        (its filter row gets the argument chooser); with `runner`, the DyGIE++ threshold dock is made
        too, and its toggle goes into `view_menu`; `reopen(request, doc_id=, system_index=)` opens the corpus again
        with the options of the Convention options… dialog (the window's `open_request`)."""
        super().__init__("Conventions", window)
        self.main_window = window
        """The window the dock sits in (it sizes the dock), given rather than looked up."""
        self.setObjectName("conventionsDock")
        self.setAllowedAreas(Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.BottomDockWidgetArea)
        self.session = session
        self.corpus: EventCorpus | None = None
        self._single = False
        """One convention and no flips: the table is given its rows' height (`_share_split`)."""
        self._shares = (2, 3)
        """The switchboard's and the tabs' shares of the split's height (its stretch factors)."""
        self.note = QLabel(OPEN_NOTE)
        self.note.setWordWrap(True)
        self.table = SwitchboardTable()
        self.flips = QTreeWidget()
        self.flips.setObjectName("flipsTree")
        # one column, each flip on its lines (what, then where), wrapped rather than cut: in a 1024-pixel window
        # two columns elided both texts to `"cu…_id AFP_…`
        self.flips.setHeaderLabels(["What flips, and where"])
        self.flips.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.flips.setWordWrap(True)
        self.flips.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.flips.setIndentation(12)
        self.flips.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.flips.setItemDelegate(WrappedRows(self.flips))
        self._flips_width = 0
        self._hinted = True
        """The detail shows the hint (nothing clicked since the corpus opened)."""
        self.flips.viewport().installEventFilter(self)
        self.flips.itemClicked.connect(self._clicked)
        self.switches = LazySwitches(self.flips, runner, MAX_SHOWN)
        """The matching switch's row under the flips (computed on the runner when asked)."""
        self.flips.itemActivated.connect(self._clicked)
        self.detail = QLabel()
        self.detail.setObjectName("flipDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # a fixed height: a longer text must not resize the tree above it (rows would move under the
        # mouse, and every resize relaid the whole tree out); the whole text is also the tooltip
        self.detail.setFixedHeight(DETAIL_LINES * self.detail.fontMetrics().lineSpacing() + 4)
        self._detail_palette = self.detail.palette()
        self.ladder = LadderTree(self._promotion_chosen)
        """String predictions: which looser rule credited which prediction (its tab hidden for other corpora)."""
        self.pathologies = PathologiesView()
        """Per convention, where its counting is not one to one (its own module: the dock only places it)."""
        self.tabs = QTabWidget()
        self.tabs.setObjectName("conventionsTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(False)  # a narrow dock (1024 pixels) squeezes the titles, never hides a tab
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)
        for page, title in ((self.flips, "Flips"), (self.ladder, "Ladder"), (self.pathologies, "Pathologies")):
            self.tabs.setTabToolTip(self.tabs.addTab(page, title), TAB_HINTS[self.tabs.count() - 1])
        self.tabs.setTabVisible(LADDER_TAB, False)
        self.tabs.currentChanged.connect(lambda _: self._show_detail())
        self.flips.headerItem().setToolTip(0, TAB_HINTS[FLIPS_TAB])
        lower = self._lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.tabs, 1)
        lower_layout.addWidget(self.detail)
        split = self.lists = HeightSplitter(self._height_changed)
        """The switchboard and the tabs under it: hidden for a tbf corpus, which has none to fill them."""
        split.setChildrenCollapsible(False)
        split.addWidget(self.table)
        split.addWidget(lower)
        for n, share in enumerate(self._shares):  # the switchboard's rows, and the lists below with most of the room
            split.setStretchFactor(n, share)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.reopen = reopen
        self.options_button = QPushButton(f"{TITLE}…")
        self.options_button.setObjectName("conventionOptionsButton")
        self.options_button.setToolTip("The options of the conventions shown (evmeval-score --window-size, --ontology, "
                                       "--coref-file, --match-mode, --regime): the corpus is scored again with them")
        self.options_button.clicked.connect(self.show_options)
        self.options_button.setEnabled(False)
        self.options_dialog: ConventionOptionsDialog | None = None
        """The dialog last opened (tests reach it here)."""
        layout.addWidget(self.note)  # the note takes the dock's width: beside the button it took twice the lines
        row = QHBoxLayout()
        row.addWidget(self.options_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(split, 1)
        layout.addStretch(0)  # the lists hidden (tbf), the note and the button stay at the top, not spread out
        split.hide()  # until an event corpus fills them (`_refresh`): no corpus yet, the note alone says what to open
        self.setWidget(body)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.hide()
        self.text_view = text_view
        self.arguments = ArgumentOverlay(lambda: self.corpus, lambda: self.session.selection.argument)
        """The selected trigger's arguments with their roles, on the text."""
        if text_view is not None:
            text_view.overlays.append(self.arguments)
        self.mapping = mapping
        self.argument_combo = ArgumentChooser()
        """Arguments as the mapping table's sub-rows: hidden, all or the errors, under which convention."""
        self._argument_rows: dict[str, ArgumentRows] = {}
        if mapping is not None:
            mapping.add_filter(self.argument_combo)
            self.argument_combo.currentIndexChanged.connect(lambda _: self._arguments_chosen())
        session.corpus_loaded.connect(self._refresh)
        session.system_changed.connect(lambda *_: self._refresh())
        self.threshold_dock: ThresholdDock | None = None
        """DyGIE++ probabilities: a threshold and the precision-recall curve (tabbed with this dock)."""
        self.threshold_action: FrontToggle | None = None
        """View › Threshold: a tab of this dock's, brought in front rather than closed when behind it."""
        if runner is not None:
            self.threshold_dock = ThresholdDock(window, session, runner)
            window.tabifyDockWidget(self, self.threshold_dock)
            self.threshold_action = FrontToggle("&Threshold (DyGIE++)", self.threshold_dock)
            if view_menu is not None:
                view_menu.addAction(self.threshold_action)

    def show_options(self) -> ConventionOptionsDialog | None:
        """Convention options… for the corpus shown (non-blocking); OK scores the corpus again with them."""
        request = self.session.request
        if self.corpus is None or request is None or self.reopen is None:
            return None
        names = [c.name for c in self.corpus.switchboard.conventions]
        if self.options_dialog is not None:
            self.options_dialog.close()
        self.options_dialog = ConventionOptionsDialog(self, names, request.options, request.grounding,
                                                      self._options_accepted)
        self.options_dialog.show()
        return self.options_dialog

    def _options_accepted(self, options: tuple[tuple[str, str], ...]) -> None:
        request = self.session.request
        if request is None or self.reopen is None:
            return
        self.note.setText(f"Scoring again with {options_summary(options)}…")
        self.reopen(replace(request, options=options), doc_id=self.session.selection.doc_id,
                    system_index=self.session.system_index)

    def _arguments_chosen(self) -> None:
        mode, name = self.argument_combo.currentData() or (HIDDEN, "")
        if self.mapping is not None:
            rows = self._argument_rows.get(name) if mode in (ALL, ERRORS) else None
            self.mapping.show_sub_rows(rows, errors_only=mode == ERRORS)

    def refresh(self) -> None:
        """Show the session's corpus now (the dock is built lazily, maybe after the corpus loaded), the
        Threshold dock's too (it appeared only after F5 when the first DyGIE++ corpus built the docks)."""
        self._refresh()
        if self.threshold_dock is not None:
            self.threshold_dock.refresh()

    def _refresh(self) -> None:
        corpus = self.session.corpus
        index = self.session.system_index
        events = corpus.events if corpus is not None else ()
        self.corpus = events[index] if 0 <= index < len(events) else None
        # arguments as sub-rows under each convention that scores them
        self._argument_rows = {} if self.corpus is None else {
            name: ArgumentRows(ArgumentSource(self.corpus, name)) for name in argument_conventions(self.corpus)}
        self.argument_combo.set_conventions(list(self._argument_rows))
        self._arguments_chosen()
        self.options_button.setEnabled(self.corpus is not None and self.reopen is not None)
        self.lists.setVisible(self.corpus is not None)  # a tbf corpus: the note says why, no empty lists under it
        if self.corpus is None:
            self.note.setText("This corpus is tbf: scored under EvmEval v1.8 only. " + OPEN_NOTE)
            self.table.empty()
            self.flips.clear()
            self.switches.add(None)
            self.ladder.set_ladder(None)
            self.pathologies.set_results(())
            self._set_tabs()
            return
        if self.text_view is not None:
            self.text_view.overlays_changed()
        board = self.corpus.switchboard
        fingerprint = board.results[0].fingerprint if board.results else None
        reports = self.table.fill(board)
        self.note.setText((f"Data: {fingerprint.summary()[:fingerprint.summary().index('; gold')]}. " if fingerprint
                           else "") + ("Spread: largest minus smallest, points." if board.conventions else
                                       f"{self.corpus.format.upper()}: scored as tbf is (EvmEval v1.8), no "
                                       "other convention reads it.")
                          + (f" {reports}" if reports else "")
                          + "".join(f" Warning: {r.name}: {w}" for r in board.results for w in r.warnings)
                          + grounding_note(self.corpus) + self._options_note())
        together = self.corpus.argument_board
        self._fill_flips([(pair, "") for pair in board.flips]
                         + [(pair, " (arguments)") for pair in (together.board.flips if together else ())],
                         [c.name for c in board.conventions])
        self.switches.add(self.corpus)  # computed when its row is clicked or expanded
        self.ladder.set_ladder(self.corpus.ladder)
        self.pathologies.set_results(board.results)
        self._set_tabs()
        self._share_split(len(board.conventions) == 1 and not (together and together.board.flips))
        if self.isHidden():
            self.show()
            window = self.main_window
            window.resizeDocks([self], [dock_width(window.width())], Qt.Orientation.Horizontal)
        self.raise_()

    def _share_split(self, single: bool) -> None:
        """One convention reads the files: no flips, and its own figures are what the dock shows (MAVEN-ERE's 27
        rows were scrolled in six at 1024 pixels, and by two at 1600 over ~170 empty pixels of flips): the table
        gets its rows' height where the dock holds it, else three quarters (`_fit_split`)."""
        self._single = single
        self._shares = (3, 1) if single else (2, 3)
        for n, share in enumerate(self._shares):
            self.lists.setStretchFactor(n, share)
        self._fit_split()
        QTimer.singleShot(0, self, self._fit_split)  # again once shown: the header's height is its own then

    def _fit_split(self) -> None:
        """The split's heights for the dock's height now: every row of a single convention's table when the tabs
        keep their least height under it, else the stretch factors' shares; again when the dock's height changes
        (a drag of the handle holds until then)."""
        total = sum(self.lists.sizes())
        if total <= 0:
            return
        first = total * self._shares[0] // sum(self._shares)
        if self._single:
            table, bar = self.table, self.table.horizontalScrollBar()
            rows = (table.verticalHeader().length() + table.horizontalHeader().sizeHint().height()
                    + 2 * table.frameWidth() + (bar.height() if bar.isVisible() else 0))
            if rows + self._lower.minimumSizeHint().height() <= total:
                first = rows
        self.lists.setSizes([first, total - first])

    def _options_note(self) -> str:
        request = self.session.request
        return f" Options: {options_summary(request.options)}." if request is not None and request.options else ""

    def _set_tabs(self) -> None:
        """Each tab shown only when it has content (the flips always: an empty tree says there are none; the
        trees' top rows hold the counts, titles with them were cut in a 1024-pixel window); the detail back to
        the hint, the corpus changed under it."""
        corpus = self.corpus
        self.tabs.setTabVisible(LADDER_TAB, corpus is not None and corpus.ladder is not None)
        self.tabs.setTabVisible(PATHOLOGIES_TAB, corpus is not None and bool(corpus.switchboard.results))
        self._hinted = True
        self._show_detail()

    def _show_detail(self, text: str = "") -> None:
        """`text` (a clicked flip or promotion) under the Flips and Ladder tabs; before a click, the tab's hint
        in the placeholder colour. Its lines stay whatever it says (the rows above never move under the
        mouse); the Pathologies tab has a detail of its own."""
        if text:
            self._hinted = False
            self.detail.setPalette(self._detail_palette)
            self.detail.setText(text)
            self.detail.setToolTip(text)
        elif self._hinted:
            palette = QPalette(self._detail_palette)
            palette.setColor(QPalette.ColorRole.WindowText, palette.color(QPalette.ColorRole.PlaceholderText))
            self.detail.setPalette(palette)
            self.detail.setText(TAB_HINTS[min(self.tabs.currentIndex(), LADDER_TAB)])
            self.detail.setToolTip("")
        self.detail.setVisible(self.tabs.currentIndex() != PATHOLOGIES_TAB)

    def _fill_flips(self, pairs: list[tuple[PairFlips, str]], names: list[str]) -> None:
        """Each pair's flips by reason; `(arguments)` marks a pair of the argument board (a TextEE run's arguments
        under every argument convention, dygiepp through the DyGIE++ pivot). None: a line saying why (an empty
        tab read as a list still loading)."""
        self.flips.clear()
        if not any(pair.total for pair, _ in pairs):
            why = (f"No flips: only {names[0]} reads these files, so no two conventions can count an item "
                   "differently." if len(names) == 1 else
                   f"No flips: {', '.join(names)} count every item alike." if names else "No flips.")
            self.flips.addTopLevelItem(QTreeWidgetItem([why]))
        for pair, what in pairs:
            top = QTreeWidgetItem([f"{pair.a} ↔ {pair.b}{what}: {pair.total} flip(s)"])
            self.flips.addTopLevelItem(top)
            for reason, flips in pair.groups.items():
                group = QTreeWidgetItem([f"{pair.count(reason)} × {reason}"])
                group.setToolTip(0, reason)
                top.addChild(group)
                for flip in flips[:MAX_SHOWN]:
                    it = flip.item
                    unit = "" if it.unit in (it.doc_id, "") else f" / {it.unit}"  # a document of one unit: its id once
                    where = f"{it.doc_id}{unit} {it.span_text}" + (f" of {it.trigger}" if it.trigger else "")
                    item = QTreeWidgetItem([f"“{it.text}” {it.label} · {it.side} {it.kind} · {flip.row}\n{where}"])
                    item.setToolTip(0, f"{self._flip_text(pair.a, pair.b, flip)}\nWhere: {where}")
                    item.setData(0, FLIP_ROLE, (pair.a, pair.b, flip))
                    group.addChild(item)
                if pair.count(reason) > MAX_SHOWN:
                    more = QTreeWidgetItem([f"… and {pair.count(reason) - MAX_SHOWN} more (every one in "
                                            "evmeval-score --convention all --json / --html)"])
                    group.addChild(more)
            top.setExpanded(True)
            for k in range(top.childCount()):
                if (child := top.child(k)) is not None:
                    child.setExpanded(True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.flips.viewport():
            self._rewrap_flips()
        return False

    def _height_changed(self) -> None:
        if self._single:
            self._fit_split()

    def _rewrap_flips(self) -> None:
        """The rows measured again when the tree's width changed (a wrapped flip takes more or fewer lines);
        never on a click or a height change, which leave the lines as they were."""
        width = self.flips.viewport().width()
        if width != self._flips_width:
            self._flips_width = width
            self.flips.doItemsLayout()

    @staticmethod
    def _flip_text(a: str, b: str, flip: Flip) -> str:
        return f"{describe(flip.item)}, {flip.row}: {flip_outcomes(a, b, flip, '; ')}. Why: {flip.reason}."

    def _promotion_chosen(self, promotion: Promotion) -> None:
        """A ladder item: its prediction (an argument's trigger) selected on the text."""
        if self.corpus is None:
            return
        self._show_detail(f"{promotion.step}: {promotion_text(promotion)}, {promotion.row}")
        self._select(promotion.pred)

    def _select(self, item: Item) -> None:
        assert self.corpus is not None
        doc_id, gold, system = self.corpus.selection_of(item)
        wanted = Selection(doc_id, gold, system)
        rows = [row for row in self.session.rows(doc_id) if wanted.matches(row)]  # with its partner, if any
        self.session.select(Selection.of_rows(doc_id, rows) if rows else wanted)

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        if self.switches.asked(item):
            return
        switched = item.data(0, SWITCH_ROLE)
        if isinstance(switched, tuple) and self.corpus is not None:
            self._show_detail(flip_text(*switched))
            self._select(switched[1].item)
            return
        data = item.data(0, FLIP_ROLE)
        if not isinstance(data, tuple) or self.corpus is None:
            return
        a, b, flip = data
        self._show_detail(self._flip_text(a, b, flip))
        self._select(flip.item)
