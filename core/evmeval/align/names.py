"""The mapping strategies' names, labels and one-line descriptions: what `--help` and the menus show.

Apart from the strategies themselves (`evmeval.align.strategies`) so that a command's options can be
built without importing the mapping code: `evmeval-score --help` starts in a fraction of the time.
"""

from __future__ import annotations

DEFAULT_STRATEGY = "greedy"

STRATEGY_LABELS: dict[str, str] = {
    "greedy": "Greedy (published)",
    "optimal": "Optimal (best total Dice)",
    "ordered": "Text order (ANNALIST)",
}
"""What people call the strategies (window, charts, report banners), in menu order."""

STRATEGY_NAMES: tuple[str, ...] = tuple(STRATEGY_LABELS)
"""The names `--mapping` and JSON use, in menu order (`evmeval.align.strategies.STRATEGIES` has one each)."""

STRATEGY_DESCRIPTIONS: dict[str, str] = {
    "greedy": "best-Dice pair first, as the published EvmEval scorer v1.8; the official scores",
    "optimal": "the one-to-one mapping with the largest total Dice (an assignment problem)",
    "ordered": "the largest total Dice among mappings whose pairs never cross in text order",
}
"""One line per strategy, for tooltips and `--help`."""
