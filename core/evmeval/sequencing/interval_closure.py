"""Our order-independent alternative to the published time graph: complete closure over interval ends.

Not the published figure (that is `evmeval.sequencing.timegraph`): offered, clearly labelled, because the
published inference depends on the order links are written in. Here every interval X has ends
X_s < X_e; BEFORE(X, Y) adds X_e < Y_s and INCLUDES(X, Y) adds X_s < Y_s and Y_e < X_e. Then:

- a link with an end-point edge on a cycle (a contradiction, such as A before B and B before A) is a
  *violation*: it is kept in the scored set, as published, but left out of the closure;
- the other links form a directed acyclic graph whose closure is complete (plain reachability);
- a link is *redundant* when every one of its end-point edges also follows from a longer path; the
  reduced graph of an acyclic graph is unique, so which link is called redundant never depends on order.

The scored set ("final") is the reduced graph plus the violations, as in the published evaluation.
"""

from __future__ import annotations

from collections.abc import Iterable

Link = tuple[str, str, str]
Edge = tuple[int, int]


def _point_edges(x: int, y: int, relation: str) -> tuple[Edge, ...]:
    """The point order a link says, on point numbers (X's start is `x`, its end `x + 1`): BEFORE(X, Y) is
    X_e < Y_s, INCLUDES(X, Y) is X_s < Y_s and Y_e < X_e."""
    if relation == "BEFORE":
        return ((x + 1, y),)
    if relation == "INCLUDES":
        return ((x, y), (y + 1, x + 1))
    raise ValueError(f"relation {relation!r} is not produced by event sequencing")


def _cyclic_points(successors: dict[int, set[int]]) -> dict[int, int]:
    """Strongly connected component of each point (Tarjan, iterative)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    component: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    counter = 0
    for root in successors:
        if root in index:
            continue
        work = [(root, iter(sorted(successors[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component[member] = index[node]
                        if member == node:
                            break
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(successors[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return component


def _topological(successors: list[set[int]]) -> list[int] | None:
    """The points in an order where every edge goes forward (Kahn), or None when there is a cycle."""
    indegree = [0] * len(successors)
    for children in successors:
        for child in children:
            indegree[child] += 1
    order = [point for point, degree in enumerate(indegree) if degree == 0]
    for point in order:  # the list grows while it is walked
        for child in successors[point]:
            indegree[child] -= 1
            if indegree[child] == 0:
                order.append(child)
    return order if len(order) == len(successors) else None


class ClosureGraph:
    """Complete point-order closure of a set of BEFORE / INCLUDES links; independent of link order.

    Points are numbered and each point's closure is a bit set (an int) filled in reverse topological
    order: linear in the links for the small per-document graphs of sequencing. The strongly connected
    components (Tarjan) are only computed when the graph has a cycle."""

    def __init__(self, links: Iterable[Link] = ()) -> None:
        self.links: list[Link] = list(dict.fromkeys(links))
        intervals: dict[str, int] = {}  # interval k has points 2k (its start) and 2k + 1 (its end)
        for x, y, _ in self.links:
            for interval in (x, y):
                if interval not in intervals:
                    intervals[interval] = 2 * len(intervals)
        self._intervals = intervals
        link_edges = [_point_edges(intervals[x], intervals[y], relation) for x, y, relation in self.links]
        index = range(2 * len(intervals))
        everything: list[set[int]] = [{point + 1} if point % 2 == 0 else set() for point in range(len(index))]
        for edges in link_edges:
            for a, b in edges:
                everything[a].add(b)
        order = _topological(everything)
        if order is None:
            component = _cyclic_points({p: set(children) for p, children in enumerate(everything)})
            on_cycle = [component[point] for point in index]
            broken_at = {n for n, edges in enumerate(link_edges)
                         if any(a == b or on_cycle[a] == on_cycle[b] for a, b in edges)}
        else:
            broken_at = set()  # acyclic: no link contradicts the others
        self.violated = [self.links[n] for n in sorted(broken_at)]
        successors = everything
        if broken_at:
            successors = [{point + 1} if point % 2 == 0 else set() for point in range(len(index))]
            for n, edges in enumerate(link_edges):
                if n not in broken_at:
                    for a, b in edges:
                        successors[a].add(b)
            order = _topological(successors)  # acyclic once the contradicting links are out
        assert order is not None
        reach = [0] * len(index)
        # per point, what it reaches by two edges or more: an edge a -> b follows from a longer path exactly
        # when b is in longer[a] (in an acyclic graph no path from b comes back to b)
        longer = [0] * len(index)
        for point in reversed(order):
            deeper = steps = 0
            for child in successors[point]:
                deeper |= reach[child]
                steps |= 1 << child
            reach[point], longer[point] = steps | deeper, deeper
        self._reach = reach
        self.redundant = [link for n, (link, edges) in enumerate(zip(self.links, link_edges, strict=True))
                          if n not in broken_at and all(longer[a] >> b & 1 for a, b in edges)]
        dropped = set(self.violated) | set(self.redundant)
        self.final = [link for link in self.links if link not in dropped] + self.violated

    def entails(self, link: Link) -> bool:
        """Whether the closure orders the interval ends as `link` says (an unknown interval: no)."""
        x, y, relation = link
        start_x, start_y = self._intervals.get(x), self._intervals.get(y)
        if start_x is None or start_y is None:
            _point_edges(0, 0, relation)  # an unknown relation is an error all the same
            return False
        reach = self._reach
        return all(reach[a] >> b & 1 for a, b in _point_edges(start_x, start_y, relation))
