"""Mapping system mentions to gold mentions: overlap (Dice) and mapping strategies, one per module."""

from evmeval.align.greedy import Mapping, Pair, greedy_mappings
from evmeval.align.overlap import candidate_pairs, dice
from evmeval.rules import COMBINATIONS, Combination

__all__ = ["COMBINATIONS", "Combination", "Mapping", "Pair", "candidate_pairs", "dice", "greedy_mappings"]
