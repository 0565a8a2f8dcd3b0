"""Optimal one-to-one assignment (Kuhn–Munkres), our own small implementation.

CEAF aligns key and response entities so that the summed similarity is as large as possible, and the
optimal mention mapping (`evmeval.align.optimal`) pairs mentions with the largest total Dice. The
matrices both meet are tiny once split into connected components, so a plain O(n²m)
shortest-augmenting-path version is enough and keeps scipy out of the dependencies.
"""

from __future__ import annotations

from collections.abc import Sequence

_INF = float("inf")


def min_cost_assignment(cost: Sequence[Sequence[float]]) -> list[int]:
    """Column of each row minimising the total cost; needs len(rows) <= len(columns). With integer
    costs every step stays in integers (only the unreached slack is infinite), so the answer is exact:
    the optimal mapping relies on that."""
    n, m = len(cost), len(cost[0])
    u = [0.0] * (n + 1)
    v = [0.0] * (m + 1)
    owner = [0] * (m + 1)  # owner[j]: 1-based row assigned to column j (0 = free)
    way = [0] * (m + 1)
    for row in range(1, n + 1):
        owner[0] = row
        j0 = 0
        minv = [_INF] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0 = owner[j0]
            delta = _INF
            j1 = 0
            costs = cost[i0 - 1]
            ui0 = u[i0]
            for j in range(1, m + 1):
                if not used[j]:
                    cur = costs[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(m + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    result = [-1] * n
    for j in range(1, m + 1):
        if owner[j]:
            result[owner[j] - 1] = j - 1
    return result


def max_weight_assignment(weights: Sequence[Sequence[float]]) -> list[int]:
    """For each row, the column it is matched to (-1: none) in a one-to-one matching of maximal total
    weight. Rows and columns may differ in number; weights must be finite."""
    rows = len(weights)
    if rows == 0:
        return []
    columns = len(weights[0])
    if columns == 0:
        return [-1] * rows
    if rows <= columns:
        return min_cost_assignment([[-w for w in row] for row in weights])
    by_column = min_cost_assignment([[-weights[i][j] for i in range(rows)] for j in range(columns)])
    result = [-1] * rows
    for j, i in enumerate(by_column):
        result[i] = j
    return result
