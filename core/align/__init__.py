"""Mapping system mentions to gold mentions: overlap (Dice) and mapping strategies, one per module."""

from core.align.greedy import COMBINATION_LABELS, COMBINATIONS, Mapping, Pair, greedy_mappings
from core.align.overlap import candidate_pairs, dice

__all__ = ["COMBINATIONS", "COMBINATION_LABELS", "Mapping", "Pair", "candidate_pairs", "dice", "greedy_mappings"]
