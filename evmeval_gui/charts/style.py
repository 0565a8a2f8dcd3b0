"""Colours and fonts shared by the charts.

Outcome colours come from the one scheme (`evmeval.outcome_style`). Precision, recall and F1
are not outcomes, so the score bars use neutral slate shades that differ in lightness (they read in
greyscale and cannot be mistaken for an outcome colour); they are named here, once.
"""

from __future__ import annotations

from collections.abc import Mapping

from evmeval.mention.outcomes import Outcome
from evmeval.outcome_style import outcome_style
from PySide6.QtGui import QColor, QFont

from evmeval_gui.colours import OUTLINE_COLOUR, SELECTION_COLOUR

METRIC_COLOURS: Mapping[str, str] = {"precision": "#c3cedb", "recall": "#7b8ea6", "f1": "#2f4560"}
"""Grouped score bars: one shade per metric, light to dark."""

BAR_COLOUR = "#5b6f86"
"""Single-series bars (per-type F1) and the document points."""

CURRENT_FILL = SELECTION_COLOUR
CURRENT_OUTLINE = OUTLINE_COLOUR
"""The current document / combination is marked like the window's selection."""

TEXT_COLOUR = "#222222"
MUTED = "#6b6b6b"
LABEL_STYLE = {"font-size": "10pt", "color": TEXT_COLOUR}
TITLE_SIZE = "11pt"


def outcome_hex(outcome: Outcome) -> str:
    """The scheme's colour of an outcome (`#rrggbb`)."""
    return outcome_style(outcome).colour


def qcolour(value: str, alpha: int = 255) -> QColor:
    """A QColor from `#rrggbb` with an alpha 0-255."""
    c = QColor(value)
    c.setAlpha(alpha)
    return c


def font(point_size: float = 9.0) -> QFont:
    """The application font at `point_size` (charts use 7.5-11 pt)."""
    f = QFont()
    f.setPointSizeF(point_size)
    return f
