"""How numbers read in the window: one format for every view, as the published report prints them.

Fractions are shown as percentages with two decimals (`70.59`), Dice as a fraction with two decimals
(as in the comparison file), and an undefined figure (0/0) as a dash with a tooltip saying why.
"""

from __future__ import annotations

import math

from evmeval.mention.prf import NAN_REASON

DASH = "—"
NAN_TOOLTIP = NAN_REASON
"""The reason behind a "—" (one text, shared with the HTML report)."""


def is_nan(value: float | None) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def percent(value: float | None) -> str:
    """A fraction as a percentage with 2 decimals (`0.7059` -> `70.59`); NaN -> `—`."""
    if value is None or is_nan(value):
        return DASH
    return f"{100.0 * value:.2f}"


def dice(value: float | None) -> str:
    """A Dice coefficient with 2 decimals, or an empty string for unmapped rows."""
    if value is None:
        return ""
    return f"{value:.2f}"


def nan_sort_key(value: float | None, *, worst: bool = True) -> float:
    """Sort key putting undefined figures before every real one (worst first) or after them."""
    if value is None or is_nan(value):
        return -1.0 if worst else 2.0
    return float(value)


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`1 row`, `2 rows`, `0 rows` (`many`: an irregular plural)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"
