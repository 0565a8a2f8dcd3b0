"""The published scorer's time graph (UzZaman's relation_to_timegraph), rewritten for its two relations.

v1.8 scores sequencing through UzZaman & Allen's TimeML evaluation. Each interval X has a start X_s and
an end X_e; BEFORE(X, Y) means X_e < Y_s, INCLUDES(X, Y) means X_s < Y_s and Y_e < X_e. The graph is
built by adding links one at a time:

- new points go into *chains* with integer pseudo-times (100000 +- k * 1000); a point that cannot go
  at the end of a chain starts a new chain, joined to the old one through the *metagraph*
  (connection point -> points known to come later, in other chains);
- a link between two intervals already in the graph is first checked: entailed -> it is redundant
  (dropped from the reduced graph); contradicted -> a violation (kept aside); unknown -> added as
  cross-chain connections.

Point order is then read off pseudo-times within a chain and by a search across chains that only
leaves a chain at connection points at or after the current point and never re-enters a chain on the
current path. That inference is incomplete, and one assignment reads a pseudo-time before setting it
(`x_s = x_e - 1000` while x_e is still 0, so x_s gets -1000), which can make the graph "entail"
false relations. Both are reproduced on purpose: they make the published scores depend on link order.
Only what BEFORE / INCLUDES links (and their reversals, AFTER / IS_INCLUDED) can reach is kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

NIL = "-1"
BASE = 100000
STEP = 1000
REVERSE = {"BEFORE": "AFTER", "AFTER": "BEFORE", "INCLUDES": "IS_INCLUDED", "IS_INCLUDED": "INCLUDES"}
Link = tuple[str, str, str]


def _both_new_layout(roles: str) -> tuple[tuple[int, int, int], ...]:
    """Per end point (x_s, x_e, y_s, y_e): its pseudo-time and the indexes of its chain parent and child
    (-1: none) in a new chain; `roles` gives each one's position there as a letter, a < b < c < d."""
    at = {roles[k]: k for k in range(4)}
    out = []
    for k in range(4):
        position = "abcd".index(roles[k])
        out.append((BASE + position * STEP, at["abcd"[position - 1]] if position > 0 else -1,
                    at["abcd"[position + 1]] if position < 3 else -1))
    return tuple(out)


_BOTH_NEW = {rel: _both_new_layout(roles)
             for rel, roles in {"BEFORE": "abcd", "AFTER": "cdab", "INCLUDES": "adbc", "IS_INCLUDED": "bcad"}.items()}
"""Where two new intervals' end points go in a new chain, per relation."""


class Point:
    """One interval end point: its chain, pseudo-time and the chain neighbours as space-joined names."""

    __slots__ = ("chain", "child", "parent", "pseudo", "sibling")

    def __init__(self) -> None:
        self.chain = 0
        self.pseudo = 0
        self.parent = ""
        self.child = ""
        self.sibling = ""


def _has_token(name: str, names: str) -> bool:
    return f" {name} " in f" {names} "


@dataclass
class _Chain:
    """Connection points of one chain, and the later points in other chains each one leads to."""

    points: list[str] = field(default_factory=list)
    later: dict[str, list[str]] = field(default_factory=dict)


class PublishedTimegraph:
    """The incremental time graph of v1.8's TimeML scorer, built from links in the given order."""

    def __init__(self, links: Iterable[Link] = ()) -> None:
        self.points: dict[str, Point] = {}
        self.metagraph: dict[int, _Chain] = {}
        self.entered: set[int] = set()
        """Chains some metagraph edge leads into (a point's name keeps its point, and a point its chain)."""
        self.next_chain = 0
        self.redundant: list[Link] = []
        self.violated: list[Link] = []
        self.added: list[Link] = []
        self._seen: set[Link] = set()
        self._entailed: dict[Link, bool] = {}
        for link in links:
            self.add(link)
        dropped = set(self.redundant) | set(self.violated)
        self.final: list[Link] = [link for link in self.added if link not in dropped] + self.violated
        """The reduced graph plus the violations, in the published order (what gets scored)."""

    def add(self, link: Link) -> None:
        """Add one link; an exact repeat is skipped. (`final` is fixed at construction.)"""
        if link in self._seen:
            return
        self._seen.add(link)
        self.added.append(link)
        self._add(*link)

    # -- building -------------------------------------------------------------------------------------

    def _connect(self, later: str, earlier: str) -> None:
        """Record `earlier` < `later` across chains (the metagraph edge from `earlier`'s chain)."""
        self.entered.add(self.points[later].chain)
        chain = self.metagraph.get(self.points[earlier].chain)
        if chain is None:
            self.metagraph[self.points[earlier].chain] = _Chain([earlier], {earlier: [later]})
            return
        if earlier not in chain.points:
            chain.points.append(earlier)
        targets = chain.later.setdefault(earlier, [])
        if later not in targets:
            targets.append(later)

    def _new_chain(self) -> int:
        self.next_chain += 1
        return self.next_chain - 1

    def _add(self, x: str, y: str, relation: str) -> None:
        points = self.points
        handled = False
        if x == y:
            self.violated.append((x, y, relation))
            handled = True
        x1, x2, y1, y2 = x + "_s", x + "_e", y + "_s", y + "_e"
        rel = relation
        if y1 not in points and y2 not in points and x1 in points and x2 in points:
            rel = REVERSE[rel]
            x1, x2, y1, y2 = y1, y2, x1, x2
        if not (x1 in points or x2 in points or y1 in points or y2 in points):
            self._both_new(x1, x2, y1, y2, rel)
            return
        if x1 not in points and x2 not in points and y1 in points and y2 in points:
            self._first_new(x1, x2, y1, y2, rel)
            return
        if handled:
            return
        match = self.relation_holds(x, y, relation, merge=True)
        if match == "false":
            self.violated.append((x, y, relation))
        elif match == "true":
            self.redundant.append((x, y, relation))

    def _both_new(self, x1: str, x2: str, y1: str, y2: str, rel: str) -> None:
        names = (x1, x2, y1, y2)
        chain = self._new_chain()
        points = self.points
        made = []
        for pseudo, parent, child in _BOTH_NEW[rel]:
            point = Point()
            point.chain = chain
            point.pseudo = pseudo
            point.parent = NIL if parent < 0 else names[parent]
            point.child = NIL if child < 0 else names[child]
            made.append(point)
        for name, point in zip(names, made, strict=True):  # in this order: a self link keeps y's points
            points[name] = point

    def _first_new(self, x1: str, x2: str, y1: str, y2: str, rel: str) -> None:
        """X is new, Y is in the graph."""
        add = {"BEFORE": self._new_before, "AFTER": self._new_after,
               "INCLUDES": self._new_includes, "IS_INCLUDED": self._new_during}[rel]
        nx1, nx2 = add(x1, x2, y1, y2)
        self.points[x1] = nx1
        self.points[x2] = nx2

    def _new_before(self, x1: str, x2: str, y1: str, y2: str) -> tuple[Point, Point]:
        ny1 = self.points[y1]
        nx1, nx2 = Point(), Point()
        nx1.pseudo = nx2.pseudo - STEP  # sic: nx2.pseudo is still 0 here, so x_s sits at -1000
        nx1.parent, nx1.child = NIL, x2
        nx2.pseudo = ny1.pseudo - STEP
        nx2.parent, nx2.child = x1, y1
        if ny1.parent == NIL:
            nx1.chain = nx2.chain = ny1.chain
            ny1.parent = x2
        else:
            nx1.chain = nx2.chain = self._new_chain()
            ny1.parent += " " + x2
            self.points[x2] = nx2
            self._connect(y1, x2)
        return nx1, nx2

    def _new_after(self, x1: str, x2: str, y1: str, y2: str) -> tuple[Point, Point]:
        ny2 = self.points[y2]
        nx1, nx2 = Point(), Point()
        nx1.pseudo = ny2.pseudo + STEP
        nx1.parent, nx1.child = y2, x2
        nx2.pseudo = nx1.pseudo + STEP
        nx2.parent, nx2.child = x1, NIL
        if ny2.child == NIL:
            nx1.chain = nx2.chain = ny2.chain
            ny2.child = x1
        else:
            nx1.chain = nx2.chain = self.next_chain
            ny2.child += " " + x1
            self.next_chain += 1
            self.points[x1] = nx1
            self._connect(x1, y2)
        return nx1, nx2

    def _new_includes(self, x1: str, x2: str, y1: str, y2: str) -> tuple[Point, Point]:
        ny1, ny2 = self.points[y1], self.points[y2]
        if ny1.parent == NIL and ny2.child == NIL and ny1.chain == ny2.chain:
            nx1, nx2 = Point(), Point()
            nx1.chain, nx2.chain = ny1.chain, ny2.chain
            ny1.parent = x1
            nx1.pseudo, nx1.parent, nx1.child = ny1.pseudo - STEP, NIL, y1
            ny2.child = x2
            nx2.parent, nx2.child, nx2.pseudo = y2, NIL, ny2.pseudo + STEP
            return nx1, nx2
        if ny1.parent != NIL or ny2.child != NIL:
            nx1, nx2 = Point(), Point()
            nx1.chain = nx2.chain = self._new_chain()
            nx1.pseudo, nx2.pseudo = ny1.pseudo - STEP, ny2.pseudo + STEP
            nx1.parent = NIL
            nx2.parent, nx2.child = x1, NIL
            self.points[x1], self.points[x2] = nx1, nx2
            self._connect(y1, x1)
            self._connect(x2, y2)
            return nx1, nx2
        return self._point_before(x1, y1), self._point_after(x2, y2)

    def _new_during(self, x1: str, x2: str, y1: str, y2: str) -> tuple[Point, Point]:
        ny1, ny2 = self.points[y1], self.points[y2]
        nx1, nx2 = Point(), Point()
        nx1.pseudo = ny1.pseudo + (ny2.pseudo - ny1.pseudo) // 3
        nx2.pseudo = ny1.pseudo + (ny2.pseudo - ny1.pseudo) * 2 // 3
        if _has_token(y2, ny1.child) and _has_token(y1, ny2.parent) and ny1.chain == ny2.chain:
            nx1.chain = nx2.chain = ny1.chain
            nx1.parent = ny1.sibling + " " + y1
            nx2.child = ny2.sibling + " " + y2
            ny1.child = x1
            nx1.child = x2
            nx2.parent = x1
            return nx1, nx2
        nx1.chain = nx2.chain = self._new_chain()
        nx1.parent, nx1.child = NIL, x2
        nx2.parent, nx2.child = x1, NIL
        self.points[x1], self.points[x2] = nx1, nx2
        self._connect(x1, y1)
        self._connect(y2, x2)
        return nx1, nx2

    def _point_before(self, x: str, y: str) -> Point:
        ny, nx = self.points[y], Point()
        nx.pseudo = ny.pseudo - STEP
        if ny.parent == NIL:
            nx.chain = ny.chain
            ny.parent = x
            nx.parent, nx.child = NIL, y
        else:
            nx.chain = self._new_chain()
            nx.parent = nx.child = NIL
            self.points[x] = nx
            self._connect(y, x)
        return nx

    def _point_after(self, x: str, y: str) -> Point:
        ny, nx = self.points[y], Point()
        nx.pseudo = ny.pseudo + STEP
        if ny.child == NIL:
            nx.chain = ny.chain
            ny.child = x
            nx.parent, nx.child = y, NIL
        else:
            nx.chain = self._new_chain()
            nx.parent = nx.child = NIL
            self.points[x] = nx
            self._connect(x, y)
        return nx

    # -- reading --------------------------------------------------------------------------------------

    def _reaches(self, start: str, goal: str) -> bool:
        """The published cross-chain search: can `start` be shown at or before `goal`?

        It leaves a chain only at connection points at or after the current point and never re-enters
        a chain already on the current path. That rule makes the search path-dependent (and slow on
        tangled graphs), so a relaxed search without it runs first: it visits each chain at most once
        per earlier entry time, and when even it cannot reach `goal` (most queries) neither can the
        published one.
        """
        return self._may_reach(start, goal) and self._path_search(start, goal)

    def _may_reach(self, start: str, goal: str) -> bool:
        """The search without the path rule: a chain entered at time p needs no later entry at >= p."""
        points, metagraph = self.points, self.metagraph
        target = points[goal]
        target_chain, target_pseudo = target.chain, target.pseudo
        first = points[start]
        if first.chain not in metagraph or target_chain not in self.entered:  # no way out, or in (a third)
            return first.chain == target_chain and first.pseudo <= target_pseudo
        entered: dict[int, int] = {}
        stack = [first]
        pop, push = stack.pop, stack.append
        while stack:
            point = pop()
            chain_id, pseudo = point.chain, point.pseudo
            if chain_id == target_chain:
                if pseudo <= target_pseudo:
                    return True
                continue
            if chain_id in entered and entered[chain_id] <= pseudo:
                continue
            entered[chain_id] = pseudo
            chain = metagraph.get(chain_id)
            if chain is None:
                continue
            later = chain.later
            for cp in chain.points:
                if pseudo <= points[cp].pseudo:
                    for name in later[cp]:
                        push(points[name])
        return False

    def _path_search(self, start: str, goal: str) -> bool:
        """The published search, depth first; `on_path` is undone when the search backs up."""
        points, metagraph = self.points, self.metagraph
        target = points[goal]
        target_chain, target_pseudo = target.chain, target.pseudo
        on_path: set[int] = set()
        stack: list[tuple[Point, bool]] = [(points[start], False)]
        pop, push = stack.pop, stack.append
        while stack:
            point, backing_up = pop()
            chain_id = point.chain
            if backing_up:
                on_path.discard(chain_id)
                continue
            if chain_id == target_chain:
                if point.pseudo <= target_pseudo:
                    return True
                continue
            chain = metagraph.get(chain_id)
            if chain is None:
                continue
            on_path.add(chain_id)
            push((point, True))
            pseudo = point.pseudo
            later = chain.later
            for cp in chain.points:
                if pseudo <= points[cp].pseudo:
                    for name in later[cp]:
                        after = points[name]
                        if after.chain not in on_path:
                            push((after, False))
        return False

    def point_relation(self, a: str, b: str) -> str:
        """'<', '>', '=' or 'UNKNOWN' between two points, as the graph knows it."""
        pa, pb = self.points[a], self.points[b]
        if pa.chain == pb.chain:
            return "<" if pa.pseudo < pb.pseudo else ">" if pa.pseudo > pb.pseudo else "="
        forward, backward = self._reaches(a, b), self._reaches(b, a)
        if forward and backward:
            return "="
        return "<" if forward else ">" if backward else "UNKNOWN"

    def relation_holds(self, x: str, y: str, relation: str, *, merge: bool = False) -> str:
        """'true' when the graph entails `x relation y`; with `merge`, an unknown relation is added and
        gives 'semi-true'. Otherwise 'false' (or 'UNKNOWN' for an interval not in the graph)."""
        x1, x2, y1, y2 = x + "_s", x + "_e", y + "_s", y + "_e"
        if not (x1 in self.points and x2 in self.points and y1 in self.points and y2 in self.points):
            return "false" if merge else "UNKNOWN"
        if relation == "BEFORE":
            found = self.point_relation(x2, y1)
            if found == "<":
                return "true"
            if found == "UNKNOWN":
                if merge:
                    self._connect(y1, x2)
                    return "semi-true"
                return "UNKNOWN"
            return "false"
        if relation != "INCLUDES":
            raise ValueError(f"relation {relation!r} is not produced by event sequencing")
        starts = self.point_relation(x1, y1)
        if starts not in ("<", "UNKNOWN"):
            return "false"
        ends = self.point_relation(y2, x2)
        if ends not in ("<", "UNKNOWN"):
            return "false"
        if starts == "<" and ends == "<":
            return "true"
        if merge:
            self._connect(y1, x1)
            self._connect(x2, y2)
            return "semi-true"
        return "false"

    def _before(self, a: str, b: str) -> bool:
        """Whether `point_relation(a, b)` is '<' (the backward search only runs when it can matter)."""
        pa, pb = self.points[a], self.points[b]
        if pa.chain == pb.chain:
            return pa.pseudo < pb.pseudo
        return self._reaches(a, b) and not self._reaches(b, a)

    def entails(self, link: Link) -> bool:
        """`relation_holds(...) == 'true'` for a finished graph, remembered (evaluation asks twice)."""
        known = self._entailed.get(link)
        if known is None:
            x, y, relation = link
            x1, x2, y1, y2 = x + "_s", x + "_e", y + "_s", y + "_e"
            points = self.points
            if not (x1 in points and x2 in points and y1 in points and y2 in points):
                known = False
            elif relation == "BEFORE":
                known = self._before(x2, y1)
            else:
                known = self.relation_holds(x, y, relation) == "true"
            self._entailed[link] = known
        return known
