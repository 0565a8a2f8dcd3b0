"""The one outcome scheme (`evmeval.outcome_style`) as Qt colours, brushes and underline styles.

The scheme itself (colours, glyphs, labels, descriptions, order) is plain data in the library, shared with
the charts and the HTML report; this module only adapts it to Qt and paints bars, swatches and the
legend. Import outcome colours from here (or from `evmeval.outcome_style`), never spell them elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from evmeval import outcome_style
from evmeval.mention.outcomes import Outcome
from evmeval.outcome_style import OKABE_ITO
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPen, QPixmap, QTextCharFormat
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayout, QLayoutItem, QSizePolicy, QWidget

__all__ = ["OKABE_ITO", "OUTCOME_ORDER", "STYLES", "OutcomeLegend", "OutcomeStyle", "paint_bar", "style",
           "swatch_icon", "swatch_pixmap"]

_U = QTextCharFormat.UnderlineStyle
_PATTERNS: dict[str, Qt.BrushStyle] = {
    "solid": Qt.BrushStyle.SolidPattern, "bdiag": Qt.BrushStyle.BDiagPattern, "dense5": Qt.BrushStyle.Dense5Pattern,
    "hollow": Qt.BrushStyle.NoBrush, "diagcross": Qt.BrushStyle.DiagCrossPattern, "ver": Qt.BrushStyle.VerPattern,
    "hor": Qt.BrushStyle.HorPattern, "cross": Qt.BrushStyle.CrossPattern,
}
_UNDERLINES: dict[str, QTextCharFormat.UnderlineStyle] = {
    "single": _U.SingleUnderline, "dash": _U.DashUnderline, "wave": _U.WaveUnderline, "dot": _U.DotLine,
    "dashdot": _U.DashDotLine, "dashdotdot": _U.DashDotDotLine, "spellcheck": _U.SpellCheckUnderline,
    "none": _U.NoUnderline,
}


@dataclass(frozen=True)
class OutcomeStyle:
    """How one outcome is drawn in the window: the core scheme's entry with its Qt pattern and underline."""

    outcome: Outcome
    colour: str
    """Main colour (hex) for bars, swatches and chart series."""
    tint: str
    """A light version of `colour` for row backgrounds, readable under black text."""
    pattern: Qt.BrushStyle
    """Overlay pattern painted in white over the colour (SolidPattern: none; NoBrush: a hollow bar,
    outlined in the colour around its light tint). Each outcome has its own, so bars differ in
    greyscale too."""
    underline: QTextCharFormat.UnderlineStyle
    """Underline style for text documents (rich-text exports, labels)."""
    glyph: str
    label: str
    description: str

    @property
    def qcolor(self) -> QColor:
        return QColor(self.colour)

    @property
    def qtint(self) -> QColor:
        return QColor(self.tint)

    @property
    def short(self) -> str:
        """Glyph and label together, e.g. `≈ partial span`."""
        return f"{self.glyph} {self.label}"


def _qt_style(outcome: Outcome) -> OutcomeStyle:
    st = outcome_style.STYLES[outcome.value]
    return OutcomeStyle(outcome, st.colour, st.tint, _PATTERNS[st.pattern], _UNDERLINES[st.underline], st.glyph,
                        st.label, st.description)


_PRODUCED = {o.value for o in Outcome}
OUTCOME_ORDER: tuple[Outcome, ...] = tuple(Outcome(key) for key in outcome_style.ORDER if key in _PRODUCED)
"""Display order (the scheme's), for the outcomes the scorer produces."""

STYLES: dict[Outcome, OutcomeStyle] = {outcome: _qt_style(outcome) for outcome in OUTCOME_ORDER}

SELECTION_COLOUR = "#FFE08A"
"""Background behind the tokens of the selected mention(s)."""
TOKEN_SELECTION_COLOUR = "#CFE2FF"
"""Words selected for an edit (a new mention, a new span): blue, apart from a selected mention's yellow."""
TOKEN_SELECTION_EDGE = "#2F6FD0"
HOVER_COLOUR = "#E8EEF7"
"""Background behind the tokens of the mention under the mouse."""
OUTLINE_COLOUR = "#202020"
"""Outline of selected bars and swatches."""
MUTED_TEXT = "#6B6B6B"
"""Text that is secondary: untokenised words, hints, NaN dashes."""


def style(outcome: Outcome) -> OutcomeStyle:
    """The style of one outcome."""
    return STYLES[outcome]


def paint_bar(painter: QPainter, rect: QRectF, outcome: Outcome, *, selected: bool = False,
              hovered: bool = False, radius: float = 2.0) -> None:
    """Paint a mention bar (or legend swatch): colour, white pattern overlay, optional outline.

    Shared by the text view and the legend so that what the legend shows is what the text shows.
    """
    st = STYLES[outcome]
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if st.pattern is Qt.BrushStyle.NoBrush:
        painter.setPen(QPen(st.qcolor, 1.8))
        painter.setBrush(st.qtint)
        painter.drawRoundedRect(rect.adjusted(0.8, 0.8, -0.8, -0.8), radius, radius)
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(st.qcolor)
        painter.drawRoundedRect(rect, radius, radius)
    if st.pattern not in (Qt.BrushStyle.SolidPattern, Qt.BrushStyle.NoBrush):
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        brush = QBrush(QColor(255, 255, 255, 200), st.pattern)
        painter.setBrushOrigin(QPointF(0, 0))
        painter.setBrush(brush)
        painter.drawRect(rect.adjusted(1, 1, -1, -1))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if selected or hovered:
        pen = QPen(QColor(OUTLINE_COLOUR), 2.0 if selected else 1.0)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), radius + 1, radius + 1)
    painter.restore()


def swatch_pixmap(outcome: Outcome, size: QSize | None = None) -> QPixmap:
    """A small picture of the outcome's bar, for icons in tables, combo boxes and legends."""
    size = size or QSize(22, 12)
    pixmap = QPixmap(size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_bar(painter, QRectF(1, 2, size.width() - 2, size.height() - 4), outcome)
    painter.end()
    return pixmap


_ICONS: dict[Outcome, QIcon] = {}


def swatch_icon(outcome: Outcome) -> QIcon:
    """`swatch_pixmap` as a cached icon (needs a QApplication)."""
    icon = _ICONS.get(outcome)
    if icon is None:
        icon = _ICONS[outcome] = QIcon(swatch_pixmap(outcome))
    return icon


class _Swatch(QWidget):
    """One legend entry's bar sample."""

    def __init__(self, outcome: Outcome, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outcome = outcome
        self.setFixedSize(22, 14)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        paint_bar(painter, QRectF(1, 3, 20, 9), self.outcome)
        painter.end()


class _FlowLayout(QLayout):
    """Lays items out left to right and wraps them onto more lines when the width runs out."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 10, line_spacing: int = 2) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self._line_spacing = line_spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        width = sum(i.sizeHint().width() for i in self._items) + self._spacing * max(len(self._items) - 1, 0)
        height = max((i.sizeHint().height() for i in self._items), default=0)
        return QSize(width, height)

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        x, y, line_height = rect.x(), rect.y(), 0
        for item in self._items:
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x = rect.x()
                y += line_height + self._line_spacing
                line_height = 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            line_height = max(line_height, hint.height())
        return y + line_height - rect.y()


class OutcomeLegend(QWidget):
    """A legend: bar sample, glyph, label and (optionally) how many mentions of each outcome.

    `set_counts(None)` hides the numbers. Each entry's tooltip says what the outcome means; entries
    wrap onto a second line when the legend is narrow. `prefix` text and a `suffix` widget (a hint)
    wrap with the entries.
    """

    def __init__(self, parent: QWidget | None = None, *, prefix: str = "", suffix: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self._flow = _FlowLayout(self)
        if prefix:
            lead = QLabel(prefix)
            lead.setStyleSheet(f"color: {MUTED_TEXT};")
            layout.addWidget(lead)
        self._labels: dict[Outcome, QLabel] = {}
        self._entries: dict[Outcome, QWidget] = {}
        for outcome in OUTCOME_ORDER:
            st = STYLES[outcome]
            entry = QWidget()
            row = QHBoxLayout(entry)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(3)
            swatch = _Swatch(outcome)
            label = QLabel()
            label.setTextFormat(Qt.TextFormat.PlainText)
            entry.setToolTip(f"{st.glyph} {st.label}: {st.description}")
            row.addWidget(swatch)
            row.addWidget(label)
            layout.addWidget(entry)
            self._labels[outcome] = label
            self._entries[outcome] = entry
        if suffix is not None:
            layout.addWidget(suffix)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.set_counts(None)

    def set_counts(self, counts: dict[Outcome, int] | None) -> None:
        """Show `label (n)` per outcome, or only the labels when `counts` is None."""
        for outcome, label in self._labels.items():
            st = STYLES[outcome]
            text = st.short if counts is None else f"{st.short} {counts.get(outcome, 0)}"
            label.setText(text)
            if outcome is Outcome.NOT_IN_TEXT:  # only string predictions have it: shown when there are some
                self._entries[outcome].setHidden(not (counts or {}).get(outcome, 0))
        self._flow.invalidate()

    def label_text(self, outcome: Outcome) -> str:
        """What the legend currently says for one outcome (for tests and accessibility)."""
        return self._labels[outcome].text()
