"""The one-to-one mapping with the largest total Dice, per document and attribute combination.

This is an assignment problem (what the MUC scorer meant by "the best of all alignments"; the
published scorer's greedy pass can miss it: gold t0-t4, t5-t6 against system t0-t1, t2-t6 gives
greedy 0.6 where 4/7 + 4/7 = 8/7 is possible). It is solved exactly, on integers: a pair's Dice
2|G∩S| / (|G|+|S|) is rational, so scaling all Dice values of a group by the least common multiple of
their denominators gives integer weights, and no rounding can make a worse mapping look better.

Ties. Among the mappings with the largest total Dice, the one chosen is the one the published ranking
prefers: list both mappings' pairs in the ranking order of `candidate_pairs` (Dice descending, then
system line, then gold line); the first pair only one of them holds decides. This is built into the
integer weights (pair of rank r out of n gets a bonus 2^(n-1-r), and all bonuses together weigh less
than the smallest Dice step), so the solver's optimum is unique. Consequence: when greedy's mapping is
already the best, it is exactly what this strategy returns (same pairs, same order, same TP bits), so
optimal never scores below greedy and differs from it only where it strictly gains.

Cost. Mentions fall into groups connected by overlapping pairs; groups are independent. Where one
mention overlaps all the others of its group (a split, a merge, a lone pair) greedy's first pick is
the optimum, so only the other groups are solved, with the Hungarian algorithm.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from evmeval.align.greedy import Mapping, Pair, greedy_mappings
from evmeval.align.hungarian import min_cost_assignment
from evmeval.align.overlap import mention_units
from evmeval.model import Mention
from evmeval.rules import COMBINATIONS, AttributeRule, attributes_agree

Candidate = tuple[float, int, int]
"""`(dice, system_index, gold_index)` as `candidate_pairs` ranks them."""


class ExactDice:
    """Dice values of candidate pairs as exact fractions `numerator / denominator` (cached sizes)."""

    def __init__(self, candidates: Sequence[Candidate], gold: Sequence[Mention], system: Sequence[Mention]):
        self._candidates = candidates
        self._gold = gold
        self._system = system
        self._gold_size: dict[int, int] = {}
        self._system_size: dict[int, int] = {}

    def fraction(self, position: int) -> tuple[int, int]:
        """`(2|G∩S|, |G|+|S|)` of one candidate, recovered from its float Dice and the two sizes."""
        dice, s_index, g_index = self._candidates[position]
        g_size = self._gold_size.get(g_index)
        if g_size is None:
            g_size = self._gold_size[g_index] = mention_units(self._gold[g_index])[1]
        s_size = self._system_size.get(s_index)
        if s_size is None:
            s_size = self._system_size[s_index] = mention_units(self._system[s_index])[1]
        denominator = g_size + s_size
        return round(dice * denominator), denominator

    def weights(self, positions: Sequence[int]) -> list[int]:
        """Integer weights of `positions` (in ranking order): Dice scaled to integers, then shifted left
        by n bits and given the tie-breaking bonus 2^(n-1-rank), so the best total is unique."""
        fractions = [self.fraction(p) for p in positions]
        scale = math.lcm(*(d for _, d in fractions))
        n = len(positions)
        return [((numerator * (scale // denominator)) << n) + (1 << (n - 1 - rank))
                for rank, (numerator, denominator) in enumerate(fractions)]


def optimal_mappings(
    candidates: Sequence[Candidate],
    gold: Sequence[Mention],
    system: Sequence[Mention],
    combinations: Sequence[str] = COMBINATIONS,
) -> dict[str, Mapping]:
    """One maximum-total-Dice one-to-one mapping per combination (ties as in the module docstring).

    Same signature and result type as `greedy_mappings`; pairs are listed in ranking order and TP is
    summed in that order (greedy's order too, so an unchanged mapping has bit-identical TP).
    """
    greedy = greedy_mappings(candidates, gold, system, combinations)
    groups = tangled_groups(candidates)
    if not groups:
        return greedy
    exact = ExactDice(candidates, gold, system)
    return {c: _improve(greedy[c], candidates, gold, system, groups, exact) for c in combinations}


def tangled_groups(candidates: Sequence[Candidate]) -> list[list[int]]:
    """Candidate positions of each connected group that no single mention spans (not a star).

    Only there can a better mapping than greedy's exist. Empty when no mention is in two pairs.
    """
    n = len(candidates)
    if len({c[1] for c in candidates}) == n and len({c[2] for c in candidates}) == n:
        return []
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def root(node: tuple[str, int]) -> tuple[str, int]:
        while True:
            up = parent.get(node, node)
            if up == node:
                return node
            parent[node] = parent.get(up, up)  # path halving
            node = parent[node]

    for _, s_index, g_index in candidates:
        a, b = root(("g", g_index)), root(("s", s_index))
        if a != b:
            parent[a] = b
    members: dict[tuple[str, int], list[int]] = {}
    for position, (_, s_index, _g) in enumerate(candidates):
        members.setdefault(root(("s", s_index)), []).append(position)
    return [group for group in members.values() if not is_star(candidates, group)]


def is_star(candidates: Sequence[Candidate], positions: Sequence[int]) -> bool:
    """Whether one gold or one system mention is in every pair (then the best pair alone is optimal)."""
    return len({candidates[p][1] for p in positions}) <= 1 or len({candidates[p][2] for p in positions}) <= 1


def _improve(greedy: Mapping, candidates: Sequence[Candidate], gold: Sequence[Mention],
             system: Sequence[Mention], groups: Sequence[Sequence[int]], exact: ExactDice) -> Mapping:
    """Greedy's mapping with each tangled group replaced by its optimum (itself when nothing changes)."""
    check = greedy.combination != "plain"
    chosen = {(p.gold, p.system) for p in greedy.pairs}
    drop: set[int] = set()
    add: list[int] = []
    for group in groups:
        eligible = [p for p in group
                    if not check or attributes_agree(AttributeRule.SCORER, greedy.combination, gold[candidates[p][2]],
                                                     system[candidates[p][1]])]
        best = best_assignment(candidates, eligible, exact)
        before = [p for p in group if (candidates[p][2], candidates[p][1]) in chosen]
        if sorted(best) != before:
            drop.update(before)
            add.extend(best)
    if not add and not drop:
        return greedy
    position_of = {(g, s): i for i, (_, s, g) in enumerate(candidates)}
    kept = [position_of[(p.gold, p.system)] for p in greedy.pairs]
    positions = sorted({p for p in kept if p not in drop} | set(add))
    pairs = tuple(Pair(candidates[p][2], candidates[p][1], candidates[p][0]) for p in positions)
    return Mapping(greedy.combination, pairs, sum(p.dice for p in pairs))


def best_assignment(candidates: Sequence[Candidate], positions: Sequence[int], exact: ExactDice) -> list[int]:
    """The positions (ascending) of the best one-to-one choice among `positions` (ascending)."""
    if not positions:
        return []
    if is_star(candidates, positions):
        return [positions[0]]
    gold_ids = sorted({candidates[p][2] for p in positions})
    system_ids = sorted({candidates[p][1] for p in positions})
    rows, cols = (gold_ids, system_ids) if len(gold_ids) <= len(system_ids) else (system_ids, gold_ids)
    rows_are_gold = rows is gold_ids
    row_at = {m: i for i, m in enumerate(rows)}
    col_at = {m: j for j, m in enumerate(cols)}
    cost = [[0] * len(cols) for _ in rows]
    where: dict[tuple[int, int], int] = {}
    for position, weight in zip(positions, exact.weights(positions), strict=True):
        _, s_index, g_index = candidates[position]
        r, c = (g_index, s_index) if rows_are_gold else (s_index, g_index)
        cost[row_at[r]][col_at[c]] = -weight
        where[(row_at[r], col_at[c])] = position
    assignment = min_cost_assignment(cost)
    return sorted(where[(i, j)] for i, j in enumerate(assignment) if (i, j) in where)
