"""Colours of coreference clusters and cluster outcomes in the window.

Cluster chips and arcs use two dark colours outside the outcome scheme (Paul Tol's indigo and wine),
so a cluster link never reads as a mention outcome; gold links are solid, system links dashed, so
colour is not the only cue. Cluster outcomes take the colour and glyph of the mention outcome of the
same name from `evmeval.outcome_style` (exact, partial, split, merged, missed, spurious), with the
cluster labels of `evmeval.coref.view.CLUSTER_OUTCOMES`.
"""

from __future__ import annotations

from evmeval.coref.view import CLUSTER_OUTCOMES
from evmeval.outcome_style import STYLES
from PySide6.QtGui import QColor

CLUSTER_COLOURS: dict[str, str] = {"gold": "#332288", "system": "#882255"}
"""Chip, badge and arc colour of a gold and of a system cluster."""


def outcome_colour(outcome: str) -> QColor:
    return QColor(STYLES[outcome].colour)


def outcome_tint(outcome: str) -> QColor:
    return QColor(STYLES[outcome].tint)


def outcome_text(outcome: str) -> str:
    """Glyph and label, e.g. `÷ split`."""
    return f"{STYLES[outcome].glyph} {CLUSTER_OUTCOMES[outcome][0]}"


def outcome_description(outcome: str) -> str:
    return CLUSTER_OUTCOMES[outcome][1]
