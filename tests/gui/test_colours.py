"""The one outcome scheme: every outcome distinguishable without colour, and the legend shows it."""

from __future__ import annotations

from evmeval.mention.outcomes import Outcome
from PySide6.QtGui import QColor

from evmeval_gui.colours import OKABE_ITO, OUTCOME_ORDER, STYLES, OutcomeLegend, swatch_pixmap


def test_every_outcome_has_its_own_colour_from_the_palette():
    assert set(OUTCOME_ORDER) == set(Outcome)
    colours = [STYLES[o].colour for o in OUTCOME_ORDER]
    assert len(set(colours)) == len(colours)
    assert set(colours) <= set(OKABE_ITO.values())


def test_colour_is_never_the_only_cue():
    glyphs = [STYLES[o].glyph for o in OUTCOME_ORDER]
    underlines = [STYLES[o].underline for o in OUTCOME_ORDER]
    labels = [STYLES[o].label for o in OUTCOME_ORDER]
    assert len(set(glyphs)) == len(glyphs)
    assert len(set(underlines)) == len(underlines)
    assert len(set(labels)) == len(labels)


def test_tints_keep_black_text_readable():
    for outcome in OUTCOME_ORDER:
        assert QColor(STYLES[outcome].tint).lightnessF() > 0.8


def test_legend_lists_every_outcome_with_counts(qtbot):
    legend = OutcomeLegend()
    qtbot.addWidget(legend)
    assert legend.label_text(Outcome.PARTIAL) == "≈ partial span"
    legend.set_counts({Outcome.MISSED: 3})
    assert legend.label_text(Outcome.MISSED) == "− missed gold 3"
    assert legend.label_text(Outcome.EXACT) == "✓ exact match 0"


def test_swatches_show_the_outcome_colour_and_missed_is_hollow(qtbot):
    image = swatch_pixmap(Outcome.EXACT).toImage()
    centre = QColor(image.pixel(image.width() // 2, image.height() // 2))
    assert centre.name().upper() == STYLES[Outcome.EXACT].colour
    hollow = swatch_pixmap(Outcome.MISSED).toImage()
    middle = hollow.height() // 2
    assert QColor(hollow.pixel(hollow.width() // 2, middle)).name().upper() == STYLES[Outcome.MISSED].tint
    row = {QColor(hollow.pixel(x, middle)).name().upper() for x in range(hollow.width())}
    assert STYLES[Outcome.MISSED].colour in row  # the outline


def test_patterns_differ_so_bars_read_in_greyscale():
    patterns = [STYLES[o].pattern for o in OUTCOME_ORDER]
    assert len(set(patterns)) == len(patterns)
