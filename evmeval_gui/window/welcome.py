"""The welcome page (no corpus open yet) and the filter chip over the tables."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from evmeval_gui import colours
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.recent import Recent, RecentEntries

APP_NAME = "EvmEval Studio"


class WelcomePage(QWidget):
    """Shown while no corpus is open: what the program does, Open… / Open demo and recent corpora."""

    def __init__(self, *, on_open: Callable[[], object], on_demo: Callable[[], object],
                 on_compare: Callable[[], object], on_recent: Callable[[Recent], object],
                 on_new: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.setObjectName("welcomePage")
        self._on_recent = on_recent
        title = QLabel(APP_NAME)
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 2.0)
        font.setBold(True)
        title.setFont(font)
        blurb = QLabel("Compare a system's event mentions with a gold standard, document by document, with the "
                       "numbers of the published EvmEval v1.8 scorer. Open a gold .tbf file and one or more "
                       "system .tbf files (or drop them on this window), or look around in the demo corpus. To see how "
                       "far two or more annotators agree, use Compare annotators… below; New document… scores one "
                       "document you mark up by pointing and clicking.")
        blurb.setWordWrap(True)
        blurb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        blurb.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.open_button = QPushButton("Open…")
        self.open_button.setObjectName("welcomeOpen")
        self.open_button.clicked.connect(lambda _=False: on_open())
        self.demo_button = QPushButton("Open demo")
        self.demo_button.setObjectName("welcomeDemo")
        self.demo_button.clicked.connect(lambda _=False: on_demo())
        self.compare_button = QPushButton("Compare annotators…")
        self.compare_button.setObjectName("welcomeCompare")
        self.compare_button.setToolTip("Inter-annotator agreement of two or more annotation sets (tbf or brat)")
        self.compare_button.clicked.connect(lambda _=False: on_compare())
        self.new_button = QPushButton("New document…")
        self.new_button.setObjectName("welcomeNew")
        self.new_button.setToolTip("Type or paste a text and mark gold and system mentions by clicking words "
                                   "(File › New document, Ctrl+N)")
        self.new_button.clicked.connect(lambda _=False: on_new() if on_new is not None else None)
        self.new_button.setVisible(on_new is not None)
        for button in (self.open_button, self.demo_button, self.new_button, self.compare_button):
            button.setMinimumWidth(130)
            button.setMinimumHeight(32)
        self.open_button.setDefault(True)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.demo_button)
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.compare_button)
        buttons.addStretch(1)
        self.status = QLabel()
        self.status.setObjectName("welcomeStatus")
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.recent_title = QLabel("<b>Recent</b>")
        self.recent_box = QVBoxLayout()
        self.recent_box.setSpacing(2)
        inner = QVBoxLayout()
        inner.setSpacing(14)
        inner.addWidget(title, 0, Qt.AlignmentFlag.AlignCenter)
        inner.addWidget(blurb)
        inner.addLayout(buttons)
        inner.addWidget(self.status)
        inner.addSpacing(8)
        inner.addWidget(self.recent_title, 0, Qt.AlignmentFlag.AlignCenter)
        inner.addLayout(self.recent_box)
        tip = QLabel("Tip: drop .tbf files, or a folder holding gold.tbf, system files and tkn/ txt/, on the window.")
        tip.setWordWrap(True)
        tip.setAlignment(Qt.AlignmentFlag.AlignCenter)
        tip.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        inner.addWidget(tip)
        box = QWidget()
        box.setFixedWidth(640)
        box.setLayout(inner)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(box)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(2)
        outer.addLayout(row)
        outer.addStretch(3)

    def set_recent(self, requests: Sequence[Recent], entries: RecentEntries) -> None:
        """List `requests` (newest first), named as `entries` name them."""
        while self.recent_box.count():
            item = self.recent_box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.recent_title.setVisible(bool(requests))
        for request in requests:
            button = QPushButton(entries.entry_name(request))
            button.setFlat(True)
            button.setToolTip("\n".join(entries.entry_paths(request)))
            button.setStyleSheet("text-align: center; color: #0B5CAD;")
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _=False, r=request: self._on_recent(r))
            self.recent_box.addWidget(button)

    def set_status(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #B3261E;" if error else f"color: {colours.MUTED_TEXT};")


class FilterChip(QFrame):
    """"Filtered: <label> ✕" above the tables while a chart's filter is on; clicking clears it."""

    def __init__(self, on_clear: Callable[[], None]) -> None:
        super().__init__()
        self.setObjectName("filterChip")
        self.button = QToolButton()
        self.button.setObjectName("filterChipButton")
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.button.setStyleSheet("QToolButton { background: #E3ECF7; border: 1px solid #9DB7D5; border-radius: 10px;"
                                  " padding: 2px 10px; } QToolButton:hover { background: #D2E1F2; }")
        self.button.setToolTip("Clear the filter and show every document and row again")
        self.button.clicked.connect(on_clear)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.button)
        layout.addStretch(1)
        self.hide()

    def show_filter(self, chart_filter: ChartFilter | None) -> None:
        """Follow the session's filter: "Filtered: <label> ✕", or hidden without one."""
        if chart_filter is None:
            self.hide()
            return
        self.button.setText(f"Filtered: {chart_filter.label}  ✕")
        self.show()
