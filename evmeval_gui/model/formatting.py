"""How numbers read in the window: one format for every view, as the published report prints them.

Fractions are shown as percentages with two decimals (`70.59`), Dice as a fraction with two decimals
(as in the comparison file), and an undefined figure (0/0) as a dash with a tooltip saying why.
Every view, chart and dock formats here (a test walks the window's source for figures and dashes of
their own), so that one figure never reads two ways.
"""

from __future__ import annotations

import math

from evmeval.mention.prf import NAN_REASON

DASH = "—"
"""An undefined figure, a missing value or an empty cell: the one dash of the window."""
UNDEFINED = "undefined (0/0)"
"""An undefined figure where a sentence describes it (a chart's hover text)."""
NAN_TOOLTIP = NAN_REASON
"""The reason behind a "—" (one text, shared with the HTML report)."""


def is_nan(value: float | None) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def percent(value: float | None, *, decimals: int = 2, signed: bool = False, unit: bool = False) -> str:
    """A fraction as a percentage (`0.7059` -> `70.59`; `signed`: points `+1.23`; `unit`: `70.59 %`); NaN -> `—`.

    Charts' bar labels use one decimal, where two would overlap the next bar.
    """
    if value is None or is_nan(value):
        return DASH
    text = f"{100.0 * value:{'+' if signed else ''}.{decimals}f}"
    return text + " %" if unit else text


def round_percent(value: float) -> str:
    """A round figure as a percentage (or points) with no trailing zeros: an axis' end, `0.5` -> `50`, `0.025` ->
    `2.5`."""
    return f"{100.0 * value:g}"


def interval_text(value: float, low: float, high: float, *, signed: bool = False) -> str:
    """A figure with its interval, `71.23 [70.10, 72.40]` (`signed`: points, `+5.50 [+1.94, +7.25]`); an
    undefined figure as a dash alone."""
    if is_nan(value):
        return percent(value)
    return f"{percent(value, signed=signed)} [{percent(low, signed=signed)}, {percent(high, signed=signed)}]"


def number_interval_text(value: float, low: float, high: float, decimals: int = 3) -> str:
    """A figure that is not a fraction with its interval, `0.571 [0.000, 0.800]` (kappa); NaN -> a dash alone."""
    if is_nan(value):
        return number(value, decimals)
    return f"{number(value, decimals)} [{number(low, decimals)}, {number(high, decimals)}]"


def percent_or_undefined(value: float | None) -> str:
    """`70.59 %`, or `undefined (0/0)` where a sentence describes the figure."""
    return UNDEFINED if value is None or is_nan(value) else percent(value, unit=True)


def number(value: float | None, decimals: int = 2) -> str:
    """A figure that is not a fraction (a kappa, a Dice, an average already in percent); NaN -> `—`."""
    if value is None or is_nan(value):
        return DASH
    return f"{value:.{decimals}f}"


def axis_percent(value: float | None) -> float:
    """Where a chart draws a fraction on its 0-100 axis: an undefined figure at 0 (its label says `—`)."""
    return 0.0 if value is None or is_nan(value) else 100.0 * value


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
