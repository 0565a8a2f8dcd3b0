"""Mapping strategies: how system mentions are paired with gold mentions, behind one signature.

Every strategy takes the ranked candidates of `candidate_pairs` (`(dice, system, gold)`, best first),
the two mention sequences and the attribute combinations, and returns one `Mapping` per combination.
Each combination is mapped separately, over the pairs whose attributes agree for it
(`evmeval.rules.attributes_agree`, the published rule). Strategies only choose pairs: every figure
(TP, P, R, F1, micro, macro, per type) is then computed from the chosen pairs by the same code.

- `greedy`: the published scorer's mapping (the default; its reports are the official ones).
- `optimal`: the largest total Dice, one to one (`evmeval.align.optimal`).
- `ordered`: the largest total Dice whose pairs never cross in text order (`evmeval.align.ordered`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from evmeval.align.greedy import Mapping, greedy_mappings
from evmeval.align.names import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_LABELS, STRATEGY_NAMES
from evmeval.align.overlap import candidate_pairs
from evmeval.model import Mention
from evmeval.rules import COMBINATIONS

if TYPE_CHECKING:
    from evmeval.align.optimal import Candidate


class MappingStrategy(Protocol):
    """The one signature of every strategy (that of `greedy_mappings`)."""

    def __call__(self, candidates: Sequence[Candidate], gold: Sequence[Mention], system: Sequence[Mention],
                 combinations: Sequence[str] = COMBINATIONS) -> dict[str, Mapping]: ...


def _optimal(candidates: Sequence[Candidate], gold: Sequence[Mention], system: Sequence[Mention],
             combinations: Sequence[str] = COMBINATIONS) -> dict[str, Mapping]:
    """`evmeval.align.optimal.optimal_mappings`, imported on first use: the published run never needs it."""
    from evmeval.align.optimal import optimal_mappings

    return optimal_mappings(candidates, gold, system, combinations)


def _ordered(candidates: Sequence[Candidate], gold: Sequence[Mention], system: Sequence[Mention],
             combinations: Sequence[str] = COMBINATIONS) -> dict[str, Mapping]:
    """`evmeval.align.ordered.ordered_mappings`, imported on first use."""
    from evmeval.align.ordered import ordered_mappings

    return ordered_mappings(candidates, gold, system, combinations)


STRATEGIES: dict[str, MappingStrategy] = {
    "greedy": greedy_mappings,
    "optimal": _optimal,
    "ordered": _ordered,
}
"""Strategy functions by name, in menu order; the names are what `--mapping` and JSON use."""

if tuple(STRATEGIES) != STRATEGY_NAMES:
    raise ImportError("evmeval.align.names and STRATEGIES must name the same strategies in the same order")


def mapping_strategy(name: str) -> MappingStrategy:
    """The strategy called `name`; `ValueError` naming the valid ones otherwise."""
    try:
        return STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown mapping strategy {name!r} (expected one of {', '.join(STRATEGY_NAMES)})") \
            from None


def map_mentions(gold: Sequence[Mention], system: Sequence[Mention], *, strategy: str = DEFAULT_STRATEGY,
                 combinations: Sequence[str] = COMBINATIONS) -> dict[str, Mapping]:
    """Map one document's mentions with the named strategy (computes the candidates first)."""
    return mapping_strategy(strategy)(candidate_pairs(gold, system), gold, system, combinations)


__all__ = ["DEFAULT_STRATEGY", "STRATEGIES", "STRATEGY_DESCRIPTIONS", "STRATEGY_LABELS", "STRATEGY_NAMES",
           "MappingStrategy", "map_mentions", "mapping_strategy"]
