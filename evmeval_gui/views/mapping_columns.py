"""The mapping table's columns: their order and headers, their widths by priority, the group separator.

Outcome, the ids and the reading order never give way: they are what a row is about. On a narrow
table (1024 pixels with the charts open) the text columns yield first (the text view shows the
words), then realis and types shrink, then realis, Dice and types hide; a hidden column's values are in the id's
tooltip (`MappingTableModel._tooltip`). Realis columns holding nothing but `NOT_ANNOTATED` (formats without realis)
are not shown at all. Widths follow the viewport's, decided from it alone (`fit_columns`), and fill it (`GROW`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QHeaderView, QTableView

from evmeval_gui.table_fit import ColumnPlan, FullTextTips, Yield, apply_plan, elide_in_the_middle, fit_columns

if TYPE_CHECKING:
    from evmeval_gui.model.session import Session

(POS, G_ID, G_TEXT, G_TYPE, G_REALIS, S_ID, S_TEXT, S_TYPE, S_REALIS, DICE, OUTCOME, UNIT) = range(12)
"""`UNIT` (the window or sentence) comes last in the model and is shown second (`MappingColumns`)."""
HEADERS = ("#", "Gold id", "Text", "Type", "Realis", "System id", "Text", "Type", "Realis", "Dice", "Outcome",
           "Window")
HEADER_TIPS = (
    "Reading order: where the row's mentions start in the text",
    "Gold mention id", "Gold mention text", "Gold event type (as written)", "Gold realis (as written)",
    "System mention id", "System mention text", "System event type (as written)", "System realis (as written)",
    "Dice overlap of the two spans, 2|G∩S| / (|G|+|S|), as in the comparison file",
    "What happened to the mention(s) under the chosen attribute combination",
    "The window (TextEE) or sentence (DyGIE++) the row's mentions are in; the id columns show their ids in it",
)
SYSTEM_FIRST = S_ID
TSV_HEADERS = ("#", "Gold id", "Gold text", "Gold type", "Gold realis", "System id", "System text", "System type",
               "System realis", "Dice", "Outcome", "Window")
"""The copied rows' header: the table's, with the side named (both halves have Text, Type, Realis)."""

KEPT = (POS, G_ID, S_ID, OUTCOME)
"""The columns that never yield (the window too, when shown)."""
GROW = ((G_TYPE, S_TYPE), (G_TEXT, S_TEXT), (OUTCOME,))
"""Who takes what a table has left beyond the columns' natural widths: the types, or when they gave way the
texts, or else Outcome, the last column shown (never empty room right of it)."""
UNIT_WIDEST = 220
"""Most pixels the `UNIT` column takes at its natural width (a TextEE window id can be long)."""
UNIT_NAMES = {"textee": "Window", "dygiepp": "Sentence"}
"""The `UNIT` column's header by event format: the formats whose mention ids name their window or sentence."""


def unit_label(session: Session) -> str | None:
    """The `UNIT` column's header for the session's shown corpus, or None when its ids name no unit (tbf)."""
    corpus = session.corpus
    events = corpus.events if corpus is not None else ()
    index = session.system_index
    return UNIT_NAMES.get(events[index].format) if 0 <= index < len(events) else None


def split_id(mention_id: str) -> tuple[str, str]:
    """A TextEE or DyGIE++ mention id's window (or sentence) and its id there (the library's one rule)."""
    from evmeval.conventions.ours import mention_unit  # loaded already with the event corpus

    return mention_unit(mention_id)


def copied_columns(units: bool) -> list[int]:
    """The columns Ctrl+C copies, in the order shown: the window second when there is one."""
    return [POS, *([UNIT] if units else []), *range(G_ID, OUTCOME + 1)]



class GroupedTable(QTableView):
    """The mapping table's view: a separator before the system columns and before Dice (Outcome when
    Dice is hidden), so the two sides read as two groups.

    Drawn once per paint over the cells, not by a Python delegate per cell: a document switch paints
    ~100 cells of those columns, each a call into Python and back (~5 ms a switch on a loaded machine)."""

    def paintEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().paintEvent(event)
        model = self.model()
        rows = model.rowCount() if model is not None else 0
        if rows == 0:
            return
        bottom = min(self.viewport().height(), self.rowViewportPosition(rows - 1) + self.rowHeight(rows - 1))
        painter = QPainter(self.viewport())
        painter.setPen(QColor("#9AA3AD"))
        for column in (SYSTEM_FIRST, OUTCOME if self.isColumnHidden(DICE) else DICE):
            x = self.columnViewportPosition(column)
            if 0 <= x <= self.viewport().width() and not self.isColumnHidden(column):
                painter.drawLine(x, 0, x, bottom - 1)
        painter.end()


class MappingColumns(QObject):
    """Sets up `table`'s columns and fits them to its viewport at every resize."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table
        self.tips: FullTextTips = elide_in_the_middle(table)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        fm = table.fontMetrics()
        text = fm.horizontalAdvance("arrested and") + 12
        realis = fm.horizontalAdvance("Generic") + 20
        kind = fm.horizontalAdvance("Justice_Arrest-Jail") + 10
        self.natural = {POS: fm.horizontalAdvance("999") + 14, G_ID: fm.horizontalAdvance("Gold id") + 22,
                        S_ID: fm.horizontalAdvance("System id") + 22, G_TEXT: text, S_TEXT: text,
                        G_TYPE: kind, S_TYPE: kind, G_REALIS: realis, S_REALIS: realis,
                        DICE: fm.horizontalAdvance("Dice") + 24,
                        OUTCOME: fm.horizontalAdvance("≠ wrong attribute") + 40,
                        UNIT: fm.horizontalAdvance("Window") + 22}
        least = fm.horizontalAdvance("999") + 14
        self.steps = (Yield((G_TEXT, S_TEXT), fm.horizontalAdvance("attacked") + 12), Yield((G_TEXT, S_TEXT)),
                      Yield((G_REALIS, S_REALIS), fm.horizontalAdvance("Actual") + 12),
                      Yield((G_TYPE, S_TYPE), fm.horizontalAdvance("Life…Die") + 12),
                      Yield((G_REALIS, S_REALIS)), Yield((DICE,)), Yield((G_TYPE, S_TYPE)))
        for column in range(len(HEADERS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, self.natural[column])
        header.setMinimumSectionSize(least)
        header.moveSection(header.visualIndex(UNIT), 1)  # the window before the ids it holds
        self.unit_step = Yield((UNIT,), fm.horizontalAdvance("ENG…D1-0") + 12)
        """A long window id gives way after the texts (elided in the middle, whole on hover)."""
        self.units = False
        """Whether the `UNIT` column is shown (a TextEE or DyGIE++ corpus)."""
        self.realis = True
        """Whether the realis columns are shown (not when every row's realis is `NOT_ANNOTATED`: `show_realis`)."""
        table.setColumnHidden(UNIT, True)
        self.plan: ColumnPlan | None = None
        self._viewport = table.viewport()
        self._viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self._viewport:
            self.fit()
        return False

    def fit(self) -> None:
        """Widths for the viewport's width: types (or `GROW`'s next) share what a wide table has left; a narrow
        one gives way in `steps` order (a user's drag of a column holds until the next resize)."""
        absent = ({UNIT} if not self.units else set()) | ({G_REALIS, S_REALIS} if not self.realis else set())
        natural = {c: w for c, w in self.natural.items() if c not in absent}
        every = (*self.steps[:2], self.unit_step, *self.steps[2:]) if self.units else self.steps
        steps = tuple(s for s in every if not absent.intersection(s.columns))
        plan = fit_columns(self.table.viewport().width(), natural, steps, grow=GROW)
        if absent:
            plan = ColumnPlan({**plan.widths, **{c: self.natural[c] for c in absent}}, plan.hidden | absent)
        if plan != self.plan:
            self.plan = plan
            apply_plan(self.table, plan)

    def show_units(self, header: str | None, units: Sequence[str] = ()) -> None:
        """Show the `UNIT` column under `header`, as wide as its widest `units` (a TextEE window's id, a
        DyGIE++ sentence's number), or hide it (`header` None: ids that name no window)."""
        fm = self.table.fontMetrics()
        width = min(max((fm.horizontalAdvance(t) for t in (header or "", *units)), default=0) + 22, UNIT_WIDEST)
        shown = header is not None
        if shown != self.units or (shown and width != self.natural[UNIT]):
            self.units = shown
            self.natural[UNIT] = width
            self.plan = None
            self.fit()

    def show_realis(self, shown: bool) -> None:
        """Show the realis columns, or hide them when the rows have no realis to show (TextEE, DyGIE++, MAVEN:
        every mention's is `NOT_ANNOTATED`, which only took space from the types)."""
        if shown != self.realis:
            self.realis = shown
            self.plan = None
            self.fit()

    def hidden(self) -> frozenset[int]:
        """The columns given way entirely at the present width."""
        return self.plan.hidden if self.plan is not None else frozenset()
