"""Table columns by priority: what matters stays in view, the rest yields; elided text in full on hover.

A narrow table (1024 pixels with the charts open) used to scroll its last column, the one the user
reads first, out of sight. `fit_columns` decides instead, from the viewport's width alone, which
columns shrink to a minimum and which hide, in an order the table gives (text columns first); the
columns it never yields stay at their width. `FullTextTips` shows a cell's whole text when the table
has elided it and the model gives no tooltip of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QAbstractItemView, QTableView, QToolTip


@dataclass(frozen=True)
class Yield:
    """One step of giving way: `columns` shrink to `width` pixels, or hide (`width` None)."""

    columns: tuple[int, ...]
    width: int | None = None


@dataclass(frozen=True)
class ColumnPlan:
    widths: dict[int, int]
    hidden: frozenset[int]

    def total(self) -> int:
        return sum(w for c, w in self.widths.items() if c not in self.hidden)


def fit_columns(available: int, natural: dict[int, int], steps: Sequence[Yield],
                grow: Sequence[Sequence[int]] = ()) -> ColumnPlan:
    """Widths and hidden columns for a viewport `available` pixels wide: the `steps` are taken in
    order until the visible columns fit; what is then left widens the columns shrunk last first, a step's
    alike (up to their natural width), and what remains after that is shared by the first of the `grow`
    groups with a column still visible (a later group stands in when the steps hid an earlier one: the table never
    leaves empty room right of its last column). A step's hidden columns come back, the last hidden first, when
    the room a later step freed holds them (at 1024 pixels hiding the types left room for Dice, hidden before them)."""
    widths = dict(natural)
    hidden: set[int] = set()
    shrunk: list[list[int]] = []
    hid: list[list[int]] = []
    for step in steps:
        if ColumnPlan(widths, frozenset(hidden)).total() <= available:
            break
        shrunk.append([])
        hid.append([])
        for column in step.columns:
            if step.width is None:
                if column not in hidden:
                    hidden.add(column)
                    hid[-1].append(column)
            elif widths[column] > step.width:
                widths[column] = step.width
                shrunk[-1].append(column)
    spare = available - ColumnPlan(widths, frozenset(hidden)).total()
    for group in reversed(hid):
        if group and sum(widths[c] for c in group) <= spare:
            hidden.difference_update(group)
            spare -= sum(widths[c] for c in group)
    for group in reversed(shrunk):  # a step's columns share alike (gold's types as wide as the system's)
        while spare > 0 and (wanting := [c for c in group if c not in hidden and widths[c] < natural[c]]):
            share = max(spare // len(wanting), 1)
            for column in wanting:
                give = min(share, natural[column] - widths[column], spare)
                widths[column] += give
                spare -= give
    growing = next(([c for c in group if c not in hidden] for group in grow
                    if any(c not in hidden for c in group)), [])
    if spare > 0 and growing:
        share, odd = divmod(spare, len(growing))
        for n, column in enumerate(growing):
            widths[column] += share + (n < odd)  # every pixel given: the columns end where the viewport does
    return ColumnPlan(widths, frozenset(hidden))


def apply_plan(table: QTableView, plan: ColumnPlan) -> None:
    """Resize and hide as planned, touching only what changes (each change relayouts the viewport)."""
    header = table.horizontalHeader()
    for column, width in plan.widths.items():
        hide = column in plan.hidden
        if table.isColumnHidden(column) != hide:
            table.setColumnHidden(column, hide)
        if not hide and header.sectionSize(column) != width:
            header.resizeSection(column, width)


def whole_width(view: QTableView, column: int) -> int:
    """A column's width with its heading and its widest cell whole (a hidden heading's hint is 0)."""
    return max(view.horizontalHeader().sectionSizeHint(column), view.sizeHintForColumn(column))


class FittedColumns(QObject):
    """A table's columns planned by `fit_columns` whenever its viewport's width changes (a user's drag of a column
    holds until then); `natural` and `steps` may be set again (`set_natural`) when the rows change."""

    def __init__(self, view: QTableView, natural: dict[int, int], steps: Sequence[Yield],
                 grow: Sequence[Sequence[int]] = ()) -> None:
        super().__init__(view)
        self.view = view
        self.natural, self.steps, self.grow = natural, tuple(steps), tuple(grow)
        self.plan: ColumnPlan | None = None
        view.horizontalHeader().setStretchLastSection(False)  # the plan fills the viewport (a stretch fights it)
        self._viewport = view.viewport()
        self._viewport.installEventFilter(self)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self._viewport:
            self.fit()
        return False

    def set_natural(self, natural: dict[int, int], steps: Sequence[Yield] | None = None) -> None:
        self.natural = natural
        self.steps = self.steps if steps is None else tuple(steps)
        self.plan = None
        self.fit()

    def fit(self) -> None:
        plan = fit_columns(self._viewport.width(), self.natural, self.steps, self.grow)
        if plan != self.plan:
            self.plan = plan
            apply_plan(self.view, plan)


class FullTextTips(QObject):
    """On hover over a cell the view elided, its full text as a tooltip (when the model has none).

    An event filter rather than a delegate: a Python delegate on every cell slows a table's repaint,
    a tooltip is asked for once per hover."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return False
        index = self.view.indexAt(event.pos())
        if not index.isValid() or index.data(Qt.ItemDataRole.ToolTipRole):
            return False
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if not isinstance(text, str) or not text:
            return False
        rect = self.view.visualRect(index)
        room = rect.width() - 8
        if index.data(Qt.ItemDataRole.DecorationRole) is not None:
            room -= self.view.iconSize().width() if self.view.iconSize().isValid() else 16
        if self.view.fontMetrics().horizontalAdvance(text) <= room:
            return False
        QToolTip.showText(event.globalPos(), text, self.view.viewport(), rect)
        return True


def elide_in_the_middle(view: QAbstractItemView) -> FullTextTips:
    """Both ends of an id or a name tell it apart (`bolt-eng-…8882762`); the whole on hover."""
    view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    return FullTextTips(view)


class RowsHeight(QObject):
    """A table no taller than its rows (and its sideways scroll bar while that shows): under a leaderboard of two
    systems ~90 pixels stayed white at 1600x1000; now they go to what shares the splitter with it. A long table
    still takes the share it is given, and scrolls."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self.view = view
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.layoutChanged):
            signal.connect(self.fit)
        view.horizontalScrollBar().rangeChanged.connect(lambda *_: self.fit())
        view.verticalHeader().sectionResized.connect(lambda *_: self.fit())
        self.fit()

    def fit(self) -> None:
        view = self.view
        bar = view.horizontalScrollBar()
        header = view.horizontalHeader()
        height = (view.verticalHeader().length() + 2 * view.frameWidth()
                  + (header.sizeHint().height() if not header.isHidden() else 0)
                  + (bar.sizeHint().height() if bar.maximum() > 0 else 0))
        if view.maximumHeight() != height:
            view.setMaximumHeight(height)
