"""A long document laid out a screen first (issue 34: what a click does grows with what is visible, not with
the document): the click that shows it places the words down to twice the view's height, the rest is placed
in short steps, each a turn of its own (`evmeval_gui.turns`: the jobs wait until the last has run and is painted,
within that module's bounds), and the whole layout replaces the first part when it is done.

The part's lines are the whole layout's first lines (`text_layout.LayoutBuilder`), so what is on screen does not
move when the rest arrives. Whatever needs a place further down (a selected mention, a word, the ruler) asks
`TextView.complete_layout` first.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from evmeval_gui.model.doctext import DocumentText
from evmeval_gui.model.text_layout import Layout, LayoutBuilder, Metrics
from evmeval_gui.turns import next_turn

IN_STEPS_FROM = 6000
"""Segments (words and the spaces between them) above which a document is laid out a screen first: about
3,000 tokens, 4-5 ms of the GUI thread laid out at once (MAVEN-ERE's longest documents have ~1,600)."""
STEP = 6000
"""Segments placed per turn of the event loop after the first screen (a few ms each)."""


class StepLayout(QObject):
    """Lays out one document at a time, a screen first when it is long; `arrived(layout)` with the whole."""

    def __init__(self, arrived: Callable[[Layout], None], parent: QObject) -> None:
        super().__init__(parent)
        self._arrived = arrived
        self._builder: LayoutBuilder | None = None
        self._run = 0
        """Which document a pending turn places: a turn left from one stopped does nothing."""

    def start(self, doc: DocumentText, measure: Callable[[str], float], width: float, metrics: Metrics,
              height: float) -> Layout:
        """The layout to show now: the whole document's when it is short, else its lines down to twice
        `height` pixels (the rest follows through `arrived`)."""
        self.stop()
        builder = LayoutBuilder(doc, measure, width, metrics)
        if len(doc.segments) <= IN_STEPS_FROM:
            return builder.finish()
        m = builder.out.metrics
        lowest = m.text_height + 2 * (m.lane_pitch + m.text_pad) + m.line_gap  # a line with one track a side
        wanted = int(2 * height / max(lowest, 1.0)) + 2
        while not builder.done and builder.lines <= wanted:
            builder.advance(256)
        if builder.done:
            return builder.finish()
        self._builder = builder
        self._later()
        return builder.partial()

    @property
    def pending(self) -> bool:
        """Whether a document's rest is still being placed."""
        return self._builder is not None

    def stop(self) -> None:
        """Forget the document being placed (another is shown, or it is laid out at once)."""
        self._builder = None
        self._run += 1

    def finish(self) -> Layout | None:
        """The whole layout of the document being placed, placed now (None: nothing pending)."""
        builder = self._builder
        self.stop()
        return builder.finish() if builder is not None else None

    def _later(self) -> None:
        run = self._run
        next_turn(lambda: self._step(run), self)

    def _step(self, run: int) -> None:
        builder = self._builder
        if builder is None or run != self._run:
            return
        builder.advance(STEP)
        if builder.done:
            self.stop()
            self._arrived(builder.finish())
        else:
            self._later()
