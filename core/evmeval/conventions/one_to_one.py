"""The matching switch (issue 35, section 3): a convention's own figures beside their value under a one-to-one
maximum matching of its items, and every prediction whose outcome flips, with the reason.

Published scorers often credit a prediction when *some* gold item equals it, taken or not (gen-arg, DyGIE++'s
arguments, UIE's multimatch): two predictions of one gold argument both count, and recall can pass 1. Each
convention lists, per metric and scoring group (an event, a sentence, an instance), its predictions, its gold
items, the pairs its own rule would match (`MatchGroup.edges`) and the predictions it credited; the switch
pairs them one to one with as many pairs as possible (`evmeval.align.lsap`, SciPy's assignment), keeping the
convention's credited predictions wherever a maximum matching can, so only real differences flip. The flips
reconcile exactly: credited predictions lost minus predictions gained = the convention's matches minus the
one-to-one matches. docs/scoring/matching-switch.md works an example of each kind of flip by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from evmeval.align.lsap import scipy_assignment
from evmeval.conventions.base import Convention, ConventionResult, Input, Metric
from evmeval.conventions.items import Item

COREFERENCE = "coreference"
"""An edge's `how` when the rule matched a prediction to gold through another mention of its entity."""

TWICE = "counted twice: another prediction matched the same gold item (non-exclusive matching)"
ENTITY_TWICE = "counted twice: two mentions of one entity matched one gold argument (coreference credit)"
DUPLICATE_TWICE = "counted twice: a duplicate of another prediction, both credited for one gold item"
GAINED = "paired one to one: the convention's own pass gave its gold item to another prediction"
REPAIRED = "paired with another gold item: the largest total credit one to one (Dice) moves it"
GIVEN_UP = "unpaired one to one: the largest total credit (Dice) gives its gold item to another prediction"
REASONS = (TWICE, ENTITY_TWICE, DUPLICATE_TWICE, GAINED, REPAIRED, GIVEN_UP)
"""Every reason a flip can have, in the order a report explains them."""

Edge = tuple[int, int, str]
"""(prediction index, gold index, how): the convention's rule would match them; `how` "" or `COREFERENCE`."""


@dataclass(frozen=True)
class MatchGroup:
    """One metric's items in one scoring group, as its convention sees them (after its own collapsing)."""

    metric: str
    preds: Sequence[Item]
    golds: Sequence[Item]
    edges: Sequence[Edge]
    credited: frozenset[int]
    """Predictions the convention counted as matched (their number is its match_num's share)."""


def keyed_group(metric: str, preds: Sequence[tuple[Hashable, Item]], golds: Sequence[tuple[Hashable, Item]], *,
                exclusive: bool) -> MatchGroup:
    """A group whose rule is equality of keys: `exclusive` False credits every prediction whose key some gold
    item has (a set lookup); True credits each gold copy once, to the first predictions of its key (a multiset)."""
    by_key = _gold_by_key(golds)
    credited: set[int] = set()
    used: dict[Hashable, int] = {}
    for i, (key, _) in enumerate(preds):
        found = by_key.get(key, ())
        if found and (not exclusive or used.get(key, 0) < len(found)):
            credited.add(i)
            used[key] = used.get(key, 0) + 1
    return MatchGroup(metric, [p for _, p in preds], [g for _, g in golds], keyed_edges(preds, golds),
                      frozenset(credited))


def _gold_by_key(golds: Sequence[tuple[Hashable, Item]]) -> dict[Hashable, list[int]]:
    by_key: dict[Hashable, list[int]] = {}
    for j, (key, _) in enumerate(golds):
        by_key.setdefault(key, []).append(j)
    return by_key


def keyed_edges(preds: Sequence[tuple[Hashable, Item]], golds: Sequence[tuple[Hashable, Item]]) -> list[Edge]:
    """Every (prediction, gold item) pair of equal keys: what a rule of key equality could match, for a
    convention whose own code says which predictions it credited (`rams.link_marks`)."""
    by_key = _gold_by_key(golds)
    return [(i, j, "") for i, (key, _) in enumerate(preds) for j in by_key.get(key, ())]


def keyed_pairs(preds: Iterable[Hashable], golds: Iterable[Hashable]) -> int:
    """How many pairs a one-to-one maximum matching makes where the rule is equality of keys (each gold copy pairs
    one prediction of its key): `maximum_matching` of a `keyed_group`, counted without building the group (a
    scorer's one-to-one value, e.g. DyGIE++'s non-exclusive pathology, is this count)."""
    left = Counter(golds)
    return sum(min(n, left[key]) for key, n in Counter(preds).items())


def _components(edges: Sequence[Edge]) -> list[tuple[list[int], list[int]]]:
    """The connected parts of the bipartite graph (predictions, gold items), each solved on its own."""
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def root(node: tuple[str, int]) -> tuple[str, int]:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node
    for i, j, _ in edges:
        a, b = root(("p", i)), root(("g", j))
        if a != b:
            parent[a] = b
    parts: dict[tuple[str, int], tuple[list[int], list[int]]] = {}
    for node in sorted(parent):
        side, index = node
        part = parts.setdefault(root(node), ([], []))
        (part[0] if side == "p" else part[1]).append(index)
    return list(parts.values())


def maximum_matching(group: MatchGroup) -> dict[int, int]:
    """Prediction -> gold of a one-to-one matching with the most pairs, preferring the predictions the
    convention credited, then pairs of one role (each lost pair costs more than all preferences together)."""
    hows = {(i, j) for i, j, _ in group.edges}
    out: dict[int, int] = {}

    def cost(i: int, j: int, big: int) -> int:
        if (i, j) not in hows:
            return big
        return (0 if i in group.credited else 2) + (group.preds[i].role != group.golds[j].role)
    for preds, golds in _components(group.edges):
        if len(preds) == 1 or len(golds) == 1:  # most parts: one pair to choose, the cheapest (the first of equals)
            i, j = min(((i, j) for i in preds for j in golds if (i, j) in hows), key=lambda e: cost(e[0], e[1], 0))
            out[i] = j
            continue
        big = 3 * len(preds) + 1
        costs = [[cost(i, j, big) for j in golds] for i in preds]
        for r, c in scipy_assignment(costs):
            if (preds[r], golds[c]) in hows:
                out[preds[r]] = golds[c]
    return out


@dataclass(frozen=True)
class SwitchFlip:
    """A prediction credited under one matching and not the other."""

    metric: str
    item: Item
    convention: bool
    """Credited by the convention's own rule."""
    one_to_one: bool
    reason: str
    detail: str
    credits: tuple[float, float] | None = None
    """(the convention's, one to one) where credit is a Dice fraction; None: 1 or 0 as the two flags say."""

    @property
    def delta(self) -> float:
        """What it adds to the convention's match count over the one-to-one one."""
        if self.credits is None:
            return int(self.convention) - int(self.one_to_one)
        return self.credits[0] - self.credits[1]

    def to_json(self) -> dict[str, Any]:
        own, one = self.credits if self.credits is not None else (int(self.convention), int(self.one_to_one))
        return {"metric": self.metric, **self.item.to_json(), "convention": self.convention,
                "one_to_one": self.one_to_one, "credit": {"convention": own, "one_to_one": one},
                "reason": self.reason, "detail": self.detail}


def _count(value: float) -> str:
    """A count as the convention keeps it: whole, or a sum of Dice credits (two decimals)."""
    return f"{value:6g}" if float(value).is_integer() else f"{value:6.2f}"


def _describe(item: Item) -> str:
    return f"{item.text!r} {item.span_text}"


def group_flips(group: MatchGroup, pairs: dict[int, int]) -> list[SwitchFlip]:
    """The group's flips, in prediction order, each with its reason (module constants)."""
    holder = {j: i for i, j in pairs.items()}
    how = {(i, j): h for i, j, h in group.edges}
    out = []
    for i, p in enumerate(group.preds):
        if (i in group.credited) == (i in pairs):
            continue
        if i in pairs:
            g = group.golds[pairs[i]]
            out.append(SwitchFlip(group.metric, p, False, True, GAINED, f"paired with gold {_describe(g)}"))
            continue
        j = next(j for a, j, _ in group.edges if a == i)
        q, g = group.preds[holder[j]], group.golds[j]
        if COREFERENCE in (how[(i, j)], how[(holder[j], j)]):
            reason = ENTITY_TWICE
        elif (q.start, q.end, q.text, q.label) == (p.start, p.end, p.text, p.label):
            reason = DUPLICATE_TWICE
        else:
            reason = TWICE
        out.append(SwitchFlip(group.metric, p, True, False, reason,
                              f"gold {_describe(g)} is paired with prediction {_describe(q)} (event {q.event})"))
    return out


@dataclass(frozen=True)
class MatchingSwitch:
    """A convention's figures and their one-to-one values, per metric, and what flips."""

    convention: str
    labels: dict[str, str]
    figures: dict[str, tuple[Metric, Metric]]
    """metric -> (the convention's own figure, its one-to-one value)."""
    flips: tuple[SwitchFlip, ...]

    def lost(self, metric: str) -> float:
        """Credit the one-to-one matching takes away from the convention's (a count, or a sum of Dice)."""
        return sum(f.delta for f in self.flips if f.metric == metric and f.delta > 0)

    def gained(self, metric: str) -> float:
        return sum(-f.delta for f in self.flips if f.metric == metric and f.delta < 0)

    def to_json(self) -> dict[str, Any]:
        return {"matching": "optimal", "metrics": {
            name: {"label": self.labels[name], "convention": own.to_json(), "one_to_one": one.to_json(),
                   "delta_match": own.match_num - one.match_num, "lost": self.lost(name), "gained": self.gained(name)}
            for name, (own, one) in self.figures.items()}, "flips": [f.to_json() for f in self.flips]}

    def text(self) -> str:
        width = max([len(label) for label in self.labels.values()] + [6])
        lines = [f"Matching switch {self.convention} -> one-to-one optimal (the convention's figure | one to one):",
                 f"{'Metric':<{width}}  {'P':>6} {'P 1:1':>6}  {'R':>6} {'R 1:1':>6}  {'F1':>6} {'F1 1:1':>6}  "
                 f"{'match':>6} {'1:1':>6}"]
        for name, (own, one) in self.figures.items():
            lines.append(f"{self.labels[name]:<{width}}  " + "  ".join(
                f"{100 * a:6.2f} {100 * b:6.2f}" for a, b in ((own.precision, one.precision),
                                                               (own.recall, one.recall), (own.f1, one.f1)))
                + f"  {_count(own.match_num)} {_count(one.match_num)}")
        lines.append(f"Flips: {len(self.flips)}"
                     + ("" if self.flips else " (its matching is already a one-to-one maximum here)"))
        for f in self.flips:
            where = f"{f.item.doc_id}/{f.item.unit}" if f.item.unit else f.item.doc_id
            lines.append(f"  {self.labels[f.metric]}: {where} event {f.item.event} {f.item.label} "
                         f"{_describe(f.item)}: {f.reason} ({f.detail})")
        return "\n".join(lines) + "\n"


Matches = tuple[tuple[str, ...], list[MatchGroup]]
"""A convention's matches: the metrics its groups cover (in its order), and the groups."""


def matching_switch(result: ConventionResult, matches: Matches) -> MatchingSwitch:
    """`result`'s metrics the groups cover, re-scored one to one; a metric whose own count the groups do not
    reproduce is a bug in its convention's groups (ValueError)."""
    covered, groups = matches
    own_tp = dict.fromkeys(covered, 0)
    one_tp = dict.fromkeys(covered, 0)
    flips: list[SwitchFlip] = []
    for group in groups:
        pairs = maximum_matching(group)
        own_tp[group.metric] += len(group.credited)
        one_tp[group.metric] += len(pairs)
        flips += group_flips(group, pairs)
    figures: dict[str, tuple[Metric, Metric]] = {}
    for name, own in result.metrics.items():
        if name not in own_tp:
            continue
        if own_tp[name] != own.match_num:
            raise ValueError(f"{result.name} {name}: its groups credit {own_tp[name]}, its figure {own.match_num}")
        one = own if one_tp[name] == own.match_num else Metric(one_tp[name], own.pred_num, own.gold_num)
        figures[name] = (own, one)
    order = list(figures)
    flips = [f for f in flips if f.metric in figures]
    flips.sort(key=lambda f: order.index(f.metric))
    return MatchingSwitch(result.name, {name: result.labels[name] for name in figures}, figures, tuple(flips))


def matching_switches(conventions: Sequence[Convention], results: Sequence[ConventionResult], gold: Input,
                      system: Input) -> dict[str, MatchingSwitch]:
    """The switch of each convention that lists its matches (`Convention.matches`) or makes its own switch
    (`Convention.switch`: credit in Dice), by name, in order."""
    out: dict[str, MatchingSwitch] = {}
    for c, r in zip(conventions, results, strict=True):
        if c.switch is not None:
            out[c.name] = c.switch(r, gold, system)
        elif c.matches is not None:
            out[c.name] = matching_switch(r, c.matches(gold, system))
    return out


def switch_refusal(conventions: Sequence[Convention], every: Sequence[Convention]) -> str | None:
    """Why `--matching optimal` cannot re-score `conventions` (none lists its matches), or None; `every`: all
    conventions, to name those it can."""
    if any(c.matches is not None or c.switch is not None for c in conventions):
        return None
    can = [c.name for c in every if c.matches is not None or c.switch is not None]
    return (f"--matching optimal re-scores a convention that counts matches, and "
            f"{', '.join(c.name for c in conventions)} lists none (expected --convention "
            f"{', '.join(can[:-1])} or {can[-1]}; or --ladder with --convention strings)")
