"""v1.8's coreference lines of one document, built and scored in time proportional to its clusters.

`evmeval.coref.scoring` describes the lines: one per gold mention (with its aligned system mention),
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
from collections import deque
from itertools import compress
from typing import NamedTuple

from evmeval.coref.metrics import BlancCounts, CorefCounts, LinkCounts, align_tangled

Rows = list[list[int]]
"""The member rows of each cluster of one side, clusters in their numbering order, rows ascending."""


class DocumentLines(NamedTuple):
    """One document's v1.8 lines (see `evmeval.coref.scoring.CorefDocument`) and their metric counts."""

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


class _Sides:
    """The alignment of one document, with the lookups the metrics need for the special lines."""

    def __init__(self, system_of: list[int], gold_of: list[int], gold_clusters: Rows, system_clusters: Rows) -> None:
        self.num_gold, self.num_system = len(system_of), len(gold_of)
        self.system_of, self.gold_of = system_of, gold_of
        self.gold_clusters, self.system_clusters = gold_clusters, system_clusters
        self.unaligned = list(compress(range(self.num_gold), map((-1).__eq__, system_of)))
        self.extras = list(compress(range(self.num_system), map((-1).__eq__, gold_of)))
        self.aligned = self.num_gold - len(self.unaligned)

    def systems_before(self, line: int) -> int:
        """Lines before `line` (a gold line or the end of them) that hold a system mention."""
        return line - bisect_left(self.unaligned, line)


def _labels(rows: list[int] | None, clusters: Rows, count: int) -> list[int]:
    """The label of each row of `rows` (-1: none, it stays -1; None: every row in order): its
    cluster's number, or else a fresh number, counting from the number of clusters, in order of
    `rows`. C-speed passes, no loop per row."""
    fresh = [True] * count + [False]  # the last entry answers for row -1
    for members in clusters:
        for r in members:
            fresh[r] = False
    label = [-1] * (count + 1)
    first = len(clusters)
    fresh_rows = list(compress(range(count), fresh) if rows is None else compress(rows, map(fresh.__getitem__, rows)))
    deque(map(label.__setitem__, fresh_rows, range(first, first + len(fresh_rows))), maxlen=0)
    for k, members in enumerate(clusters):
        for r in members:
            label[r] = k
    return label[:count] if rows is None else list(map(label.__getitem__, rows))


def document_lines(system_of: list[int], gold_of: list[int], gold_clusters: Rows,
                   system_clusters: Rows) -> DocumentLines:
    """The lines and counts of one document: `system_of[g]` is the system row aligned with gold row
    g and `gold_of[s]` the gold row aligned with system row s (-1: none; one-to-one); the clusters
    are member rows, ascending (each row in at most one cluster, as `clusters.cluster_rows` gives them)."""
    sides = _Sides(system_of, gold_of, gold_clusters, system_clusters)
    num_gold, extras = sides.num_gold, sides.extras
    gold_labels = _labels(None, gold_clusters, num_gold)
    system_rows = system_of + extras
    system_labels = _labels(system_rows, system_clusters, len(gold_of))
    system_lines: Rows = []
    for rows in system_clusters:
        lines = [g if (g := gold_of[s]) >= 0 else num_gold + bisect_left(extras, s) for s in rows]
        lines.sort()
        system_lines.append(lines)
    counts = _score(sides, gold_labels, system_labels, system_lines)
    no_gold = [-1] * len(extras)
    return DocumentLines((*range(num_gold), *no_gold), tuple(system_rows), (*gold_labels, *no_gold),
                         tuple(system_labels), counts)


class _Overlaps:
    """The special lines of one document as entity overlaps. Entities are named by their first line
    (their order of first appearance is v8.01's entity order, which breaks CEAF's ties)."""

    def __init__(self, sides: _Sides, gold_labels: list[int], system_labels: list[int], system_lines: Rows) -> None:
        num_gold, gold_clusters = sides.num_gold, sides.gold_clusters
        ng, ns = len(gold_clusters), len(system_lines)
        overlaps: dict[tuple[int, int], int] = {}
        special: list[int] = []
        key_size: dict[int, int] = {}
        response_size: dict[int, int] = {}
        members: dict[int, list[int]] = {}  # response entity -> key entity of each aligned member line
        for rows in gold_clusters:
            if rows:
                first = rows[0]
                key_size[first] = len(rows)
                for r in rows:
                    if system_labels[r] >= ns:  # aligned with a system mention in no cluster
                        overlaps[(first, r)] = 1
                        members[r] = [first]
                        special.append(r)
        for lines in system_lines:
            first = lines[0] if lines else num_gold
            if first >= num_gold:
                continue  # no aligned member: the entity adds nothing
            response_size[first] = len(lines)
            keys = members[first] = []
            for x in lines:
                if x >= num_gold:
                    break
                i = gold_labels[x]
                key = gold_clusters[i][0] if i < ng else x
                keys.append(key)
                pair = (key, first)
                overlaps[pair] = overlaps.get(pair, 0) + 1
                special.append(x)
        special.sort()
        self.overlaps, self.special, self.members = overlaps, special, members
        self.key_size, self.response_size = key_size, response_size


class _Entities:
    """Per entity with special lines (named by its first line): summed overlaps, summed overlap
    pairs (links found), and its one partner on the other side (-1: several)."""

    def __init__(self, overlaps: dict[tuple[int, int], int]) -> None:
        key_sum: dict[int, int] = {}
        key_pairs: dict[int, int] = {}
        key_partner: dict[int, int] = {}
        response_sum: dict[int, int] = {}
        response_pairs: dict[int, int] = {}
        response_partner: dict[int, int] = {}
        for (i, j), n in overlaps.items():
            pairs = n * (n - 1) // 2
            if i in key_sum:
                key_sum[i] += n
                key_pairs[i] += pairs
                key_partner[i] = -1
            else:
                key_sum[i], key_pairs[i], key_partner[i] = n, pairs, j
            if j in response_sum:
                response_sum[j] += n
                response_pairs[j] += pairs
                response_partner[j] = -1
            else:
                response_sum[j], response_pairs[j], response_partner[j] = n, pairs, i
        self.key_sum, self.key_pairs, self.key_partner = key_sum, key_pairs, key_partner
        self.response_sum, self.response_pairs, self.response_partner = response_sum, response_pairs, response_partner


def _key_order(sides: _Sides, found: _Overlaps, entities: _Entities, plain: int) -> tuple[int, float, float]:
    """CEAF-m's total, CEAF-e's and LEA recall's sums, over key entities in v8.01's order."""
    key_size, response_size, special, unaligned = found.key_size, found.response_size, found.special, sides.unaligned
    key_pairs, key_partner = entities.key_pairs, entities.key_partner
    ceafm, ceafe = _ceaf(found.overlaps, key_partner, entities.response_partner, key_size, response_size)
    ceafe_total = lea_recall = 0.0
    ceafm_total = plain
    used = 0
    for i in sorted(entities.key_sum):
        before = i - bisect_left(unaligned, i) - bisect_left(special, i)  # plain lines before entity i
        if before > used:
            ceafe_total, lea_recall = _plus_ones(ceafe_total, before - used), _plus_ones(lea_recall, before - used)
            used = before
        similarity = ceafe.get(i)
        if similarity is not None:
            ceafe_total += 1 - (1 - similarity)  # as v8.01: it minimises 1 - similarity, then adds 1 - that
        ceafm_total += ceafm.get(i, 0)
        size = key_size.get(i, 1)
        if size == 1:
            lea_recall += 1 if response_size.get(key_partner[i], 1) == 1 else 0
        else:
            lea_recall += size * key_pairs[i] / (size * (size - 1) // 2)
    return ceafm_total, _plus_ones(ceafe_total, plain - used), _plus_ones(lea_recall, plain - used)


def _response_order(sides: _Sides, found: _Overlaps, entities: _Entities, plain: int) -> tuple[float, float, float]:
    """B³ recall's and precision's and LEA precision's sums, over response entities in v8.01's order."""
    key_size, response_size, special, unaligned = found.key_size, found.response_size, found.special, sides.unaligned
    overlaps, members = found.overlaps, found.members
    response_pairs, response_partner = entities.response_pairs, entities.response_partner
    bcub_recall = bcub_precision = lea_precision = 0.0
    used = 0
    for j in sorted(entities.response_sum):
        before = j - bisect_left(unaligned, j) - bisect_left(special, j)
        if before > used:
            bcub_recall = _plus_ones(bcub_recall, before - used)
            bcub_precision = _plus_ones(bcub_precision, before - used)
            lea_precision = _plus_ones(lea_precision, before - used)
            used = before
        size = response_size.get(j, 1)
        for i in members[j]:  # mention by mention, in line order
            common = overlaps[(i, j)]
            bcub_precision += common / size
            bcub_recall += common / key_size.get(i, 1)
        if size == 1:
            lea_precision += 1 if key_size.get(response_partner[j], 1) == 1 else 0
        else:
            lea_precision += size * response_pairs[j] / (size * (size - 1) // 2)
    return (_plus_ones(bcub_recall, plain - used), _plus_ones(bcub_precision, plain - used),
            _plus_ones(lea_precision, plain - used))


def _score(sides: _Sides, gold_labels: list[int], system_labels: list[int], system_lines: Rows) -> CorefCounts:
    """Every metric of the lines; the work is on the special lines only (see the module text)."""
    num_gold, num_system, aligned = sides.num_gold, sides.num_system, sides.aligned
    found = _Overlaps(sides, gold_labels, system_labels, system_lines)
    entities = _Entities(found.overlaps)
    plain = aligned - len(found.special)
    ceafm_total, ceafe_total, lea_recall = _key_order(sides, found, entities, plain)
    bcub_recall, bcub_precision, lea_precision = _response_order(sides, found, entities, plain)
    gold_clusters = sides.gold_clusters
    key_links = sum(len(rows) - 1 for rows in gold_clusters if rows)
    response_links = sum(len(lines) - 1 for lines in system_lines if lines)
    muc = sum(found.overlaps.values()) - len(found.overlaps)
    key_coref = sum(_pairs(len(rows)) for rows in gold_clusters)
    response_coref = sum(_pairs(len(lines)) for lines in system_lines)
    both_coref = sum(entities.key_pairs.values())
    both_non = (_pairs(aligned) - sum(map(_pairs, entities.key_sum.values()))
                - sum(map(_pairs, entities.response_sum.values())) + both_coref)
    return CorefCounts(
        muc=LinkCounts(muc, key_links, muc, response_links),
        bcub=LinkCounts(bcub_recall, num_gold, bcub_precision, num_system),
        ceafm=LinkCounts(ceafm_total, num_gold, ceafm_total, num_system),
        ceafe=LinkCounts(ceafe_total, num_gold - key_links, ceafe_total, num_system - response_links),
        blanc=BlancCounts(LinkCounts(both_coref, key_coref, both_coref, response_coref),
                          LinkCounts(both_non, _pairs(num_gold) - key_coref, both_non,
                                     _pairs(num_system) - response_coref)),
        lea=LinkCounts(lea_recall, num_gold, lea_precision, num_system),
        identification=LinkCounts(aligned, num_gold, aligned, num_system),
    )


def _ceaf(overlaps: dict[tuple[int, int], int], key_partner: dict[int, int], response_partner: dict[int, int],
          key_size: dict[int, int], response_size: dict[int, int]) -> tuple[dict[int, int], dict[int, float]]:
    """CEAF-m and CEAF-e similarity of each aligned key entity. A pair of entities that overlap only
    each other is aligned directly; Kuhn–Munkres runs on the rest (`align_entities`)."""
    ceafm: dict[int, int] = {}
    ceafe: dict[int, float] = {}
    tangled: dict[tuple[int, int], int] = {}
    for (i, j), n in overlaps.items():
        if key_partner[i] == j and response_partner[j] == i:
            ceafm[i] = n
            ceafe[i] = 2 * n / (key_size.get(i, 1) + response_size.get(j, 1))
        else:
            tangled[(i, j)] = n
    if tangled:
        keys = {i: key_size.get(i, 1) for i, _ in tangled}
        responses = {j: response_size.get(j, 1) for _, j in tangled}
        by_common, by_similarity = align_tangled(tangled, keys, responses)
        for i, (_, common) in by_common.items():
            ceafm[i] = common  # type: ignore[assignment]
        for i, (_, similarity) in by_similarity.items():
            ceafe[i] = similarity
    return ceafm, ceafe
