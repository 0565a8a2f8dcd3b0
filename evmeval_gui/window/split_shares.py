"""A splitter that keeps its panes' shares when the window (or a banner above it) changes its height.

QSplitter gives a lost height to whichever pane it meets first, so a short window, or a banner shown
above (a new document's token table), could leave the text a single line while the table below kept
its height. `SplitShares` remembers the shares (the first sizes it sees, then each drag of the handle)
and applies them again after every resize. A first pane given a `floor` never gets less than that
share, whatever a restored layout or a dock opening below says (the text pane of two lines).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QSplitter

TEXT_SHARE_FLOOR = 0.4
"""The text pane's smallest share of the text/table splitter: a dozen lines in a 768-pixel window."""


class SplitShares(QObject):
    """Keep `splitter`'s panes at the shares of their sizes (the user's drags change the shares)."""

    def __init__(self, splitter: QSplitter, *, floor: float = 0.0) -> None:
        super().__init__(splitter)
        self.splitter = splitter
        self.floor = floor
        """Smallest share of the first pane (0-1)."""
        self.shares: list[int] | None = None
        self._applying = False
        splitter.installEventFilter(self)
        splitter.splitterMoved.connect(lambda *_: self.remember())

    def remember(self) -> None:
        """The current sizes become the shares to keep (after a drag, or a restored layout)."""
        sizes = self.splitter.sizes()
        if sum(sizes) > 0 and not self._applying:
            self.shares = sizes
            if sizes[0] < self.floor * sum(sizes):  # a saved layout from a squeezed window: a usable share
                self.shares = [round(self.floor * sum(sizes)), *(round(v * (1 - self.floor)) for v in sizes[1:])]
                QTimer.singleShot(0, self, self.apply)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.splitter and event.type() == QEvent.Type.Resize:
            if self.shares is None:
                self.remember()
            QTimer.singleShot(0, self, self.apply)
        return False

    def apply(self) -> None:
        """Sizes in the remembered shares for the splitter's present length."""
        shares, splitter = self.shares, self.splitter
        if not shares or splitter.count() != len(shares):  # a pane added or taken away: its sizes now
            self.shares = None
            self.remember()
            return
        vertical = splitter.orientation() == Qt.Orientation.Vertical
        total = (splitter.height() if vertical else splitter.width()) - splitter.handleWidth() * (len(shares) - 1)
        if total <= 0:
            return
        whole = sum(shares)
        sizes = [total * s // whole for s in shares]
        sizes[-1] = total - sum(sizes[:-1])
        self._applying = True
        try:
            splitter.setSizes(sizes)
        finally:
            self._applying = False
