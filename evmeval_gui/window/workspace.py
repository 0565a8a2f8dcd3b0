"""Where the window's views sit: the document list beside the text over the mapping table's tabs, the
summary bar and filter chip above them, and the pages the modes add (welcome, agreement, compare, …).

The views are built by the window and given here; this part only arranges them and owns the places
others add to: the tabs beside the mapping table (`lower_tabs`, features add theirs), the pages and the
mode bar and banners (`add_page`, `add_mode_bar`, `add_banner`: the modes, through the window's
`WindowPort`). It keeps the splitters' shares (`window.split_shares`) and stores and restores them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtWidgets import QMainWindow, QSplitter, QStackedWidget, QTabWidget, QVBoxLayout, QWidget

from evmeval_gui.qt_environment import keep_tab_text_whole
from evmeval_gui.views.document_list import DocumentList
from evmeval_gui.views.document_pane import DocumentPane
from evmeval_gui.views.mapping_table import MappingTable
from evmeval_gui.views.summary_bar import SummaryBar
from evmeval_gui.window.split_shares import TEXT_SHARE_FLOOR, SplitShares
from evmeval_gui.window.welcome import FilterChip, WelcomePage

SPLITTERS = ("listSplitter", "textTableSplitter")
"""The settings keys (and object names) of the two splitters whose state is stored."""


class Workspace:
    """The central widget of `window`: a stack of the welcome page, the document workspace and the
    modes' pages, with a place for a mode's bar above it."""

    def __init__(self, window: QMainWindow, *, summary: SummaryBar, chip: FilterChip, documents: DocumentList,
                 document_pane: DocumentPane, mapping: MappingTable, welcome: WelcomePage) -> None:
        self.document_pane = document_pane
        self.welcome = welcome
        self.right_split = QSplitter(Qt.Orientation.Vertical)
        self.right_split.setObjectName(SPLITTERS[1])
        self.right_split.addWidget(document_pane)
        self.lower_tabs = QTabWidget()
        """The mapping table's tabs: features add theirs beside it (coreference clusters and scores, links)."""
        self.lower_tabs.setObjectName("lowerTabs")
        self.lower_tabs.setDocumentMode(True)
        keep_tab_text_whole(self.lower_tabs.tabBar())
        self.lower_tabs.addTab(mapping, "Mappings")
        self.right_split.addWidget(self.lower_tabs)
        self.right_split.setStretchFactor(0, 3)
        self.right_split.setStretchFactor(1, 2)
        self.right_split.setChildrenCollapsible(False)
        self.main_split = QSplitter(Qt.Orientation.Horizontal)
        self.main_split.setObjectName(SPLITTERS[0])
        self.main_split.addWidget(documents)
        self.main_split.addWidget(self.right_split)
        self.main_split.setStretchFactor(0, 1)
        self.main_split.setStretchFactor(1, 3)
        self.main_split.setChildrenCollapsible(False)
        self.main_split.setSizes([420, 940])
        self.right_split.setSizes([400, 260])
        # a short window keeps the text its share, and the text keeps at least 40 % (a restored layout)
        self.right_shares = SplitShares(self.right_split, floor=TEXT_SHARE_FLOOR)
        self.page = QWidget()
        """The document workspace (what the scoring mode shows)."""
        self.page.setObjectName("workspace")
        self.layout = QVBoxLayout(self.page)
        self.layout.setContentsMargins(6, 6, 6, 2)
        self.layout.setSpacing(5)
        self.layout.addWidget(summary)
        self.layout.addWidget(chip)
        self.layout.addWidget(self.main_split, 1)
        self.stack = QStackedWidget()
        self.stack.addWidget(welcome)
        self.stack.addWidget(self.page)
        central = QWidget()
        central.setObjectName("central")
        self.mode_layout = QVBoxLayout(central)  # the Agreement mode's tab bar goes above the stack
        self.mode_layout.setContentsMargins(0, 0, 0, 0)
        self.mode_layout.setSpacing(0)
        self.mode_layout.addWidget(self.stack, 1)
        window.setCentralWidget(central)
        self._lanes_text = document_pane.lanes.text()

    # -- the places modes add to (the window's WindowPort hands these on) --------------------------

    def add_page(self, page: QWidget) -> None:
        self.stack.addWidget(page)

    def show_page(self, page: QWidget | None) -> None:
        """Show a mode's page (None: the document workspace)."""
        self.stack.setCurrentWidget(page if page is not None else self.page)

    def prepare_page(self, page: QWidget) -> None:
        """A hidden page laid out and drawn once, off screen, at the stack's size: its first show then costs a
        repaint, not the layout, resize events and first paint of every part (the Compare mode's Pair page at
        2,000 documents: 48-55 ms of GUI CPU down to 35-38)."""
        if not page.isVisible():
            page.resize(self.stack.size())
            page.grab()

    def show_welcome(self) -> None:
        self.stack.setCurrentWidget(self.welcome)

    def current_page(self) -> QWidget | None:
        current = self.stack.currentWidget()
        return None if current is self.page else current

    def add_mode_bar(self, bar: QWidget) -> None:
        self.mode_layout.insertWidget(0, bar)

    def add_banner(self, banner: QWidget) -> None:
        self.layout.insertWidget(0, banner)

    def set_lanes_text(self, text: str | None) -> None:
        """The text view's lane legend (None: the usual one)."""
        self.document_pane.lanes.setText(text if text is not None else self._lanes_text)

    # -- stored layout ----------------------------------------------------------------------------

    def splitters(self) -> dict[str, Callable[[QByteArray], bool]]:
        """Each stored splitter's key and how to restore it (the window reads them with its other state)."""
        return {SPLITTERS[0]: self.main_split.restoreState, SPLITTERS[1]: self.right_split.restoreState}

    def restored(self) -> None:
        """After a restore: the shares of the restored layout are the ones kept."""
        self.right_shares.remember()

    def save(self, settings: QSettings) -> None:
        settings.setValue(SPLITTERS[0], self.main_split.saveState())
        settings.setValue(SPLITTERS[1], self.right_split.saveState())
