"""The mapping table's columns: their order and headers, their widths by priority, the group separator.

Outcome, the ids and the reading order never give way: they are what a row is about. On a narrow
table (1024 pixels with the charts open) the text columns yield first (the text view shows the
words), then realis and types shrink, then realis, Dice and types hide; a hidden column's values are in the id's tooltip
(`MappingTableModel._tooltip`). Widths follow the viewport's, decided from it alone (`fit_columns`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QStyleOptionViewItem, QTableView

from evmeval_gui.table_fit import ColumnPlan, FullTextTips, Yield, apply_plan, elide_in_the_middle, fit_columns

(POS, G_ID, G_TEXT, G_TYPE, G_REALIS, S_ID, S_TEXT, S_TYPE, S_REALIS, DICE, OUTCOME) = range(11)
HEADERS = ("#", "Gold id", "Text", "Type", "Realis", "System id", "Text", "Type", "Realis", "Dice", "Outcome")
HEADER_TIPS = (
    "Reading order: where the row's mentions start in the text",
    "Gold mention id", "Gold mention text", "Gold event type (as written)", "Gold realis (as written)",
    "System mention id", "System mention text", "System event type (as written)", "System realis (as written)",
    "Dice overlap of the two spans, 2|G∩S| / (|G|+|S|), as in the comparison file",
    "What happened to the mention(s) under the chosen attribute combination",
)
SYSTEM_FIRST = S_ID
TSV_HEADERS = ("#", "Gold id", "Gold text", "Gold type", "Gold realis", "System id", "System text", "System type",
               "System realis", "Dice", "Outcome")
"""The copied rows' header: the table's, with the side named (both halves have Text, Type, Realis)."""

KEPT = (POS, G_ID, S_ID, OUTCOME)
"""The columns that never yield."""

_Index = QModelIndex | QPersistentModelIndex


class _GroupDelegate(QStyledItemDelegate):
    """Draws a separator before the system columns and before Dice (Outcome when Dice is hidden), so
    the two sides read as two groups; long types lose their middle (`Movement…Artifact` keeps family
    and subtype), the full name is the tooltip."""

    COLUMNS = (G_ID, G_REALIS, S_ID, S_REALIS, DICE, OUTCOME)
    """The columns it paints differently from the table's own delegate (a separator before them); every
    text is elided in the middle, the table's own mode: both ends of an id or a type tell it apart."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table

    def paint(self, painter, option: QStyleOptionViewItem, index: _Index) -> None:
        super().paint(painter, option, index)
        column = index.column()
        if column in (SYSTEM_FIRST, DICE) or (column == OUTCOME and self.table.isColumnHidden(DICE)):
            painter.save()
            painter.setPen(QColor("#9AA3AD"))
            painter.drawLine(option.rect.topLeft(), option.rect.bottomLeft())
            painter.restore()


class MappingColumns(QObject):
    """Sets up `table`'s columns and fits them to its viewport at every resize."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table
        # only where it changes something: a Python delegate on every cell costs a document switch ~10 ms
        delegate = _GroupDelegate(table)
        for column in _GroupDelegate.COLUMNS:
            table.setItemDelegateForColumn(column, delegate)
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
                        OUTCOME: fm.horizontalAdvance("≠ wrong attribute") + 40}
        least = fm.horizontalAdvance("999") + 14
        self.steps = (Yield((G_TEXT, S_TEXT), fm.horizontalAdvance("attacked") + 12), Yield((G_TEXT, S_TEXT)),
                      Yield((G_REALIS, S_REALIS), fm.horizontalAdvance("Actual") + 12),
                      Yield((G_TYPE, S_TYPE), fm.horizontalAdvance("Life…Die") + 12),
                      Yield((G_REALIS, S_REALIS)), Yield((DICE,)), Yield((G_TYPE, S_TYPE)))
        for column in range(len(HEADERS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, self.natural[column])
        header.setMinimumSectionSize(least)
        self.plan: ColumnPlan | None = None
        self._viewport = table.viewport()
        self._viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self._viewport:
            self.fit()
        return False

    def fit(self) -> None:
        """Widths for the viewport's width: types share what a wide table has left; a narrow one gives
        way in `steps` order (a user's drag of a column holds until the next resize)."""
        plan = fit_columns(self.table.viewport().width(), self.natural, self.steps, grow=(G_TYPE, S_TYPE))
        if plan != self.plan:
            self.plan = plan
            apply_plan(self.table, plan)

    def hidden(self) -> frozenset[int]:
        """The columns given way entirely at the present width."""
        return self.plan.hidden if self.plan is not None else frozenset()
