"""v1.8's coreference lines of one document, built and scored in time proportional to its clusters.

`core.metrics.coref` describes the lines: one per gold mention (with its aligned system mention),
then one per unaligned system mention; each side's line carries a cluster number, a fresh number
for a mention in no cluster. Most lines are *plain*: a gold mention in no cluster aligned with a
system mention in no cluster. A plain line is a one-mention entity on both sides, aligned with each
other, so it adds exactly 1 to every metric's numerators (and nothing to MUC and BLANC's
coreference links). Only the *special* lines — the aligned lines with a clustered mention on
either side — need the metrics' real work, and only their entities can be tangled, so the
Kuhn–Munkres search runs on those few.

The floating-point sums (B³, CEAF-e, LEA) are still accumulated term by term in v8.01's order
(entities in order of first appearance, mentions in line order); the plain lines' 1s are added in
their place, in one step while the running sum is a whole number (then every step is exact), one
by one after it is not. The figures are therefore bit-identical to `coref_metrics.score_chains` on
the same lines (a property test checks this).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import chain, compress
from typing import NamedTuple

from core.metrics.coref_metrics import BlancCounts, CorefCounts, LinkCounts, align_entities

Rows = list[list[int]]
"""The member rows of each cluster of one side, clusters in their numbering order, rows ascending."""


class DocumentLines(NamedTuple):
    """One document's v1.8 lines (see `core.metrics.coref.CorefDocument`) and their metric counts."""

    gold_rows: tuple[int, ...]
    system_rows: tuple[int, ...]
    gold_labels: tuple[int, ...]
    system_labels: tuple[int, ...]
    counts: CorefCounts


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def _plus_ones(total: float, count: int) -> float:
    """`total` after adding 1 `count` times, one addition at a time, as v8.01 adds them."""
    if total.is_integer():
        return total + count  # whole numbers below 2**53: every step is exact
    for _ in range(count):
        total += 1
    return total


def _in_order(events: list[tuple[int, list[float]]], plain_before: list[int], plain: int) -> float:
    """Sum the events' terms in order of their first line, with a 1 for every plain line in its place.
    `plain_before[k]`: how many plain lines precede event k (events sorted by line)."""
    total = 0.0
    used = 0
    for (_, terms), before in zip(events, plain_before, strict=True):
        if before > used:
            total = _plus_ones(total, before - used)
            used = before
        for term in terms:
            total += term
    return _plus_ones(total, plain - used)


class _Sides:
    """The alignment of one document, with the lookups the metrics need for the special lines."""

    def __init__(self, system_of: list[int], gold_of: list[int], gold_clusters: Rows, system_clusters: Rows) -> None:
        self.num_gold, self.num_system = len(system_of), len(gold_of)
        self.system_of, self.gold_of = system_of, gold_of
        self.gold_clusters, self.system_clusters = gold_clusters, system_clusters
        self.unaligned = list(compress(range(self.num_gold), map((-1).__eq__, system_of)))
        self.extras = list(compress(range(self.num_system), map((-1).__eq__, gold_of)))
        self.aligned = self.num_gold - len(self.unaligned)

    def system_line(self, s: int) -> int:
        """The line of system row s: its aligned gold row's, or its place after the gold lines."""
        g = self.gold_of[s]
        return g if g >= 0 else self.num_gold + bisect_left(self.extras, s)

    def systems_before(self, line: int) -> int:
        """Lines before `line` (a gold line or the end of them) that hold a system mention."""
        return line - bisect_left(self.unaligned, line)


def _gold_labels(num_gold: int, clusters: Rows) -> list[int]:
    """Cluster number per gold row; fresh numbers (after the clusters') for the others, in row order."""
    first_free = len(clusters)
    owner = {r: k for k, rows in enumerate(clusters) for r in rows}
    if not owner:
        return list(range(first_free, first_free + num_gold))
    labels: list[int] = []
    fresh = first_free
    previous = 0
    for row in sorted(owner):
        labels.extend(range(fresh, fresh + row - previous))
        fresh += row - previous
        labels.append(owner[row])
        previous = row + 1
    labels.extend(range(fresh, fresh + num_gold - previous))
    return labels


def _system_labels(lines: int, fixed: dict[int, int], first_free: int) -> list[int]:
    """Label per line: `fixed[line]` (a cluster number, or -1: no system mention), fresh numbers in
    line order elsewhere."""
    labels: list[int] = []
    fresh = first_free
    previous = 0
    for line in sorted(fixed):
        labels.extend(range(fresh, fresh + line - previous))
        fresh += line - previous
        labels.append(fixed[line])
        previous = line + 1
    labels.extend(range(fresh, fresh + lines - previous))
    return labels


def document_lines(system_of: list[int], gold_of: list[int], gold_clusters: Rows,
                   system_clusters: Rows) -> DocumentLines:
    """The lines and counts of one document: `system_of[g]` is the system row aligned with gold row
    g and `gold_of[s]` the gold row aligned with system row s (-1: none; one-to-one); the clusters
    are member rows, ascending (each row in at most one cluster, see `check_rows`)."""
    sides = _Sides(system_of, gold_of, gold_clusters, system_clusters)
    num_gold, extras = sides.num_gold, sides.extras
    gold_labels = _gold_labels(num_gold, gold_clusters)
    fixed = dict.fromkeys(sides.unaligned, -1)
    system_lines: Rows = []
    for k, rows in enumerate(system_clusters):
        lines = sorted(sides.system_line(s) for s in rows)
        system_lines.append(lines)
        fixed.update(dict.fromkeys(lines, k))
    total_lines = num_gold + len(extras)
    system_labels = _system_labels(total_lines, fixed, len(system_clusters))
    counts = _score(sides, gold_labels, system_labels, system_lines)
    gold_rows = (*range(num_gold), *([-1] * len(extras)))
    return DocumentLines(gold_rows, (*system_of, *extras), (*gold_labels, *([-1] * len(extras))),
                         tuple(system_labels), counts)


def _score(sides: _Sides, gold_labels: list[int], system_labels: list[int], system_lines: Rows) -> CorefCounts:
    """Every metric of the lines; the work is on the special lines only (see the module text)."""
    num_gold, num_system, aligned = sides.num_gold, sides.num_system, sides.aligned
    gold_clusters = sides.gold_clusters
    special = sorted({r for rows in gold_clusters for r in rows if sides.system_of[r] >= 0}
                     | {x for lines in system_lines for x in lines if x < num_gold})
    plain = aligned - len(special)
    overlaps: dict[tuple[int, int], int] = {}
    for x in special:
        pair = (gold_labels[x], system_labels[x])
        overlaps[pair] = overlaps.get(pair, 0) + 1
    key_links = sum(len(rows) - 1 for rows in gold_clusters if rows)
    response_links = sum(len(lines) - 1 for lines in system_lines if lines)
    muc = sum(overlaps.values()) - len(overlaps)
    ng, ns = len(gold_clusters), len(system_lines)

    def key_size(i: int) -> int:
        return len(gold_clusters[i]) if i < ng else 1

    def response_size(j: int) -> int:
        return len(system_lines[j]) if j < ns else 1

    # First line and v8.01 entity number (order of first appearance) of each entity with special lines.
    key_first: dict[int, int] = {}
    response_first: dict[int, int] = {}
    for x in special:
        i, j = gold_labels[x], system_labels[x]
        if i not in key_first:
            key_first[i] = gold_clusters[i][0] if i < ng else x
        if j not in response_first:
            response_first[j] = system_lines[j][0] if j < ns else x
    later_gold = sorted(chain.from_iterable(rows[1:] for rows in gold_clusters))
    later_system = sorted(chain.from_iterable(lines[1:] for lines in system_lines))
    key_rank = {i: x - bisect_left(later_gold, x) for i, x in key_first.items()}
    response_rank = {j: sides.systems_before(x) - bisect_left(later_system, x) for j, x in response_first.items()}
    ranked = {(key_rank[i], response_rank[j]): n for (i, j), n in overlaps.items()}
    key_sizes = {key_rank[i]: key_size(i) for i in key_first}
    response_sizes = {response_rank[j]: response_size(j) for j in response_first}
    ceafm = align_entities(ranked, key_sizes, response_sizes, entity_based=False)
    ceafe = align_entities(ranked, key_sizes, response_sizes, entity_based=True)

    per_key: dict[int, list[int]] = {}
    per_response: dict[int, list[int]] = {}
    for (i, j), n in overlaps.items():
        per_key.setdefault(i, []).append(n)
        per_response.setdefault(j, []).append(n)

    def plain_before(line: int) -> int:
        return sides.systems_before(line) - bisect_left(special, line)

    # Key order: CEAF-e and LEA recall.
    key_events = sorted(key_first.items(), key=lambda item: item[1])
    before = [plain_before(x) for _, x in key_events]
    ceafe_terms = []
    lea_recall_terms: list[tuple[int, list[float]]] = []
    ceafm_total = plain
    for i, x in key_events:
        found = ceafe.get(key_rank[i])
        ceafe_terms.append((x, [1 - (1 - found[1]) if found else 0]))
        found_m = ceafm.get(key_rank[i])
        ceafm_total += 1 - (1 - found_m[1]) if found_m else 0  # type: ignore[assignment]
        size = key_size(i)
        if size == 1:
            term: float = 1 if response_size(system_labels[x]) == 1 else 0
        else:
            term = size * sum(_pairs(n) for n in per_key[i]) / _pairs(size)
        lea_recall_terms.append((x, [term]))
    ceafe_total = _in_order(ceafe_terms, before, plain)
    lea_recall = _in_order(lea_recall_terms, before, plain)

    # Response order: B3 (both sums) and LEA precision.
    response_events = sorted(response_first.items(), key=lambda item: item[1])
    before = [plain_before(x) for _, x in response_events]
    bcub_p: list[tuple[int, list[float]]] = []
    bcub_r: list[tuple[int, list[float]]] = []
    lea_precision_terms: list[tuple[int, list[float]]] = []
    for j, x in response_events:
        size = response_size(j)
        members = system_lines[j] if j < ns else [x]
        p_terms: list[float] = []
        r_terms: list[float] = []
        for line in members:
            if line >= num_gold:
                break  # unaligned members add 0 / size, which changes no sum
            i = gold_labels[line]
            common = overlaps[(i, j)]
            p_terms.append(common / size)
            r_terms.append(common / key_size(i))
        bcub_p.append((x, p_terms))
        bcub_r.append((x, r_terms))
        if size == 1:
            term = 1 if key_size(gold_labels[x]) == 1 else 0
        else:
            term = size * sum(_pairs(n) for n in per_response[j]) / _pairs(size)
        lea_precision_terms.append((x, [term]))
    bcub_precision = _in_order(bcub_p, before, plain)
    bcub_recall = _in_order(bcub_r, before, plain)
    lea_precision = _in_order(lea_precision_terms, before, plain)

    key_coref = sum(_pairs(len(rows)) for rows in gold_clusters)
    response_coref = sum(_pairs(len(lines)) for lines in system_lines)
    both_coref = sum(_pairs(n) for n in overlaps.values())
    both_non = (_pairs(aligned) - sum(_pairs(sum(v)) for v in per_key.values())
                - sum(_pairs(sum(v)) for v in per_response.values()) + both_coref)
    key_entities, response_entities = num_gold - key_links, num_system - response_links
    return CorefCounts(
        muc=LinkCounts(muc, key_links, muc, response_links),
        bcub=LinkCounts(bcub_recall, num_gold, bcub_precision, num_system),
        ceafm=LinkCounts(ceafm_total, num_gold, ceafm_total, num_system),
        ceafe=LinkCounts(ceafe_total, key_entities, ceafe_total, response_entities),
        blanc=BlancCounts(LinkCounts(both_coref, key_coref, both_coref, response_coref),
                          LinkCounts(both_non, _pairs(num_gold) - key_coref, both_non,
                                     _pairs(num_system) - response_coref)),
        lea=LinkCounts(lea_recall, num_gold, lea_precision, num_system),
        identification=LinkCounts(aligned, num_gold, aligned, num_system),
    )


def check_rows(rows: Sequence[Sequence[int]]) -> bool:
    """Whether no row is in two clusters (or twice in one): the condition `document_lines` needs."""
    total = sum(map(len, rows))
    return len(set(chain.from_iterable(rows))) == total
