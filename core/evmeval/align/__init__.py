"""Mapping system mentions to gold mentions: overlap (Dice) and mapping strategies, one per module.

The names below are loaded on first use, so that `evmeval.align.names` (what the options show) is
imported without the mapping code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

_PUBLIC = {"Mapping": "evmeval.align.greedy", "Pair": "evmeval.align.greedy", "greedy_mappings": "evmeval.align.greedy",
           "candidate_pairs": "evmeval.align.overlap", "dice": "evmeval.align.overlap",
           "COMBINATIONS": "evmeval.rules", "Combination": "evmeval.rules"}

if TYPE_CHECKING:
    from evmeval.align.greedy import Mapping, Pair, greedy_mappings
    from evmeval.align.overlap import candidate_pairs, dice
    from evmeval.rules import COMBINATIONS, Combination


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        import importlib

        return getattr(importlib.import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["COMBINATIONS", "Combination", "Mapping", "Pair", "candidate_pairs", "dice", "greedy_mappings"]
