"""Colours of the Agreement mode: one per annotator, and the F1 scale of the matrix.

Annotators take Okabe-Ito colours (the window's palette, `colours.OKABE_ITO`), always drawn with the
annotator's number in them, so the colour only helps to find an annotator again and never carries a
meaning alone. The F1 scale is a single-hue ramp from near white to dark slate-blue whose lightness
falls steadily: it reads in greyscale and for colour-blind users, and it uses no outcome colour (an
F1 is not an outcome), like the charts' neutral score shades.
"""

from __future__ import annotations

import html
import itertools
import math

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

from evmeval_gui.colours import OKABE_ITO

ANNOTATOR_COLOURS: tuple[str, ...] = (
    OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["bluish_green"], OKABE_ITO["reddish_purple"],
    OKABE_ITO["sky_blue"], OKABE_ITO["vermillion"], OKABE_ITO["yellow"], OKABE_ITO["black"],
)
"""Annotator k gets colour k modulo 8 (its number tells two annotators of one colour apart)."""

F1_SCALE: tuple[tuple[float, str], ...] = ((0.0, "#F7F9FC"), (0.5, "#9FB6D3"), (0.8, "#4F6F98"), (1.0, "#1B2F4E"))
"""Stops of the F1 ramp (0 … 1): lightness falls steadily, so darker always means higher agreement."""
DIAGONAL_COLOUR = "#E4E4E4"
"""An annotator against itself: no figure to show."""
UNDEFINED_COLOUR = "#FFFFFF"
"""A pair whose F1 is undefined (neither annotator marked anything)."""
DARK_TEXT = "#1A1A1A"
LIGHT_TEXT = "#FFFFFF"


def annotator_colour(index: int) -> str:
    """The colour of annotator `index` (0-based)."""
    return ANNOTATOR_COLOURS[index % len(ANNOTATOR_COLOURS)]


def tag(index: int) -> str:
    """The annotator's number as the window and the `evmeval-iaa` report write it: `[1]`, `[2]`, …"""
    return f"[{index + 1}]"


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (WCAG relative luminance)."""
    c = QColor(colour)

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())
    return DARK_TEXT if luminance > 0.22 else LIGHT_TEXT


def f1_colour(value: float) -> str:
    """The ramp's colour for an F1 in 0 … 1 (linear between stops); NaN: `UNDEFINED_COLOUR`."""
    if math.isnan(value):
        return UNDEFINED_COLOUR
    v = min(max(value, 0.0), 1.0)
    for (p0, c0), (p1, c1) in itertools.pairwise(F1_SCALE):
        if v <= p1:
            t = 0.0 if p1 == p0 else (v - p0) / (p1 - p0)
            a, b = QColor(c0), QColor(c1)
            return QColor(round(a.red() + t * (b.red() - a.red())), round(a.green() + t * (b.green() - a.green())),
                          round(a.blue() + t * (b.blue() - a.blue()))).name()
    return F1_SCALE[-1][1]


def annotator_pixmap(index: int, size: QSize | None = None) -> QPixmap:
    """A rounded chip in the annotator's colour with its number: the annotator's mark everywhere."""
    size = size or QSize(26, 18)
    pixmap = QPixmap(size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    colour = annotator_colour(index)
    painter.setPen(QColor("#404040"))
    painter.setBrush(QColor(colour))
    painter.drawRoundedRect(QRectF(0.5, 0.5, size.width() - 1, size.height() - 1), 4, 4)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(9, size.height() - 6))
    painter.setFont(font)
    painter.setPen(QColor(text_on(colour)))
    painter.drawText(QRectF(0, 0, size.width(), size.height()), int(Qt.AlignmentFlag.AlignCenter), str(index + 1))
    painter.end()
    return pixmap


def annotator_icon(index: int) -> QIcon:
    return QIcon(annotator_pixmap(index))


def chip_html(index: int, name: str) -> str:
    """The annotator as rich text: number on its colour, then its name (for labels and banners)."""
    colour = annotator_colour(index)
    return (f'<span style="background:{colour}; color:{text_on(colour)}; font-weight:bold;">'
            f"&nbsp;{index + 1}&nbsp;</span>&nbsp;{html.escape(name)}")
