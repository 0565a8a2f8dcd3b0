"""Temporal awareness (UzZaman & Allen), as v1.8 runs it: reduced graphs, implicit matches in recall.

Per document, with `final` the reduced graph plus its violations (see the graph modules):

- precision counts the system `final` links found among the gold links (either direction) or entailed
  by the gold graph, over the number of system `final` links;
- recall counts the gold `final` links found among the system links or entailed by the system graph,
  plus w x (system `final` links not in gold `final` but entailed by the gold graph), over the number
  of gold `final` links, with w = 0.99 / (1 + n(n-1)/2 - recall matches) and n the number of nodes the
  two `final` sets share;
- the corpus figures pool those counts over documents (micro), a zero denominator giving 0.

The graph is a parameter: `PublishedTimegraph` (v1.8's order-dependent inference) or `ClosureGraph`
(ours, complete and order-independent).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from evmeval.mention.prf import f1_score, safe_div
from evmeval.sequencing import timegraph_kernel
from evmeval.sequencing.links import Tlink
from evmeval.sequencing.timegraph import REVERSE, PublishedTimegraph

Link = tuple[str, str, str]


class Graph(Protocol):
    final: list[Link]
    violated: list[Link]

    def entails(self, link: Link) -> bool: ...


GraphFactory = Callable[[Iterable[Link]], Graph]


class LinkOutcome(NamedTuple):
    """What became of one link in one evaluation.

    `outcome`: "matched" (the other side has the same link), "implied" (the other side's links or
    graph entail it), "spurious" (a system link neither gives), "missing" (a gold link the system
    misses), "redundant" (dropped from the reduced graph: not scored). `violation`: the link contradicts
    the links before it (it is still scored).
    """

    side: str
    kind: str
    source: str
    target: str
    source_node: str
    target_node: str
    line: int
    outcome: str
    violation: bool


class WeightUndefined(ZeroDivisionError):
    """The published implicit-match weight divides by zero (v1.8 stops with ZeroDivisionError)."""

    def __init__(self, common_nodes: int, matched: int) -> None:
        self.common_nodes = common_nodes
        self.matched = matched
        super().__init__(f"w = 0.99 / (1 + n(n-1)/2 - matched) with n = {common_nodes}, matched = {matched}")


@dataclass(frozen=True)
class DocumentAwareness:
    """One document's temporal awareness counts (`recall_credit` = matches + w x implicit)."""

    doc_id: str
    system_links: int
    gold_links: int
    precision_matched: int
    recall_matched: int
    implicit_matched: int
    common_nodes: int
    weight: float
    outcomes: tuple[LinkOutcome, ...] = ()

    @property
    def recall_credit(self) -> float:
        return self.recall_matched + self.weight * self.implicit_matched

    @property
    def precision(self) -> float:
        """NaN without system links (the document list shows "no links", not 0)."""
        return safe_div(self.precision_matched, self.system_links)

    @property
    def recall(self) -> float:
        return safe_div(self.recall_credit, self.gold_links)

    @property
    def f1(self) -> float:
        return f1_score(self.precision, self.recall)


@dataclass(frozen=True)
class Awareness:
    """Counts pooled over documents and the published figures (fractions; 0 for a zero denominator)."""

    precision_matched: int
    system_links: int
    recall_credit: float
    gold_links: int
    precision: float
    recall: float
    f1: float


def pool(documents: Iterable[DocumentAwareness]) -> Awareness:
    """Micro figures with the published arithmetic (recall credit summed in document order)."""
    matched = system = gold = 0
    credit: float = 0
    for d in documents:
        matched += d.precision_matched
        credit += d.recall_matched + d.weight * d.implicit_matched
        system += d.system_links
        gold += d.gold_links
    precision = matched * 1.0 / system if system else 0.0
    recall = credit * 1.0 / gold if gold else 0.0
    f1 = 0.0 if precision == 0 and recall == 0 else 2.0 * precision * recall / (precision + recall)
    return Awareness(matched, system, credit, gold, precision, recall, f1)


def _both_directions(links: Iterable[Link]) -> set[Link]:
    out: set[Link] = set()
    for x, y, relation in links:
        out.add((x, y, relation))
        if x != y:
            out.add((y, x, REVERSE[relation]))
    return out


def _nodes(links: Iterable[Link]) -> set[str]:
    return {end for x, y, _ in links for end in (x, y)}


def evaluate_document(doc_id: str, gold: Sequence[Tlink], system: Sequence[Tlink], graph: GraphFactory, *,
                      undefined_weight: float | None = None) -> DocumentAwareness:
    """One document's counts and link outcomes.

    Where the weight's denominator is 0, v1.8 divides by zero: we raise `WeightUndefined`, unless
    `undefined_weight` says what to use instead (our closure uses 0: no credit for implicit matches).
    v1.8's graph runs in C when the kernel is built (`evmeval.sequencing.timegraph_kernel`).
    """
    kernel = timegraph_kernel.KERNEL
    if graph is PublishedTimegraph and kernel is not None:
        found = kernel.evaluate(gold, system, LinkOutcome)
        if found is not None:  # else not the common case: the Python path handles it
            system_n, gold_n, precision_matched, matched, implicit, n, outcomes = found
            return DocumentAwareness(doc_id, system_n, gold_n, precision_matched, matched, implicit, n,
                                     _weight(n, matched, undefined_weight), outcomes)
    gold_raw = [t[:3] for t in gold]  # (source, target, relation)
    system_raw = [t[:3] for t in system]
    gold_graph, system_graph = graph(gold_raw), graph(system_raw)
    gold_final, system_final = gold_graph.final, system_graph.final
    gold_triples, system_triples = _both_directions(gold_raw), _both_directions(system_raw)
    gold_final_set, system_final_set = set(gold_final), set(system_final)
    precision_ok = [link in gold_triples or gold_graph.entails(link) for link in system_final]
    recall_ok = [link in system_triples or system_graph.entails(link) for link in gold_final]
    implicit = sum(1 for link in system_final if link not in gold_final_set and gold_graph.entails(link))
    matched = sum(recall_ok)
    n = len(_nodes(gold_final) & _nodes(system_final))
    weight = _weight(n, matched, undefined_weight)
    outcomes = (_outcomes("gold", gold, gold_graph, dict(zip(gold_final, recall_ok, strict=True)), system_final_set)
                + _outcomes("system", system, system_graph, dict(zip(system_final, precision_ok, strict=True)),
                            gold_final_set))
    return DocumentAwareness(doc_id, len(system_final), len(gold_final), sum(precision_ok), matched, implicit, n,
                             weight, outcomes)


def _weight(n: int, matched: int, undefined_weight: float | None) -> float:
    """w = 0.99 / (1 + n(n-1)/2 - matched), as v1.8 computes it."""
    denominator = 1 + 0.5 * n * (n - 1) - matched
    if denominator == 0 and undefined_weight is None:
        raise WeightUndefined(n, matched)
    return 0.99 / denominator if denominator else float(undefined_weight or 0.0)


def _outcomes(side: str, tlinks: Sequence[Tlink], graph: Graph, ok: dict[Link, bool],
              other_final: set[Link]) -> tuple[LinkOutcome, ...]:
    violated = set(graph.violated)
    out = []
    seen: set[Link] = set()
    not_ok = "missing" if side == "gold" else "spurious"
    for source, target, relation, kind, source_mention, target_mention, line in tlinks:  # a Tlink's fields
        link = (source, target, relation)
        if link in seen:
            continue
        seen.add(link)
        found = ok.get(link)
        if found is None:
            outcome = "redundant"
        elif not found:
            outcome = not_ok
        else:
            outcome = "matched" if link in other_final else "implied"
        out.append(LinkOutcome(side, kind, source_mention, target_mention, source, target, line, outcome,
                               link in violated))
    return tuple(out)
