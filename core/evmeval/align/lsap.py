"""Rectangular assignment by shortest augmenting paths (Crouse 2016, "On implementing 2D rectangular
assignment algorithms"), with the tie-breaking of SciPy's `linear_sum_assignment`.

`evmeval.align.hungarian` finds *an* optimal assignment; a published scorer that calls SciPy takes the one
SciPy's search meets first, and when two assignments tie on the total (two predictions equally similar to a
gold string) the figures built from the pairs (MAVEN-Arg's exact match, its bag-of-words precision and
recall) depend on which. So this search visits columns in the order that algorithm does (the free columns
from the last, a free column preferred among equally short paths) and adds in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence

_INF = float("inf")


def _augment(cost: Sequence[Sequence[float]], u: list[float], v: list[float], path: list[int],
             row_of: list[int], shortest: list[float], row: int, rows_seen: list[bool],
             cols_seen: list[bool]) -> tuple[int, float]:
    """The free column reached by the shortest augmenting path from `row`, and the path's length."""
    columns = len(v)
    remaining = list(range(columns - 1, -1, -1))
    for j in range(columns):
        cols_seen[j] = False
        shortest[j] = _INF
    for i in range(len(u)):
        rows_seen[i] = False
    low_path = 0.0
    i = row
    while True:
        best, lowest = -1, _INF
        rows_seen[i] = True
        costs = cost[i]
        for index, j in enumerate(remaining):
            reduced = low_path + costs[j] - u[i] - v[j]
            if reduced < shortest[j]:
                path[j] = i
                shortest[j] = reduced
            if shortest[j] < lowest or (shortest[j] == lowest and row_of[j] == -1):
                lowest, best = shortest[j], index
        low_path = lowest
        if low_path == _INF:
            raise ValueError("no complete assignment (an infinite cost)")
        j = remaining[best]
        cols_seen[j] = True
        remaining[best] = remaining[-1]
        remaining.pop()
        if row_of[j] == -1:
            return j, low_path
        i = row_of[j]


def _solve(cost: Sequence[Sequence[float]]) -> list[int]:
    """Column of each row minimising the total; rows <= columns."""
    rows, columns = len(cost), len(cost[0])
    u, v = [0.0] * rows, [0.0] * columns
    shortest, path = [_INF] * columns, [-1] * columns
    col_of, row_of = [-1] * rows, [-1] * columns
    rows_seen, cols_seen = [False] * rows, [False] * columns
    for current in range(rows):
        sink, low_path = _augment(cost, u, v, path, row_of, shortest, current, rows_seen, cols_seen)
        u[current] += low_path
        for i in range(rows):
            if rows_seen[i] and i != current:
                u[i] += low_path - shortest[col_of[i]]
        for j in range(columns):
            if cols_seen[j]:
                v[j] -= low_path - shortest[j]
        j = sink
        while True:
            i = path[j]
            row_of[j] = i
            col_of[i], j = j, col_of[i]
            if i == current:
                break
    return col_of


def scipy_assignment(cost: Sequence[Sequence[float]]) -> list[tuple[int, int]]:
    """The (row, column) pairs SciPy's `linear_sum_assignment(cost)` returns (minimal total cost), rows
    ascending: min(rows, columns) pairs, none when either is 0."""
    rows = len(cost)
    columns = len(cost[0]) if rows else 0
    if rows == 0 or columns == 0:
        return []
    if columns >= rows:
        return list(enumerate(_solve(cost)))
    col_of = _solve([[cost[i][j] for i in range(rows)] for j in range(columns)])
    return sorted((i, j) for j, i in enumerate(col_of))  # for each original column, its original row
