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
Edge = tuple[str, str]


def _edges(link: Link) -> tuple[Edge, ...]:
    x, y, relation = link
    if relation == "BEFORE":
        return ((x + "_e", y + "_s"),)
    if relation == "INCLUDES":
        return ((x + "_s", y + "_s"), (y + "_e", x + "_e"))
    raise ValueError(f"relation {relation!r} is not produced by event sequencing")


def _cyclic_points(successors: dict[str, set[str]]) -> dict[str, int]:
    """Strongly connected component of each point (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    component: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
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


class ClosureGraph:
    """Complete point-order closure of a set of BEFORE / INCLUDES links; independent of link order."""

    def __init__(self, links: Iterable[Link] = ()) -> None:
        self.links: list[Link] = list(dict.fromkeys(links))
        intervals = {end for x, y, _ in self.links for end in (x, y)}
        everything: dict[str, set[str]] = {}
        for interval in intervals:
            everything.setdefault(interval + "_s", set()).add(interval + "_e")
            everything.setdefault(interval + "_e", set())
        for link in self.links:
            for a, b in _edges(link):
                everything[a].add(b)
        component = _cyclic_points(everything)
        self.violated = [link for link in self.links
                         if any(a == b or component[a] == component[b] for a, b in _edges(link))]
        broken = set(self.violated)
        self.successors: dict[str, set[str]] = {p: set() for p in everything}
        for interval in intervals:
            self.successors[interval + "_s"].add(interval + "_e")
        for link in self.links:
            if link not in broken:
                for a, b in _edges(link):
                    self.successors[a].add(b)
        self._reach = self._closure()
        self.redundant = [link for link in self.links if link not in broken and self._implied_otherwise(link)]
        dropped = broken | set(self.redundant)
        self.final = [link for link in self.links if link not in dropped] + self.violated

    def _closure(self) -> dict[str, set[str]]:
        """Points reachable from each point by a path of length >= 1 (the graph is acyclic)."""
        reach: dict[str, set[str]] = {}

        def visit(start: str) -> None:
            stack = [(start, iter(self.successors[start]))]
            while stack:
                node, children = stack[-1]
                child = next(children, None)
                if child is None:
                    stack.pop()
                    reach[node] = set().union(*(reach[c] | {c} for c in self.successors[node]))
                elif child not in reach:
                    stack.append((child, iter(self.successors[child])))

        for point in self.successors:
            if point not in reach:
                visit(point)
        return reach

    def _implied_otherwise(self, link: Link) -> bool:
        return all(any(w != b and b in self._reach[w] for w in self.successors[a]) for a, b in _edges(link))

    def entails(self, link: Link) -> bool:
        """Whether the closure orders the interval ends as `link` says (an unknown interval: no)."""
        reach = self._reach
        return all(a in reach and b in reach[a] for a, b in _edges(link))
